// The lobby's challenges: the open ones (filtered by their authors' ratings), each with what
// one may do about it (accept, cancel one's own, decline one made to oneself), and the form to
// offer a game. Accepting opens the game, played by the account (no link, no token).
import { account, onAccountChange } from "./account.js";
import { api, el, showError } from "./common.js";
import { gameName } from "./summaries.js";
import { say, t } from "./words.js";

const $ = (id) => document.getElementById(id);
const list = $("challenges");
const errorBox = $("challenge-error");
//: How often the list is read again while the page is shown, in ms.
const REFRESH = 30000;

let me = null;
let reading = 0; // the number of the latest listing asked for (older answers are dropped)

/** The rating bounds of the filter, as the API's query. */
function filterQuery() {
  const query = new URLSearchParams();
  for (const [id, key] of [["min-rating", "min_rating"], ["max-rating", "max_rating"]]) {
    const value = $(id).value.trim();
    if (value) query.set(key, value);
  }
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** Read the open challenges again and show them. */
export async function listChallenges() {
  const number = ++reading;
  try {
    const { challenges } = await api(`/api/challenges${filterQuery()}`);
    if (number !== reading) return;
    showError("", errorBox);
    list.replaceChildren(...challenges.map(challengeItem));
    if (!challenges.length) list.append(el("li", { class: "muted" }, t("No open challenges: offer one below.")));
  } catch (error) {
    if (number === reading) showError(error.message, errorBox);
  }
}

function forMe(challenge) {
  return me !== null && challenge.to !== null && challenge.to.toLowerCase() === me.name.toLowerCase();
}

function challengeItem(challenge) {
  const button = (label, action, primary = false) => el("button", {
    type: "button", class: primary ? "primary" : null, dataset: { action },
    onclick: () => answer(challenge, action),
  }, label);
  const actions = [];
  if (me === null) actions.push(el("button", { type: "button", dataset: { account: "login" } }, t("Log in to accept")));
  else if (challenge.yours) actions.push(button(t("Cancel"), "cancel"));
  else {
    actions.push(button(t("Accept"), "accept", true));
    if (forMe(challenge)) actions.push(button(t("Decline"), "decline"));
  }
  return el("li", { class: `challenge${challenge.yours ? " yours" : ""}${forMe(challenge) ? " for-you" : ""}`, dataset: { id: challenge.id } },
    el("span", { class: "challenge-text" }, say(challenge.said)),
    forMe(challenge) ? el("span", { class: "tag" }, t("for you")) : null,
    challenge.yours ? el("span", { class: "tag" }, t("yours")) : null,
    el("span", { class: "challenge-actions" }, ...actions));
}

/** Accept (then open the game), cancel or decline a challenge. */
async function answer(challenge, action) {
  try {
    const answered = await api(`/api/challenges/${encodeURIComponent(challenge.id)}/${action}`, { method: "POST" });
    if (action === "accept") {
      location.href = `/games/${encodeURIComponent(answered.game)}`;
      return;
    }
  } catch (error) {
    showError(error.message, errorBox);
  }
  listChallenges();
}

/** The clock chosen in the form: {"per_move": 60}, {"days_per_move": 1} or null. */
function chosenClock() {
  const value = $("challenge-clock").value;
  if (!value) return null;
  const [key, amount] = value.split(":");
  return { [key]: Number(amount) };
}

async function offer(event) {
  event.preventDefault();
  const submit = $("challenge-submit");
  const seat = $("challenge-seat").value;
  const body = {
    game: $("challenge-game").value,
    rated: $("challenge-rated").checked,
    clock: chosenClock(),
    to: $("challenge-to").value.trim() || null,
    seat: seat === "" ? null : Number(seat),
  };
  submit.disabled = true;
  try {
    await api("/api/challenges", { method: "POST", body });
    showError("", $("challenge-form-error"));
    $("challenge-to").value = "";
    await listChallenges();
  } catch (error) {
    showError(error.message, $("challenge-form-error"));
  } finally {
    submit.disabled = false;
  }
}

/** Who is logged in decides what the section offers. */
function showAccount(found) {
  me = found;
  $("challenge-form").hidden = me === null;
  $("challenge-login").hidden = me !== null;
  listChallenges();
}

/** The form's menu: each game, and its named variants (Trigger, Triggest) after it. */
function gameChoices(catalog) {
  return catalog.games.flatMap((game) => [game.name, ...Object.values(game.aliases || {})])
    .map((spec) => el("option", { value: spec }, gameName(catalog, spec)));
}

/** Start the section with the lobby's catalog (its games fill the form's menu). */
export async function startChallenges(catalog) {
  $("challenge-game").replaceChildren(...gameChoices(catalog));
  $("challenge-form").addEventListener("submit", offer);
  $("challenge-filter").addEventListener("submit", (event) => {
    event.preventDefault();
    listChallenges();
  });
  onAccountChange(showAccount);
  setInterval(() => {
    if (document.visibilityState === "visible") listChallenges();
  }, REFRESH);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") listChallenges();
  });
  showAccount(await account());
}
