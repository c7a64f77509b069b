// A board as large as a finger needs: drawn as wide as its box, or wider where its places would
// be under 24 CSS pixels (a finger's width), the board then scrolling inside its own box, never
// the page. A toggle button fits it back ("Show the whole board"), remembered in this browser.

import { byPointer } from "./verbs.js";
import { t } from "./words.js";

const WHOLE = "trigames:whole-board";

/** The smallest place that takes a click (a peg, a cell, a lozenge), in board units. */
function smallestPlace(svg) {
  let smallest = Infinity;
  for (const node of svg.querySelectorAll("[data-name]")) {
    if (node.getAttribute("pointer-events") === "none") continue;
    const box = node.getBBox();
    smallest = Math.min(smallest, box.width, box.height);
  }
  return smallest;
}

/** Fit the SVG of ``board`` (an element with the ``board`` class), showing ``toggle`` when
 * the board is zoomed or could be. */
export function fitBoard(board, toggle) {
  const svg = board.querySelector("svg");
  if (!svg) return;
  // the scale the board has when it fits: the width of its box, the height of the screen
  // less the board's --board-room (12rem, or style.css's for the game page's board, which
  // leaves room for the move bar under it), measured without changing the page (which could
  // scroll it)
  const box = svg.viewBox.baseVal;
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
  const room = parseFloat(getComputedStyle(board).getPropertyValue("--board-room")) || 12;
  const fitted = Math.min(board.clientWidth / box.width, (innerHeight - room * rem) / box.height);
  const zoom = Math.min(8, 24.5 / (smallestPlace(svg) * fitted));
  const whole = localStorage.getItem(WHOLE) === "true";
  toggle.hidden = !(zoom > 1);
  toggle.textContent = whole
    ? byPointer(t("Zoom in: bigger places to tap"), t("Zoom in: bigger places to click"))
    : t("Show the whole board");
  toggle.setAttribute("aria-pressed", String(zoom > 1 && !whole));
  const zoomed = zoom > 1 && !whole;
  const wasZoomed = board.classList.contains("zoomed");
  board.classList.toggle("zoomed", zoomed);
  svg.style.width = zoomed ? `${Math.ceil(zoom * 100)}%` : "";
  if (zoomed && !wasZoomed) board.scrollLeft = (board.scrollWidth - board.clientWidth) / 2;
}

/** The toggle's click: the whole board, or zoomed in, from now on in this browser. */
export function toggleWhole() {
  localStorage.setItem(WHOLE, String(localStorage.getItem(WHOLE) !== "true"));
}
