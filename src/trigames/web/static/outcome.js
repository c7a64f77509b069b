// How a game ended and what the players answered, in words: the one place that builds these
// sentences from a game's view (its outcome, moves, movers and seats), always naming players
// by their names, never by their colours. The engine's reasons name seats by colour ("Black
// resigned") or nobody ("a player used their last marker"); the moves say who.

/** "Ann", "Ann and Bob", "Ann, Bob and Cy" (or with ``word`` "or": "Ann, Bob or Cy"). */
export function names(list, word = "and") {
  return list.length < 3 ? list.join(` ${word} `) : `${list.slice(0, -1).join(", ")} ${word} ${list.at(-1)}`;
}

/** The names of ``seats`` of ``view``, joined as :func:`names` does. */
export function seatNames(view, seats, word = "and") {
  return names(seats.map((seat) => view.seats[seat].name), word);
}

/** The seat whose leaving ended the game (its last move ``resign 1`` or ``timeout 1``), with
 * what it did: ``[seat, "resigned"]``, or null. */
function leaver(view) {
  const [word, seat] = (view.moves.at(-1) ?? "").split(" ");
  const did = { resign: "resigned", timeout: "ran out of time" }[word];
  return did && view.seats[seat] ? [Number(seat), did] : null;
}

/** The rules' reasons that name nobody, said of the player who made the last move. */
const MOVER_REASONS = {
  "a player used their last marker": (name) => `${name} used their last marker`,
};

/** The engine's reason, with the player it is about named. */
function reasonOf(view) {
  const reason = view.outcome.reason;
  const mover = (view.movers ?? []).at(-1);
  const said = MOVER_REASONS[reason] && mover !== null && mover !== undefined
    ? MOVER_REASONS[reason](view.seats[mover].name)
    : reason;
  return `${said[0].toUpperCase()}${said.slice(1)}`;
}

/** A finished game's result: ``[headline, how]``, e.g. ``["Bob resigned: Ann wins", "Score:
 * Ann 3, Bob 1."]`` or ``["Draw agreed between Ann and Dan", "The players agreed to a
 * draw."]``. */
export function resultText(view) {
  const { winners, reason, scores } = view.outcome;
  const score = `Score: ${scores.map((points, seat) => `${view.seats[seat].name} ${points}`).join(", ")}.`;
  if (reason === "draw agreed") {
    return [`Draw agreed between ${seatNames(view, winners)}`, "The players agreed to a draw."];
  }
  const left = leaver(view);
  if (left && winners.length === 1) {
    const [seat, did] = left;
    return [`${view.seats[seat].name} ${did}: ${seatNames(view, winners)} wins`, score];
  }
  const how = `${reasonOf(view)}. ${score}`;
  if (winners.length === 1) return [`${seatNames(view, winners)} wins`, how];
  if (winners.length === 0 || winners.length === view.seats.length) return ["A draw", how];
  return [`Draw between ${seatNames(view, winners)}`, how];
}

/** That one of the seats ``answering`` declined ``what`` this page asked for: ``"Dan declined
 * the draw."`` (``what``: "draw") or ``"Dan declined to take back your move."`` ("undo"). */
export function declinedText(view, answering, what) {
  const who = seatNames(view, answering, "or");
  return what === "draw" ? `${who} declined the draw.` : `${who} declined to take back your move.`;
}
