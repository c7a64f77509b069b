// The game page: the board, input by pointing, the live updates, replay, undo, hint, resign,
// draw offers.
//
// The page knows no rules: the view lists the legal moves, and for each the steps by which it is
// entered (input_steps); clicks on the board's places (data-name) and on buttons pick steps.
import { api, createdKey, el, showError } from "./common.js";

const gameId = decodeURIComponent(location.pathname.split("/").pop());
let token = new URLSearchParams(location.search).get("token");
const $ = (id) => document.getElementById(id);
const board = $("board");
const preview = $("preview");
const choices = $("choices");

let view = null; // the latest view of the game
let you = []; // the seats this page's token holds
let clicks = []; // the names clicked so far for the move being built
let replayPly = null; // the ply shown while replaying, or null for the live position
let hint = null; // {move, why} for the current version, or null
let colours = {};
let askingResign = false;
let sending = false;

// --- input ----------------------------------------------------------------------------------

function myTurn() {
  return Boolean(view) && !view.over && view.to_move !== null && you.includes(view.to_move)
    && replayPly === null && !sending;
}

/** The legal moves (with their steps) that agree with the clicks so far. */
function candidates() {
  const found = [];
  view.legal_moves.forEach((move, index) => {
    const steps = view.input_steps[index];
    if (steps.length >= clicks.length && clicks.every((name, i) => steps[i].includes(name))) {
      found.push({ move, steps });
    }
  });
  return found;
}

function boardNames() {
  return new Set([...board.querySelectorAll("[data-name]")].map((node) => node.dataset.name));
}

/** The place called ``name`` and the pieces drawn on it (which take its clicks). */
function placesNamed(name) {
  const quoted = CSS.escape(name);
  return board.querySelectorAll(`[data-name="${quoted}"], [data-at="${quoted}"]`);
}

