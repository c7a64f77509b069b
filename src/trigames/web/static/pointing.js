// Input by pointing, for any board: the input keeps the legal moves whose steps (input_steps)
// agree with what was clicked so far, highlights the places that take the next step, and offers
// the word steps and the finished moves as buttons. It knows no rule of any game. The game page
// (input.js) and the study boards (study.js) each make one.
import { el } from "./common.js";
import { ghostLayer } from "./ghost.js";
import { keepRoom } from "./steady.js";
import { byPointer, pointed } from "./verbs.js";
import { say as phraseText, sayDrawn, t, tn } from "./words.js";

/** The input of one board:
 * - ``board``: the element holding the board's SVG; ``preview``: the element over it that shows
 *   the position a move makes; ``choices``: where the buttons go;
 * - ``view()``: the position's turn, ``{legal_moves, input_steps, guide}``; ``canMove()``:
 *   whether a move may be entered now; ``confirming()``: whether a finished move waits for its
 *   Play button; ``say(now)``: show the guidance (what to do now, a phrase);
 * - ``key()``: a name of the position shown (previews and pictures are kept by it);
 *   ``fetchPreview(move)``: the SVG of the position ``move`` makes; ``fetchPictures(moves)``: the
 *   ghosts of legal moves, by move; ``onError(error)``: a failed preview or picture. */
