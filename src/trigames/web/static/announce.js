// What a screen reader is told of the game as it goes on: each move as it is played (who played
// it and what it did, from the view's description of the last move), moves taken back, and the
// result, in the game page's polite live region (#announcer). game.js calls ``announce`` where
// it takes a new view.
import { el } from "./common.js";
import { t, tn } from "./words.js";

const KEPT = 5; // the news kept in the region (each added line is read once)

/** Move ``index`` of ``view`` for people: "Bob played E2-E5, 3 triangles", "Ann passes". The
 * last move is said with the server's description (``last_move``, which opens with the
 * mover's colour; English), earlier ones by their notation. */
export function moveNews(view, index) {
  const move = view.moves[index];
  const mover = (view.movers || [])[index];
  const seat = mover === null || mover === undefined ? null : view.seats[mover];
  const said = index === view.ply - 1 && view.last_move ? view.last_move : null;
  if (seat === null) return said ?? move;
  if (said === null) return t("{name} played {move}", { name: seat.name, move });
  const rest = said.startsWith(`${seat.color} `) ? said.slice(seat.color.length + 1) : null;
  if (rest === null) return `${seat.name}: ${said}`;
  return rest.startsWith(move) ? t("{name} played {move}", { name: seat.name, move: rest }) : `${seat.name} ${rest}`;
}

/** What changed from the view ``before`` to ``after``, for people ("" for nothing worth
 * saying): the moves added (and the score, when it changed), moves taken back, the result
 * (``result()``: its sentence, when the game has just ended). */
export function news(before, after, result) {
  const said = [];
  const kept = before.moves.every((move, index) => after.moves[index] === move);
  if (after.ply > before.ply && kept) {
    for (let index = before.ply; index < after.ply; index += 1) said.push(`${moveNews(after, index)}.`);
    if (after.scores.some((score, seat) => score !== before.scores[seat])) said.push(`${after.status}.`);
  } else if (after.ply < before.ply) {
    const [back, played] = [before.ply - after.ply, after.ply];
    const left = tn("{count} move played", "{count} moves played", played);
    said.push(tn("{count} move was taken back: {left}.", "{count} moves were taken back: {left}.", back, { left }));
  }
  if (after.over && !before.over) said.push(result());
  return said.join(" ");
}

/** Say ``text`` in the live region (nothing for an empty text). */
export function announce(text) {
  const region = document.getElementById("announcer");
  if (!text || !region) return;
  region.append(el("p", {}, text));
  while (region.childElementCount > KEPT) region.firstElementChild.remove();
}
