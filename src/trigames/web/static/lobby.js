// The lobby: a card for each game, whose buttons start a game against the computer or a friend
// in one click; behind "More options", the full form: choose a game, its variant and who plays
// each seat, and create it; list recent games; the account's games and the challenges
// (challenges.js).
import { account, onAccountChange } from "./account.js";
import { startChallenges } from "./challenges.js";
import { api, createdKey, el, showError, splitSpec } from "./common.js";
import { offerLessons } from "./newcomer.js";
import { forgetSeat, heldSeats, holdSeat } from "./seats.js";
import { gameItem, gameName, playersPhrase, winnersPhrase } from "./summaries.js";
import { levelName, say, seatName, t, tn } from "./words.js";

const gameSelect = document.getElementById("game");
const optionsInput = document.getElementById("options");
const seatRows = document.getElementById("seat-rows");
const createButton = document.getElementById("create");
const hotseat = document.getElementById("hotseat");
const clockSelect = document.getElementById("clock");
const recordFile = document.getElementById("record-file");
/** The largest record file the lobby sends (the server reads request bodies of 64 KiB). */
const MAX_RECORD_FILE = 60 * 1024;
/** The computer a card's "Play against the computer" button sets against you: the easiest. */
const COMPUTER = "easy";

let record = null; // a saved game to continue (its JSON), or null for a new game

const catalogLoaded = api("/api/catalog"); // a card's button may be clicked before it comes
let catalog = null;
let spec = null; // {game, title, seats: [colour names]} of the spec as typed, or null if invalid
let checking = 0; // the number of the latest spec check, so older answers are dropped

function specText() {
  const options = optionsInput.value.trim().replace(/^\(|\)$/g, "");
  return options ? `${gameSelect.value}(${options})` : gameSelect.value;
}

function kindChoices() {
  const { human, levels, kinds } = catalog.players;
  return [
    [human, t("Human")],
    ["open", t("Open: whoever joins")],
    ...[...levels, ...kinds].map((kind) => [kind, computerChoice(kind)]),
  ];
}

/** The menu's name of a computer player: "Computer: easy" (its level in the page's language). */
function computerChoice(kind) {
  return t("Computer: {kind}", { kind: levelName(kind) });
}

function seatRow(number, colour, kind, name) {
  const choices = kindChoices();
  if (!choices.some(([value]) => value === kind)) choices.push([kind, computerChoice(kind)]); // a record's
  const select = el(
    "select",
    { class: "seat-kind", id: `seat-kind-${number}`, "aria-label": t("Who plays seat {number}", { number }) },
    ...choices.map(([value, label]) => el("option", { value, selected: value === kind }, label)),
  );
  select.addEventListener("change", clockChoice);
  const input = el("input", {
    class: "seat-name",
    id: `seat-name-${number}`,
    placeholder: say(spec.seats_said[number]),
    value: name,
    maxlength: 40,
    "aria-label": t("Name for seat {number}", { number }),
  });
  const fill = spec.swatches[number] || catalog.colours[colour.toLowerCase()] || "#999";
  const swatch = el("span", { class: "swatch", style: `background:${fill}` });
  return el("div", { class: "seat-row" }, el("span", { class: "seat-colour" }, swatch, say(spec.seats_said[number])), select, input);
}

/** Rebuild the seat rows for the current spec, keeping what was chosen for each seat. */
function renderSeats(preset) {
  const kept = [...seatRows.querySelectorAll(".seat-row")].map((row) => [
    row.querySelector(".seat-kind").value,
    row.querySelector(".seat-name").value,
  ]);
  const chosen = preset || kept;
  seatRows.replaceChildren(
    ...spec.seats.map((colour, number) => {
      const [kind, name] = chosen[number] || [number === 0 ? catalog.players.human : "medium", ""];
      return seatRow(number, colour, kind, name);
    }),
  );
  clockChoice();
}

