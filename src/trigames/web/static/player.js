// A player's page: ratings by game, the rating history as a chart, the latest games.
import { api, showError } from "./common.js";
import { gameTitles, ratingsTable, showHistory } from "./summaries.js";

const name = decodeURIComponent(location.pathname.split("/").pop());
const $ = (id) => document.getElementById(id);

async function start() {
  let player;
  try {
    player = await api(`/api/players/${encodeURIComponent(name)}`);
  } catch (error) {
    showError(error.message);
    return;
  }
  const names = await gameTitles();
  $("ratings").replaceChildren(ratingsTable(player.ratings, names));
  showHistory($("history-chart"), $("recent-games"), player, names);
  document.body.dataset.loaded = "true";
}

start();
