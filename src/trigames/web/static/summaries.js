// How pages show players: their ratings by game, and the games of their lists.
import { ratingChart } from "./chart.js";
import { api, el, shortDate } from "./common.js";

let titles = null;

/** ``{family: title}`` of the five games, in the catalog's order ("Trig, Trigger, Triggest"). */
export function gameTitles() {
  titles ??= api("/api/catalog")
    .then((catalog) => Object.fromEntries(catalog.games.map((game) => [game.name, game.title.split(" (")[0]])))
    .catch(() => ({}));
  return titles;
}

/** A table of ``ratings`` (``{family: {shown, games, deviation}}``), each game linking its
 * leaderboard; a line saying so when there are none. */
export function ratingsTable(ratings, names) {
  const families = Object.keys(names).filter((family) => ratings[family]);
  if (!families.length) return el("p", { class: "muted" }, "No rated games yet.");
  return el("table", { class: "ratings" },
    el("thead", {}, el("tr", {},
      el("th", { scope: "col" }, "Game"),
      el("th", { scope: "col" }, "Rating"),
      el("th", { scope: "col" }, "Rated games"))),
    el("tbody", {}, ...families.map((family) => {
      const rating = ratings[family];
      return el("tr", { dataset: { family } },
        el("th", { scope: "row" }, el("a", { href: `/leaderboard/${family}` }, names[family])),
        el("td", { class: "rating", title: rating.provisional ? `provisional: ± ${rating.deviation}` : `± ${rating.deviation}` }, rating.shown),
        el("td", { class: "count" }, String(rating.games)));
    })));
}

/** How a game of a list stands, for ``viewer`` (a name, or null): "your turn", "you won"... */
function standing(game, viewer) {
  if (game.over) {
    const winners = game.winners || [];
    if (winners.length !== 1) return "a draw";
    const winner = game.players[winners[0]];
    return winner === viewer ? "you won" : `${winner} won`;
  }
  if (game.your_turn) return "your turn";
  return game.players.includes(viewer) ? "waiting for the other player" : "in play";
}

/** A game of an account's list (``/api/me``, ``/api/players/NAME``): a link to it, who plays,
 * how it stands; the games waiting for ``viewer``'s move marked. */
export function gameItem(game, viewer = null) {
  const phrase = standing(game, viewer);
  return el("li", { class: phrase === "your turn" ? "your-turn" : null, dataset: { game: game.id } },
    el("a", { class: "account-game", href: `/games/${encodeURIComponent(game.id)}` }, `${game.title}: ${game.players.join(" vs ")}`),
    el("span", { class: "turn-phrase" }, ` — ${phrase}`),
    game.rated ? el("span", { class: "tag" }, "rated") : null,
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
  if (!player.games.length) list.append(el("li", { class: "muted" }, "No games yet."));
}
