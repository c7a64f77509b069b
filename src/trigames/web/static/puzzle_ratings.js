// The puzzle ratings this browser keeps in localStorage (Glicko-2, glicko.js): the solver's
// rating in each game, each puzzle's rating as this browser has seen it, and the last attempts.
// A solved puzzle is a win of the solver against the puzzle, a failed one a loss; as on lichess,
// only the first attempt at a puzzle is rated (a puzzle tried before has been seen solved).
import { START_VOLATILITY, newRating, rateGame } from "./glicko.js";

const SOLVER_KEY = "trigames:puzzles:solver"; // {game: rating}
const PUZZLES_KEY = "trigames:puzzles:ratings"; // {puzzle id: rating}
const HISTORY_KEY = "trigames:puzzles:history"; // [attempt], oldest first
/** The attempts kept, and the puzzles whose ratings are kept (the least recently rated go). */
export const HISTORY_KEPT = 500;
export const PUZZLES_KEPT = 2000;
/** A puzzle's deviation before this browser rates it: its rating is an estimate made with it. */
export const PUZZLE_DEVIATION = 150;

function read(key, fallback) {
  try {
    const value = JSON.parse(localStorage.getItem(key));
    return value !== null && typeof value === typeof fallback && Array.isArray(value) === Array.isArray(fallback) ? value : fallback;
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or refused: the ratings stay for this page only
  }
}

/** Whether ``value`` is a rating glicko.js can rate (storage a person may have edited). */
function valid(value) {
  const finite = (x) => typeof x === "number" && Number.isFinite(x);
  return Boolean(value) && finite(value.rating) && Math.abs(value.rating) <= 10000
    && finite(value.deviation) && value.deviation > 0 && value.deviation <= 500
    && finite(value.volatility) && value.volatility > 0 && value.volatility <= 10
    && Number.isInteger(value.games) && value.games >= 0
    && (value.last_rated === null || finite(value.last_rated));
}

/** The solver's rating in each game that has one: {game: rating}. */
export function solverRatings() {
  return Object.fromEntries(Object.entries(read(SOLVER_KEY, {})).filter(([, rating]) => valid(rating)));
}

/** The solver's rating in ``game`` (a newcomer's at first). */
export function solverRating(game) {
  return solverRatings()[game] ?? newRating();
}

/** ``puzzle``'s rating as this browser has it: its own, until this browser rates it. */
export function puzzleRating(puzzle) {
  const stored = read(PUZZLES_KEY, {})[puzzle.id];
  if (valid(stored)) return stored;
  return { rating: puzzle.rating, deviation: PUZZLE_DEVIATION, volatility: START_VOLATILITY, games: 0, last_rated: null };
}

/** The attempts kept, oldest first: {id, game, solved, rated, at, before, after}. */
export function history() {
  return read(HISTORY_KEY, []).filter((attempt) => attempt && typeof attempt.id === "string");
}

/** Whether this browser has tried the puzzle called ``id`` before. */
export function triedBefore(id) {
  return id in read(PUZZLES_KEY, {}) || history().some((attempt) => attempt.id === id);
}

/** Rate an attempt at ``puzzle`` (``solved`` or failed) made at ``now`` (Unix seconds), keep
 * it, and return {rated, before, after, puzzle} (the solver's ratings before and after, the
 * puzzle's after). A puzzle tried before changes no rating. */
export function recordAttempt(puzzle, solved, now = Date.now() / 1000) {
  const before = solverRating(puzzle.game);
  const rated = !triedBefore(puzzle.id);
  let after = before;
  let puzzleAfter = puzzleRating(puzzle);
  if (rated) {
    [after, puzzleAfter] = rateGame(before, puzzleAfter, solved ? 1 : 0, now);
    write(SOLVER_KEY, { ...solverRatings(), [puzzle.game]: after });
    const puzzles = Object.entries({ ...read(PUZZLES_KEY, {}), [puzzle.id]: puzzleAfter })
      .filter(([, rating]) => valid(rating))
      .sort(([, a], [, b]) => (a.last_rated ?? 0) - (b.last_rated ?? 0));
    write(PUZZLES_KEY, Object.fromEntries(puzzles.slice(-PUZZLES_KEPT)));
  }
  const attempt = { id: puzzle.id, game: puzzle.game, solved, rated, at: now, before: before.rating, after: after.rating };
  write(HISTORY_KEY, [...history(), attempt].slice(-HISTORY_KEPT));
  return { rated, before, after, puzzle: puzzleAfter };
}
