// What the game page's modules share: the game, the seat's token, the latest view, and helpers
// to find things on the board.
import { showError } from "./common.js";
import { say } from "./words.js";

export const $ = (id) => document.getElementById(id);
export const board = $("board");

/** The page's state: every module reads it, game.js alone changes it (input.js: ``sending``). */
export const page = {
  gameId: decodeURIComponent(location.pathname.split("/").pop()),
  token: new URLSearchParams(location.search).get("token"),
  view: null, // the latest view of the game
  you: [], // the seats this page's token holds
  replayPly: null, // the ply shown while replaying, or null for the live position
  sending: false, // a move is on its way to the server
};

/** Whether this page may enter a move now. */
export function myTurn() {
  const { view, you } = page;
  return Boolean(view) && !view.over && view.to_move !== null && you.includes(view.to_move)
    && page.replayPly === null && !page.sending;
}

/** The place called ``name`` and the pieces drawn on it (which take its clicks). */
export function placesNamed(name) {
  const quoted = CSS.escape(name);
  return board.querySelectorAll(`[data-name="${quoted}"], [data-at="${quoted}"]`);
}

/** The text of a GET; a failure throws an Error carrying the server's message. */
export async function fetchText(path) {
  const answer = await fetch(path);
  const text = await answer.text();
  if (!answer.ok) {
    let message = `${answer.status} ${answer.statusText}`;
    try {
      const data = JSON.parse(text);
      message = data.error ? say(data.said ?? data.error) : message;
    } catch {
      // not JSON: keep the status line
    }
    throw new Error(message);
  }
  return text;
}

export { showError };
