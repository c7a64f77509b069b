// How a game ended and what the players answered, in words: the one place that builds these
// sentences from a game's view (its outcome, moves, movers and seats), always naming players
// by their names, never by their colours. The engine's reasons name seats by colour ("Black has
// no legal move"): said from their phrase (the view's ``said.reason``), with each colour
// replaced by the player's name. The sentences are whole messages in the page's language
// (words.js), the players' names in their slots.
import { say, t } from "./words.js";

/** "Ann", "Ann and Bob", "Ann, Bob and Cy" (or with ``word`` "or": "Ann, Bob or Cy"). */
export function names(list, word = "and") {
  if (list.length < 2) return list.join("");
  const values = { names: list.slice(0, -1).join(", "), last: list.at(-1) };
  return word === "or" ? t("{names} or {last}", values) : t("{names} and {last}", values);
}

/** The names of ``seats`` of ``view``, joined as :func:`names` does. */
export function seatNames(view, seats, word = "and") {
  return names(seats.map((seat) => view.seats[seat].name), word);
}

/** The seat whose leaving ended the game (its last move ``resign 1`` or ``timeout 1``), with
 * how: ``[seat, "resign"]``, or null. */
function leaver(view) {
  const [word, seat] = (view.moves.at(-1) ?? "").split(" ");
  return (word === "resign" || word === "timeout") && view.seats[seat] ? [Number(seat), word] : null;
}

/** The engine's reason, with the players it is about named. */
function reasonOf(view) {
  const said = view.said?.reason ? say(named(view.said.reason, view)) : view.outcome.reason;
  return `${said[0].toUpperCase()}${said.slice(1)}`;
}

/** The phrase ``phrase`` with each seat's colour in it (a phrase among the view's
 * ``said.colors``) replaced by the name of the player in that seat. */
function named(phrase, view) {
  if (!Array.isArray(phrase)) return phrase;
  const key = JSON.stringify(phrase);
  const seat = view.said.colors.findIndex((colour) => JSON.stringify(colour) === key);
  if (seat >= 0 && view.seats[seat]) return view.seats[seat].name;
  const [template, values] = phrase;
  if (!values) return phrase;
  return [template, Object.fromEntries(Object.entries(values).map(([name, value]) => [name, named(value, view)]))];
}

/** A finished game's result: ``[headline, how]``, e.g. ``["Bob resigned: Ann wins", "Score:
 * Ann 3, Bob 1."]`` or ``["Draw agreed between Ann and Dan", "The players agreed to a
 * draw."]``. */
export function resultText(view) {
  const { winners, scores } = view.outcome;
  const score = t("Score: {scores}.", { scores: scores.map((points, seat) => `${view.seats[seat].name} ${points}`).join(", ") });
  const named = seatNames(view, winners);
  if ((view.moves ?? []).at(-1) === "draw agreed") {
    return [t("Draw agreed between {names}", { names: named }), t("The players agreed to a draw.")];
  }
  const left = leaver(view);
  if (left && winners.length === 1) {
    const [seat, way] = left;
    const values = { name: view.seats[seat].name, winners: named };
    return [way === "resign" ? t("{name} resigned: {winners} wins", values) : t("{name} ran out of time: {winners} wins", values), score];
  }
  const how = `${reasonOf(view)}. ${score}`;
  if (winners.length === 1) return [t("{name} wins", { name: named }), how];
  if (winners.length === 0 || winners.length === view.seats.length) return [t("A draw"), how];
  return [t("Draw between {names}", { names: named }), how];
}

/** That one of the seats ``answering`` declined ``what`` this page asked for: ``"Dan declined
 * the draw."`` (``what``: "draw") or ``"Dan declined to take back your move."`` ("undo"). */
export function declinedText(view, answering, what) {
  const who = seatNames(view, answering, "or");
  return what === "draw" ? t("{names} declined the draw.", { names: who }) : t("{names} declined to take back your move.", { names: who });
}
