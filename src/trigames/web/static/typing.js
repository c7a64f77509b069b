// Moves typed in the game's notation, as the move list shows them (the rules pages say the
// notation): the game page's "Type a move" box plays them by the path pointing takes
// (input.js: confirmed first when "Confirm each move" is on), and says why one is refused.
import { playInput } from "./input.js";
import { $, page } from "./page.js";
import { t } from "./words.js";

/** Text as a move is compared: without spaces, in lower case. */
function bare(text) {
  return text.replace(/\s+/g, "").toLowerCase();
}

/** The legal move ``text`` names: the move itself, else the one legal move it spells with
 * other spaces or letter case; null when none (or several) does. */
export function legalMove(text, legal) {
  const typed = text.trim();
  if (legal.includes(typed)) return typed;
  const same = legal.filter((move) => bare(move) === bare(typed));
  return same.length === 1 ? same[0] : null;
}

/** Why this page cannot play ``text`` now (null: it can). */
function refusal(text) {
  const view = page.view;
  if (!view) return t("the game is still loading");
  if (view.over) return t("the game is over");
  if (!page.you.length) return t("you are watching this game: only its players move");
  if (view.to_move === null) return t("it is not your turn: another player moves now");
  if (!page.you.includes(view.to_move)) return t("it is not your turn: {name} moves now", { name: view.seats[view.to_move].name });
  if (page.replayPly !== null) return t("you are looking back at an earlier position: go back to the game first");
  if (page.sending) return t("your last move is still on its way");
  const legal = view.legal_moves;
  if (!text.trim()) return t("type a move first, for example {move}", { move: legal[0] });
  if (legalMove(text, legal) === null) {
    const examples = legal.slice(0, 3).join(", ");
    return t("'{text}' is not a legal move now; moves are written as in the move list, for example {examples}", { text: text.trim(), examples });
  }
  return null;
}

/** Bind the form: a move typed and sent is played, or refused with its reason. */
export function setupTyping() {
  const field = $("move-text");
  const error = $("move-text-error");
  const say = (message) => {
    error.textContent = message ? t("Error: {message}.", { message }) : "";
    error.hidden = !message;
    field.setAttribute("aria-invalid", String(Boolean(message)));
  };
  field.addEventListener("input", () => say(""));
  $("type-move").addEventListener("submit", (event) => {
    event.preventDefault();
    const reason = refusal(field.value);
    say(reason);
    if (reason !== null) return;
    playInput(legalMove(field.value, page.view.legal_moves));
    field.value = "";
  });
}
