// The game page's input by pointing (pointing.js), bound to the game: its turn, its "confirm
// each move" setting, its guidance line, and the previews and pictures the game's API draws.
import { el, showError } from "./common.js";
import { $, board, fetchText, myTurn, page } from "./page.js";
import { pointing } from "./pointing.js";
import { t } from "./words.js";

const confirming = $("confirm-moves");
confirming.checked = localStorage.getItem("trigames:confirm-moves") === "true";
confirming.addEventListener("change", () => {
  localStorage.setItem("trigames:confirm-moves", String(confirming.checked));
});

/** The guidance line: whose turn, and what to do now (clock.js's countdown stays in it). */
function say(now) {
  const turn = $("turn");
  const clock = turn.querySelector(".turn-clock");
  const line = page.you.length > 1
    ? t("Your turn ({name}): {now}.", { name: page.view.seats[page.view.to_move].name })
    : t("Your turn: {now}.");
  const [before, after] = line.split("{now}");
  turn.replaceChildren(before, now, after ?? "");
  if (clock) turn.append(" ", clock);
}

async function fetchPictures(moves) {
  // one parameter a move: a move may hold commas (TRANGLAR's take-overs)
  const query = `version=${page.view.version}&${moves.map((move) => `move=${encodeURIComponent(move)}`).join("&")}`;
  return JSON.parse(await fetchText(`/api/games/${page.gameId}/choices?${query}`)).pictures;
}

const input = pointing({
  board,
  preview: $("preview"),
  choices: $("choices"),
  view: () => page.view,
  canMove: myTurn,
  confirming: () => confirming.checked,
  say,
  key: () => page.view.version,
  fetchPreview: (move) => fetchText(`/api/games/${page.gameId}/svg?${new URLSearchParams({ after: move, ply: page.view.ply })}`),
  fetchPictures,
  // a preview asked too late (the game moved on: 409) says nothing
  onError: (error) => {
    if (!error.message.includes("has moved on")) showError(error.message);
  },
});

/** Tell the input how to play a finished move. */
export const onMove = input.onMove;
/** Forget the clicks so far (the position changed). */
export const resetInput = input.reset;
export const renderInput = input.render;
export const clearInput = input.clear;
/** Play a legal move as if pointed at (typing.js). */
export const playInput = input.play;
