// The game page: the board, the live updates, replay, undo, hint, resign, draw offers; input by
// pointing is input.js's.
//
// The page knows no rules: the view lists the legal moves, and for each the steps by which it is
// entered (input_steps); clicks on the board's places (data-name) and on buttons pick steps.
import { account, onAccountChange } from "./account.js";
import { announce, news } from "./announce.js";
import { renderClock } from "./clock.js";
import { api, createdKey, el, showError } from "./common.js";
import { fitBoard as fitTo, toggleWhole } from "./fit.js";
import { setupDescribe } from "./describe.js";
import { clearInput, onMove, renderInput, resetInput } from "./input.js";
import { declinedText, names, resultText } from "./outcome.js";
import { $, board, fetchText, myTurn, page, placesNamed } from "./page.js";
import { renderReview, startReview } from "./review.js";
import { forgetSeat, holdSeat, tokenFor } from "./seats.js";
import { beep, setupSound } from "./sound.js";
import { keepRoom, reserveMoveBar, watchedLine } from "./steady.js";
import { setupTyping } from "./typing.js";
import { levelName, localised, say, sayDrawn, t } from "./words.js";

const choices = $("choices");
let hint = null; // {move, why} for the current version, or null
let colours = {};
let askingResign = false;

// --- requests -------------------------------------------------------------------------------

/** POST to the game's API with the token; show the change it made, or the server's error. */
async function post(action, extra = {}) {
  try {
    const answer = await api(`/api/games/${page.gameId}/${action}`, { method: "POST", token: page.token, body: extra });
    showError("");
    await applyChange(answer);
    return true;
  } catch (error) {
    showError(error.message);
    return false;
  }
}

/** Play a move: over the page's WebSocket when it is open (the change comes back on it, as
 * to every page), else by a request. */
async function send(move) {
  if (page.sending) return;
  page.sending = true;
  resetInput();
  clearInput();
  choices.append(el("span", { class: "muted" }, t("Playing {move}…", { move })));
  updateDataset();
  const ply = page.view.ply;
  const played = live.socket && live.socket.readyState === WebSocket.OPEN
    ? await playOverSocket(move, ply)
    : await post("moves", { move, ply });
  page.sending = false;
  if (played) render();
  else await refresh();
}

/** Send a move over the WebSocket; true once its change came back, false if it was refused
 * (the reason shown) or nothing came within 15 s. */
function playOverSocket(move, ply) {
  return new Promise((resolve) => {
    const done = (played) => {
      clearTimeout(timer);
      live.waiting = null;
      resolve(played);
    };
    const timer = setTimeout(() => done(false), 15000);
    live.waiting = { ply, done };
    live.socket.send(JSON.stringify({ type: "move", move, ply }));
  });
}

async function askHint() {
  const box = $("hint-text");
  box.hidden = false;
  box.textContent = t("Thinking about a hint…");
  try {
    hint = { ...(await api(`/api/games/${page.gameId}/hint`, { token: page.token })), version: page.view.version };
    showError("");
    render();
  } catch (error) {
    box.hidden = true;
    showError(error.message);
  }
}

