// The lessons a learner finished: kept by this browser (localStorage), and by the account when
// logged in (GET/POST /api/account/lessons). The browser's list is merged into the account's at
// login (account.js), and whenever a lessons page opens logged in; the account's then comes
// back to the browser.
import { api } from "./common.js";

const KEY = "trigames:lessons";

function load() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) || "{}");
    return kept && typeof kept.finished === "object" && kept.finished ? kept : { finished: {} };
  } catch {
    return { finished: {} };
  }
}

function save(kept) {
  localStorage.setItem(KEY, JSON.stringify(kept));
}

/** The ids of the lessons finished (``triggle-2``...), as this browser knows them. */
export function finishedLessons() {
  return new Set(Object.keys(load().finished));
}

/** Whether this browser knows of any lesson of ``game`` finished. */
export function learnedAny(game) {
  return [...finishedLessons()].some((id) => id.startsWith(`${game}-`));
}

function keep(ids) {
  const kept = load();
  for (const id of ids) kept.finished[id] ??= Date.now();
  save(kept);
}

/** Note the lesson ``id`` finished: in this browser, and in the account when ``loggedIn``. */
export async function finishLesson(id, loggedIn) {
  keep([id]);
  if (loggedIn) await mergeLessons();
}

/** Merge this browser's finished lessons with the account's (logged in); both then know them
 * all. A failure (logged out meanwhile, the server away) changes nothing here. */
export async function mergeLessons() {
  const mine = [...finishedLessons()];
  try {
    const answer = mine.length
      ? await api("/api/account/lessons", { method: "POST", body: { finished: mine.slice(-200) } })
      : await api("/api/account/lessons");
    keep(answer.finished);
  } catch {
    // kept here; merged at the next login or lessons page
  }
}
