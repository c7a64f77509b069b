// The puzzle pages: /puzzles (the games, with the solver's rating in each), /puzzles/{game}
// (puzzles one after another, near the solver's rating) and /puzzles/p/{id} (one puzzle, by its
// link). The board is a study board (study.js); each move is checked by the server (POST
// /api/puzzles/{id}/check), the opponent's reply played after a short pause; a wrong move fails
// the puzzle and the solution is shown move by move. The ratings are this browser's
// (puzzle_ratings.js). The page says where it is in ``data-state`` on #puzzle-page: loading,
// solving, checking, replying, solved or failed.
import { api, el, showError } from "./common.js";
import { newRating, shown } from "./glicko.js";
import { history, puzzleRating, recordAttempt, solverRating, solverRatings, triedBefore } from "./puzzle_ratings.js";
import { studyBoard } from "./study.js";
import { say, t } from "./words.js";

const $ = (id) => document.getElementById(id);
const REPLY_PAUSE = 700; // milliseconds before the opponent's reply is played
const STEP_PAUSE = 1100; // milliseconds between the solution's moves, when it is shown
const ASKED = 20; // puzzles asked for at once, of which the first not tried before is played
const MAX_RATING = 4000; // the highest rating the server chooses puzzles near

const sleep = (milliseconds) => new Promise((done) => setTimeout(done, milliseconds));
const failed = (error) => showError(error.message);

/** /puzzles: each game's rating, and how many of its puzzles were tried here. */
function showIndex() {
  const ratings = solverRatings();
  const tried = history();
  for (const node of document.querySelectorAll(".puzzle-game-rating")) {
    const { game } = node.dataset;
    const count = tried.filter((attempt) => attempt.game === game).length;
    const rating = shown(ratings[game] ?? newRating());
    node.textContent = count
      ? t("Your rating: {rating} · {count} tried", { rating, count })
      : t("Your rating: {rating}", { rating });
  }
  document.body.dataset.loaded = "true";
}

/** A rating change as people read it: "+12", "−8" or "±0". */
function change(points) {
  const rounded = Math.round(points);
  return rounded > 0 ? `+${rounded}` : rounded < 0 ? `−${-rounded}` : "±0";
}