/** A clock only where it makes sense: two human players or more, not on one screen. */
function clockChoice() {
  const humans = [...seatRows.querySelectorAll(".seat-kind")].filter((select) => [catalog.players.human, "open"].includes(select.value)).length;
  const possible = humans >= 2 && !hotseat.checked;
  clockSelect.disabled = !possible;
  if (!possible) clockSelect.value = "";
}

/** The clock chosen, as the API takes it: {"per_move": 30}, {"days_per_move": 2} or null. */
function chosenClock() {
  if (clockSelect.disabled || !clockSelect.value) return null;
  const [key, amount] = clockSelect.value.split(":");
  return { [key]: Number(amount) };
}

/** A record file chosen: read it, and set the game and the seats from it. */
async function readRecord() {
  const file = recordFile.files[0];
  if (!file) return;
  const fail = (message) => {
    showError(`${file.name}: ${message}`);
    recordFile.value = "";
    clearRecord(false);
  };
  if (file.size > MAX_RECORD_FILE) {
    fail(t("a record sent to the server has at most {size} KB; continue this one in the terminal (trigames play --resume FILE)", { size: MAX_RECORD_FILE / 1024 }));
    return;
  }
  let found;
  try {
    found = JSON.parse(await file.text());
  } catch {
    fail(t("this is not a trigames record (not JSON)"));
    return;
  }
  if (!found || found.format !== "trigames-record" || typeof found.game !== "string" || !Array.isArray(found.players) || !Array.isArray(found.moves)) {
    fail(t("this is not a trigames record (it needs format, game, players and moves)"));
    return;
  }
  if (found.result) {
    await reviewRecord(found, fail);
    return;
  }
  const [name, options] = splitSpec(found.game);
  if (!catalog.games.some((game) => game.name === name)) {
    fail(t("there is no game {name} here", { name: JSON.stringify(name) }));
    return;
  }
  record = found;
  gameSelect.value = name;
  optionsInput.value = options;
  renderOptionControls();
  showError("");
  const about = { game: found.game, players: playersPhrase(found.players.map(seatName)) };
  const shownText = tn(
    "Continuing {game} after {count} move: {players}. Choose the seats below.",
    "Continuing {game} after {count} moves: {players}. Choose the seats below.",
    found.moves.length, about);
  const shownLine = document.getElementById("record-shown");
  shownLine.textContent = shownText;
  shownLine.hidden = false;
  document.getElementById("record-clear").hidden = false;
  for (const control of document.querySelectorAll("#variant input, #variant select, #game")) control.disabled = true;
  await checkSpec(found.players.map((player) => [player.kind || catalog.players.human, player.name]));
}

/** A finished game's record: open it on the server as it ended, and review it there. */
async function reviewRecord(found, fail) {
  try {
    const created = await api("/api/games", { method: "POST", body: { record: found, review: true } });
    const { view, ...kept } = created;
    localStorage.setItem(createdKey(created.id), JSON.stringify(kept));
    location.href = `/games/${created.id}#review`;
  } catch (error) {
    fail(error.message);
  }
}

/** Back to a new game: forget the record. */
function clearRecord(clearFile = true) {
  record = null;
  if (clearFile) recordFile.value = "";
  document.getElementById("record-shown").hidden = true;
  document.getElementById("record-clear").hidden = true;
  for (const control of document.querySelectorAll("#variant input, #variant select, #game")) control.disabled = false;
}

function chosenGame() {
  return catalog.games.find((game) => game.name === gameSelect.value);
}

/** One control per option, built from what the game declares: a box to tick for true or
 * false, a menu for choices, a number field within the range for whole numbers. */
