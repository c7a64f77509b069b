// The account bar of every page's header: sign up, log in and out without leaving the page;
// and who is logged in, for the page's other modules (account(), onAccountChange()).
//
// The session's cookie is HttpOnly: no script sees it. This browser remembers the name it last
// logged in with, and asks /api/me only then (a visitor's pages make no request that fails).
import { api, el, showError } from "./common.js";
import { mergeLessons } from "./progress.js";
import { heldSeats } from "./seats.js";
import { t } from "./words.js";

const KNOWN = "trigames:account";
const EVENT = "trigames:account";

const bar = document.getElementById("account-bar");
const dialog = document.getElementById("account-dialog");
const $ = (id) => document.getElementById(id);

let mode = "login"; // what the dialog does: "login" or "signup"
let loading = load();

/** The logged-in account (``/api/me``: name, ratings, your_turn, games), or null. */
export function account() {
  return loading;
}

/** Call ``listener(me or null)`` whenever this page logs in or out. */
export function onAccountChange(listener) {
  document.addEventListener(EVENT, (event) => listener(event.detail));
}

/** Read the account again (after a change made elsewhere on the page); the new account. */
export async function refreshAccount() {
  loading = load();
  return renderBar();
}

async function load() {
  if (!localStorage.getItem(KNOWN)) return null;
  try {
    const me = await api("/api/me");
    localStorage.setItem(KNOWN, me.name);
    return me;
  } catch (error) {
    if (error.status === 401) localStorage.removeItem(KNOWN);
    return null;
  }
}

/** Tell the page's modules that the account changed (logged in, out, or deleted). */
async function changed() {
  const me = await refreshAccount();
  document.dispatchEvent(new CustomEvent(EVENT, { detail: me }));
  return me;
}

/** The account was deleted, or its session ended elsewhere: forget it here. */
export function forgetAccount() {
  localStorage.removeItem(KNOWN);
  return changed();
}

async function renderBar() {
  const me = await loading;
  if (!bar) return me;
  if (me === null) {
    bar.replaceChildren(
      el("button", { type: "button", class: "bar-button", dataset: { account: "signup" } }, t("Sign up")),
      el("button", { type: "button", class: "bar-button", dataset: { account: "login" } }, t("Log in")),
    );
  } else {
    const waiting = me.your_turn.length;
    bar.replaceChildren(
      ...(waiting ? [el("a", { class: "turn-count", href: "/#your-games-heading", title: t("Games waiting for your move: {count}", { count: waiting }) }, t("Your move: {count}", { count: waiting }))] : []),
      el("a", { class: "account-name", href: `/players/${encodeURIComponent(me.name)}`, "aria-current": here(`/players/${encodeURIComponent(me.name)}`) }, me.name),
      el("a", { class: "account-link", href: "/account", "aria-current": here("/account") }, t("Account")),
      el("button", { type: "button", class: "bar-button", id: "log-out" }, t("Log out")),
    );
  }
  bar.dataset.state = me === null ? "out" : "in";
  return me;
}

/** ``"page"`` for a link to this page (``aria-current``), else null. */
function here(path) {
  return location.pathname.toLowerCase() === path.toLowerCase() ? "page" : null;
}

/** Open the dialog to log in (``"login"``) or to sign up (``"signup"``). */
export function openAccountDialog(wanted = "login") {
  setMode(wanted);
  showError("", $("account-error"));
  $("account-password").value = "";
  dialog.showModal();
  $("account-name").focus();
}

function setMode(wanted) {
  mode = wanted;
  const signup = mode === "signup";
  $("account-dialog-title").textContent = signup ? t("Sign up") : t("Log in");
  $("account-submit").textContent = signup ? t("Sign up") : t("Log in");
  $("account-password").autocomplete = signup ? "new-password" : "current-password";
  $("account-rules").hidden = !signup;
  $("account-switch").textContent = signup ? t("I have an account: log in") : t("No account yet? Sign up");
}

async function submit(event) {
  event.preventDefault();
  const name = $("account-name").value.trim();
  const password = $("account-password").value;
  const button = $("account-submit");
  button.disabled = true;
  try {
    const path = mode === "signup" ? "/api/accounts" : "/api/session";
    const answer = await api(path, { method: "POST", body: { name, password } });
    localStorage.setItem(KNOWN, answer.name);
    await Promise.all([claimSeats(), mergeLessons()]); // the seats and lessons of this browser
    dialog.close();
    await changed();
  } catch (error) {
    showError(error.message, $("account-error"));
    $(/password/.test(error.message) || !/name/.test(error.message) ? "account-password" : "account-name").focus();
  } finally {
    button.disabled = false;
  }
}

/** Keep with the account the seats this browser holds by their links (a refusal, such as a
 * game that is gone, changes nothing). */
async function claimSeats() {
  const held = Object.entries(heldSeats());
  await Promise.allSettled(held.map(([gameId, entry]) =>
    api(`/api/games/${encodeURIComponent(gameId)}/claim`, { method: "POST", token: entry.token })));
}

async function logOut() {
  try {
    await api("/api/session", { method: "DELETE" });
  } catch {
    // the session ends here all the same
  }
  await forgetAccount();
  bar.querySelector('[data-account="login"]')?.focus();
}

/** Any button with ``data-account="login"`` or ``"signup"`` opens the dialog. */
document.addEventListener("click", (event) => {
  const opener = event.target.closest("[data-account]");
  if (opener) openAccountDialog(opener.dataset.account);
  else if (event.target.closest("#log-out")) logOut();
});

if (dialog) {
  $("account-form").addEventListener("submit", submit);
  $("account-cancel").addEventListener("click", () => dialog.close());
  $("account-switch").addEventListener("click", () => {
    setMode(mode === "signup" ? "login" : "signup");
    showError("", $("account-error"));
    $("account-name").focus();
  });
}
renderBar();
// back to a tab left open: whose move it is may have changed
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && localStorage.getItem(KNOWN)) refreshAccount();
});
