// Input by pointing: the page keeps the legal moves whose steps (input_steps) agree with what was
// clicked so far, highlights the places that take the next step, and offers the word steps and
// the finished moves as buttons. It knows no rule of any game.
import { el, showError } from "./common.js";
import { clearGhosts, onGhostMove, showGhosts } from "./ghost.js";
import { $, board, fetchText, myTurn, page, placesNamed } from "./page.js";

const preview = $("preview");
const choices = $("choices");
let sendMove = async (move) => {}; // set by the game page: plays a move
let clicks = []; // the names clicked so far for the move being built

/** Tell the input how to play a finished move. */
export function onMove(send) {
  sendMove = send;
  onGhostMove(send);
}

/** Forget the clicks so far (the position changed). */
export function resetInput() {
  clicks = [];
}

/** The legal moves (with their steps) that agree with the clicks so far. */
function candidates() {
  const found = [];
  page.view.legal_moves.forEach((move, index) => {
    const steps = page.view.input_steps[index];
    if (steps.length >= clicks.length && clicks.every((name, i) => steps[i].includes(name))) {
      found.push({ move, steps });
    }
  });
  return found;
}

function boardNames() {
  return new Set([...board.querySelectorAll("[data-name]")].map((node) => node.dataset.name));
}

/** Highlight the clickable places, list the word steps and the finished candidates. */
export function renderInput() {
  clearInput();
  if (!myTurn()) {
    clicks = [];
    return;
  }
  const found = candidates();
  const complete = found.filter((candidate) => candidate.steps.length === clicks.length);
  if (found.length === 1 && complete.length === 1) {
    sendMove(complete[0].move);
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
    Object.entries({ tabindex: "0", role: "button", "aria-label": name }).forEach(([key, value]) => nodes[0].setAttribute(key, value));
  }
  if (words.length && words.length < next.size) {
    // some steps are on the board, some are buttons: say that both are there
    choices.append(el("span", { class: "choices-label" }, "Click a marked place, or:"));
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
        onclick: () => sendMove(move),
        onmouseenter: () => showPreview(move),
        onfocus: () => showPreview(move),
        onmouseleave: hidePreview,
        onblur: hidePreview,
      }, move));
    }
  }
  if (clicks.length) {
    choices.append(el("button", { type: "button", id: "cancel-input", onclick: cancelInput }, "Cancel (Esc)"));
  }
  showGhosts(found, clicks); // pictures of the choices (ghost.js)
}

export function clearInput() {
  board.querySelectorAll(".target, .selected").forEach((node) => node.classList.remove("target", "selected"));
  board.querySelectorAll("[tabindex]").forEach((node) => ["tabindex", "role", "aria-label"].forEach((key) => node.removeAttribute(key)));
  hidePreview();
  clearGhosts();
  choices.replaceChildren();
}

function take(name) {
  const at = clicks.indexOf(name);
  clicks = at >= 0 ? clicks.slice(0, at) : [...clicks, name];
  renderInput();
}

function cancelInput() {
  clicks = [];
  renderInput();
}

board.addEventListener("click", (event) => {
  const place = event.target.closest("[data-name], [data-at]");
  if (!place || !myTurn()) return;
  const name = place.dataset.name ?? place.dataset.at;
  if (clicks.includes(name) || place.classList.contains("target")) take(name);
});

board.addEventListener("keydown", (event) => {
  if (event.key !== "Enter" && event.key !== " ") return;
  const place = event.target.closest(".target, .selected");
  if (!place || !myTurn()) return;
  event.preventDefault();
  take(place.dataset.name ?? place.dataset.at);
});

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && clicks.length) cancelInput();
});

const previews = new Map();
let previewing = null;

async function showPreview(move) {
  previewing = move;
  const key = `${page.view.version}:${move}`;
  try {
    if (!previews.has(key)) previews.set(key, await fetchText(`/api/games/${page.gameId}/svg?after=${encodeURIComponent(move)}`));
  } catch (error) {
    if (previewing === move && myTurn()) showError(error.message); // else the move was played
    return;
  }
  if (previewing !== move) return;
  preview.innerHTML = previews.get(key);
  preview.hidden = false;
  board.classList.add("hidden-under-preview");
}

function hidePreview() {
  previewing = null;
  preview.hidden = true;
  preview.replaceChildren();
  board.classList.remove("hidden-under-preview");
}