export function pointing({ board, preview, choices, view, canMove, confirming, say, key, fetchPreview, fetchPictures, onError }) {
  const ghosts = ghostLayer({ board, choices, key, fetchPictures, onError: (message) => onError(new Error(message)) });
  let sendMove = async (move) => {}; // set by the page: plays a move
  let clicks = []; // the names clicked so far for the move being built
  let pending = null; // with "confirm moves" on: the finished move waiting for its Play button

  /** The place called ``name`` and the pieces drawn on it (which take its clicks). */
  function placesNamed(name) {
    const quoted = CSS.escape(name);
    return board.querySelectorAll(`[data-name="${quoted}"], [data-at="${quoted}"]`);
  }

  /** Play a finished move: at once, or (with "confirm moves" on) once its Play button says
   * so, the board showing the position it makes meanwhile. */
  function play(move) {
    if (!confirming()) {
      sendMove(move);
      return;
    }
    pending = move;
    render();
  }

  /** The guidance: what to do now, from the game's own words and the clicks so far. */
  function guide(next, words, complete) {
    let now;
    if (pending) now = t("check the move shown, then play it ({move}) or cancel", { move: pending });
    else if (!clicks.length && view().guide) {
      say(pointed(view().guide));
      return;
    } else if (!clicks.length) now = byPointer(t("tap a marked place"), t("click a marked place"));
    else if (next.size > words.length) {
      now = words.length
        ? byPointer(t("tap a marked place, or choose below"), t("click a marked place, or choose below"))
        : byPointer(t("tap a marked place to go on"), t("click a marked place to go on"));
    } else now = complete.length ? t("choose the move below") : t("choose one of the buttons below");
    say(now);
  }

  /** The legal moves (with their steps) that agree with the clicks so far. */
  function candidates() {
    const found = [];
    const { legal_moves: legal, input_steps: steps } = view();
    legal.forEach((move, index) => {
      const ways = steps[index];
      if (ways.length >= clicks.length && clicks.every((name, i) => ways[i].includes(name))) {
        found.push({ move, steps: ways });
      }
    });
    return found;
  }

  function boardNames() {
    return new Set([...board.querySelectorAll("[data-name]")].map((node) => node.dataset.name));
  }

  /** Highlight the clickable places, list the word steps and the finished candidates. */
  function render() {
    clear();
    if (!canMove()) {
      clicks = [];
      rove();
      return;
    }
    if (pending) {
      renderPending();
      return;
    }
    const found = candidates();
    const complete = found.filter((candidate) => candidate.steps.length === clicks.length);
    if (found.length === 1 && complete.length === 1) {
      play(complete[0].move);
      return;
    }
    const next = new Set();
    for (const candidate of found) {
      if (candidate.steps.length > clicks.length) {
        for (const name of candidate.steps[clicks.length]) if (!clicks.includes(name)) next.add(name);
      }
    }
    const names = boardNames();
    for (const name of clicks) {
      const nodes = placesNamed(name);
      nodes.forEach((node) => node.classList.add("selected"));
      if (nodes.length) keyboardPlace(nodes[0], t("{name}: chosen; choose it again to take it back", { name }));
    }
    const words = [];
    for (const name of next) {
      if (!names.has(name)) {
        words.push(name);
        continue;
      }
      const nodes = placesNamed(name);
      nodes.forEach((node) => node.classList.add("target"));
      keyboardPlace(nodes[0], placeLabel(name, found));
    }
    if (words.length && words.length < next.size) {
      // some steps are on the board, some are buttons: say that both are there
      choices.append(el("span", { class: "choices-label" }, byPointer(t("Tap a marked place, or:"), t("Click a marked place, or:"))));
    }
    for (const word of words) {
      const label = view().step_words?.[word]; // a word of the game's, said in the page's language
      choices.append(el("button", { type: "button", class: "step", dataset: { step: word }, onclick: () => take(word) }, label ? phraseText(label) : word));
    }
    if (complete.length) {
      choices.append(el("span", { class: "choices-label" }, complete.length > 1 ? t("Choose the move:") : t("Or play:")));
      for (const { move } of complete) {
        choices.append(el("button", {
          type: "button",
          class: "candidate",
          dataset: { move },
          "aria-label": t("Play {move}", { move }),
          onclick: () => play(move),
          onmouseenter: () => showPreview(move),
          onfocus: () => showPreview(move),
          // a tap focuses the button, then leaves it: the focused one stays shown
          onmouseleave: (event) => event.currentTarget !== document.activeElement && hidePreview(),
          onblur: hidePreview,
        }, move));
      }
    }
    if (clicks.length) {
      choices.append(el("button", { type: "button", id: "cancel-input", onclick: cancel }, t("Cancel (Esc)")));
    }
    guide(next, words, complete);
    rove();
    ghosts.show(found, clicks); // pictures of the choices
  }

  // --- the keyboard: one Tab stop on the board, arrow keys between its places (roving tabindex)

  let focusName = null; // the place the keyboard is on, kept while the position stays
  let after = null; // the place just chosen: the keyboard goes on from the nearest target to it
  let inside = false; // whether the focus was last on the board or its choices

  /** A place the keyboard reaches: a button named by ``label`` (out of the Tab order until
   * :func:`rove` picks it). */
  function keyboardPlace(node, label) {
    Object.entries({ tabindex: "-1", role: "button", "aria-label": label }).forEach(([attribute, value]) => node.setAttribute(attribute, value));
  }

  /** What choosing the place ``name`` does, among the moves ``found``: "E5: play E5", or
   * "E2: 3 moves go on from it". */
  function placeLabel(name, found) {
    const depth = clicks.length;
    const moves = found.filter((candidate) => candidate.steps.length > depth && candidate.steps[depth].includes(name));
    if (moves.length === 1 && moves[0].steps.length === depth + 1) return t("{name}: play {move}", { name, move: moves[0].move });
    return tn("{name}: {count} move goes on from it", "{name}: {count} moves go on from it", moves.length, { name });
  }

  /** The places the keyboard reaches, in reading order (top to bottom, then left to right). */
  function keyboardPlaces() {
    const places = [...board.querySelectorAll("[role=button][tabindex]")].map((node) => ({ node, centre: centreOf(node) }));
    return places.sort((a, b) => Math.round(a.centre[1] / 6) - Math.round(b.centre[1] / 6) || a.centre[0] - b.centre[0]);
  }

  function centreOf(node) {
    const box = node.getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];
  }

  function nameOf(node) {
    return node.dataset.name ?? node.dataset.at;
  }

  /** The place nearest ``from`` (a centre) in ``direction`` ([dx, dy], a unit step), or none:
   * the nearest within 45 degrees of the direction, else the nearest on that side; a place off
   * to the side counts as farther. */
  function nearestTowards(places, from, [dx, dy]) {
    let best = null;
    let bestScore = Infinity;
    for (const place of places) {
      const [x, y] = [place.centre[0] - from[0], place.centre[1] - from[1]];
      const along = x * dx + y * dy;
      const across = Math.abs(x * dy - y * dx);
      const score = Math.hypot(x, y) + across + (across > along ? 1e6 : 0);
      if (along > 1 && score < bestScore) [best, bestScore] = [place, score];
    }
    return best;
  }

  /** Make ``place`` the board's one Tab stop; focus it when ``focus``. */
  function moveTo(place, focus) {
    board.querySelectorAll("[role=button][tabindex='0']").forEach((node) => node.setAttribute("tabindex", "-1"));
    place.node.setAttribute("tabindex", "0");
    focusName = nameOf(place.node);
    if (focus) {
      place.node.focus({ preventScroll: true });
      place.node.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
  }

  /** After a render: the board's Tab stop is the place the keyboard was on, the target nearest
   * the place just chosen, or the first; the board itself when there is none. A focus lost
   * with the places it was on comes back to the board. */
  function rove() {
    const places = keyboardPlaces();
    const chosen = after === null ? null : places.find((place) => nameOf(place.node) === after);
    const targets = places.filter((place) => place.node.classList.contains("target"));
    const place = (chosen && targets.length ? closest(targets, chosen.centre) : null)
      ?? places.find((candidate) => nameOf(candidate.node) === focusName) ?? places[0];
    after = null;
    board.setAttribute("tabindex", place ? "-1" : "0");
    const lost = inside && (document.activeElement === board || document.activeElement === document.body || document.activeElement === null);
    if (place) moveTo(place, lost);
    else if (lost) board.focus({ preventScroll: true });
  }

  function closest(places, [x, y]) {
    return places.reduce((best, place) => (Math.hypot(place.centre[0] - x, place.centre[1] - y) < Math.hypot(best.centre[0] - x, best.centre[1] - y) ? place : best));
  }

  /** A move waiting to be confirmed: its places stay chosen, the board shows what it makes. */
  function renderPending() {
    const index = view().legal_moves.indexOf(pending);
    for (const step of view().input_steps[index] || []) {
      for (const name of step) if (clicks.includes(name)) placesNamed(name).forEach((node) => node.classList.add("selected"));
    }
    showPreview(pending);
    const confirm = el("button", { type: "button", id: "confirm-move", class: "primary", onclick: () => sendMove(pending) }, t("Play {move}", { move: pending }));
    choices.append(confirm, el("button", { type: "button", id: "cancel-input", onclick: cancel }, t("Cancel (Esc)")));
    guide(new Set(), [], []);
    rove();
    if (document.activeElement === board) confirm.focus({ preventScroll: true }); // the keyboard's next key: Enter
  }

  function clear() {
    // The choices never shrink while the page is open: a long list of choices (TRANGLAR's
    // pieces and actions) that went away after a move would shorten the page, and a player
    // scrolled down to it would see the page jump.
    keepRoom(choices, choices.offsetHeight);
    board.querySelectorAll(".target, .selected").forEach((node) => node.classList.remove("target", "selected"));
    const focused = board.contains(document.activeElement) && document.activeElement !== board;
    board.querySelectorAll("[tabindex]").forEach((node) => ["tabindex", "role", "aria-label"].forEach((attribute) => node.removeAttribute(attribute)));
    // the focus on a place stays on the board (the next render puts it on a place again)
    if (focused) board.focus({ preventScroll: true });
    hidePreview();
    ghosts.clear();
    choices.replaceChildren();
  }

  function take(name) {
    after = name;
    const at = clicks.indexOf(name);
    clicks = at >= 0 ? clicks.slice(0, at) : [...clicks, name];
    render();
  }

  function cancel() {
    clicks = [];
    pending = null;
    render();
  }

  board.addEventListener("click", (event) => {
    const place = event.target.closest("[data-name], [data-at]");
    if (!place || !canMove()) return;
    const name = place.dataset.name ?? place.dataset.at;
    if (clicks.includes(name) || place.classList.contains("target")) take(name);
  });

  /** The arrow keys go to the nearest place in their direction, Home and End to the first
   * and last place; Enter or Space chooses the place. */
  const DIRECTIONS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

  board.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const place = event.target.closest("[role=button][tabindex]");
    if (event.key === "Enter" || event.key === " ") {
      if (!place || !canMove()) return;
      event.preventDefault();
      take(nameOf(place));
      return;
    }
    if (!(event.key in DIRECTIONS) && event.key !== "Home" && event.key !== "End") return;
    event.preventDefault(); // the arrow keys never scroll the page nor step through the game here
    const places = keyboardPlaces();
    if (!places.length) return;
    const from = places.find((candidate) => candidate.node === place);
    let to;
    if (event.key === "Home" || !from) to = places[0];
    else if (event.key === "End") to = places[places.length - 1];
    else to = nearestTowards(places.filter((candidate) => candidate !== from), from.centre, DIRECTIONS[event.key]);
    if (to) moveTo(to, true);
  });

  // the board itself passes the focus on to its Tab stop (a skip link's target)
  board.setAttribute("tabindex", "-1");
  board.setAttribute("role", "group");
  board.setAttribute("aria-label", t("Board: the arrow keys go from place to place, Enter or Space chooses, Escape cancels"));
  board.addEventListener("focus", () => board.querySelector("[role=button][tabindex='0']")?.focus({ preventScroll: true }));

  /** The ring around the place the keyboard is on: drawn over the whole board (an outline
   * would hide under the places drawn after it), a dark ring on a light halo, 3 px. */
  function ring(node) {
    board.querySelector(".focus-ring")?.remove();
    const svg = board.querySelector("svg");
    if (!node || !svg || !svg.contains(node) || !node.matches(":focus-visible")) return;
    const box = node.getBBox();
    const matrix = svg.getScreenCTM().inverse().multiply(node.getScreenCTM());
    const corners = [[0, 0], [1, 0], [0, 1], [1, 1]].map(([x, y]) => new DOMPoint(box.x + x * box.width, box.y + y * box.height).matrixTransform(matrix));
    const pad = 4 / svg.getScreenCTM().a; // 4 screen pixels, in the board's units
    const [left, top] = [Math.min(...corners.map((p) => p.x)) - pad, Math.min(...corners.map((p) => p.y)) - pad];
    const [right, bottom] = [Math.max(...corners.map((p) => p.x)) + pad, Math.max(...corners.map((p) => p.y)) + pad];
    const group = document.createElementNS(svg.namespaceURI, "g");
    group.setAttribute("class", "focus-ring");
    group.setAttribute("pointer-events", "none");
    for (const part of ["halo", "ring"]) {
      const rect = document.createElementNS(svg.namespaceURI, "rect");
      Object.entries({ class: part, x: left, y: top, width: right - left, height: bottom - top, rx: pad }).forEach(([name, value]) => rect.setAttribute(name, value));
      group.append(rect);
    }
    svg.append(group);
  }

  // where the focus is: the board's places or choices, or elsewhere on the page
  document.addEventListener("focusin", (event) => {
    inside = board.contains(event.target) || choices.contains(event.target);
    ring(board.contains(event.target) && event.target !== board ? event.target : null);
  });
  board.addEventListener("focusout", () => ring(null));

  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && (clicks.length || pending)) cancel();
  });

  const previews = new Map();
  let previewing = null;

  async function showPreview(move) {
    previewing = move;
    const at = `${key()}:${move}`;
    try {
      if (!previews.has(at)) {
        const svg = await fetchPreview(move);
        if (previews.size >= 200) previews.clear(); // earlier positions' previews
        previews.set(at, svg);
      }
    } catch (error) {
      if (previewing === move && canMove()) onError(error);
      return;
    }
    if (previewing !== move) return;
    preview.innerHTML = previews.get(at);
    sayDrawn(preview);
    preview.hidden = false;
    board.classList.add("hidden-under-preview");
  }

  function hidePreview() {
    previewing = null;
    preview.hidden = true;
    preview.replaceChildren();
    board.classList.remove("hidden-under-preview");
  }

  return {
    /** Tell the input how to play a finished move. */
    onMove(send) {
      sendMove = send;
      ghosts.onMove(play); // a move chosen by its picture is confirmed too, when that is asked for
    },
    /** Forget the clicks so far (the position changed). */
    reset() {
      clicks = [];
      pending = null;
      focusName = after = null;
    },
    /** Play ``move`` (a legal move) as if pointed at: confirmed first, when that is asked for. */
    play,
    render,
    clear,
    placesNamed,
  };
}
