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
let pending = null; // with "confirm moves" on: the finished move waiting for its Play button
const confirming = $("confirm-moves");
confirming.checked = localStorage.getItem("trigames:confirm-moves") === "true";
confirming.addEventListener("change", () => {
  localStorage.setItem("trigames:confirm-moves", String(confirming.checked));
});

/** Tell the input how to play a finished move. */
export function onMove(send) {
  sendMove = send;
  onGhostMove(play); // a move chosen by its picture is confirmed too, when that is asked for
}

/** Forget the clicks so far (the position changed). */
export function resetInput() {
  clicks = [];
  pending = null;
}

/** Play a finished move: at once, or (with "confirm moves" on) once its Play button says so,
 * the board showing the position it makes meanwhile. */
function play(move) {
  if (!confirming.checked) {
    sendMove(move);
    return;
  }
  pending = move;
  renderInput();
}

/** The guidance line: what to do now, from the game's own words and the clicks so far. */
function guide(found, next, words, complete) {
  let now;
  if (pending) now = `check the move shown, then play it (${pending}) or cancel`;
  else if (!clicks.length) now = page.view.guide || "tap a marked place";
  else if (next.size > words.length) now = words.length ? "tap a marked place, or choose below" : "tap a marked place to go on";
  else now = complete.length ? "choose the move below" : "choose one of the buttons below";
  const turn = $("turn");
  const clock = turn.querySelector(".turn-clock"); // clock.js's countdown stays
  turn.textContent = `${page.you.length > 1 ? `Your turn (${page.view.seats[page.view.to_move].name})` : "Your turn"}: ${now}.`;
  if (clock) turn.append(" ", clock);
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
    Object.entries({ tabindex: "0", role: "button", "aria-label": name }).forEach(([key, value]) => nodes[0].setAttribute(key, value));
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
    choices.append(el("button", { type: "button", id: "cancel-input", onclick: cancelInput }, "Cancel (Esc)"));
  }
  guide(found, next, words, complete);
  showGhosts(found, clicks); // pictures of the choices (ghost.js)
}

/** A move waiting to be confirmed: its places stay chosen, the board shows what it makes. */
function renderPending() {
  const index = page.view.legal_moves.indexOf(pending);
  for (const step of page.view.input_steps[index] || []) {
    for (const name of step) if (clicks.includes(name)) placesNamed(name).forEach((node) => node.classList.add("selected"));
  }
  showPreview(pending);
  choices.append(
    el("button", { type: "button", id: "confirm-move", class: "primary", onclick: () => sendMove(pending) }, `Play ${pending}`),
    el("button", { type: "button", id: "cancel-input", onclick: cancelInput }, "Cancel (Esc)"),
  );
  guide([], new Set(), [], []);
}

/** The choices below the board never shrink while the page is open: a long list of choices
 * (TRANGLAR's pieces and actions) that went away after a move would shorten the page, and a
 * player scrolled down to it would see the page jump. */
function keepChoicesHeight() {
  const height = choices.offsetHeight;
  if (height > parseFloat(choices.style.minHeight || "0")) choices.style.minHeight = `${height}px`;
}

export function clearInput() {
  keepChoicesHeight();
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
  pending = null;
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
  if (event.key === "Escape" && (clicks.length || pending)) cancelInput();
});

const previews = new Map();
let previewing = null;

async function showPreview(move) {
  previewing = move;
  const key = `${page.view.version}:${move}`;
  try {
    const query = new URLSearchParams({ after: move, ply: page.view.ply });
    if (!previews.has(key)) previews.set(key, await fetchText(`/api/games/${page.gameId}/svg?${query}`));
  } catch (error) {
    // asked too late (the game moved on: 409), or the move was played meanwhile: say nothing
    if (previewing === move && myTurn() && !error.message.includes("has moved on")) showError(error.message);
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
