// The lobby's word to newcomers: who picks a game this browser never played (no seat held in
// it, no lesson of it finished) is offered its first lesson, in a small notice under the game's
// menu that "Not now" puts away for that game.
import { el } from "./common.js";
import { learnedAny } from "./progress.js";
import { heldSeats } from "./seats.js";
import { t } from "./words.js";

const PLAYED = "trigames:played-games"; // the games picked to play, and the notices put away

function played() {
  try {
    const found = JSON.parse(localStorage.getItem(PLAYED) || "[]");
    return Array.isArray(found) ? found : [];
  } catch {
    return [];
  }
}

function remember(game) {
  localStorage.setItem(PLAYED, JSON.stringify([...new Set([...played(), game])]));
}

/** Whether this browser knows ``game`` already. */
function known(game) {
  const name = (spec) => String(spec ?? "").split("(")[0];
  return played().includes(game) || learnedAny(game)
    || Object.values(heldSeats()).some((seat) => name(seat.game) === game);
}

/** Offer the first lesson of the game ``select`` (the lobby's menu of games) picks, when it is
 * new to this browser; a game created counts as played. */
export function offerLessons(select) {
  const notice = el("p", { id: "lesson-offer", class: "lesson-offer", role: "status", hidden: true });
  select.closest("form").querySelector(".summary")?.after(notice);
  const show = () => {
    const game = select.value;
    notice.hidden = known(game);
    if (notice.hidden) return;
    const title = select.selectedOptions[0].textContent.split(" (")[0];
    const link = el("a", { id: "lesson-offer-link", href: `/learn/${game}#${game}-1` }, t("Its first lesson"));
    // one sentence, its link where the language puts it
    const [before, after] = t("New to {game}? {lesson} shows you how to play, on the board, in a few minutes.", { game: title }).split("{lesson}");
    notice.replaceChildren(
      before,
      link,
      after ?? "",
      el("button", { type: "button", id: "lesson-offer-dismiss", onclick: () => { remember(game); show(); } }, t("Not now")),
    );
  };
  select.addEventListener("change", show);
  select.closest("form").addEventListener("submit", () => remember(select.value));
  show();
}
