// The clock of a game created with a time limit: a countdown beside the seat to move.
// The view carries the deadline and the server's time ("now", seconds since the epoch); the
// page counts down from the difference, so a wrong clock on this computer does not matter.
import { el } from "./common.js";
import { t, tn } from "./words.js";

let ticking = null;
let shown = null; // {deadline, limit, seat, offset}: what the countdown counts down

/** Seconds a move may take under the view's clock. */
function limitOf(clock) {
  return clock.per_move ?? clock.days_per_move * 86400;
}

/** The clock's setting for people: "30 s a move", "2 days a move". */
export function clockSetting(clock) {
  if (!clock) return "";
  const days = clock.days_per_move;
  if (days) return tn("{count} day a move", "{count} days a move", days);
  const seconds = clock.per_move;
  return seconds % 60 === 0 ? t("{minutes} min a move", { minutes: seconds / 60 }) : t("{seconds} s a move", { seconds });
}

/** "4:07", "1:02:03", "2 d 5 h": the time left, for people. */
export function formatLeft(seconds) {
  const left = Math.max(0, Math.ceil(seconds));
  const days = Math.floor(left / 86400);
  const hours = Math.floor((left % 86400) / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const secs = String(left % 60).padStart(2, "0");
  if (days) return t("{days} d {hours} h", { days, hours });
  if (hours) return `${hours}:${String(minutes).padStart(2, "0")}:${secs}`;
  return `${minutes}:${secs}`;
}

function tick() {
  if (!shown) return;
  const left = shown.deadline - (Date.now() / 1000 + shown.offset);
  const low = left <= Math.max(10, Math.min(60, shown.limit * 0.2)) || (shown.limit >= 86400 && left <= 6 * 3600);
  for (const badge of document.querySelectorAll(".seat-clock, .turn-clock")) {
    badge.textContent = left > 0 ? t("{time} left to move", { time: formatLeft(left) }) : t("time is up");
    badge.classList.toggle("low", low);
    badge.dataset.left = String(Math.max(0, Math.ceil(left)));
  }
}

/** Show the clock of the view (after the seats and the turn line are drawn): a countdown in the
 * seat to move's row and in the turn line, the setting in their titles. Call again with every new view. */
export function renderClock(view) {
  const row = view.deadline === null || view.to_move === null ? null : document.querySelector(`#seats .seat[data-seat="${view.to_move}"]`);
  document.body.dataset.clock = view.clock ? clockSetting(view.clock) : "";
  if (!row || !view.clock) {
    shown = null;
    clearInterval(ticking);
    ticking = null;
    return;
  }
  shown = { deadline: view.deadline, limit: limitOf(view.clock), offset: view.now - Date.now() / 1000 };
  const title = t("Clock: {setting}", { setting: clockSetting(view.clock) });
  row.append(el("span", { class: "seat-clock", title }));
  // seen on a phone too; hidden from screen readers, which would read the live turn line every tick
  document.getElementById("turn")?.append(" ", el("span", { class: "turn-clock", title, "aria-hidden": "true" }));
  tick();
  if (ticking === null) ticking = setInterval(tick, 250);
}
