// The lobby: choose a game, its variant and who plays each seat; create it; list recent games.
import { api, createdKey, el, showError, splitSpec } from "./common.js";
import { forgetSeat, heldSeats, holdSeat } from "./seats.js";

const gameSelect = document.getElementById("game");
const optionsInput = document.getElementById("options");
const seatRows = document.getElementById("seat-rows");
const createButton = document.getElementById("create");
const hotseat = document.getElementById("hotseat");

let catalog = null;
let record = null; // a saved game to go on with (its JSON), or null for a new game
let spec = null; // {game, title, seats: [colour names]} of the spec as typed, or null if invalid
let checking = 0; // the number of the latest spec check, so older answers are dropped

function specText() {
  const options = optionsInput.value.trim().replace(/^\(|\)$/g, "");
  return options ? `${gameSelect.value}(${options})` : gameSelect.value;
}

function kindChoices(kind) {
  const { human, levels, kinds } = catalog.players;
  const choices = [
    [human, "Human"],
    ["open", "Open: whoever joins"],
    ...levels.map((level) => [level, `Computer: ${level}`]),
    ...kinds.map((kind) => [kind, `Computer: ${kind}`]),
  ];
  // a computer with settings (from a record) is offered as it is; the server checks it
  if (kind && !choices.some(([value]) => value === kind)) choices.push([kind, `Computer: ${kind}`]);
  return choices;
}

function seatRow(number, colour, kind, name) {
  const select = el(
    "select",
    { class: "seat-kind", id: `seat-kind-${number}`, "aria-label": `Who plays seat ${number}` },
    ...kindChoices(kind).map(([value, label]) => el("option", { value, selected: value === kind }, label)),
  );
  const input = el("input", {
    class: "seat-name",
    id: `seat-name-${number}`,
    placeholder: colour,
    value: name,
    maxlength: 40,
    "aria-label": `Name for seat ${number}`,
  });
  const fill = spec.swatches[number] || catalog.colours[colour.toLowerCase()] || "#999";
  const swatch = el("span", { class: "swatch", style: `background:${fill}` });
  return el("div", { class: "seat-row" }, el("span", { class: "seat-colour" }, swatch, colour), select, input);
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
}

function chosenGame() {
  return catalog.games.find((game) => game.name === gameSelect.value);
}

/** One control per option, built from what the game declares: a box to tick for true or
 * false, a menu for choices, a number field within the range for whole numbers. */
function renderOptionControls() {
  const entry = chosenGame();
  document.getElementById("game-summary").textContent = entry.summary;
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
      el("span", { class: "option-about muted" }, `${option.help} (${option.values}; default ${String(option.default)})`));
  }));
  if (!entry.options.length) controls.append(el("p", { class: "muted" }, "This game has no options."));
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
  document.getElementById("spec-shown").textContent = `Spec: ${canonical}`;
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
    const created = await api("/api/games", {
      method: "POST",
      body: { ...(record ? { record } : { game: spec.game }), seats, hotseat: hotseat.checked },
    });
    const { view, ...kept } = created;
    localStorage.setItem(createdKey(created.id), JSON.stringify(kept));
    const human = created.seats.find((seat) => seat.token);
    if (human) holdSeat(created.id, human.token);
    location.href = `/games/${created.id}`;
  } catch (error) {
    showError(error.message);
    createButton.disabled = false;
  }
}

function describeGame(game) {
  const players = game.players.map((player) => player.name).join(" vs ");
  let state = `move ${game.ply}`;
  if (game.result) {
    const winners = game.result.winners.map((seat) => game.players[seat].name);
    state = winners.length ? `${winners.join(" and ")} won` : "a draw";
    state += `, ${game.ply} moves`;
  }
  return `${game.game}: ${players} (${state})`;
}

async function listGames() {
  const list = document.getElementById("games");
  try {
    const { games } = await api("/api/games");
    list.replaceChildren(
      ...games.map((game) =>
        el("li", {}, el("a", { class: "game-link", href: `/games/${game.id}` }, describeGame(game)),
          el("span", { class: "muted" }, ` ${game.result ? "replay" : "watch"}`)),
      ),
    );
    if (!games.length) list.append(el("li", { class: "muted" }, "No games yet."));
  } catch (error) {
    list.replaceChildren(el("li", { class: "error" }, `Cannot list the games: ${error.message}`));
  }
}

/** Whose turn it is in a game this browser holds a seat in, as a short phrase. */
function turnPhrase(view, seats) {
  if (view.over) {
    const winners = view.outcome ? view.outcome.winners : [];
    if (winners.length === 1) return seats.includes(winners[0]) ? "you won" : `${view.seats[winners[0]].name} won`;
    return "a draw";
  }
  if (view.to_move === null) return "";
  return seats.includes(view.to_move) ? "your turn" : `${view.seats[view.to_move].name} to move`;
}