/** The puzzles of ``game`` one after another, or the one puzzle ``first``. */
function playPuzzles(root, game, first) {
  const board = studyBoard($("puzzle-board"), { onMove: (move) => judge(move).catch(failed), onError: (message) => showError(message) });
  let puzzle = null; // the puzzle on the board
  let played = []; // the solution's moves played so far
  let solver = null; // the seat that solves (the puzzle's player to move)
  let colour = ""; // its colour's name
  let stepping = 0; // counts the solution's showings, so that a step button stops the last one
  let shownAt = 0; // the solution's moves on the board, while it is shown

  function setState(state) {
    root.dataset.state = state;
    root.dataset.played = String(played.length);
  }

  function prompt(text) {
    $("puzzle-prompt").textContent = text;
  }

  function showSolverRating(text = "") {
    $("solver-rating").textContent = shown(solverRating(game));
    const shift = $("rating-change");
    shift.textContent = text;
    shift.className = `rating-change${text.startsWith("+") ? " up" : text.startsWith("−") ? " down" : ""}`;
  }

  /** The next puzzle: the first of those near the solver's rating not tried here before. */
  async function next() {
    const rating = Math.min(MAX_RATING, Math.max(0, Math.round(solverRating(game).rating)));
    const query = new URLSearchParams({ game, count: ASKED, rating });
    const { puzzles } = await api(`/api/puzzles?${query}`);
    const fresh = puzzles.filter((found) => found.id !== puzzle?.id);
    return fresh.find((found) => !triedBefore(found.id)) ?? fresh[0] ?? puzzles[0];
  }

  async function start(found) {
    puzzle = found;
    played = [];
    stepping += 1;
    setState("loading");
    root.dataset.puzzle = puzzle.id;
    $("puzzle-result").hidden = true;
    $("solution").hidden = true;
    $("next-puzzle").hidden = true;
    showError("");
    showSolverRating();
    $("puzzle-rating").textContent = String(Math.round(puzzleRating(puzzle).rating));
    const link = $("puzzle-link");
    link.href = `/puzzles/p/${encodeURIComponent(puzzle.id)}`;
    link.textContent = puzzle.id;
    $("puzzle-themes").replaceChildren(...puzzle.themes.map((theme) => el("span", { class: "tag" }, theme)));
    const view = await board.show({ game: puzzle.spec, moves: puzzle.moves });
    solver = view.to_move;
    colour = view.seats[solver].color;
    prompt(triedBefore(puzzle.id)
      ? t("Find the best move for {colour}. (Tried before: not rated.)", { colour })
      : t("Find the best move for {colour}.", { colour }));
    board.enable([solver]);
    setState("solving");
  }

  /** The solver's ``move``, checked by the server. */
  async function judge(move) {
    setState("checking");
    let answer;
    try {
      answer = await api(`/api/puzzles/${encodeURIComponent(puzzle.id)}/check`, { method: "POST", body: { played, move } });
    } catch (error) {
      showError(error.message);
      board.enable([solver]);
      setState("solving");
      return;
    }
    if (!answer.correct) {
      await fail(move, answer.message_said ?? answer.message);
      return;
    }
    played.push(move);
    await board.play(move);
    if (answer.done) {
      finish(true, answer.message_said ?? answer.message);
      return;
    }
    if (answer.reply !== null) {
      setState("replying");
      board.disable(t("Right: {move}. The opponent answers…", { move }));
      await sleep(REPLY_PAUSE);
      played.push(answer.reply);
      await board.play(answer.reply);
    }
    prompt(t("Right: now the best move for {colour}.", { colour }));
    board.enable([solver]);
    setState("solving");
  }

  /** A wrong move: the puzzle is failed, and the solution shown from where it went wrong. */
  async function fail(move, message) {
    const from = played.length;
    finish(false, message);
    const list = $("solution-moves");
    list.replaceChildren(...puzzle.solution.map((step, index) => el("li", {},
      el("button", { type: "button", class: "link-button", onclick: () => stepTo(index + 1).catch(failed) }, step))));
    $("solution").hidden = false;
    const mine = ++stepping;
    await stepTo(from, mine);
    for (let at = from + 1; at <= puzzle.solution.length && mine === stepping; at += 1) {
      await sleep(STEP_PAUSE);
      if (mine === stepping) await stepTo(at, mine);
    }
  }

  /** Show the puzzle's position after the solution's first ``count`` moves (``showing``: the
   * showing it belongs to; a click on a step stops the one going on). */
  async function stepTo(count, showing = ++stepping) {
    if (showing !== stepping) return;
    shownAt = count;
    [...$("solution-moves").children].forEach((item, index) => item.classList.toggle("current", index === count - 1));
    $("solution-back").disabled = count === 0;
    $("solution-forward").disabled = count === puzzle.solution.length;
    await board.show({ game: puzzle.spec, moves: [...puzzle.moves, ...puzzle.solution.slice(0, count)] });
    if (showing !== stepping) return; // the next puzzle, or another step, was asked for meanwhile
    board.disable(count === 0
      ? t("The puzzle's position.")
      : t("The solution, move {number} of {total}: {move}.", { number: count, total: puzzle.solution.length, move: puzzle.solution[count - 1] }));
    root.dataset.solutionShown = String(count);
  }

  /** The puzzle is over: rate it and say how it went. */
  function finish(solved, message) {
    const result = recordAttempt(puzzle, solved);
    setState(solved ? "solved" : "failed");
    board.disable(solved ? t("Solved.") : t("Not the best move."));
    prompt(solved
      ? t("Solved: well played, {colour}.", { colour })
      : t("Failed: the best move for {colour} was another.", { colour }));
    const shift = result.after.rating - result.before.rating;
    showSolverRating(result.rated ? change(shift) : "");
    $("puzzle-rating").textContent = String(Math.round(result.puzzle.rating));
    const box = $("puzzle-result");
    box.classList.toggle("solved", solved);
    box.classList.toggle("failed", !solved);
    $("puzzle-result-headline").textContent = solved ? t("Solved") : t("Failed");
    const rating = result.rated
      ? t("Your rating: {before} → {after} ({change}).", { before: shown(result.before), after: shown(result.after), change: change(shift) })
      : t("Not rated: you had tried this puzzle before.");
    const words = say(message);
    $("puzzle-result-text").replaceChildren(`${words[0].toUpperCase()}${words.slice(1)}.`, " ", rating);
    box.hidden = false;
    $("next-puzzle").hidden = false;
  }

  $("next-puzzle").addEventListener("click", async () => {
    if (first) {
      location.assign(`/puzzles/${game}`);
      return;
    }
    await next().then(start).catch(failed);
  });
  $("solution-back").addEventListener("click", () => stepTo(Math.max(0, shownAt - 1)).catch(failed));
  $("solution-forward").addEventListener("click", () => stepTo(Math.min(puzzle.solution.length, shownAt + 1)).catch(failed));

  (async () => {
    try {
      await start(first ? await api(`/api/puzzles/${encodeURIComponent(first)}`) : await next());
    } catch (error) {
      showError(error.message);
      prompt("");
    }
  })();
}

const root = $("puzzle-page");
if (root) playPuzzles(root, root.dataset.game, root.dataset.puzzle ?? null);
else showIndex();
