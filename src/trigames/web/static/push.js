// Browser notifications (Web Push): ask the player's leave, subscribe this browser with the
// server's key (/api/push), and give the subscription to the server; the service worker
// (/sw.js) shows each push and opens its game on a click.
import { api } from "./common.js";
import { t } from "./words.js";

const $ = (id) => document.getElementById(id);
let key = null; // the server's applicationServerKey (base64url), or null: push is off
let bound = false;
let settings = null;

function supported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The bytes of a base64url text. */
function bytesOf(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(text.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** This browser's subscription, if it has one. */
async function subscription() {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return registration ? registration.pushManager.getSubscription() : null;
}

function say(message, { on = false, off = false, ok = true } = {}) {
  const line = $("push-status");
  line.textContent = message;
  line.classList.toggle("error", !ok);
  $("push-on").hidden = !on;
  $("push-off").hidden = !off;
}

async function render() {
  if (!supported()) return say(t("This browser cannot show notifications from web pages."));
  if (key === null) return say(t("This server sends no browser notifications."));
  if (Notification.permission === "denied") {
    return say(t("Notifications are blocked for this site: allow them in your browser's settings for this site, then come back."));
  }
  if (await subscription()) return say(t("This browser shows a notification when it is your move."), { off: true });
  return say(settings && settings.push
    ? t("Another browser of yours gets a notification when it is your move; this one does not.")
    : t("Get a notification in this browser when it is your move, even with no tab of trigames open."), { on: true });
}

async function turnOn() {
  try {
    if (await Notification.requestPermission() !== "granted") return render();
    const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    await navigator.serviceWorker.ready;
    const options = { userVisibleOnly: true, applicationServerKey: bytesOf(key) };
    let made;
    try {
      made = await registration.pushManager.subscribe(options);
    } catch {
      // one made with an older key of the server's: made again with the new one
      await (await registration.pushManager.getSubscription())?.unsubscribe();
      made = await registration.pushManager.subscribe(options);
    }
    await api("/api/me/push", { method: "POST", body: { subscription: made.toJSON() } });
    await render();
  } catch (error) {
    say(t("Cannot turn notifications on: {reason}", { reason: error.message }), { on: true, ok: false });
  }
}

async function turnOff() {
  try {
    const found = await subscription();
    if (found) {
      await api("/api/me/push", { method: "DELETE", body: { endpoint: found.endpoint } });
      await found.unsubscribe();
    }
    await render();
  } catch (error) {
    say(t("Cannot turn notifications off: {reason}", { reason: error.message }), { off: true, ok: false });
  }
}

/** Show the section, for the account's ``found`` settings (null if unread). */
export async function startPush(found) {
  settings = found;
  if (!bound) {
    bound = true;
    $("push-on").addEventListener("click", turnOn);
    $("push-off").addEventListener("click", turnOff);
  }
  if (!supported()) return render();
  try {
    ({ key } = await api("/api/push"));
  } catch (error) {
    return say(t("Browser notifications are not available: {reason}", { reason: error.message }), { ok: false });
  }
  return render();
}
