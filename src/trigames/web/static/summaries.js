// How pages show players: their ratings by game, and the games of their lists.
import { ratingChart } from "./chart.js";
import { api, el, shortDate, splitSpec } from "./common.js";
import { lang, seatName, t } from "./words.js";

let titles = null;

/** ``{family: title}`` of the five games, in the catalog's order ("Trig, Trigger, Triggest"). */
export function gameTitles() {
  titles ??= api("/api/catalog")
    .then((catalog) => Object.fromEntries(catalog.games.map((game) => [game.name, game.title.split(" (")[0]])))
    .catch(() => ({}));
  return titles;
}

/** A game's short name, from its ``spec`` and the API's ``catalog``: a named variant's name
 * ("Trigger"), the name of a game that has some ("Trig"), else its title without its subtitle
 * ("Triggle"). */
export function gameName(catalog, spec) {
  const [name] = splitSpec(spec);
  const game = catalog.games.find((entry) => entry.name === name);
  if (!game) return name;
  const named = (word) => word[0].toUpperCase() + word.slice(1);
  const aliases = Object.entries(game.aliases || {});
  const alias = aliases.find(([, aliasSpec]) => aliasSpec === spec);
  if (alias) return named(alias[0]);
  return aliases.length ? named(game.name) : game.title.split(" (")[0];
}

/** The players of a game, by their ``names``: "Ann against Bob"; "Ann, Bob, Cy" for more. */
export function playersPhrase(names) {
  if (names.length !== 2) return names.join(", ");
  return t("{first} against {second}", { first: names[0], second: names[1] });
}

/** Who won, by their ``names``: "Ann", or "Ann and Bob" (in the page's language). */
export function winnersPhrase(names) {
  return new Intl.ListFormat(lang, { type: "conjunction" }).format(names);
}

/** A table of ``ratings`` (``{family: {shown, games, deviation}}``), each game linking its
 * leaderboard; a line saying so when there are none. */
export function ratingsTable(ratings, names) {
  const families = Object.keys(names).filter((family) => ratings[family]);
  if (!families.length) return el("p", { class: "muted" }, t("No rated games yet."));
  return el("table", { class: "ratings" },
    el("thead", {}, el("tr", {},
      el("th", { scope: "col" }, t("Game")),
      el("th", { scope: "col" }, t("Rating")),
      el("th", { scope: "col" }, t("Rated games")))),
    el("tbody", {}, ...families.map((family) => {
      const rating = ratings[family];
      return el("tr", { dataset: { family } },
        el("th", { scope: "row" }, el("a", { href: `/leaderboard/${family}` }, names[family])),
        el("td", { class: "rating", title: rating.provisional ? t("provisional: ± {deviation}", { deviation: rating.deviation }) : `± ${rating.deviation}` }, rating.shown),
        el("td", { class: "count" }, String(rating.games)));
    })));
}

/** How a game of a list stands, for ``viewer`` (a name, or null): "your turn", "you won"... */
function standing(game, viewer) {
  if (game.over) {
    const winners = game.winners || [];
    if (winners.length !== 1) return t("a draw");
    const winner = game.players[winners[0]];
    return winner === viewer ? t("you won") : t("{name} won", { name: playerName(game, winners[0]) });
  }
  if (game.your_turn) return t("your turn");
  return game.players.includes(viewer) ? t("waiting for the other player") : t("in play");
}

/** The name of the player of ``seat`` in a game of a list, as pages show it (words.js seatName). */
function playerName(game, seat) {
  return seatName({ name: game.players[seat], kind: game.kinds[seat] });
}

/** A game of an account's list (``/api/me``, ``/api/players/NAME``): a link to it, who plays,
 * how it stands; the games waiting for ``viewer``'s move marked. */
export function gameItem(game, viewer = null) {
  const players = playersPhrase(game.players.map((_, seat) => playerName(game, seat)));
  return el("li", { class: game.your_turn && !game.over ? "your-turn" : null, dataset: { game: game.id } },
    el("a", { class: "account-game", href: `/games/${encodeURIComponent(game.id)}` }, `${game.title} · ${players}`),
    el("span", { class: "turn-phrase" }, ` — ${standing(game, viewer)}`),
    game.rated ? el("span", { class: "tag" }, t("rated")) : null,
    el("span", { class: "muted when" }, ` ${shortDate(game.updated)}`));
}

/** Show a player's rating history as a chart as wide as ``chartBox`` (drawn again when the
 * window is resized) and their games in ``list`` (``player``: what /api/players/NAME says). */
export function showHistory(chartBox, list, player, names, viewer = null) {
  let width = 0;
  const draw = () => {
    const wide = Math.max(280, Math.min(760, Math.floor(chartBox.clientWidth)));
    if (wide === width) return;
    width = wide;
    chartBox.replaceChildren(ratingChart(player.history, names, wide));
  };
  draw();
  addEventListener("resize", () => requestAnimationFrame(draw));
  list.replaceChildren(...player.games.map((game) => gameItem(game, viewer)));
  if (!player.games.length) list.append(el("li", { class: "muted" }, t("No games yet.")));
}
