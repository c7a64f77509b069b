// The review of a game: the server searches every position (POST /api/games/{id}/analysis, then
// GET until it is done); the page draws the first seat's chance to win as a graph under the
// board (a click goes to that move), marks the moves in the list (?! ? ??), draws the move the
// engine preferred on the board, and steps from one marked move to the next. A finished game's
// review is anyone's (its link ends in #review, or #review=medium for a level); a game in progress
// is reviewed for its players.
import { api, el, showError } from "./common.js";
import { $, board, page } from "./page.js";
import { t, tn } from "./words.js";

const SVG = "http://www.w3.org/2000/svg";
const HEIGHT = 120; // the graph's height in CSS pixels; its width is the column's
const NAMES = { "?!": "inaccuracy", "?": "mistake", "??": "blunder" }; // classes: mark-blunder...
/** The marks' names in the page's language. */
const SAID = { "?!": t("inaccuracy"), "?": t("mistake"), "??": t("blunder") };
let review = null; // the review done: {level, upto, plies}
let asking = false;
let goTo = (ply) => {};

/** Whether this page may ask for a review: a finished game, or one this page plays in. */
function mayReview() {
  return Boolean(page.view) && page.view.ply > 0 && (page.view.over || page.you.length > 0);
}

/** The ply the board shows. */
function shown() {
  return page.replayPly === null ? page.view.ply : page.replayPly;
}

function percent(chance) {
  return t("{number}%", { number: Math.round(chance * 100) });
}

/** The level a link asks for (#review=medium), or undefined for the server's. */
function linkedLevel() {
  return new URLSearchParams(location.hash.slice(1)).get("review") || undefined;
}

/** Ask for the review of the game up to now, and follow it until it is done. */
async function ask() {
  if (asking || !mayReview()) return;
  asking = true;
  const path = `/api/games/${page.gameId}/analysis`;
  const status = $("review-status");
  const progress = $("review-progress");
  $("review").hidden = false;
  $("review-game").disabled = true;
  try {
    let found = await api(path, { method: "POST", token: page.token, body: { level: linkedLevel() } });
    while (found.status === "queued" || found.status === "running") {
      const { done, total } = found.progress;
      status.textContent = found.status === "queued"
        ? t("Waiting for the computer…")
        : tn("Reviewing: {count} of {total} positions searched…", "Reviewing: {count} of {total} positions searched…", done, { total });
      Object.assign(progress, { hidden: false, max: total, value: done });
      await new Promise((resolve) => setTimeout(resolve, 800));
      found = await api(`${path}?level=${found.level}`, { token: page.token });
    }
    if (found.status === "failed") throw new Error(found.error);
    review = found;
    status.textContent = "";
    showError("");
  } catch (error) {
    status.textContent = t("The review could not be made: {error}", { error: error.message });
  } finally {
    progress.hidden = true;
    asking = false;
    $("review-game").disabled = false;
    renderReview();
  }
}

