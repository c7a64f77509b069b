// "Describe the board": the position shown in words a screen reader reads, in the game page's
// #description live region. The pieces come from the board's drawing, which names each piece's
// kind, owner and place (data-piece, data-kind-name, data-colour, data-owner-name, data-at: see
// Game.render_svg) and each tile's way round (data-orientation); the page knows no rule.
import { el } from "./common.js";
import { $, board, page } from "./page.js";
import { t } from "./words.js";

const LISTED = 40; // places listed on one line before "and N more"

function listed(names) {
  const shown = names.slice(0, LISTED).join(", ");
  return names.length > LISTED ? t("{places} and {count} more", { places: shown, count: names.length - LISTED }) : shown;
}

/** The pieces and tiles on the drawing ``svg``, a line per owner and kind:
 * "White peg (3): D6, E7, I4", "Tile (2): dg72 pointing e, dg74 pointing e" (the owners' colours
 * and TRANGLAR's kinds in the page's language; the other games' kinds are the drawing's, English). */
export function pieceLines(svg) {
  const groups = new Map();
  const add = (key, name) => groups.set(key, [...(groups.get(key) ?? []), name]);
  for (const node of svg.querySelectorAll("[data-piece][data-at]")) {
    if (node.closest(".ghost-layer")) continue;
    // the drawing's names are English; a piece's kind and its owner's colour are messages too
    const kind = node.dataset.kindName ? t(node.dataset.kindName) : [node.dataset.colour, node.dataset.piece].filter(Boolean).join(" ");
    const named = node.dataset.ownerName ?? "";
    const owner = named && t(named);
    // "Neutral" is said once: "large neutral trapeze", not "Neutral large neutral trapeze"
    add(kind.toLowerCase().includes(owner.toLowerCase()) ? kind : t("{owner} {kind}", { owner, kind }), node.dataset.at);
  }
  for (const node of svg.querySelectorAll("[data-spot=tile]")) {
    const [tile, direction] = [node.dataset.name, node.dataset.orientation];
    add(t("tile"), direction ? t("{tile} pointing {direction}", { tile, direction }) : tile);
  }
  if (!groups.size) return [t("The board is empty.")];
  return [...groups].map(([key, names]) => `${key[0].toUpperCase()}${key.slice(1)} (${names.length}): ${listed(names)}`);
}

/** The lines describing the position shown: whose turn (or which position of the replay), the
 * score and last move, the pieces, and the places the keyboard may choose now. */
function describe() {
  const view = page.view;
  const lines = [];
  if (page.replayPly === null) {
    lines.push($("turn").textContent, view.status, view.last_move ? t("Last move: {move}.", { move: view.last_move }) : t("Last move: none yet."));
  } else {
    const [number, total] = [page.replayPly, view.ply];
    lines.push(number
      ? t("Looking back: the position after move {number} of {total}, {move}.", { number, total, move: view.moves[number - 1] })
      : t("Looking back: the position after move {number} of {total}.", { number, total }));
  }
  const svg = board.querySelector("svg");
  if (svg) lines.push(...pieceLines(svg));
  const places = [...board.querySelectorAll("[role=button][tabindex]")].map((node) => node.dataset.name ?? node.dataset.at);
  if (places.length) lines.push(t("Places to choose now ({count}): {places}.", { count: places.length, places: listed(places) }));
  return lines.filter(Boolean);
}

/** Bind the "Describe the board" button to the description's live region. */
export function setupDescribe() {
  const output = $("description");
  $("describe").addEventListener("click", () => {
    if (!page.view) return;
    output.replaceChildren(); // emptied first: the same words said again are read again
    output.hidden = false;
    requestAnimationFrame(() => output.replaceChildren(el("ul", {}, ...describe().map((line) => el("li", {}, line)))));
  });
}