function renderOptionControls() {
  const entry = chosenGame();
  document.getElementById("game-summary").textContent = say(entry.summary_said);
  const controls = document.getElementById("option-controls");
  controls.replaceChildren(...entry.options.map((option) => {
    const id = `option-${option.name}`;
    let control;
    if (typeof option.default === "boolean") {
      control = el("input", { type: "checkbox", id, checked: option.default });
    } else if (option.choices.length) {
      control = el("select", { id }, ...option.choices.map((choice) => el("option", { value: choice, selected: choice === option.default }, choice)));
    } else {
      control = el("input", { type: "number", id, min: option.minimum, max: option.maximum, step: 1, value: option.default, inputmode: "numeric" });
    }
    control.dataset.option = option.name;
    control.addEventListener(control.type === "number" ? "input" : "change", optionsFromControls);
    return el("div", { class: `option-row${typeof option.default === "boolean" ? " option-check" : ""}` },
      el("label", { for: id }, option.name.replace(/_/g, " ")),
      control,
      el("span", { class: "option-about muted" }, optionAbout(option)));
  }));
  if (!entry.options.length) controls.append(el("p", { class: "muted" }, t("This game has no options.")));
}

/** What the game says of an option, with the values it takes and its default: "number of
 * players (an integer from 2 to 4; default 2)", in the page's language. */
function optionAbout(option) {
  let values = t("one of {choices}", { choices: option.choices.join(", ") });
  let value = String(option.default);
  if (typeof option.default === "boolean") {
    values = t("true or false");
    value = option.default ? t("true") : t("false");
  } else if (!option.choices.length) {
    values = t("an integer from {minimum} to {maximum}", { minimum: option.minimum, maximum: option.maximum });
  }
  return t("{help} ({values}; default {value})", { help: say(option.help_said), values, value });
}

/** The options part of the spec from the controls: the values that differ from the defaults. */
function optionsFromControls() {
  const pairs = [];
  for (const option of chosenGame().options) {
    const control = document.getElementById(`option-${option.name}`);
    const value = control.type === "checkbox" ? control.checked : control.value.trim();
    if (String(value) !== String(option.default)) pairs.push(`${option.name}=${value}`);
  }
  optionsInput.value = pairs.join(",");
  specChanged();
}

/** Set the controls from a canonical spec string, such as ``triggle(size=3)``. */
function controlsFromSpec(canonical) {
  const [, options] = splitSpec(canonical);
  const values = Object.fromEntries(options ? options.split(",").map((pair) => pair.split("=")) : []);
  for (const option of chosenGame().options) {
    const control = document.getElementById(`option-${option.name}`);
    if (!control || document.activeElement === control) continue;
    const value = values[option.name] ?? String(option.default);
    if (control.type === "checkbox") control.checked = value === "true";
    else control.value = value;
  }
  document.getElementById("spec-shown").textContent = t("Spec: {spec}", { spec: canonical });
}

let timer = null;

/** The spec changed (typed, or from the controls): check it a moment later. */
function specChanged() {
  checking++; // an answer about the text before this change no longer counts
  createButton.disabled = true;
  clearTimeout(timer);
  timer = setTimeout(() => checkSpec(), 250);
}

/** Ask the server whether the spec is valid and how many seats it has. */
async function checkSpec(preset) {
  const number = ++checking;
  createButton.disabled = true;
  try {
    const found = await api(`/api/spec?game=${encodeURIComponent(specText())}`);
    if (number !== checking) return;
    spec = found;
    showError("");
    controlsFromSpec(found.game);
    renderSeats(preset);
  } catch (error) {
    if (number !== checking) return;
    spec = null;
    showError(error.message);
  }
  createButton.disabled = spec === null;
}

async function create(event) {
  event.preventDefault();
  if (spec === null) return;
  const seats = [...seatRows.querySelectorAll(".seat-row")].map((row) => ({
    kind: row.querySelector(".seat-kind").value,
    name: row.querySelector(".seat-name").value.trim() || null,
  }));
  createButton.disabled = true;
  try {
    const what = record === null ? { game: spec.game } : { record };
    const created = await newGame({ ...what, seats, hotseat: hotseat.checked, clock: chosenClock() });
    location.href = `/games/${created.id}`;
  } catch (error) {
    showError(error.message);
    createButton.disabled = false;
  }
}