function renderHint() {
  const box = $("hint-text");
  if (!hint || hint.version !== page.view.version) {
    hint = null;
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.replaceChildren(el("strong", {}, t("Hint: {move}", { move: hint.move })), " — ", say(hint.why_said ?? hint.why));
  const index = page.view.legal_moves.indexOf(hint.move);
  if (index < 0 || page.replayPly !== null) return;
  for (const step of page.view.input_steps[index]) {
    for (const name of step) placesNamed(name).forEach((node) => node.classList.add("hint"));
  }
}

async function refresh() {
  try {
    accept(await api(`/api/games/${page.gameId}`), true);
  } catch (error) {
    showError(error.message);
  }
}

// --- showing the game -----------------------------------------------------------------------

/** Take a whole view from the server, unless a newer one was already shown. */
function accept(view, force = false) {
  if (!force && page.view && view.version < page.view.version) return;
  const next = localised(view);
  if (othersMoved(next)) beep();
  if (!page.view || next.ply !== page.view.ply || next.to_move !== page.view.to_move || next.over !== page.view.over) resetInput();
  noteAnswers(page.view, next);
  const before = page.view;
  page.view = next;
  render();
  if (before) announce(news(before, next, () => (next.outcome ? resultText(next).join(". ") : t("The game is over."))));
}

/** What the move bar says of an answer to this page's draw offer or undo request: a decline
 * (the offer or request gone, with no move made and the game going on), until the next move. */
let answerNews = null;

function noteAnswers(before, next) {
  if (!before || next.ply !== before.ply || next.draw_offer || next.undo_request !== null) answerNews = null;
  if (!before || next.ply !== before.ply || next.over || !page.you.length) return;
  const offer = before.draw_offer;
  if (offer && next.draw_offer === null && offer.some((seat) => page.you.includes(seat))) {
    const waiting = before.in_game.filter((seat) => !offer.includes(seat) && before.seats[seat].kind === "human");
    answerNews = declinedText(next, waiting, "draw");
  }
  const asker = before.undo_request;
  if (asker !== null && next.undo_request === null && page.you.includes(asker)) {
    const others = before.in_game.filter((seat) => seat !== asker && before.seats[seat].kind === "human");
    answerNews = declinedText(next, others, "undo");
  }
}

/** Whether ``next`` adds a move made by another player than this page's. */
function othersMoved(next) {
  if (!page.view || next.ply <= page.view.ply || !page.you.length) return false;
  const mover = (next.movers || [])[next.ply - 1];
  return mover !== null && mover !== undefined && !page.you.includes(mover);
}

/** What a change carries whole (the rest: moves added, seats if changed, the legal moves for
 * the seat to move, the board's edits). */
const CHANGED = ["version", "ply", "to_move", "over", "thinking", "in_game", "scores", "status", "last_move", "said", "outcome",
  "highlights", "undo_request", "draw_offer", "rematch", "clock", "deadline", "now"];

let changing = Promise.resolve(); // the changes being made, one after another

/** Make a change the server sent (over the WebSocket, or in answer to a request) on the view it
 * was made from, after those that came before it. */
function applyChange(change) {
  changing = changing.then(() => makeChange(change));
  return changing;
}

/** A page that holds another version than the change's base, or a change without the board's
 * edits, reads the whole view again. */
async function makeChange(change) {
  if (!page.view || change.version <= page.view.version) return; // shown already
  if (change.base !== page.view.version || change.board === null) {
    await refresh();
    return;
  }
  const next = { ...page.view };
  for (const key of CHANGED) next[key] = change[key];
  next.moves = [...next.moves.slice(0, change.kept), ...change.added];
  next.movers = [...next.movers.slice(0, change.kept), ...change.added_movers];
  if (change.seats) next.seats = change.seats;
  next.legal_moves = change.legal_moves ?? [];
  next.input_steps = change.input_steps ?? [];
  next.guide = change.guide ?? null;
  next.guide_said = change.guide_said ?? null;
  next.step_words = change.step_words ?? {};
  const lines = next.svg.split("\n");
  for (const [index, remove, added] of [...change.board].reverse()) lines.splice(index, remove, ...added);
  next.svg = lines.join("\n");
  accept(next);
}

/** A move of the list for people: endings (``resign 1``, ``timeout 1``) name the seat. */
function moveText(move) {
  const [word, seat] = move.split(" ");
  if (word === "resign" && page.view.seats[seat]) return t("{seat} resigns", { seat: seatLabel(Number(seat)) });
  if (word === "timeout" && page.view.seats[seat]) return t("{seat} runs out of time", { seat: seatLabel(Number(seat)) });
  return move === "draw agreed" ? t("Draw agreed") : move;
}

function seatLabel(seat) {
  const { name, color } = page.view.seats[seat];
  return name === color ? name : `${name} (${color})`;
}

function swatch(seat) {
  const { color, swatch: fill } = page.view.seats[seat];
  return el("span", { class: "swatch", style: `background:${fill || colours[color.toLowerCase()] || "#999"}`, title: color });
}

function turnText() {
  const { over, outcome, to_move: mover, thinking } = page.view;
  if (over) return outcome ? t("Game over. {result}.", { result: resultText(page.view)[0] }) : t("The game is over.");
  if (mover === null) return "";
  const seat = seatLabel(mover);
  if (page.you.includes(mover)) return page.you.length > 1 ? t("Your turn: {seat}.", { seat }) : t("Your turn.");
  return thinking ? t("{seat} to move (thinking…)", { seat }) : t("{seat} to move.", { seat });
}

function renderSeats() {
  $("seats").replaceChildren(
    ...page.view.seats.map((seat) => {
      const mine = page.you.includes(seat.seat);
      const out = !page.view.in_game.includes(seat.seat);
      return el(
        "li",
        { class: `seat${seat.seat === page.view.to_move ? " to-move" : ""}${mine ? " mine" : ""}${out ? " out" : ""}`, dataset: { seat: seat.seat } },
        swatch(seat.seat),
        el("span", { class: "seat-name" }, seat.name),
        el("span", { class: "seat-kind muted" }, seat.open ? t("{colour}, open: anyone may take it", { colour: seat.color })
          : seat.kind === "human" ? seat.color : t("{colour}, computer: {level}", { colour: seat.color, level: levelName(seat.kind) })),
        mine ? el("span", { class: "you-badge" }, t("you")) : null,
        out ? el("span", { class: "out-badge" }, t("left the game")) : null,
        el("span", { class: "seat-score" }, String(page.view.scores[seat.seat] ?? "")),
      );
    }),
  );
}

/** Who made move ``index`` of the list: a seat, or null (a draw agreed). */
function moverOf(index) {
  const movers = page.view.movers || [];
  return index < movers.length ? movers[index] : null;
}

/** The move list: each move with who made it (colour and name); any move shows the position
 * after it, while the live game goes on. The list scrolls inside itself, never the page. */
function renderMoves() {
  const shown = page.replayPly === null ? page.view.ply : page.replayPly;
  const list = $("moves");
  const focused = list.contains(document.activeElement); // the keyboard steps through the list
  list.replaceChildren(
    ...page.view.moves.map((move, index) => {
      const mover = moverOf(index);
      const current = index + 1 === shown;
      const said = moveText(move);
      const who = mover === null ? null : page.view.seats[mover].name;
      return el("li", { class: current ? "current" : null, dataset: { mover: mover ?? "" } },
        el("span", { class: "move-number", "aria-hidden": "true" }, `${index + 1}.`),
        mover === null ? null : swatch(mover),
        who === null || said.startsWith(seatLabel(mover)) ? null : el("span", { class: "mover", title: who }, who),
        el("button", {
          type: "button",
          class: "move-link",
          "aria-current": current ? "step" : null,
          "aria-label": who
            ? t("Show the position after move {number} by {name}, {move}", { number: index + 1, name: who, move: said })
            : t("Show the position after move {number}, {move}", { number: index + 1, move: said }),
          onclick: () => replayTo(index + 1),
        }, said),
      );
    }),
  );
  const current = list.querySelector(".current");
  if (current) {  // bring it into the list's view without moving the page
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }
  if (focused) (list.querySelector(".current button") ?? list.querySelector("button"))?.focus({ preventScroll: true });
}

function renderReplay() {
  const panel = $("replay");
  panel.hidden = page.view.ply === 0;
  const shown = page.replayPly === null ? page.view.ply : page.replayPly;
  $("replay-ply").textContent = `${shown} / ${page.view.ply}`;
  $("replay-first").disabled = $("replay-prev").disabled = shown === 0;
  $("replay-next").disabled = $("replay-last").disabled = shown === page.view.ply;
  const looking = $("looking-back");
  looking.hidden = page.replayPly === null;
  if (!looking.hidden) {
    const at = { number: page.replayPly, total: page.view.ply };
    $("looking-back-text").textContent = page.view.over
      ? t("Looking back at the position after move {number} of {total}.", at)
      : t("Looking back at the position after move {number} of {total}: the game goes on.", at);
  }
}

let boardFor = null; // what the board shows: "live:VERSION" or "ply:N"

async function renderBoard() {
  if (page.replayPly === null) {
    const key = `live:${page.view.version}`;
    if (boardFor !== key) {
      board.innerHTML = page.view.svg;
      sayDrawn(board);
      boardFor = key;
      fitBoard();
    }
    return;
  }
  const key = `ply:${page.replayPly}`;
  if (boardFor === key) return;
  const wanted = page.replayPly;
  try {
    const svg = await fetchText(`/api/games/${page.gameId}/svg?ply=${wanted}`);
    if (page.replayPly !== wanted) return;
    board.innerHTML = svg;
    sayDrawn(board);
    boardFor = key;
    fitBoard();
  } catch (error) {
    showError(error.message);
  }
}

/** The board as large as a finger needs (fit.js). */
function fitBoard() {
  fitTo(board, $("zoom"));
}

function renderActions() {
  const playing = page.you.some((seat) => page.view.in_game.includes(seat));
  const open = playing && !page.view.over;
  $("undo").hidden = !open || page.view.rated; // a rated game has no take-backs
  $("rated-note").hidden = !page.view.rated;
  $("undo").disabled = page.view.moves.length === 0 || page.view.undo_request !== null;
  $("hint").hidden = !open;
  $("confirm-setting").hidden = !open;
  $("hint").disabled = !myTurn();
  $("resign").hidden = !open;
  $("resign-confirm").hidden = !(open && askingResign);
  $("offer-draw").hidden = !open;
  $("offer-draw").disabled = page.view.draw_offer !== null;
  renderDrawOffer(open);
  const request = page.view.undo_request;
  const panel = $("undo-request");
  if (request !== null && playing && !page.you.includes(request)) {
    panel.hidden = false;
    $("undo-request-text").textContent = t("{seat} asks to take back their last move.", { seat: seatLabel(request) });
    $("accept-undo").hidden = $("decline-undo").hidden = false;
  } else if (request !== null && page.you.includes(request)) {
    panel.hidden = false;
    $("undo-request-text").textContent = t("You asked to take back your last move; waiting for the answer.");
    $("accept-undo").hidden = $("decline-undo").hidden = true;
  } else {
    panel.hidden = true;
  }
  $("answer-news").textContent = answerNews ?? "";
  $("answer-news").hidden = answerNews === null;
  $("save").href = `/api/games/${page.gameId}/record`;
  $("save").setAttribute("download", `trigames-${page.gameId}.json`);
}

function renderDrawOffer(open) {
  const offer = page.view.draw_offer;
  const panel = $("draw-offer");
  panel.hidden = !(open && offer !== null);
  if (panel.hidden) return;
  const mine = page.you.filter((seat) => page.view.in_game.includes(seat));
  const waiting = page.view.in_game.filter((seat) => !offer.includes(seat) && page.view.seats[seat].kind === "human");
  const answering = mine.some((seat) => waiting.includes(seat));
  $("draw-offer-text").textContent = answering
    ? t("{seat} offers a draw.", { seat: seatLabel(offer[0]) })
    : t("You offered a draw; waiting for {names}.", { names: names(waiting.map(seatLabel)) });
  $("accept-draw").hidden = $("decline-draw").hidden = !answering;
}

function renderLinks() {
  const stored = localStorage.getItem(createdKey(page.gameId));
  const box = $("links");
  if (!stored) {
    box.hidden = true;
    return;
  }
  const created = JSON.parse(stored);
  const links = created.seats.filter((seat) => seat.link);
  const shared = new Set(links.map((seat) => seat.token)).size < links.length;
  box.replaceChildren(
    el("h2", {}, t("Links to share")),
    el("ul", {},
      ...(shared ? links.slice(0, 1) : links).map((seat) => el("li", {},
        el("a", { class: "seat-link", href: seat.link, dataset: { seat: seat.seat } },
          shared ? t("All human seats (hot seat)") : t("Seat {number}: {name}", { number: seat.seat, name: seat.name })),
        page.you.includes(seat.seat) ? el("span", { class: "muted" }, " ", t("(this page)")) : null,
      )),
      // the seats created open, as they are now: still open, or taken (the view says live)
      ...created.seats.filter((seat) => seat.open).map((seat) => page.view.seats[seat.seat].open
        ? el("li", { class: "open-seat" }, t("Seat {number}: open, for whoever joins from the spectators' link", { number: seat.seat }))
        : el("li", { class: "joined-seat" }, t("Seat {number}: {name} joined", { number: seat.seat, name: page.view.seats[seat.seat].name }))),
      el("li", {}, el("a", { class: "spectator-link", href: created.spectator_link }, t("Spectators"))),
    ),
  );
  box.hidden = false;
}

/** The result panel, announced when the game ends; the places that made the result lit. */
function renderResult() {
  const panel = $("result");
  if (!page.view.over || !page.view.outcome) {
    panel.hidden = true;
    return;
  }
  const [headline, how] = resultText(page.view);
  $("result-headline").textContent = headline;
  $("result-how").textContent = how;
  const playing = page.you.length > 0;
  $("rematch").hidden = !playing && !page.view.rematch;
  $("rematch").textContent = page.view.rematch ? (playing ? t("Go to the rematch") : t("Watch the rematch")) : t("Rematch");
  panel.hidden = false;
  if (page.replayPly === null) {
    for (const name of page.view.highlights || []) placesNamed(name).forEach((node) => node.classList.add("winning"));
  }
}

/** A page without a seat says that it watches, and how to play: by the seat's link, or by
 * taking an open seat; once the game is over, that it was watched to its end (the panel keeps
 * its height: the board under it does not move). */
function renderWatching() {
  const panel = $("watching");
  const before = panel.hidden ? 0 : panel.offsetHeight;
  panel.hidden = page.you.length > 0;
  panel.classList.toggle("ended", page.view.over);
  if (page.view.over && !panel.querySelector(".watching-ended")) panel.append(watchedLine());
  const open = page.view.over ? [] : page.view.seats.filter((seat) => seat.open);
  $("open-seats").hidden = open.length === 0;
  $("join-buttons").replaceChildren(...open.map((seat) => el("button", {
    type: "button", class: "primary join", dataset: { seat: seat.seat }, onclick: () => join(seat.seat),
  }, swatch(seat.seat), t("Play {colour}", { colour: seat.color }))));
  keepRoom(panel, before);
}

/** Take an open seat; the page then plays it (a page that holds a seat of the game keeps
 * its token, which then holds both). */
async function join(seat) {
  try {
    const joined = await api(`/api/games/${page.gameId}/join`, {
      method: "POST", token: page.token, body: { seat, name: $("join-name").value.trim() || null },
    });
    holdSeat(page.gameId, joined.token, { game: page.view.game, title: page.view.title });
    location.reload();
  } catch (error) {
    showError(error.message);
  }
}

/** Start the rematch (or go to it, when another player started it first): this browser's
 * token holds its seat there too. */
async function rematch() {
  let id = page.view.rematch;
  if (page.token || page.you.length) { // a seat of a link, or of the account
    try {
      id = (await api(`/api/games/${page.gameId}/rematch`, { method: "POST", token: page.token })).id;
    } catch (error) {
      showError(error.message);
      return;
    }
    if (page.token) holdSeat(id, page.token, { game: page.view.game, title: page.view.title });
  }
  if (id) location.href = `/games/${id}`;
}

/** Whether the game waits for a seat of this page's (the tab's title says so). */
function yourMove() {
  return !page.view.over && page.view.to_move !== null && page.you.includes(page.view.to_move);
}

function render() {
  const title = yourMove() ? t("Your turn · {title}", { title: page.view.title }) : page.view.title;
  document.title = `${title} · trigames`;
  $("title").textContent = `${page.view.title}${page.view.game.includes("(") ? ` — ${page.view.game}` : ""}`;
  $("turn").textContent = turnText();
  $("status").textContent = page.view.status;
  $("last-move").textContent = page.view.last_move || t("No move yet.");
  renderSeats();
  renderClock(page.view);
  renderWatching();
  renderReplay();
  renderMoves();
  renderActions();
  renderLinks();
  const painted = renderBoard();
  const finish = () => {
    renderInput();
    renderHint();
    renderResult();
    renderReview();
    updateDataset();
  };
  if (page.replayPly === null) finish();
  else painted.then(finish);
}

/** For tests and styles: the state of the page, on <body data-...>. */
function updateDataset() {
  Object.assign(document.body.dataset, {
    ply: String(page.view.ply),
    toMove: page.view.to_move === null ? "" : String(page.view.to_move),
    over: String(page.view.over),
    thinking: String(page.view.thinking),
    myTurn: String(myTurn()),
    shown: String(page.replayPly === null ? page.view.ply : page.replayPly),
  });
}

function replayTo(ply) {
  page.replayPly = Math.max(0, Math.min(ply, page.view.ply));
  if (page.replayPly === page.view.ply) page.replayPly = null;
  render();
}

// --- the live connection --------------------------------------------------------------------

let delay = 500;
/** The page's WebSocket while it is open, and the move sent over it that waits for its change. */
const live = { socket: null, waiting: null };

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = page.token ? `?token=${encodeURIComponent(page.token)}` : "";
  const socket = new WebSocket(`${scheme}://${location.host}/api/games/${page.gameId}/ws${query}`);
  let first = true;
  socket.addEventListener("open", () => {
    live.socket = socket;
  });
  socket.addEventListener("message", async (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "view") {
      delay = 500;
      page.you = message.you;
      document.body.dataset.connected = "true";
      accept(message.view, first); // after a reconnection the server may have restarted
      first = false;
      if (live.waiting && page.view.ply !== live.waiting.ply) live.waiting.done(true);
    } else if (message.type === "change") {
      await applyChange(message);
      if (live.waiting && page.view.ply !== live.waiting.ply) live.waiting.done(true);
    } else if (message.type === "error" && live.waiting) {
      showError(say(message.said ?? message.error));
      live.waiting.done(false);
    }
  });
  socket.addEventListener("close", (event) => {
    if (live.socket === socket) live.socket = null;
    if (live.waiting) live.waiting.done(false);
    document.body.dataset.connected = "false";
    if (event.code >= 4400 && event.code < 4500) {
      showError(event.reason || t("the server refused this page's connection"));
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
  const query = new URLSearchParams({ game: page.view.game });
  for (const seat of page.view.seats) query.append("seat", `${seat.kind}:${seat.stored_name}`);
  const stored = localStorage.getItem(createdKey(page.gameId));
  if (stored) {
    const created = JSON.parse(stored);
    const tokens = created.seats.filter((seat) => seat.token).map((seat) => seat.token);
    if (tokens.length > 1 && new Set(tokens).size === 1) query.set("hotseat", "1");
  }
  location.href = `/?${query}`;
}

/** On the replay's own controls (its buttons, the move list, "Back to the game"), the arrow keys
 * step through the game: left and right a move, Home and End the ends. Nowhere else: on the
 * board they go from place to place (pointing.js). */
function stepWithKeys(event) {
  if (!page.view || !event.target.closest?.("#replay, #moves, #looking-back") || event.altKey || event.ctrlKey || event.metaKey) return;
  const shown = page.replayPly ?? page.view.ply;
  const to = { ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: page.view.ply }[event.key];
  if (to === undefined || page.view.ply === 0) return;
  event.preventDefault();
  replayTo(to);
}

/** The seat this browser holds: the link's token (which then leaves the address bar), else
 * the one kept for this game. */
function takeSeatToken() {
  if (page.token) {
    history.replaceState(null, "", location.pathname);
  } else {
    page.token = tokenFor(page.gameId);
  }
}

async function start() {
  onMove(send);
  takeSeatToken();
  document.addEventListener("keydown", stepWithKeys);
  setupTyping();
  reserveMoveBar($("move-bar"));
  setupDescribe();
  // the rules open beside the game, so the game stays where it is
  document.querySelectorAll("header.site nav.rules-nav a").forEach((link) => Object.assign(link, { target: "_blank", rel: "noopener" }));
  $("back-to-game").addEventListener("click", () => replayTo(page.view.ply));
  $("rematch").addEventListener("click", rematch);
  $("result-new-game").addEventListener("click", newGame);
  $("replay-first").addEventListener("click", () => replayTo(0));
  $("replay-prev").addEventListener("click", () => replayTo((page.replayPly ?? page.view.ply) - 1));
  $("replay-next").addEventListener("click", () => replayTo((page.replayPly ?? page.view.ply) + 1));
  $("replay-last").addEventListener("click", () => replayTo(page.view.ply));
  $("undo").addEventListener("click", () => post("undo"));
  $("accept-undo").addEventListener("click", () => post("undo/accept", { ply: page.view.ply }));
  $("decline-undo").addEventListener("click", () => post("undo/decline", { ply: page.view.ply }));
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
  $("accept-draw").addEventListener("click", () => post("draw/accept", { ply: page.view.ply }));
  $("decline-draw").addEventListener("click", () => post("draw/decline", { ply: page.view.ply }));
  $("new-game").addEventListener("click", newGame);
  setupSound($("move-sound"));
  onAccountChange(() => location.reload()); // logged in or out: the page's seats change
  $("zoom").addEventListener("click", () => {
    toggleWhole();
    fitBoard();
  });
  let width = innerWidth;
  addEventListener("resize", () => {
    if (innerWidth !== width && page.replayPly === null) fitBoard();
    width = innerWidth;
  });
  try {
    colours = (await api("/api/catalog")).colours;
  } catch {
    colours = {};
  }
  if (page.token) {
    try {
      page.you = (await api(`/api/games/${page.gameId}/seats`, { token: page.token })).seats;
      holdSeat(page.gameId, page.token);
    } catch (error) {
      showError(t("{error}; this page only watches the game", { error: error.message }));
      forgetSeat(page.gameId);
      page.token = null;
    }
  }
  await takeAccountSeats();
  await refresh();
  startReview(replayTo);
  connect();
}

/** The seats the logged-in account plays here (a page opened without a link's token). */
async function takeAccountSeats() {
  const me = await account();
  if (me === null || page.token) return;
  try {
    page.you = (await api(`/api/games/${page.gameId}/seats`)).seats;
  } catch {
    page.you = []; // the WebSocket's first message says the seats again
  }
}

start();
