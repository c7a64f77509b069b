// A player's rating history as an SVG chart built with DOM methods: one line per game, the
// ratings up the left, the dates along the bottom, and the start (1500) dashed across.
import { el } from "./common.js";
import { lang, t } from "./words.js";

const NS = "http://www.w3.org/2000/svg";
const START = 1500; // every rating starts there
const STEPS = [10, 20, 25, 50, 100, 200, 250, 500, 1000];
const DAY = 86400;

function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

/** The ticks of an axis from ``low`` to ``high``: about four, at round numbers. */
function ticks(low, high) {
  const step = STEPS.find((size) => (high - low) / size <= 5) ?? 1000;
  const from = Math.floor(low / step) * step;
  const to = Math.ceil(high / step) * step;
  const found = [];
  for (let value = from; value <= to; value += step) found.push(value);
  return found;
}

function when(seconds, short) {
  const date = new Date(seconds * 1000);
  return short ? date.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" })
    : date.toLocaleDateString(lang, { day: "numeric", month: "short" });
}

/** The chart of ``history`` (``[{family, at, rating}]``) ``width`` pixels wide; ``names``:
 * ``{family: title}`` in the order that gives each game its colour. */
export function ratingChart(history, names, width) {
  if (!history.length) return el("p", { class: "muted" }, t("No rated games yet: the chart begins with the first."));
  const families = Object.keys(names).filter((family) => history.some((point) => point.family === family));
  const height = Math.round(Math.min(280, Math.max(200, width * 0.45)));
  const pad = { left: 48, right: 14, top: 12, bottom: 30 };
  let [t0, t1] = [Math.min(...history.map((p) => p.at)), Math.max(...history.map((p) => p.at))];
  const moment = t1 - t0 < 60; // one game so far: its point in the middle, its date below
  if (moment) [t0, t1] = [t0 - 60, t1 + 60];
  const ys = ticks(Math.min(START, ...history.map((p) => p.rating)), Math.max(START, ...history.map((p) => p.rating)));
  const [r0, r1] = [ys[0], ys[ys.length - 1]];
  const x = (t) => pad.left + ((t - t0) / (t1 - t0)) * (width - pad.left - pad.right);
  const y = (r) => pad.top + ((r1 - r) / (r1 - r0 || 1)) * (height - pad.top - pad.bottom);
  const short = t1 - t0 < 2 * DAY;

  const chart = svg("svg", { class: "chart-svg", viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-labelledby": "chart-title" },
    svg("title", { id: "chart-title" }, t("Rating history: {games}", { games: families.map((family) => names[family]).join(", ") })));
  for (const value of ys) {
    chart.append(svg("line", { class: value === START ? "grid start" : "grid", x1: pad.left, x2: width - pad.right, y1: y(value), y2: y(value) }),
      svg("text", { class: "axis", x: pad.left - 6, y: y(value) + 4, "text-anchor": "end" }, String(value)));
  }
  const times = moment ? [(t0 + t1) / 2] : width < 420 ? [t0, t1] : [t0, (t0 + t1) / 2, t1];
  times.forEach((t, index) => {
    const anchor = moment ? "middle" : index === 0 ? "start" : index === times.length - 1 ? "end" : "middle";
    chart.append(svg("text", { class: "axis", x: x(t), y: height - 8, "text-anchor": anchor }, when(t, short && !moment)));
  });
  chart.append(svg("line", { class: "axis-line", x1: pad.left, x2: pad.left, y1: pad.top, y2: height - pad.bottom }));
  for (const family of families) {
    const series = `series-${Object.keys(names).indexOf(family)}`;
    const points = history.filter((point) => point.family === family).sort((a, b) => a.at - b.at);
    const line = points.map((point) => `${x(point.at).toFixed(1)},${y(point.rating).toFixed(1)}`).join(" ");
    const group = svg("g", { class: `series ${series}`, "data-family": family });
    if (points.length > 1) group.append(svg("polyline", { points: line, fill: "none" }));
    for (const point of points) {
      group.append(svg("circle", { cx: x(point.at).toFixed(1), cy: y(point.rating).toFixed(1), r: points.length > 1 ? 3.5 : 5 },
        svg("title", {}, t("{game}: {rating} after the game of {date}", { game: names[family], rating: point.rating, date: when(point.at, false) }))));
    }
    chart.append(group);
  }
  const legend = el("ul", { class: "legend" },
    ...families.map((family) => el("li", {},
      el("span", { class: `key series-${Object.keys(names).indexOf(family)}`, "aria-hidden": "true" }), names[family])),
    el("li", {}, el("span", { class: "key start", "aria-hidden": "true" }), t("{rating}: where every rating starts", { rating: START })));
  return el("figure", { class: "chart" }, chart, legend);
}
