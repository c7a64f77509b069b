"""Stepping through a saved game record."""

from __future__ import annotations

from trigames.cli.console import NAME_LENGTH, Console, printable
from trigames.core.protocol import AnyState
from trigames.records import GameRecord

HELP = (
    "Enter/n: next move  p: previous  N (a number): go to after move N  s: start  e: end  q: quit"
)


def replay(record: GameRecord, console: Console, *, step: bool = True) -> None:
    """Show the record's positions; with ``step`` the user moves through them.

    The whole record is checked first, so a broken one is refused before anything is shown.
    Names, kinds and the date are shown escaped (see :func:`printable`) and cut to
    :data:`NAME_LENGTH` characters.
    """
    final = record.replay()
    game = final.game
    total = len(record.moves)
    names = [printable(seat.name, NAME_LENGTH) for seat in record.players]
    players = ", ".join(
        f"{game.player_name(i)}: {name} ({printable(seat.kind, NAME_LENGTH)})"
        for i, (name, seat) in enumerate(zip(names, record.players, strict=True))
    )
    console.write(f"{game.spec} - {printable(record.date, NAME_LENGTH)} - {players}")
    result = record.result
    if result is not None:
        winners = " and ".join(names[i] for i in result.winners)
        verdict = "draw between " + winners if result.is_draw else winners + " wins"
        reason = printable(result.reason)  # the one the moves give: replay() checked it
        console.write(f"Result: {verdict} ({reason}); scores {list(result.scores)}")
    else:
        console.write(f"Unfinished game, {total} moves.")
    state = game.new_initial_state()

    def goto(target: int) -> None:
        while len(state.history) > target:
            state.undo()
        while len(state.history) < target:
            state.play(record.moves[len(state.history)])

    def show(position: AnyState) -> None:
        done = len(position.history)
        heading = "Start" if done == 0 else f"After move {done} of {total}"
        lines = [f"\n{heading}", game.render_text(position, color=console.color)]
        if done:
            lines.append(game.describe_last(position))
        console.write("\n".join(lines))

    if not step:
        show(state)
        for move in record.moves:
            state.play(move)
            show(state)
        return
    console.write(HELP)
    show(state)
    while True:
        line = console.ask("replay> ")
        if line is None or line.lower() in ("q", "quit"):
            return
        command = line.lower()
        if command in ("", "n", "next"):
            if len(state.history) == total:
                console.write("That was the last move (p: previous, q: quit).")
                continue
            goto(len(state.history) + 1)
        elif command in ("p", "prev", "previous", "b", "back"):
            goto(max(0, len(state.history) - 1))
        elif command == "s":
            goto(0)
        elif command == "e":
            goto(total)
        elif command.isdigit() and int(command) <= total:
            goto(int(command))
        else:
            console.write(HELP + f"  (moves 0 to {total})")
            continue
        show(state)
