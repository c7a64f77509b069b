// The seats this browser holds: for each game, the token of the seat (or seats, in hot seat) it
// plays, kept in localStorage, which stays in this browser and is sent to no server but the
// game's own API (in a header). A seat survives leaving the page, a reload or a closed tab.
const KEY = "trigames:seats";
//: The most games remembered; the oldest are forgotten first.
const MOST = 50;

function load() {
  try {
    const held = JSON.parse(localStorage.getItem(KEY) || "{}");
    return held && typeof held === "object" ? held : {};
  } catch {
    return {};
  }
}

/** ``{gameId: {token, game, title, when}}`` for every game this browser holds a seat in. */
export function heldSeats() {
  return load();
}

/** The token this browser holds for ``gameId``, or null. */
export function tokenFor(gameId) {
  const entry = load()[gameId];
  return entry && typeof entry.token === "string" ? entry.token : null;
}

/** Remember the seat ``token`` holds in ``gameId`` (``about``: the game's spec and title). */
export function holdSeat(gameId, token, about = {}) {
  const held = load();
  held[gameId] = { ...(held[gameId] || {}), ...about, token, when: Date.now() };
  const kept = Object.entries(held).sort((a, b) => b[1].when - a[1].when).slice(0, MOST);
  localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
}

/** Forget the seat held in ``gameId`` (its token was refused). */
export function forgetSeat(gameId) {
  const held = load();
  delete held[gameId];
  localStorage.setItem(KEY, JSON.stringify(held));
}
