// Places to click are never told by colour alone: every place marked "target" on a board (by
// pointing.js, on the game page and the study boards) also gets a ring drawn over its middle,
// in a layer of its own on top of the drawing (g.target-marks, which takes no clicks). The
// engine's drawing is left as it was; the layer follows the targets as they come and go.
const SVG = "http://www.w3.org/2000/svg";
const SURFACES = "#board, .study-surface";
const LAYER = "target-marks";

/** The middle of ``place``: a polygon's corners averaged (a triangle's middle is not its
 * box's), or the middle of its box. */
function middle(place) {
  if (place instanceof SVGPolygonElement && place.points.length) {
    let x = 0;
    let y = 0;
    for (const point of place.points) {
      x += point.x;
      y += point.y;
    }
    return { x: x / place.points.length, y: y / place.points.length, box: place.getBBox() };
  }
  const box = place.getBBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box };
}

function circle(x, y, r, kind) {
  const ring = document.createElementNS(SVG, "circle");
  ring.setAttribute("cx", x.toFixed(2));
  ring.setAttribute("cy", y.toFixed(2));
  ring.setAttribute("r", r.toFixed(2));
  ring.setAttribute("class", kind);
  return ring;
}

/** Redraw the rings of the drawing ``svg``: one for each of its targets. */
function mark(svg) {
  svg.querySelector(`:scope > g.${LAYER}`)?.remove();
  const targets = svg.querySelectorAll(".target");
  if (!targets.length) return;
  const layer = document.createElementNS(SVG, "g");
  layer.setAttribute("class", LAYER);
  layer.setAttribute("aria-hidden", "true");
  for (const target of targets) {
    const { x, y, box } = middle(target);
    if (!box.width || !box.height) continue; // not drawn (hidden)
    const r = Math.max(4, Math.min(box.width, box.height) * 0.3);
    layer.append(circle(x, y, r, "target-halo"), circle(x, y, r, "target-ring"));
  }
  svg.append(layer);
}

const pending = new Set();
const observer = new MutationObserver((records) => {
  for (const record of records) {
    const surface = record.target instanceof Element ? record.target.closest(SURFACES) : null;
    if (surface) pending.add(surface);
  }
  if (pending.size) requestAnimationFrame(flush);
});

function watch() {
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
}

function flush() {
  if (!pending.size) return;
  observer.disconnect(); // the layers drawn here are no change to follow
  for (const surface of pending) {
    if (surface.isConnected) surface.querySelectorAll("svg").forEach(mark);
  }
  pending.clear();
  watch();
}

watch();
