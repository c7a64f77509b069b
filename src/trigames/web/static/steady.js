// The game page kept steady, and what a move needs kept in sight:
// - a panel above the board (the spectators' "You are watching") never shrinks while the page is
//   open, so that the board under it stays where it is when the panel's words change;
// - on a phone (the one-column page, style.css) the move bar is fixed to the bottom of the
//   screen, wherever the page is scrolled to; the page keeps its height free at its end
//   (--move-bar-room), so that nothing is ever hidden under it.
import { el } from "./common.js";
import { t } from "./words.js";

/** Let ``panel`` grow, never shrink: it keeps the height it had (``before``, measured before
 * its words changed) as its least height, while it is shown. */
export function keepRoom(panel, before) {
  if (panel.hidden) return;
  const least = Math.max(before, parseFloat(panel.style.minHeight || "0"));
  if (least > 0) panel.style.minHeight = `${least}px`;
}

/** The line a spectator's panel says once the game is over (made once, in the page's
 * language). */
export function watchedLine() {
  return el("p", { class: "watching-ended" }, t("This game is over: you watched it to its end."));
}

/** Keep --move-bar-room (on <html>) the height of ``bar`` while it is fixed to the bottom of
 * the screen (0 when it is not, or when it is empty and hidden). */
export function reserveMoveBar(bar) {
  const root = document.documentElement;
  const measure = () => {
    const fixed = getComputedStyle(bar).position === "fixed";
    root.style.setProperty("--move-bar-room", `${fixed ? bar.offsetHeight : 0}px`);
  };
  new ResizeObserver(measure).observe(bar);
  addEventListener("resize", measure);
  measure();
}