/** Create a game (``body``: what ``POST /api/games`` takes) and keep, in this browser, what
 * the server answered (the game page shows its links) and the seat its first token holds. */
async function newGame(body) {
  const created = await api("/api/games", { method: "POST", body });
  const { view, ...kept } = created;
  localStorage.setItem(createdKey(created.id), JSON.stringify(kept));
  const human = created.seats.find((seat) => seat.token);
  if (human) holdSeat(created.id, human.token, { game: view.game, title: view.title });
  return created;
}

/** A game's card in one click: its default game, you in the first seat (you move first), the
 * other seats ``other`` ("easy": the computer; "open": for a friend who joins by the link). */
async function cardGame(card, other) {
  const buttons = card.querySelectorAll(".card-actions button");
  const error = card.querySelector(".card-error");
  for (const button of buttons) button.disabled = true;
  showError("", error);
  try {
    const { human } = (await catalogLoaded).players;
    const seats = Array.from({ length: Number(card.dataset.seats) }, (_, seat) => ({ kind: seat ? other : human }));
    const created = await newGame({ game: card.dataset.game, seats });
    if (other !== "open") {
      location.href = `/games/${created.id}`;
      return;
    }
    shareBox(card, created);
    listYourGames();
  } catch (reason) {
    showError(reason.message, error);
  }
  for (const button of buttons) button.disabled = false;
}

/** Under a card, the link of a game created for a friend, to send, and the way to the game. */
function shareBox(card, created) {
  const link = el("input", { class: "share-link", readonly: true, value: created.spectator_link, "aria-label": t("The link to send") });
  const copied = el("span", { class: "muted", role: "status" });
  const copy = el("button", { type: "button", class: "copy-link", onclick: async () => {
    link.select();
    try {
      await navigator.clipboard.writeText(link.value);
      copied.textContent = t("Copied.");
    } catch {
      copied.textContent = t("Copy the selected link.");
    }
  } }, t("Copy"));
  const box = card.querySelector(".card-share");
  box.replaceChildren(
    el("p", {}, t("Send this link to a friend: they open it and take the free seat.")),
    el("div", { class: "share-row" }, link, copy, copied),
    el("a", { class: "button primary open-game", href: `/games/${created.id}` }, t("Go to the game")),
  );
  box.hidden = false;
  link.focus(); // the next thing to do: copy it
  link.select();
}

/** A recent game as a line to read: "Trig · Ann against Bob · move 1". */
function describeGame(game) {
  const players = playersPhrase(game.players.map(seatName));
  let state = t("move {number}", { number: game.ply });
  if (game.result) {
    const names = winnersPhrase(game.result.winners.map((seat) => seatName(game.players[seat])));
    state = names
      ? tn("{names} won in {count} move", "{names} won in {count} moves", game.ply, { names })
      : tn("a draw in {count} move", "a draw in {count} moves", game.ply);
  }
  return `${gameName(catalog, game.game)} · ${players} · ${state}`;
}

async function listGames() {
  const list = document.getElementById("games");
  try {
    const { games } = await api("/api/games?moved=true"); // a game nobody moved in: not news
    list.replaceChildren(
      ...games.map((game) =>
        el("li", {}, el("a", { class: "game-link", href: `/games/${game.id}` }, describeGame(game)),
          el("span", { class: "muted" }, " " + (game.result ? t("replay") : t("watch")))),
      ),
    );
    if (!games.length) list.append(el("li", { class: "muted" }, t("No games yet.")));
  } catch (error) {
    list.replaceChildren(el("li", { class: "error" }, t("Cannot list the games: {reason}", { reason: error.message })));
  }
}

/** Whose turn it is in a game this browser holds a seat in, as a short phrase. */
function turnPhrase(view, seats) {
  if (view.over) {
    const winners = view.outcome ? view.outcome.winners : [];
    if (winners.length === 1) return seats.includes(winners[0]) ? t("you won") : t("{name} won", { name: seatName(view.seats[winners[0]]) });
    return t("a draw");
  }
  if (view.to_move === null) return "";
  return seats.includes(view.to_move) ? t("your turn") : t("{name} to move", { name: seatName(view.seats[view.to_move]) });
}

