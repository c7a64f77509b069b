// A game's leaderboard: rank, player (linking their page), rating and rated games.
import { api, el, showError } from "./common.js";
import { t } from "./words.js";

const game = decodeURIComponent(location.pathname.split("/").pop());

async function start() {
  const body = document.getElementById("leaders-body");
  try {
    const { players } = await api(`/api/leaderboard/${encodeURIComponent(game)}`);
    body.replaceChildren(...players.map((player) => el("tr", {},
      el("td", { class: "rank" }, String(player.rank)),
      el("th", { scope: "row" }, el("a", { href: `/players/${encodeURIComponent(player.name)}` }, player.name)),
      el("td", { class: "rating", title: `± ${player.deviation}` }, String(player.rating)),
      el("td", { class: "count" }, String(player.games)))));
    if (!players.length) {
      body.append(el("tr", {}, el("td", { colspan: 4, class: "muted" }, t("No one is on this leaderboard yet."))));
    }
  } catch (error) {
    body.replaceChildren();
    showError(error.message);
  }
  document.body.dataset.loaded = "true";
}

start();