/** Highlight the clickable places, list the word steps and the finished candidates. */
function renderInput() {
  clearInput();
  if (!myTurn()) {
    clicks = [];
    return;
  }
  const found = candidates();
  const complete = found.filter((candidate) => candidate.steps.length === clicks.length);
  if (found.length === 1 && complete.length === 1) {
    send(complete[0].move);
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
        onclick: () => send(move),
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
}

function clearInput() {
  board.querySelectorAll(".target, .selected").forEach((node) => node.classList.remove("target", "selected"));
  board.querySelectorAll("[tabindex]").forEach((node) => ["tabindex", "role", "aria-label"].forEach((key) => node.removeAttribute(key)));
  hidePreview();
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
  const key = `${view.version}:${move}`;
  try {
    if (!previews.has(key)) previews.set(key, await fetchText(`/api/games/${gameId}/svg?after=${encodeURIComponent(move)}`));
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

async function fetchText(path) {
  const answer = await fetch(path);
  const text = await answer.text();
  if (!answer.ok) {
    let message = `${answer.status} ${answer.statusText}`;
    try {
      message = JSON.parse(text).error || message;
    } catch {
      // not JSON: keep the status line
    }
    throw new Error(message);
  }
  return text;
}

// --- requests -------------------------------------------------------------------------------

/** POST to the game's API with the token; show the new view, or the server's error. */
async function post(action, extra = {}) {
  try {
    const answer = await api(`/api/games/${gameId}/${action}`, { method: "POST", token, body: extra });
    showError("");
    accept(answer);
    return true;
  } catch (error) {
    showError(error.message);
    return false;
  }
}

async function send(move) {
  if (sending) return;
  sending = true;
  clicks = [];
  clearInput();
  choices.append(el("span", { class: "muted" }, `Playing ${move}…`));
  updateDataset();
  const played = await post("moves", { move, ply: view.ply });
  sending = false;
  if (played) render();
  else await refresh();
}

async function askHint() {
  const box = $("hint-text");
  box.hidden = false;
  box.textContent = "Thinking about a hint…";
  try {
    hint = { ...(await api(`/api/games/${gameId}/hint`, { token })), version: view.version };
    showError("");
    render();
  } catch (error) {
    box.hidden = true;
    showError(error.message);
  }
}

function renderHint() {
  const box = $("hint-text");
  if (!hint || hint.version !== view.version) {
    hint = null;
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.replaceChildren(el("strong", {}, `Hint: ${hint.move}`), ` — ${hint.why}`);
  const index = view.legal_moves.indexOf(hint.move);
  if (index < 0 || replayPly !== null) return;
  for (const step of view.input_steps[index]) {
    for (const name of step) placesNamed(name).forEach((node) => node.classList.add("hint"));
  }
}

async function refresh() {
  try {
    accept(await api(`/api/games/${gameId}`), true);
  } catch (error) {
    showError(error.message);
  }
}

// --- showing the game -----------------------------------------------------------------------

/** Take a view from the server, unless an answer newer than it was already shown. */
function accept(next, force = false) {
  if (!force && view && next.version < view.version) return;
  if (!view || next.ply !== view.ply || next.to_move !== view.to_move || next.over !== view.over) clicks = [];
  view = next;
  render();
}

/** A move of the list for people: endings (``resign 1``, ``timeout 1``) name the seat. */
function moveText(move) {
  const [word, seat] = move.split(" ");
  if (word === "resign" && view.seats[seat]) return `${seatLabel(Number(seat))} resigns`;
  if (word === "timeout" && view.seats[seat]) return `${seatLabel(Number(seat))} runs out of time`;
  return move === "draw agreed" ? "Draw agreed" : move;
}

function seatLabel(seat) {
  const { name, color } = view.seats[seat];
  return name === color ? name : `${name} (${color})`;
}

function turnText() {
  if (view.over) {
    const outcome = view.outcome;
    if (!outcome) return "The game is over.";
    const winners = outcome.winners.map(seatLabel);
    const result = winners.length === 0 ? "A draw" : `${winners.join(" and ")} ${winners.length > 1 ? "win" : "wins"}`;
    return `Game over: ${result} — ${outcome.reason}.`;
  }
  if (view.to_move === null) return "";
  const who = you.includes(view.to_move) ? (you.length > 1 ? `Your turn: ${seatLabel(view.to_move)}` : "Your turn") : `${seatLabel(view.to_move)} to move`;
  return view.thinking && !you.includes(view.to_move) ? `${who} (thinking…)` : `${who}.`;
}

function renderSeats() {
  $("seats").replaceChildren(
    ...view.seats.map((seat) => {
      const mine = you.includes(seat.seat);
      const out = !view.in_game.includes(seat.seat);
      return el(
        "li",
        { class: `seat${seat.seat === view.to_move ? " to-move" : ""}${mine ? " mine" : ""}${out ? " out" : ""}`, dataset: { seat: seat.seat } },
        el("span", { class: "swatch", style: `background:${colours[seat.color.toLowerCase()] || "#999"}`, title: seat.color }),
        el("span", { class: "seat-name" }, seat.name),
        el("span", { class: "seat-kind muted" }, seat.kind === "human" ? seat.color : `${seat.color}, computer: ${seat.kind}`),
        mine ? el("span", { class: "you-badge" }, "you") : null,
        out ? el("span", { class: "out-badge" }, "left the game") : null,
        el("span", { class: "seat-score" }, String(view.scores[seat.seat] ?? "")),
      );
    }),
  );
}

function canReplay() {
  return view.over || you.length === 0;
}

function renderMoves() {
  const shown = replayPly === null ? view.ply : replayPly;
  $("moves").replaceChildren(
    ...view.moves.map((move, index) => {
      const current = index + 1 === shown;
      return el("li", { class: current ? "current" : null },
        canReplay()
          ? el("button", { type: "button", class: "move-link", "aria-label": `Show the position after move ${index + 1}, ${moveText(move)}`, onclick: () => replayTo(index + 1) }, moveText(move))
          : el("span", {}, moveText(move)),
      );
    }),
  );
  const current = $("moves").querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

function renderReplay() {
  const panel = $("replay");
  panel.hidden = !canReplay();
  if (panel.hidden) {
    replayPly = null;
    return;
  }
  const shown = replayPly === null ? view.ply : replayPly;
  $("replay-ply").textContent = `${shown} / ${view.ply}`;
  $("replay-first").disabled = $("replay-prev").disabled = shown === 0;
  $("replay-next").disabled = $("replay-last").disabled = shown === view.ply;
}

let boardFor = null; // what the board shows: "live:VERSION" or "ply:N"

async function renderBoard() {
  if (replayPly === null) {
    const key = `live:${view.version}`;
    if (boardFor !== key) {
      board.innerHTML = view.svg;
      boardFor = key;
    }
    return;
  }
  const key = `ply:${replayPly}`;
  if (boardFor === key) return;
  const wanted = replayPly;
  try {
    const svg = await fetchText(`/api/games/${gameId}/svg?ply=${wanted}`);
    if (replayPly !== wanted) return;
    board.innerHTML = svg;
    boardFor = key;
  } catch (error) {
    showError(error.message);
  }
}

function renderActions() {
  const playing = you.some((seat) => view.in_game.includes(seat));
  const open = playing && !view.over;
  $("undo").hidden = !open;
  $("undo").disabled = view.moves.length === 0 || view.undo_request !== null;
  $("hint").hidden = !open;
  $("hint").disabled = !myTurn();
  $("resign").hidden = !open;
  $("resign-confirm").hidden = !(open && askingResign);
  $("offer-draw").hidden = !open;
  $("offer-draw").disabled = view.draw_offer !== null;
  renderDrawOffer(open);
  const request = view.undo_request;
  const panel = $("undo-request");
  if (request !== null && playing && !you.includes(request)) {
    panel.hidden = false;
    $("undo-request-text").textContent = `${seatLabel(request)} asks to take back their last move.`;
    $("accept-undo").hidden = $("decline-undo").hidden = false;
  } else if (request !== null && you.includes(request)) {
    panel.hidden = false;
    $("undo-request-text").textContent = "You asked to take back your last move; waiting for the answer.";
    $("accept-undo").hidden = $("decline-undo").hidden = true;
  } else {
    panel.hidden = true;
  }
  $("save").href = `/api/games/${gameId}/record`;
  $("save").setAttribute("download", `trigames-${gameId}.json`);
}

function renderDrawOffer(open) {
  const offer = view.draw_offer;
  const panel = $("draw-offer");
  panel.hidden = !(open && offer !== null);
  if (panel.hidden) return;
  const mine = you.filter((seat) => view.in_game.includes(seat));
  const waiting = view.in_game.filter((seat) => !offer.includes(seat) && view.seats[seat].kind === "human");
  const answering = mine.some((seat) => waiting.includes(seat));
  $("draw-offer-text").textContent = answering
    ? `${seatLabel(offer[0])} offers a draw.`
    : `You offered a draw; waiting for ${waiting.map(seatLabel).join(" and ")}.`;
  $("accept-draw").hidden = $("decline-draw").hidden = !answering;
}

function renderLinks() {
  const stored = localStorage.getItem(createdKey(gameId));
  const box = $("links");
  if (!stored) {
    box.hidden = true;
    return;
  }
  const created = JSON.parse(stored);
  const links = created.seats.filter((seat) => seat.link);
  const shared = new Set(links.map((seat) => seat.token)).size < links.length;
  box.replaceChildren(
    el("h2", {}, "Links to share"),
    el("ul", {},
      ...(shared ? links.slice(0, 1) : links).map((seat) => el("li", {},
        el("a", { class: "seat-link", href: seat.link, dataset: { seat: seat.seat } },
          shared ? "All human seats (hot seat)" : `Seat ${seat.seat}: ${seat.name}`),
        you.includes(seat.seat) ? el("span", { class: "muted" }, " (this page)") : null,
      )),
      el("li", {}, el("a", { class: "spectator-link", href: created.spectator_link }, "Spectators")),
    ),
  );
  box.hidden = false;
}

function render() {
  document.title = `${view.title} · trigames`;
  $("title").textContent = `${view.title}${view.game.includes("(") ? ` — ${view.game}` : ""}`;
  $("turn").textContent = turnText();
  $("status").textContent = view.status;
  $("last-move").textContent = view.last_move || "No move yet.";
  renderSeats();
  renderReplay();
  renderMoves();
  renderActions();
  renderLinks();
  const painted = renderBoard();
  const finish = () => {
    renderInput();
    renderHint();
    updateDataset();
  };
  if (replayPly === null) finish();
  else painted.then(finish);
}

/** For tests and styles: the state of the page, on <body data-...>. */
function updateDataset() {
  Object.assign(document.body.dataset, {
    ply: String(view.ply),
    toMove: view.to_move === null ? "" : String(view.to_move),
    over: String(view.over),
    thinking: String(view.thinking),
    myTurn: String(myTurn()),
    shown: String(replayPly === null ? view.ply : replayPly),
  });
}

function replayTo(ply) {
  replayPly = Math.max(0, Math.min(ply, view.ply));
  if (replayPly === view.ply) replayPly = null;
  render();
}

// --- the live connection --------------------------------------------------------------------

let delay = 500;

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  const socket = new WebSocket(`${scheme}://${location.host}/api/games/${gameId}/ws${query}`);
  let first = true;
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type !== "state") return;
    delay = 500;
    you = message.you;
    document.body.dataset.connected = "true";
    accept(message.view, first); // after a reconnection the server may have restarted
    first = false;
  });
  socket.addEventListener("close", (event) => {
    document.body.dataset.connected = "false";
    if (event.code >= 4400 && event.code < 4500) {
      showError(event.reason || "the server refused this page's connection");
      return;
    }
    setTimeout(() => {
      refresh();
      connect();
    }, delay);
    delay = Math.min(delay * 2, 10000);
  });
}

function newGame() {
  const query = new URLSearchParams({ game: view.game });
  for (const seat of view.seats) query.append("seat", `${seat.kind}:${seat.name}`);
  const stored = localStorage.getItem(createdKey(gameId));
  if (stored) {
    const created = JSON.parse(stored);
    const tokens = created.seats.filter((seat) => seat.token).map((seat) => seat.token);
    if (tokens.length > 1 && new Set(tokens).size === 1) query.set("hotseat", "1");
  }
  location.href = `/?${query}`;
}

async function start() {
  $("replay-first").addEventListener("click", () => replayTo(0));
  $("replay-prev").addEventListener("click", () => replayTo((replayPly ?? view.ply) - 1));
  $("replay-next").addEventListener("click", () => replayTo((replayPly ?? view.ply) + 1));
  $("replay-last").addEventListener("click", () => replayTo(view.ply));
  $("undo").addEventListener("click", () => post("undo"));
  $("accept-undo").addEventListener("click", () => post("undo/accept", { ply: view.ply }));
  $("decline-undo").addEventListener("click", () => post("undo/decline", { ply: view.ply }));
  $("hint").addEventListener("click", askHint);
  $("resign").addEventListener("click", () => {
    askingResign = true;
    render();
    $("confirm-resign").focus();
  });
  $("cancel-resign").addEventListener("click", () => {
    askingResign = false;
    render();
  });
  $("confirm-resign").addEventListener("click", async () => {
    askingResign = false;
    await post("resign");
  });
  $("offer-draw").addEventListener("click", () => post("draw"));
  $("accept-draw").addEventListener("click", () => post("draw/accept", { ply: view.ply }));
  $("decline-draw").addEventListener("click", () => post("draw/decline", { ply: view.ply }));
  $("new-game").addEventListener("click", newGame);
  try {
    colours = (await api("/api/catalog")).colours;
  } catch {
    colours = {};
  }
  if (token) {
    try {
      you = (await api(`/api/games/${gameId}/seats`, { token })).seats;
    } catch (error) {
      showError(`${error.message}; this page only watches the game`);
      token = null;
    }
  }
  await refresh();
  connect();
}

start();
