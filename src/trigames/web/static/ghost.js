// Choices seen before they are made. The server draws each legal move a page asks about as a
// ghost over the board (Game.choice_pictures: GET /api/games/{id}/choices for the game page,
// POST /api/positions/choices for a study board); this module lays the ghosts over the board
// and into the buttons, knowing no rule of any game:
// - a word step that finishes exactly one move (a Trugo tile's way round) becomes a button with
//   the move's picture; pointing at it (or, on a touch screen, a first tap) shows its ghost on
//   the board, a second tap or the Play button plays it; so does a finished move offered among
//   others (a TRANGLAR take-over, one of the ways to cover the piece);
// - places on the board that finish a move (the pegs a Trig placement could capture) get their
//   ghosts drawn on the board all at once (the triangle each capture takes);
// - when the moves left are pieces that lie in several ways (TRANGLAR), one of them is shown as
//   a ghost, and Turn, Flip and Move buttons go through the others; Play plays the one shown.
import { el } from "./common.js";
import { t } from "./words.js";

const LIMIT = 100; // moves one request may ask about (the server's MAX_CHOICE_PICTURES)
const touch = window.matchMedia("(hover: none)");

function svgOf(markup) {
  const holder = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  holder.innerHTML = markup;
  return holder;
}

function icon(picture) {
  const [x, y, width, height] = picture.box;
  const drawing = svgOf(picture.ghost);
  drawing.setAttribute("viewBox", `${x} ${y} ${width} ${height}`);
  drawing.setAttribute("class", "choice-icon");
  drawing.setAttribute("aria-hidden", "true");
  return drawing;
}

function centre(picture) {
  const [x, y, width, height] = picture.box;
  return [x + width / 2, y + height / 2];
}

/** The ghosts of one board: ``board`` (the element holding its SVG), ``choices`` (where the
 * input's buttons go), ``key()`` (names the position shown: pictures are kept by it),
 * ``fetchPictures(moves)`` (the server's pictures of at most 100 legal moves of that position,
 * by move) and ``onError(message)``. */
