// A player's page: ratings by game, the rating history as a chart, the latest games.
import { ratingChart } from "./chart.js";
import { api, el, showError } from "./common.js";
import { gameItem, gameTitles, ratingsTable } from "./summaries.js";

const name = decodeURIComponent(location.pathname.split("/").pop());
const chartBox = document.getElementById("history-chart");
let drawn = null; // what the chart was drawn from: {history, names, width}

/** Draw the chart as wide as its box (its text stays the size of the page's). */
function drawChart() {
  if (!drawn) return;
  const width = Math.max(280, Math.min(760, Math.floor(chartBox.clientWidth)));
  if (width === drawn.width) return;
  drawn.width = width;
  chartBox.replaceChildren(ratingChart(drawn.history, drawn.names, width));
}

async function start() {
  let player;
  try {
    player = await api(`/api/players/${encodeURIComponent(name)}`);
  } catch (error) {
    showError(error.message);
    return;
  }
  const names = await gameTitles();
  document.getElementById("ratings").replaceChildren(ratingsTable(player.ratings, names));
  drawn = { history: player.history, names, width: 0 };
  drawChart();
  addEventListener("resize", () => requestAnimationFrame(drawChart));
  const list = document.getElementById("recent-games");
  list.replaceChildren(...player.games.map((game) => gameItem(game)));
  if (!player.games.length) list.append(el("li", { class: "muted" }, "No games yet."));
  document.body.dataset.loaded = "true";
}

start();