/** "Your games": the logged-in account's games (those waiting for its move first), then the
 * games this browser holds a seat in by a link, the latest first, with whose turn it is in
 * each; opening one returns to the seat. */
async function listYourGames() {
  const me = await account();
  const mine = me === null ? [] : [...me.games].sort((a, b) => b.your_turn - a.your_turn).slice(0, 20);
  document.getElementById("account-games").replaceChildren(...mine.map((game) => gameItem(game, me.name)));
  const kept = new Set(mine.map((game) => game.id));
  const held = Object.entries(heldSeats()).filter(([gameId]) => !kept.has(gameId))
    .sort((a, b) => b[1].when - a[1].when).slice(0, 20);
  const list = document.getElementById("your-games");
  const items = await Promise.all(held.map(async ([gameId, entry]) => {
    try {
      const [view, { seats }] = await Promise.all([
        api(`/api/games/${gameId}`),
        api(`/api/games/${gameId}/seats`, { token: entry.token }),
      ]);
      if (!seats.length) throw new Error("no seat");
      const phrase = turnPhrase(view, seats);
      const players = playersPhrase(view.seats.map(seatName));
      const yours = !view.over && seats.includes(view.to_move);
      return el("li", { class: yours ? "your-turn" : null },
        el("a", { class: "your-game", href: `/games/${gameId}` }, `${gameName(catalog, view.game)} · ${players}`),
        el("span", { class: "turn-phrase" }, ` — ${phrase}`));
    } catch (error) {
      if (/no game|no seat|holds no seat/.test(error.message)) forgetSeat(gameId);
      return null;
    }
  }));
  const shown = items.filter(Boolean);
  list.replaceChildren(...shown);
  document.getElementById("your-games-panel").hidden = shown.length + mine.length === 0;
}

/** Prefill from ?game=SPEC&seat=KIND:NAME&seat=...&hotseat=1 (the game page's "New game"). */
function prefill() {
  const query = new URLSearchParams(location.search);
  if (!query.has("game")) return null;
  document.getElementById("more-options").open = true;
  const [name, options] = splitSpec(query.get("game"));
  if (catalog.games.some((game) => game.name === name)) {
    gameSelect.value = name;
    optionsInput.value = options;
  }
  hotseat.checked = query.get("hotseat") === "1";
  return query.getAll("seat").map((seat) => {
    const colon = seat.indexOf(":");
    const [kind, name] = colon < 0 ? [seat, ""] : [seat.slice(0, colon), seat.slice(colon + 1)];
    return [kind, name === `Computer: ${kind}` ? "" : name]; // the server names a computer so
  });
}

async function start() {
  for (const card of document.querySelectorAll(".game-card")) {
    card.querySelector(".play-computer").addEventListener("click", () => cardGame(card, COMPUTER));
    card.querySelector(".play-friend").addEventListener("click", () => cardGame(card, "open"));
  }
  try {
    catalog = await catalogLoaded;
  } catch (error) {
    showError(error.message, document.getElementById("play-error"));
    return;
  }
  gameSelect.replaceChildren(
    ...catalog.games.map((game) => el("option", { value: game.name }, game.title)),
  );
  const preset = prefill();
  renderOptionControls();
  offerLessons(gameSelect);
  gameSelect.addEventListener("change", () => {
    optionsInput.value = "";
    renderOptionControls();
    checkSpec();
  });
  optionsInput.addEventListener("input", specChanged);
  hotseat.addEventListener("change", clockChoice);
  recordFile.addEventListener("change", readRecord);
  document.getElementById("record-clear").addEventListener("click", () => clearRecord());
  document.getElementById("new-game-form").addEventListener("submit", create);
  await checkSpec(preset);
  listYourGames();
  onAccountChange(listYourGames);
  startChallenges(catalog);
  listGames();
}

start();