/** "Your games": the games this browser holds a seat in, the latest first, with whose turn it
 * is in each; opening one returns to the seat. */
async function listYourGames() {
  const held = Object.entries(heldSeats()).sort((a, b) => b[1].when - a[1].when).slice(0, 20);
  const list = document.getElementById("your-games");
  const items = await Promise.all(held.map(async ([gameId, entry]) => {
    try {
      const [view, { seats }] = await Promise.all([
        api(`/api/games/${gameId}`),
        api(`/api/games/${gameId}/seats`, { token: entry.token }),
      ]);
      if (!seats.length) throw new Error("no seat");
      const phrase = turnPhrase(view, seats);
      const players = view.seats.map((seat) => seat.name).join(" vs ");
      return el("li", { class: phrase === "your turn" ? "your-turn" : null },
        el("a", { class: "your-game", href: `/games/${gameId}` }, `${view.title}: ${players}`),
        el("span", { class: "turn-phrase" }, ` — ${phrase}`));
    } catch (error) {
      if (/no game|no seat|holds no seat/.test(error.message)) forgetSeat(gameId);
      return null;
    }
  }));
  const shown = items.filter(Boolean);
  list.replaceChildren(...shown);
  document.getElementById("your-games-panel").hidden = shown.length === 0;
}

/** Prefill from ?game=SPEC&seat=KIND:NAME&seat=...&hotseat=1 (the game page's "New game"). */
function prefill() {
  const query = new URLSearchParams(location.search);
  if (!query.has("game")) return null;
  const [name, options] = splitSpec(query.get("game"));
  if (catalog.games.some((game) => game.name === name)) {
    gameSelect.value = name;
    optionsInput.value = options;
  }
  hotseat.checked = query.get("hotseat") === "1";
  return query.getAll("seat").map((seat) => {
    const colon = seat.indexOf(":");
    return colon < 0 ? [seat, ""] : [seat.slice(0, colon), seat.slice(colon + 1)];
  });
}

/** The largest record file the lobby sends (the server takes request bodies of 64 KB). */
const MOST_RECORD_BYTES = 60 * 1024;

/** A record file was chosen: read it, set the game and the seats from it (the moves are
 * replayed by the server when the game is created, which refuses a record that does not). */
async function recordChosen() {
  const file = document.getElementById("record-file").files[0];
  if (!file) return;
  try {
    if (file.size > MOST_RECORD_BYTES) throw new Error(`a record to go on with has at most ${MOST_RECORD_BYTES / 1024} KB`);
    let read;
    try {
      read = JSON.parse(await file.text());
    } catch {
      throw new Error(`${file.name} is not a game record: it is not JSON`);
    }
    if (!read || read.format !== "trigames-record" || typeof read.game !== "string" || !Array.isArray(read.moves) || !Array.isArray(read.players)) {
      throw new Error(`${file.name} is not a trigames game record`);
    }
    const [name, options] = splitSpec(read.game);
    if (!catalog.games.some((game) => game.name === name)) throw new Error(`${file.name} is a record of an unknown game, ${read.game}`);
    record = read;
    gameSelect.value = name;
    optionsInput.value = options;
    renderOptionControls();
    const preset = read.players.map((player) => [String(player.kind || "human"), String(player.name || "")]);
    await checkSpec(preset);
    showRecord(`${file.name}: ${read.game}, ${read.moves.length} move${read.moves.length === 1 ? "" : "s"} played${read.result ? ", finished" : ""}. The game goes on from there.`);
  } catch (error) {
    forgetRecord();
    showError(error.message);
  }
}

function showRecord(text) {
  const about = document.getElementById("record-about");
  about.textContent = text;
  about.hidden = !text;
  document.getElementById("record-clear").hidden = !text;
  document.getElementById("variant").disabled = gameSelect.disabled = Boolean(text);
  createButton.textContent = text ? "Go on with this game" : "Create the game";
}

function forgetRecord() {
  record = null;
  document.getElementById("record-file").value = "";
  showRecord("");
}

async function start() {
  try {
    catalog = await api("/api/catalog");
  } catch (error) {
    showError(error.message);
    return;
  }
  gameSelect.replaceChildren(
    ...catalog.games.map((game) => el("option", { value: game.name }, game.title)),
  );
  const preset = prefill();
  renderOptionControls();
  gameSelect.addEventListener("change", () => {
    optionsInput.value = "";
    renderOptionControls();
    checkSpec();
  });
  optionsInput.addEventListener("input", specChanged);
  document.getElementById("new-game-form").addEventListener("submit", create);
  document.getElementById("record-file").addEventListener("change", recordChosen);
  document.getElementById("record-clear").addEventListener("click", forgetRecord);
  await checkSpec(preset);
  listYourGames();
  listGames();
}

start();