/** The graph of the first seat's chance after each move: a click goes to that move. */
function drawGraph() {
  const { plies } = review;
  const WIDTH = $("review-graph").clientWidth || 600;
  const x = (ply) => (ply / Math.max(1, review.upto)) * WIDTH;
  const y = (chance) => (1 - chance) * HEIGHT;
  const node = (tag, attributes) => {
    const made = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
    return made;
  };
  const points = [[0, 0.5], ...plies.map((ply) => [ply.ply, ply.eval])];
  const line = points.map(([ply, chance]) => `${x(ply).toFixed(1)},${y(chance).toFixed(1)}`).join(" ");
  const first = page.view.seats[0];
  const svg = node("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "review-chart", role: "img" });
  svg.setAttribute("aria-label", t("{player}'s chance to win after each move; the marks are inaccuracies, mistakes and blunders", { player: first.name }));
  svg.append(
    node("polygon", { points: `0,${HEIGHT} ${line} ${x(review.upto)},${HEIGHT}`, class: "review-area" }),
    node("line", { x1: 0, x2: WIDTH, y1: HEIGHT / 2, y2: HEIGHT / 2, class: "review-middle" }),
    node("polyline", { points: line, class: "review-line" }),
    node("line", { x1: x(shown()), x2: x(shown()), y1: 0, y2: HEIGHT, class: "review-now" }),
  );
  for (const ply of plies) {
    if (ply.mark) svg.append(node("circle", { cx: x(ply.ply), cy: y(ply.eval), r: 5, class: `review-mark mark-${NAMES[ply.mark]}` }));
  }
  svg.addEventListener("click", (event) => {
    const box = svg.getBoundingClientRect();
    goTo(Math.round(((event.clientX - box.left) / box.width) * review.upto));
  });
  $("review-graph").replaceChildren(
    el("p", { class: "review-legend muted" }, t("{player}'s chance to win ({colour}), after each move:", { player: first.name, colour: first.color })),
    svg,
  );
}

/** The marks beside the moves of the list. */
function markMoves() {
  const items = $("moves").children;
  $("moves").querySelectorAll(".move-mark").forEach((mark) => mark.remove());
  for (const ply of review.plies) {
    const item = items[ply.ply - 1];
    if (!item || !ply.mark) continue;
    item.append(el("span", { class: `move-mark mark-${NAMES[ply.mark]}`, title: t("{mark}: the engine preferred {move}", { mark: SAID[ply.mark], move: ply.best }) }, ply.mark));
  }
}

/** The move the engine prefers in the position shown, drawn over the board: a ring on each of
 * its places, and a line between them where it joins two (a band, a step). */
function markBoard(ply) {
  const svg = board.querySelector("svg");
  if (!svg) return;
  svg.querySelector(".review-ghost")?.remove();
  if (!ply) return;
  const centres = ply.best_places.flatMap((name) => {
    const place = svg.querySelector(`[data-name="${CSS.escape(name)}"]`);
    if (!place) return [];
    const box = place.getBBox();
    return [{ x: box.x + box.width / 2, y: box.y + box.height / 2, r: Math.max(box.width, box.height) / 2 }];
  });
  if (!centres.length) return;
  const ghost = document.createElementNS(SVG, "g");
  ghost.setAttribute("class", "review-ghost");
  ghost.setAttribute("pointer-events", "none");
  if (centres.length === 2) {
    const line = document.createElementNS(SVG, "line");
    const [a, b] = centres;
    Object.entries({ x1: a.x, y1: a.y, x2: b.x, y2: b.y }).forEach(([k, v]) => line.setAttribute(k, v));
    ghost.append(line);
  }
  for (const centre of centres) {
    const ring = document.createElementNS(SVG, "circle");
    Object.entries({ cx: centre.x, cy: centre.y, r: centre.r * 1.25 + 2 }).forEach(([k, v]) => ring.setAttribute(k, v));
    ghost.append(ring);
  }
  svg.append(ghost);
}

/** What the review says of the position shown: the move played next, its mark, and the move the
 * engine preferred with its continuation. */
function describe(ply) {
  const here = $("review-here");
  if (!ply) {
    const last = review.plies[review.plies.length - 1];
    here.textContent = last
      ? t("{player}'s chance to win at the end of the review: {percent}.", { player: page.view.seats[0].name, percent: percent(last.eval) })
      : "";
    return;
  }
  const player = page.view.seats[ply.mover]?.name ?? t("Seat {number}", { number: ply.mover + 1 });
  const move = `${ply.move}${ply.mark ?? ""}`;
  const best = ply.best === ply.move
    ? t("the engine's choice too.")
    : ply.line.length > 1
      ? t("the engine preferred {move}, then {line} (drawn on the board).", { move: ply.best, line: ply.line.slice(1).join(", ") })
      : t("the engine preferred {move} (drawn on the board).", { move: ply.best });
  const after = t("{player}'s chance after it: {percent}.", { player: page.view.seats[0].name, percent: percent(ply.eval) });
  const values = { number: ply.ply, player, move, mark: SAID[ply.mark], best, after };
  here.textContent = ply.mark
    ? t("Move {number}: {player} played {move} ({mark}): {best} {after}", values)
    : t("Move {number}: {player} played {move}: {best} {after}", values);
}

/** Go to the position before the next (or previous) marked move. */
function stepToMark(direction) {
  const marked = review.plies.filter((ply) => ply.mark).map((ply) => ply.ply - 1);
  const now = shown();
  const next = direction > 0 ? marked.find((at) => at > now) : marked.reverse().find((at) => at < now);
  if (next !== undefined) goTo(next);
}

/** Bring the review up to date with the page (game.js calls it after each render). */
export function renderReview() {
  const button = $("review-game");
  button.hidden = !mayReview();
  button.textContent = review && review.upto < page.view.ply ? t("Review up to now") : t("Review");
  if (!review) return;
  $("review").hidden = false;
  $("review-link").href = `/games/${encodeURIComponent(page.gameId)}#review=${review.level}`;
  const at = shown();
  const next = at < review.upto ? review.plies[at] : null;
  drawGraph();
  markMoves();
  markBoard(next);
  describe(next);
  const marked = review.plies.filter((ply) => ply.mark).map((ply) => ply.ply - 1);
  $("review-next").disabled = !marked.some((ply) => ply > at);
  $("review-previous").disabled = !marked.some((ply) => ply < at);
  const count = (mark) => review.plies.filter((ply) => ply.mark === mark).length;
  const [blunders, mistakes, inaccuracies] = [count("??"), count("?"), count("?!")];
  const said = { level: review.level }; // messages apart: pybabel skips nested t()
  said.blunders = tn("{count} blunder", "{count} blunders", blunders);
  said.mistakes = tn("{count} mistake", "{count} mistakes", mistakes);
  said.inaccuracies = tn("{count} inaccuracy", "{count} inaccuracies", inaccuracies);
  $("review-summary").textContent = tn(
    "Reviewed at level {level}, {count} move: {blunders}, {mistakes}, {inaccuracies}.",
    "Reviewed at level {level}, {count} moves: {blunders}, {mistakes}, {inaccuracies}.",
    review.upto, said);
}

/** Set the review up: ``replayTo`` shows a ply. A link ending in #review asks for it at once. */
export function startReview(replayTo) {
  goTo = replayTo;
  $("review-game").addEventListener("click", ask);
  $("review-next").addEventListener("click", () => stepToMark(1));
  $("review-previous").addEventListener("click", () => stepToMark(-1));
  if (new URLSearchParams(location.hash.slice(1)).has("review")) ask();
}