export function ghostLayer({ board, choices, key, fetchPictures, onError }) {
  const pictures = new Map(); // `${key}:${move}` -> picture, or null for none
  let shown = null; // the move whose ghost is chosen (a tap, or Turn/Flip/Move)
  let round = 0; // counts the renders, so that a late answer does not draw over a newer one
  let play = (move) => {};

  async function picturesOf(moves) {
    const position = key();
    const missing = moves.filter((move) => !pictures.has(`${position}:${move}`));
    for (let at = 0; at < missing.length; at += LIMIT) {
      const chunk = missing.slice(at, at + LIMIT);
      const found = await fetchPictures(chunk);
      for (const move of chunk) pictures.set(`${position}:${move}`, found[move] ?? null);
    }
    if (pictures.size > 2000) pictures.clear(); // old positions' pictures
    return new Map(moves.map((move) => [move, pictures.get(`${position}:${move}`)]));
  }

  /** Lay ghosts over the board; ``kind`` names the layer (one layer of each kind at a time). */
  function layGhosts(kind, list) {
    const root = board.querySelector("svg");
    root?.querySelector(`g.ghost-layer[data-kind="${kind}"]`)?.remove();
    if (!root || !list.length) return;
    const layer = svgOf(list.map((picture) => picture.ghost).join("")).childNodes;
    const group = document.createElementNS("http://www.w3.org/2000/svg", "g");
    group.setAttribute("class", "ghost-layer");
    group.dataset.kind = kind;
    group.setAttribute("pointer-events", "none");
    group.append(...layer);
    root.append(group);
  }

  /** Forget the ghosts (the choices are cleared); the chosen move stays while it is a choice. */
  function clear() {
    round += 1;
    board.querySelectorAll("g.ghost-layer").forEach((node) => node.remove());
  }

  /** Show the choices among ``found`` (the moves agreeing with ``clicks``) as ghosts. */
  async function show(found, clicks) {
    const mine = ++round;
    const moves = found.map((candidate) => candidate.move);
    if (!moves.includes(shown)) shown = null;
    const depth = clicks.length;
    // nothing to show before the first step: every move is still open
    if (!depth || found.length > 4 * LIMIT) return;
    const finishing = (name) => found.filter((c) => c.steps.length === depth + 1 && c.steps[depth].includes(name));
    let known;
    try {
      known = await picturesOf(moves);
    } catch (error) {
      if (mine === round) onError(error.message);
      return;
    }
    if (mine !== round) return;
    // word steps finishing one move: picture buttons
    for (const button of choices.querySelectorAll("button.step")) {
      const ends = finishing(button.dataset.step);
      const picture = ends.length === 1 ? known.get(ends[0].move) : null;
      if (!picture) continue;
      button.classList.add("picture-choice");
      button.dataset.ghostMove = ends[0].move;
      button.prepend(icon(picture));
      button.addEventListener("mouseenter", () => layGhosts("focus", [picture]));
      button.addEventListener("focus", () => layGhosts("focus", [picture]));
      button.addEventListener("mouseleave", () => layGhosts("focus", shownPicture(known)));
      button.addEventListener("blur", () => layGhosts("focus", shownPicture(known)));
    }
    // finished moves to choose from (TRANGLAR's take-overs of one piece): each with its picture;
    // the input previews the position each makes when pointed at (or, on a touch screen, at
    // the first tap, which only shows it)
    for (const button of choices.querySelectorAll("button.candidate")) {
      const picture = known.get(button.dataset.move);
      if (!picture) continue;
      button.classList.add("picture-choice");
      button.dataset.ghostMove = button.dataset.move;
      // its notation, which a phone leaves out (style.css): the Play button says it
      button.replaceChildren(icon(picture), el("span", { class: "choice-text" }, button.textContent));
    }
    // places that finish a move: all their ghosts at once
    const onBoard = found.filter((c) => c.steps.length === depth + 1
      && c.steps[depth].some((name) => board.querySelector(`[data-name="${CSS.escape(name)}"]`)));
    const finishingPictures = onBoard.map((c) => known.get(c.move)).filter(Boolean);
    if (finishingPictures.length && finishingPictures.length <= 6 && !finishingPictures.some((picture) => picture.shape)) {
      layGhosts("finishing", finishingPictures);
    }
    // pieces lying in several ways: one shown, Turn / Flip / Move through the others
    const shaped = moves.filter((move) => known.get(move)?.shape);
    if (shaped.length === moves.length && moves.length > 1) {
      if (shown === null) shown = moves[0];
      piecePanel(moves, known);
    } else if (!choices.querySelector(`button.picture-choice[data-ghost-move="${CSS.escape(shown ?? "")}"]`)) {
      shown = null;
    }
    markShown(known);
  }

  function shownPicture(known) {
    const picture = shown === null ? null : known.get(shown);
    return picture ? [picture] : [];
  }

  function markShown(known) {
    layGhosts("focus", shownPicture(known));
    for (const button of choices.querySelectorAll("button.picture-choice")) {
      button.setAttribute("aria-pressed", String(button.dataset.ghostMove === shown));
    }
    choices.querySelector("#ghost-play")?.remove();
    if (shown !== null) {
      const move = shown;
      choices.append(el("button", { type: "button", id: "ghost-play", class: "primary", dataset: { move }, onclick: () => play(move) }, t("Play {move}", { move })));
    }
  }

  /** The move among ``moves`` whose piece lies as ``shape``, nearest the shown one. */
  function nearest(moves, known, shape) {
    const [x0, y0] = centre(known.get(shown));
    let best = null;
    let bestDistance = Infinity;
    for (const move of moves) {
      const picture = known.get(move);
      if (picture.shape !== shape) continue;
      const [x, y] = centre(picture);
      const distance = (x - x0) ** 2 + (y - y0) ** 2;
      if (distance < bestDistance) [best, bestDistance] = [move, distance];
    }
    return best;
  }

  function piecePanel(moves, known) {
    const shapes = new Set(moves.map((move) => known.get(move).shape));
    const turn = (flip) => {
      const start = known.get(shown);
      const others = [...shapes].filter((shape) => shape !== start.shape);
      const wanted = flip ? start.flipped : start.turned;
      const shape = shapes.has(wanted) && wanted !== start.shape ? wanted
        : flip ? null : others[(others.indexOf(start.shape) + 1) % others.length];
      if (shape) shown = nearest(moves, known, shape);
      markShown(known);
    };
    const step = () => {
      const same = moves.filter((move) => known.get(move).shape === known.get(shown).shape);
      shown = same[(same.indexOf(shown) + 1) % same.length];
      markShown(known);
    };
    const current = known.get(shown);
    const canFlip = shapes.has(current.flipped) && current.flipped !== current.shape;
    const panel = el("span", { class: "piece-tools", role: "group", "aria-label": t("Where the piece goes") },
      el("button", { type: "button", id: "ghost-turn", title: t("Turn (R)"), disabled: shapes.size < 2, onclick: () => turn(false) }, t("⟳ Turn")),
      el("button", { type: "button", id: "ghost-flip", title: t("Flip (F)"), disabled: !canFlip, onclick: () => turn(true) }, t("⇋ Flip")),
      el("button", { type: "button", id: "ghost-next", title: t("Move (M)"), disabled: moves.length < 2, onclick: step }, t("▸ Move")));
    choices.prepend(panel);
  }

  // On a touch screen a first tap on a picture button shows its ghost; a second plays it.
  choices.addEventListener("click", (event) => {
    const button = event.target.closest("button.picture-choice");
    if (!button || !touch.matches || button.dataset.ghostMove === shown) return;
    event.stopPropagation();
    button.focus({ preventScroll: true }); // the input previews what a focused choice makes
    shown = button.dataset.ghostMove;
    markShown(new Map([[shown, pictures.get(`${key()}:${shown}`)]]));
  }, true);

  // Keys for the piece tools: R turns, F flips, M moves the piece shown (not while typing).
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.target.closest?.("input, textarea, select")) return;
    const button = { r: "#ghost-turn", f: "#ghost-flip", m: "#ghost-next" }[event.key.toLowerCase()];
    const found = button && choices.querySelector(button);
    if (found && !found.disabled) {
      event.preventDefault();
      found.click();
    }
  });

  return {
    /** Tell the ghosts how to play a move (the input does). */
    onMove(send) {
      play = send;
    },
    clear,
    show,
  };
}
