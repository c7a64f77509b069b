// Helpers shared by every page's modules.
import { say, t } from "./words.js";

/** Fetch JSON from the API; a failure throws an Error carrying the server's message and the
 * answer's ``status`` (none when the server was not reached). A seat's token goes in the
 * Authorization header, never in the URL (URLs end up in logs); the session's cookie goes by
 * itself, and the browser says the page's Origin on every change. */
export async function api(path, { method = "GET", body, token } = {}) {
  const options = { method, headers: {} };
  if (token) options.headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let answer;
  try {
    answer = await fetch(path, options);
  } catch (error) {
    throw new Error(`cannot reach the server (${error.message})`);
  }
  const text = await answer.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!answer.ok) {
    const message = data && data.error ? say(data.said ?? data.error) : `${answer.status} ${answer.statusText}`;
    throw Object.assign(new Error(message), { status: answer.status });
  }
  return data;
}

/** A new element: el("button", {id: "x", class: "y", onclick: f}, "text", child...). */
export function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else if (name === "class") element.className = value;
    else if (name === "dataset") Object.assign(element.dataset, value);
    else if (name === "style") element.style.cssText = value; // CSSOM: allowed by the pages' CSP
    else element.setAttribute(name, value === true ? "" : value);
  }
  element.append(...children.filter((child) => child !== null && child !== undefined));
  return element;
}

/** Show a message in the page's #error box, or in ``box`` (an empty message hides it). */
export function showError(message, box = document.getElementById("error")) {
  box.textContent = message ? t("Error: {message}", { message }) : "";
  box.hidden = !message;
}

/** A moment (seconds since 1970, or an ISO 8601 text) as a short local date: "3 Dec 2026". */
export function shortDate(when) {
  const date = typeof when === "number" ? new Date(when * 1000) : new Date(when);
  // in the page's language (its <html lang>), not the browser's
  return date.toLocaleDateString(document.documentElement.lang || undefined, { day: "numeric", month: "short", year: "numeric" });
}

/** Where the creator of a game keeps its seats' tokens and links. */
export function createdKey(gameId) {
  return `trigames:game:${gameId}`;
}

/** "triggle(size=3)" -> ["triggle", "size=3"]. */
export function splitSpec(spec) {
  const open = spec.indexOf("(");
  if (open < 0) return [spec.trim(), ""];
  return [spec.slice(0, open).trim(), spec.slice(open + 1, spec.lastIndexOf(")")).trim()];
}
