// A study board: any position of any game, drawn by the server (POST /api/positions), with moves
// entered by pointing as on the game page (pointing.js). Lessons, puzzles and reviews use it:
// the board tells its owner each move the user finishes, and the owner decides what follows
// (play it with ``play``, answer with another move, or refuse it and ``enable`` the input
// again). One study board per page (its buttons have the game page's ids).
import { api, el } from "./common.js";
import { fitBoard, toggleWhole } from "./fit.js";
import { pointing } from "./pointing.js";
import { localised, sayDrawn, t } from "./words.js";

/** ``text`` in a span that says it is English: the lessons, the puzzles and the server's
 * words are not translated yet. */
export function english(text) {
  return el("span", { lang: "en" }, text);
}

/** Make a study board in ``root`` (an empty element). ``onMove(move, board)`` is told each move
 * the user finishes (the input is off until the owner turns it on again); ``onError(message)``
 * each request that failed (an empty message: the last one is over). */
export function studyBoard(root, { onMove = (move, board) => {}, onError = (message) => {} } = {}) {
  const guide = el("p", { class: "turn study-guide", "aria-live": "polite" });
  const surface = el("div", { class: "board study-surface" });
  const preview = el("div", { class: "board preview", hidden: true });
  const zoom = el("button", { type: "button", class: "zoom", hidden: true });
  const choices = el("div", { class: "choices", "aria-live": "polite" });
  root.classList.add("study-board");
  root.replaceChildren(guide, el("div", { class: "board-area" }, surface, preview), zoom, choices);
  let view = null; // the position shown (POST /api/positions's answer)
  let shown = 0; // counts the positions shown: names the position for the input's caches
  let asked = 0; // counts the requests for positions, so that only the latest is shown
  let moving = false; // whether the user may enter a move now
  let seats = null; // the seats the user moves for (null: whichever is to move)
  let words = ""; // what the guidance line says while the user may not move

  const input = pointing({
    board: surface,
    preview,
    choices,
    view: () => view,
    canMove,
    confirming: () => false,
    say: (now) => {
      guide.textContent = t("Your move ({colour}): {now}.", { colour: view.seats[view.to_move].color, now });
    },
    key: () => shown,
    fetchPreview: async (move) => (await positionAfter([move])).svg,
    fetchPictures: async (moves) => (await api("/api/positions/choices", {
      method: "POST", body: { game: view.game, position: view.position, choices: moves },
    })).pictures,
    onError: (error) => onError(error.message),
  });
  input.onMove((move) => {
    moving = false;
    input.clear();
    words = t("Checking {move}…", { move });
    render();
    onMove(move, board);
  });

  function canMove() {
    return moving && view !== null && !view.over && view.to_move !== null
      && (seats === null || seats.includes(view.to_move));
  }

  function positionAfter(moves) {
    return api("/api/positions", { method: "POST", body: { game: view.game, position: view.position, moves } });
  }

  function render() {
    input.render();
    if (!canMove()) guide.textContent = words;
    Object.assign(root.dataset, {
      toMove: view === null || view.to_move === null ? "" : String(view.to_move),
      over: String(view !== null && view.over),
      moving: String(canMove()),
    });
  }

  /** Ask for a position; show it unless a later one was asked for meanwhile. */
  async function load(body) {
    const mine = ++asked;
    root.dataset.state = "loading";
    let found;
    try {
      found = await api("/api/positions", { method: "POST", body });
      onError("");
    } catch (error) {
      if (mine === asked) {
        root.dataset.state = "failed";
        onError(error.message);
      }
      throw error;
    }
    if (mine !== asked) return found;
    view = localised(found);
    shown += 1;
    input.reset();
    input.clear();
    surface.innerHTML = view.svg;
    sayDrawn(surface);
    fitBoard(surface, zoom);
    render();
    board.mark({ names: view.highlights, kind: "winning" }); // what made the result
    root.dataset.state = "ready";
    return view;
  }

  zoom.addEventListener("click", () => {
    toggleWhole();
    fitBoard(surface, zoom);
  });
  let width = innerWidth;
  addEventListener("resize", () => {
    if (innerWidth !== width) fitBoard(surface, zoom);
    width = innerWidth;
  });

  const board = {
    /** The position shown: the answer of POST /api/positions (svg, to_move, over, status,
     * last_move, scores, outcome, highlights, seats, legal_moves, input_steps, guide, and
     * ``position``, to go on from), or null before the first. */
    get view() {
      return view;
    },
    /** Show ``position`` (state.to_json(); absent: the start of ``game``, a spec) after
     * ``moves``; resolves to the view (rejects, and tells ``onError``, when it fails). */
    show({ game, position = null, moves = [] }) {
      return load(position === null ? { game, moves } : { game, position, moves });
    },
    /** Play ``moves`` on the position shown. */
    play(...moves) {
      return load({ game: view.game, position: view.position, moves });
    },
    /** Let the user enter moves, for ``only`` these seats (null: whichever is to move). */
    enable(only = null) {
      seats = only;
      moving = true;
      render();
    },
    /** No moves from the user; ``text`` goes in the guidance line. */
    disable(text = "") {
      moving = false;
      words = text;
      render();
    },
    /** What the guidance line says while the user may not move. */
    say(text) {
      words = text;
      render();
    },
    /** Mark the places of ``names`` (or of the move ``move``'s steps) with ``kind`` (a class:
     * ``hint``, ``winning``...), until the position changes. */
    mark({ names = [], move = null, kind = "hint" }) {
      const index = move === null ? -1 : view.legal_moves.indexOf(move);
      const all = index < 0 ? names : [...names, ...view.input_steps[index].flat()];
      for (const name of all) input.placesNamed(name).forEach((node) => node.classList.add(kind));
    },
    /** Forget the places marked. */
    unmark(kind = "hint") {
      surface.querySelectorAll(`.${kind}`).forEach((node) => node.classList.remove(kind));
    },
    element: root,
  };
  return board;
}
