// The account page: name and ratings, the email digest, vacation and deleting the account;
// the browser's notifications are push.js's.
import { account, forgetAccount, onAccountChange } from "./account.js";
import { api, el, shortDate, showError } from "./common.js";
import { startPush } from "./push.js";
import { gameTitles, ratingsTable, showHistory } from "./summaries.js";
import { t, tn } from "./words.js";

const $ = (id) => document.getElementById(id);
//: The most days one vacation lasts.
const MOST_DAYS = 14;

/** Say ``message`` in a section's status line (``ok`` false: as an error). */
function say(id, message, ok = true) {
  const line = $(id);
  line.textContent = message;
  line.classList.toggle("error", !ok);
  line.hidden = !message;
}

async function showAccount(me) {
  $("logged-out").hidden = me !== null;
  $("account-sections").hidden = me === null;
  if (me === null) return;
  const link = $("account-player-link");
  link.textContent = me.name;
  link.href = `/players/${encodeURIComponent(me.name)}`;
  const names = await gameTitles();
  $("account-ratings").replaceChildren(ratingsTable(me.ratings, names));
  try {
    const mine = await api(`/api/players/${encodeURIComponent(me.name)}`);
    showHistory($("account-chart"), $("account-games"), mine, names, me.name);
  } catch (error) {
    say("account-history-status", t("Cannot read your games: {reason}", { reason: error.message }), false);
  }
  await readSettings();
  await startPush(settings);
  document.body.dataset.loaded = "true";
}

let settings = null; // the latest /api/me/settings, or null when it could not be read

async function readSettings() {
  try {
    showSettings(await api("/api/me/settings"));
  } catch (error) {
    settings = null;
    say("email-status", t("Cannot read your settings: {reason}", { reason: error.message }), false);
    say("vacation-status", t("Cannot read your vacation days: {reason}", { reason: error.message }), false);
    $("vacation-form").hidden = $("vacation-end").hidden = true;
  }
}

function showSettings(found) {
  settings = found;
  $("email").value = found.email || "";
  $("email-digest").checked = found.email_digest;
  const { days_left: left, until } = found.vacation;
  const away = until !== null && until * 1000 > Date.now();
  $("vacation-end").hidden = !away;
  $("vacation-form").hidden = away || left < 1;
  const days = $("vacation-days");
  days.max = String(Math.min(MOST_DAYS, left));
  if (Number(days.value) > Number(days.max)) days.value = days.max;
  const text = away
    ? tn("You are on vacation until {date}: your games' clocks wait for you. {count} vacation day left this year.",
      "You are on vacation until {date}: your games' clocks wait for you. {count} vacation days left this year.",
      left, { date: shortDate(until) })
    : tn("You have {count} vacation day left this year. While you are away, your games' clocks wait for you.",
      "You have {count} vacation days left this year. While you are away, your games' clocks wait for you.",
      left);
  say("vacation-status", text);
}

async function saveEmail(event) {
  event.preventDefault();
  const email = $("email").value.trim() || null;
  const digest = $("email-digest").checked;
  if (digest && !email) {
    say("email-status", t("Give an email address to get the digest."), false);
    $("email").focus();
    return;
  }
  try {
    showSettings(await api("/api/me/settings", { method: "PUT", body: { email, email_digest: digest } }));
    say("email-status", t("Saved."));
  } catch (error) {
    say("email-status", error.message, false);
  }
}

async function vacation(method, body) {
  try {
    showSettings(await api("/api/me/vacation", { method, body }));
  } catch (error) {
    say("vacation-status", error.message, false);
  }
}

/** Deleting asks for the password, and for a tick that says one means it. */
async function deleteAccount(event) {
  event.preventDefault();
  const password = $("delete-password").value;
  const box = $("delete-error");
  if (!password) {
    showError(t("give your password"), box);
    $("delete-password").focus();
    return;
  }
  if (!$("delete-sure").checked) {
    showError(t("tick the box to say you mean it"), box);
    $("delete-sure").focus();
    return;
  }
  try {
    await api("/api/me", { method: "DELETE", body: { password } });
  } catch (error) {
    showError(error.message, box);
    return;
  }
  await forgetAccount();
  say("deleted", t("Your account is deleted. Your games stay, your name in them now says \"deleted\"."));
}

function askToDelete(asking) {
  $("delete-form").hidden = !asking;
  $("delete-start").hidden = asking;
  showError("", $("delete-error"));
  $("delete-password").value = "";
  $("delete-sure").checked = false;
  (asking ? $("delete-password") : $("delete-start")).focus();
}

function start() {
  $("email-form").addEventListener("submit", saveEmail);
  $("vacation-form").addEventListener("submit", (event) => {
    event.preventDefault();
    vacation("POST", { days: Number($("vacation-days").value) });
  });
  $("vacation-end").addEventListener("click", () => vacation("DELETE"));
  $("delete-start").addEventListener("click", () => askToDelete(true));
  $("delete-cancel").addEventListener("click", () => askToDelete(false));
  $("delete-form").addEventListener("submit", deleteAccount);
  onAccountChange(showAccount);
  account().then(showAccount);
}

start();
