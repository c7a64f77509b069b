// The lobby: choose a game, its variant and who plays each seat; create it; list recent games.
import { api, createdKey, el, showError, splitSpec } from "./common.js";

const gameSelect = document.getElementById("game");
const optionsInput = document.getElementById("options");
const seatRows = document.getElementById("seat-rows");
const createButton = document.getElementById("create");
const hotseat = document.getElementById("hotseat");

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
    [human, "Human"],
    ...levels.map((level) => [level, `Computer: ${level}`]),
    ...kinds.map((kind) => [kind, `Computer: ${kind}`]),
  ];
}

function seatRow(number, colour, kind, name) {
  const select = el(
    "select",
    { class: "seat-kind", id: `seat-kind-${number}`, "aria-label": `Who plays seat ${number}` },
    ...kindChoices().map(([value, label]) => el("option", { value, selected: value === kind }, label)),
  );
  const input = el("input", {
    class: "seat-name",
    id: `seat-name-${number}`,
    placeholder: colour,
    value: name,
    maxlength: 40,
    "aria-label": `Name for seat ${number}`,
  });
  const swatch = el("span", { class: "swatch", style: `background:${catalog.colours[colour.toLowerCase()] || "#999"}` });
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

function renderOptionHelp() {
  const entry = catalog.games.find((game) => game.name === gameSelect.value);
  document.getElementById("game-summary").textContent = entry.summary;
  const help = document.getElementById("option-help");
  help.replaceChildren(
    ...entry.options.flatMap((option) => [
      el("dt", {}, el("code", {}, `${option.name}=${JSON.stringify(option.default).replace(/"/g, "")}`)),
      el("dd", {}, `${option.help} (${option.values})`),
    ]),
  );
  if (!entry.options.length) help.append(el("dd", {}, "This game has no options."));
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
      body: { game: spec.game, seats, hotseat: hotseat.checked },
    });
    const { view, ...kept } = created;
    localStorage.setItem(createdKey(created.id), JSON.stringify(kept));
    const human = created.seats.find((seat) => seat.token);
    location.href = human ? `/games/${created.id}?token=${encodeURIComponent(human.token)}` : `/games/${created.id}`;
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
  renderOptionHelp();
  gameSelect.addEventListener("change", () => {
    optionsInput.value = "";
    renderOptionHelp();
    checkSpec();
  });
  let timer = null;
  optionsInput.addEventListener("input", () => {
    checking++; // an answer about the text before this change no longer counts
    createButton.disabled = true;
    clearTimeout(timer);
    timer = setTimeout(() => checkSpec(), 250);
  });
  document.getElementById("new-game-form").addEventListener("submit", create);
  await checkSpec(preset);
  listGames();
}

start();
