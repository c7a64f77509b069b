// Input by pointing, for any board: the input keeps the legal moves whose steps (input_steps)
// agree with what was clicked so far, highlights the places that take the next step, and offers
// the word steps and the finished moves as buttons. It knows no rule of any game. The game page
// (input.js) and the study boards (study.js) each make one.
import { el } from "./common.js";
import { ghostLayer } from "./ghost.js";

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
    if (pending) now = `check the move shown, then play it (${pending}) or cancel`;
    else if (!clicks.length) now = view().guide || "tap a marked place";
    else if (next.size > words.length) now = words.length ? "tap a marked place, or choose below" : "tap a marked place to go on";
    else now = complete.length ? "choose the move below" : "choose one of the buttons below";
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
    for (const name of clicks) placesNamed(name).forEach((node) => node.classList.add("selected"));
    const words = [];
    for (const name of next) {
      if (!names.has(name)) {
        words.push(name);
        continue;
      }
      const nodes = placesNamed(name);
      nodes.forEach((node) => node.classList.add("target"));
      // the keyboard reaches each place once: Tab to it, Enter or Space to click it
      Object.entries({ tabindex: "0", role: "button", "aria-label": name }).forEach(([attribute, value]) => nodes[0].setAttribute(attribute, value));
    }
    if (words.length && words.length < next.size) {
      // some steps are on the board, some are buttons: say that both are there
      choices.append(el("span", { class: "choices-label" }, "Tap a marked place, or:"));
    }
    for (const word of words) {
      choices.append(el("button", { type: "button", class: "step", dataset: { step: word }, onclick: () => take(word) }, word));
    }
    if (complete.length) {
      choices.append(el("span", { class: "choices-label" }, complete.length > 1 ? "Choose the move:" : "Or play:"));
      for (const { move } of complete) {
        choices.append(el("button", {
          type: "button",
          class: "candidate",
          dataset: { move },
          "aria-label": `Play ${move}`,
          onclick: () => play(move),
          onmouseenter: () => showPreview(move),
          onfocus: () => showPreview(move),
          onmouseleave: hidePreview,
          onblur: hidePreview,
        }, move));
      }
    }
    if (clicks.length) {
      choices.append(el("button", { type: "button", id: "cancel-input", onclick: cancel }, "Cancel (Esc)"));
    }
    guide(next, words, complete);
    ghosts.show(found, clicks); // pictures of the choices
  }

  /** A move waiting to be confirmed: its places stay chosen, the board shows what it makes. */
  function renderPending() {
    const index = view().legal_moves.indexOf(pending);
    for (const step of view().input_steps[index] || []) {
      for (const name of step) if (clicks.includes(name)) placesNamed(name).forEach((node) => node.classList.add("selected"));
    }
    showPreview(pending);
    choices.append(
      el("button", { type: "button", id: "confirm-move", class: "primary", onclick: () => sendMove(pending) }, `Play ${pending}`),
      el("button", { type: "button", id: "cancel-input", onclick: cancel }, "Cancel (Esc)"),
    );
    guide(new Set(), [], []);
  }

  /** The choices below the board never shrink while the page is open: a long list of choices
   * (TRANGLAR's pieces and actions) that went away after a move would shorten the page, and a
   * player scrolled down to it would see the page jump. */
  function keepChoicesHeight() {
    const height = choices.offsetHeight;
    if (height > parseFloat(choices.style.minHeight || "0")) choices.style.minHeight = `${height}px`;
  }

  function clear() {
    keepChoicesHeight();
    board.querySelectorAll(".target, .selected").forEach((node) => node.classList.remove("target", "selected"));
    board.querySelectorAll("[tabindex]").forEach((node) => ["tabindex", "role", "aria-label"].forEach((attribute) => node.removeAttribute(attribute)));
    hidePreview();
    ghosts.clear();
    choices.replaceChildren();
  }

  function take(name) {
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

  board.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const place = event.target.closest(".target, .selected");
    if (!place || !canMove()) return;
    event.preventDefault();
    take(place.dataset.name ?? place.dataset.at);
  });

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
    },
    render,
    clear,
    placesNamed,
  };
}
