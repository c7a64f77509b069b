"""Terminal play: humans type moves in notation, computer seats answer at once."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trigames.ai.ladder import rules_with_ladder
from trigames.ai.players import Player, accepts_draw
from trigames.ai.registry import HINT_LEVEL, hint_reason, make_player
from trigames.cli.console import NAME_LENGTH, Console, printable
from trigames.core.endings import AgreedDraw, Resignation
from trigames.core.errors import TrigamesError, UndoError
from trigames.core.protocol import AnyGame, AnyState
from trigames.core.swap import SWAP, Swap, is_swap
from trigames.core.takeback import take_back
from trigames.diagrams import rules_with_text_boards
from trigames.records import GameRecord, Seat, now

HELP = """Commands:
  <move>      play a move in notation, for example {example}
  moves       list the legal moves
  hint        suggest a move and say what it does
  undo        take back your last move (and the computer's answer)
  resign      resign (resign SEAT: that human seat resigns); with more than two
              players the others play on
  draw        offer a draw to the other players
  new         start a new game (offers to save this one)
  save FILE   save the game record as JSON
  board       draw the board again
  rules       show the rules
  help        this list
  quit        leave (offers to save an unsaved game)"""
#: The line :data:`HELP` adds for a game with the swap rule (the option ``swap=true``).
SWAP_HELP = """
  swap        answer the first move by taking it as yours (the swap rule): the
              other player moves next"""


@dataclass
class TerminalGame:
    """One game at the terminal. ``seats[i].kind`` is ``human`` or a computer player kind."""

    game: AnyGame
    seats: Sequence[Seat]
    console: Console
    seed: int | None = None
    autosave: Path | None = None
    #: A game to go on with (``trigames play --resume``): its position and its date.
    resumed: tuple[AnyState, str] | None = None

    def __post_init__(self) -> None:
        self.state: AnyState = self.game.new_initial_state()
        self.computers: dict[int, Player] = {
            i: make_player(seat.kind, None if self.seed is None else self.seed + i, self.game)
            for i, seat in enumerate(self.seats)
            if seat.kind != "human"
        }
        self.saved_moves = 0
        self.started = now()
        if self.resumed is not None:
            self.state, self.started = self.resumed
            self.saved_moves = len(self.state.history)  # nothing new to save yet
        #: Hints come from the game's hint level (its strongest within 2 seconds).
        self.adviser = make_player(HINT_LEVEL, self.seed, self.game)

    # --- the loop -------------------------------------------------------------------------

    def run(self) -> None:
        """Play until the players quit or input ends; Ctrl-C offers to save before leaving."""
        self.show_board()
        try:
            self.loop()
        except KeyboardInterrupt:
            self.console.write("")
            self.quit(ask=True, can_go_back=False)

    def loop(self) -> None:
        while True:
            if not self.state.is_over() and self.state.current_player in self.computers:
                self.computer_move()
                continue
            line = self.console.ask(self.prompt())
            if line is None:
                self.console.write("")
                self.quit(ask=False)
                return
            if not line:
                continue
            if not self.command(line):
                return

    def prompt(self) -> str:
        seat = self.state.current_player
        if seat is None:
            return "game over (undo, save FILE, quit)> "
        return f"{self.seat_label(seat)} to move> "

    def seat_label(self, seat: int) -> str:
        """The seat's name (escaped: see :func:`printable`) and colour."""
        name, colour = self.seats[seat].name, self.game.player_name(seat)
        return colour if name == colour else f"{printable(name, NAME_LENGTH)} ({colour})"

    def command(self, line: str) -> bool:
        """Carry out one line of input; ``False`` ends the session."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        if word in ("quit", "exit", "q"):
            return not self.quit(ask=True)
        handlers: dict[str, Callable[[], None]] = {
            "help": self.show_help,
            "?": self.show_help,
            "moves": self.show_moves,
            "hint": self.hint,
            "undo": self.undo,
            "new": self.new_game,
            "board": self.show_board,
            "rules": lambda: self.console.write(
                rules_with_text_boards(rules_with_ladder(self.game.name, self.game.rules()))
            ),
        }
        if word in handlers and not rest:
            handlers[word]()
        elif word == "save":
            self.save(rest.strip())
        elif word == "resign":
            self.resign(rest.strip())
        elif word == "draw":
            self.offer_draw()
        else:
            self.human_move(line)
        return True

    # --- moves ----------------------------------------------------------------------------

    def human_move(self, text: str) -> None:
        if self.state.is_over():
            self.console.write("The game is over: undo, save FILE or quit (help lists commands).")
            return
        try:
            move = SWAP if is_swap(text) else self.state.parse_move(text)
            reason = self.state.illegal_reason(move)
            if reason is not None:
                self.state.play(move)  # raises the precise error
            choices = [move] if isinstance(move, Swap) else self.game.move_choices(self.state, move)
            if len(choices) > 1:
                chosen = self.choose(choices)
                if chosen is None:
                    return
                move = chosen
            self.state.play(move)
        except TrigamesError as error:
            self.console.write(f"{error} (type 'moves' or 'help')")
            return
        self.after_move()

    def choose(self, choices: Sequence[Any]) -> Any | None:
        """Ask which of several moves the player means; ``None`` to think again."""
        self.console.write(f"{choices[0]} can be played {len(choices)} ways:")
        for number, (choice, explained) in enumerate(
            ((c, self.game.explain_move(self.state, c)) for c in choices), start=1
        ):
            self.console.write(f"  {number}. {choice}: {explained}")
        while True:
            answer = self.console.ask(f"Which one? 1-{len(choices)}, or Enter to think again: ")
            if not answer:
                return None
            if answer.isdigit() and 1 <= int(answer) <= len(choices):
                return choices[int(answer) - 1]
            if any(answer.upper() == str(c).upper() for c in choices):
                return next(c for c in choices if answer.upper() == str(c).upper())

    def resign(self, seat_text: str) -> None:
        """The player to move (or the human seat named) resigns, after saying yes."""
        state = self.state
        if state.is_over():
            self.console.write("The game is over.")
            return
        seat = state.current_player
        if seat_text:
            if not seat_text.isdigit() or int(seat_text) >= len(self.seats):
                self.console.write(f"Say which seat: 0 to {len(self.seats) - 1}.")
                return
            seat = int(seat_text)
        assert seat is not None
        if seat in self.computers:
            self.console.write(f"{self.seat_label(seat)} is a computer: it resigns by itself.")
            return
        if state.ending_reason(Resignation(seat)) is not None:
            self.console.write(f"{self.seat_label(seat)} has already left the game.")
            return
        answer = self.console.ask(f"Resign the game as {self.seat_label(seat)}? (y/N) ")
        if (answer or "").strip().lower() not in ("y", "yes"):
            self.console.write("Play on.")
            return
        state.resign(seat)
        self.after_move()

    def offer_draw(self) -> None:
        """Offer a draw from the player to move: every other human in the game says yes or
        no; a computer agrees when it does not think itself ahead."""
        state = self.state
        if state.is_over():
            self.console.write("The game is over.")
            return
        offering = state.current_player
        assert offering is not None
        for seat in state.seats_in_game():
            if seat == offering:
                continue
            if seat in self.computers:
                agrees = accepts_draw(state, seat)
            else:
                answer = self.console.ask(
                    f"{self.seat_label(offering)} offers a draw. "
                    f"{self.seat_label(seat)}, do you agree? (y/N) "
                )
                agrees = (answer or "").strip().lower() in ("y", "yes")
            if not agrees:
                self.console.write(f"{self.seat_label(seat)} declines the draw. Play on.")
                return
        state.play(AgreedDraw())
        self.after_move()

    def computer_move(self) -> None:
        seat = self.state.current_player
        assert seat is not None
        self.state.play(self.computers[seat].choose(self.state))
        self.after_move()

    def after_move(self) -> None:
        """Draw the board when a human is to move next or the game is over; else one line."""
        state = self.state
        if state.is_over() or state.current_player not in self.computers:
            self.show_board()
        else:
            self.console.write(f"Move {len(state.history)}: {self.game.describe_last(state)}")
        self.autosave_now()

    def show_board(self) -> None:
        state = self.state
        lines = [self.game.render_text(state, color=self.console.color)]
        if state.last_move is not None:
            lines.append(f"Last move ({len(state.history)}): {self.game.describe_last(state)}")
        lines.append(self.game.status(state))
        if state.may_swap():
            lines.append(f"{self.seat_label(1)} may answer 'swap': take the first move as theirs.")
        if state.withdrawn and not state.is_over():
            gone = ", ".join(self.seat_label(seat) for seat in state.withdrawn)
            lines.append(f"Out of the game: {gone}")
        outcome = state.outcome()
        if outcome is not None:
            lines.append(f"Game over: {outcome.reason}. {self.result_text()}")
        self.console.write("\n" + "\n".join(lines))

    def result_text(self) -> str:
        outcome = self.state.outcome()
        assert outcome is not None
        names = [self.seat_label(i) for i in outcome.winners]
        if len(names) == 1:
            return f"{names[0]} wins."
        return f"Draw between {' and '.join(names)}."

    def show_moves(self) -> None:
        moves = [str(m) for m in self.state.legal_moves()]
        if not moves:
            self.console.write("No legal moves: the game is over.")
            return
        self.console.write(f"{len(moves)} legal moves: " + " ".join(moves))

    def hint(self) -> None:
        if self.state.is_over():
            self.console.write("The game is over.")
            return
        move = self.adviser.choose(self.state)
        why = hint_reason(self.game, self.state, move, self.adviser.last_info)
        self.console.write(f"Hint: {move} - {why}")

    def undo(self) -> None:
        """Take back moves until a human is to move again (at least one move), as the web
        server does (:mod:`trigames.core.takeback`): never a resignation, a draw or time."""
        humans = [seat for seat in range(self.game.num_players) if seat not in self.computers]
        try:
            take_back(self.state, humans)
        except UndoError as error:
            self.console.write(f"{str(error)[0].upper()}{str(error)[1:]}.")
            return
        self.show_board()
        self.autosave_now()

    def new_game(self) -> None:
        """Start over with the same seats, after offering to save unsaved moves."""
        if not self.offer_to_save():
            return
        if self.autosave is not None and self.state.history:
            self.autosave = next_free_name(self.autosave)
            self.console.write(f"The new game will be saved to {self.autosave}.")
        self.state = self.game.new_initial_state()
        self.started = now()
        self.saved_moves = 0
        self.show_board()

    def show_help(self) -> None:
        example = self.state.legal_moves()[0] if not self.state.is_over() else "..."
        self.console.write(HELP.format(example=example) + (SWAP_HELP if self.game.swap else ""))

    # --- records --------------------------------------------------------------------------

    def record(self) -> GameRecord:
        return GameRecord.from_state(self.state, self.seats, self.started)

    def save(self, path: str) -> bool:
        if not path:
            self.console.write("Say where: save FILE, for example save game.json")
            return False
        try:
            self.record().save(path)
        except OSError as error:
            self.console.write(f"Could not save to {path}: {error.strerror or error}")
            return False
        self.saved_moves = len(self.state.history)
        count = len(self.state.history)
        self.console.write(f"Saved {count} move{'' if count == 1 else 's'} to {path}.")
        return True

    def autosave_now(self) -> None:
        if self.autosave is None:
            return
        try:
            self.record().save(self.autosave)
        except OSError as error:
            self.console.write(f"Could not save to {self.autosave}: {error.strerror or error}")
        else:
            self.saved_moves = len(self.state.history)

    def quit(self, *, ask: bool, can_go_back: bool = True) -> bool:
        """Leave, first offering to save unsaved moves; ``False`` if the player stays."""
        if ask and not self.offer_to_save(can_go_back=can_go_back):
            return False
        self.console.write("Goodbye.")
        return True

    def offer_to_save(self, *, can_go_back: bool = True) -> bool:
        """Ask for a file when there are unsaved moves; ``False`` if the player goes back."""
        if len(self.state.history) == self.saved_moves:
            return True
        back = ", or 'back' to keep playing" if can_go_back else ""
        while True:
            answer = self.console.ask(
                f"Save the game first? Type a file name, Enter to go on without saving{back}: "
            )
            if answer is None or answer == "":
                return True
            if answer.lower() == "back" and can_go_back:
                return False
            if self.save(answer):
                return True


def next_free_name(path: Path) -> Path:
    """``game.json`` becomes ``game-2.json`` (or the first free ``game-N.json``)."""
    stem = path.stem.rsplit("-", 1)[0] if path.stem.rsplit("-", 1)[-1].isdigit() else path.stem
    number = 2
    while (candidate := path.with_name(f"{stem}-{number}{path.suffix}")).exists():
        number += 1
    return candidate
