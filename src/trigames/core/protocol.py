"""The engine protocol every game implements: :class:`Game` makes :class:`State` objects.

A state is a position plus the moves played on it since it was made, so it can take them back.
Besides the moves of its rules, every game takes the endings of :mod:`trigames.core.endings`
(a resignation, a draw agreed, a player out of time), in its history like any move:

>>> import trigames
>>> state = trigames.load_game("triggle").new_initial_state()
>>> state.play("D1-D4")
>>> state.history
[Band('D1-D4')]
>>> state.play("resign 1")
>>> state.outcome()
Outcome(winners=(0,), scores=(0, 0), reason='Yellow resigned')
>>> state.undo()
Resignation(seat=1)
>>> state.undo()
Band('D1-D4')
>>> state.history
[]
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

from trigames.core.actions import ObservationPlanes
from trigames.core.endings import AgreedDraw, Ending, Withdrawal, parse_ending
from trigames.core.errors import (
    GameOverError,
    IllegalActionError,
    IllegalMoveError,
    PositionError,
    UndoError,
)
from trigames.core.outcome import Outcome
from trigames.core.phrases import Phrase, Value, joined
from trigames.core.spec import GameSpec, Option
from trigames.core.swap import SWAP, SWAP_STEPS, Swap, is_swap

if TYPE_CHECKING:  # the rules load no drawing: the games' parts give it
    from trigames.geometry.svg import Drawing

MoveT = TypeVar("MoveT", bound=Hashable)
StateT = TypeVar("StateT", bound="State[Any]")
#: Binary digits ``0`` and ``1`` to bytes 0 and 1 (:meth:`Game.legal_action_mask`).
_DIGITS = bytes.maketrans(b"01", b"\x00\x01")


@dataclass(frozen=True)
class ChoicePicture:
    """A legal move seen before it is made (:meth:`Game.choice_pictures`).

    ``ghost`` is an SVG fragment (one ``<g class="ghost">``) in the coordinates of the
    :meth:`Game.render_svg` picture of the same position, to lay over it; ``box`` is
    ``(x, y, width, height)`` round the ghost in those coordinates, so that the ghost alone
    also makes an icon. A piece that may lie several ways names its ``shape`` (the way it lies,
    wherever it is), the shape ``turned`` a quarter turn clockwise and the shape ``flipped``
    over, so that a page can offer turn and flip buttons knowing no rule.
    """

    ghost: str
    box: tuple[float, float, float, float]
    shape: str = ""
    turned: str = ""
    flipped: str = ""

    def to_json(self) -> dict[str, Any]:
        """The picture as JSON: ``ghost``, ``box``, and the shapes when there are any."""
        found: dict[str, Any] = {"ghost": self.ghost, "box": list(self.box)}
        if self.shape:
            found.update(shape=self.shape, turned=self.turned, flipped=self.flipped)
        return found


class State(ABC, Generic[MoveT]):
    """A mutable game position with built-in undo.

    Subclasses implement the rules in :meth:`legal_moves`, :meth:`_apply`, :meth:`_revert` and
    :meth:`_rules_outcome`, and keep the seat to move in :attr:`to_move`; this class checks
    moves, keeps the history, and carries out the endings every game shares (resignations, a
    draw agreed, a player out of time) and the swap of the option ``swap=true``
    (:mod:`trigames.core.swap`: the game lists it among its legal moves and says what its first
    move owns, in :meth:`_on_swap`).
    """

    #: The seat to move, ``None`` once the game is over. The rules keep it up to date; an
    #: ending may set it too (to ``None``, or past a seat that left the game).
    to_move: int | None

    def __init__(self, game: Game[MoveT, Any]) -> None:
        self.game = game
        self.history: list[MoveT | Swap | Ending] = []
        #: Who made each entry of the history: the seat that moved, the seat that resigned or
        #: ran out of time, ``None`` for a draw agreed.
        self.movers: list[int | None] = []
        self.to_move = 0
        #: True once seat 1 has swapped (the option ``swap=true``): the first move is theirs.
        self.swapped = False
        #: The endings that took effect on this position, in order (played or loaded).
        self.endings: list[Ending] = []
        #: Seats that resigned or ran out of time: they take no more turns and cannot win.
        self.withdrawn: tuple[int, ...] = ()
        #: The result when an ending finished the game (``None`` otherwise).
        self.ending: Outcome | None = None
        self._before_endings: list[tuple[int | None, tuple[int, ...], Outcome | None]] = []

    # --- what a game implements -------------------------------------------------------------

    @abstractmethod
    def legal_moves(self) -> list[MoveT | Swap]:
        """Every legal move, in a fixed order (empty once the game is over); where
        :meth:`may_swap`, the swap last."""

    @abstractmethod
    def parse_move(self, text: str) -> MoveT:
        """The move of the rules written ``text`` in this game's notation (raises
        ``MoveParseError``).

        It checks the form, not legality: :meth:`play` does that.
        """

    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Each player's score so far."""

    @abstractmethod
    def _rules_outcome(self) -> Outcome | None:
        """The result the rules give once they end the game, else ``None``. With more than
        two players, seats in :attr:`withdrawn` are never among the winners."""

    @abstractmethod
    def _position_json(self) -> dict[str, Any]:
        """The position as the rules see it, JSON-ready (see :meth:`to_json`)."""

    def clone(self) -> Self:
        """An independent copy, history included.

        States keep their mutable data in lists, dicts and sets (nested or not) of immutable
        values (ints, tuples, moves); the copy gets its own containers.
        """
        twin = object.__new__(type(self))
        twin.__dict__ = {
            name: _fresh(value) if isinstance(value, _CONTAINERS) else value
            for name, value in vars(self).items()
        }
        return twin

    @abstractmethod
    def _apply(self, move: MoveT) -> None:
        """Play a move already known to be legal."""

    @abstractmethod
    def _revert(self, move: MoveT) -> None:
        """Take back ``move``, the last move played."""

    def position_key(self) -> Hashable:
        """A value equal for equal positions (same player to move), for search tables.

        The default is built from :meth:`to_json`; games override it with something faster.
        Two positions with equal keys must have the same legal moves and the same future.
        """
        return _frozen(self.to_json())

    def illegal_reason(self, move: MoveT | Swap) -> Phrase | None:
        """Why ``move`` cannot be played now, or ``None`` if it can (for a swap, see
        :meth:`swap_reason`)."""
        if isinstance(move, Swap):
            return self.swap_reason()
        return self._illegal_reason(move)

    def _illegal_reason(self, move: MoveT) -> Phrase | None:
        """Why the move of the rules ``move`` cannot be played now, or ``None`` if it can."""
        if move in self.legal_moves():
            return None
        return Phrase("it is not a legal move in this position")

    # --- the swap rule (the option ``swap=true``: see :mod:`trigames.core.swap`) ----------------

    @abstractmethod
    def _first_moves(self) -> int:
        """How many moves the position shows were made, counted up to two: 0, 1, or 2 for two
        or more (the swap answers move 1)."""

    def _on_swap(self) -> None:
        """What a swap changes besides the seat to move, which it has already handed to seat 0
        (and its undo back to seat 1, :attr:`swapped` false again): the first move's pegs,
        pieces, claims and points go to seat 1 (and back), and whatever the rules keep about the
        seat to move follows. By default nothing: the first move owns nothing."""

    def may_swap(self) -> bool:
        """True when ``swap`` is legal now: the game has the swap rule, the first move is all
        the board shows, nobody has swapped it, and seat 1 is to move."""
        return (
            self.game.swap and self.to_move == 1 and not self.swapped and self._first_moves() == 1
        )

    def swap_ahead(self) -> bool:
        """True while a swap is legal now or may be at the next move: the game has the swap
        rule, goes on, nobody has swapped, and the position shows fewer than two moves. (The
        native kernels know no swap rule: they wait till then.)"""
        return (
            self.game.swap
            and self.to_move is not None
            and not self.swapped
            and self._first_moves() < 2
        )

    def swap_reason(self) -> Phrase | None:
        """Why ``swap`` cannot be played now, or ``None`` if it can."""
        if not self.game.swap:
            return Phrase(
                "this game is played without the swap rule (the option swap=true allows it)"
            )
        if self.swapped:
            return Phrase("the first move has already been swapped")
        if self.may_swap():
            return None
        return Phrase(
            "only {seat} may swap, at once, as the answer to the first move",
            seat=self.game.player_name(1),
        )

    def _swap_seats(self) -> None:
        """Play a swap, or take it back: the same change, the other way."""
        self.swapped = not self.swapped
        self.to_move = 0 if self.swapped else 1
        self._on_swap()

    # --- the shared machinery ---------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to move, ``None`` once the game is over."""
        return self.to_move

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.to_move is None

    def outcome(self) -> Outcome | None:
        """The result once the game is over (by its rules or by an ending), else ``None``."""
        if self.ending is not None:
            return self.ending
        return self._rules_outcome()

    def parse(self, text: str) -> MoveT | Swap | Ending:
        """What :meth:`play` plays for ``text``: an ending (``resign 1``, ``resign`` for the
        player to move, ``draw agreed``, ``timeout 1``), a ``swap`` or a move of the rules."""
        ending = parse_ending(text, self.to_move)
        if ending is not None:
            return ending
        return SWAP if is_swap(text) else self.parse_move(text)

    def play(self, move: MoveT | Swap | Ending | str) -> None:
        """Play a move, a swap or an ending, given as an object or in notation.

        Raises ``MoveParseError`` for bad notation, ``GameOverError`` after the end and
        ``IllegalMoveError`` (with the reason) for a move the rules forbid here.
        """
        if isinstance(move, str):
            move = self.parse(move)
        if isinstance(move, Ending):
            self._end(move)
            self.history.append(move)
            self.movers.append(move.seat if isinstance(move, Withdrawal) else None)
            return
        if self.to_move is None:
            raise GameOverError(Phrase("cannot play {move}: the game is over", move=str(move)))
        mover = self.to_move
        if isinstance(move, Swap):
            reason = self.swap_reason()
            if reason is not None:
                raise IllegalMoveError(Phrase("swap is not legal: {reason}", reason=reason))
            self._swap_seats()
        else:
            reason = self._illegal_reason(move)
            if reason is not None:
                raise IllegalMoveError(
                    Phrase("{move} is not legal: {reason}", move=str(move), reason=reason)
                )
            self._apply(move)
        self.history.append(move)
        self.movers.append(mover)

    def resign(self, seat: int | None = None) -> None:
        """``seat`` (by default the player to move) resigns: with two players the other one
        wins; with more, ``seat`` leaves and the rest play on until one is left."""
        self.play(f"resign {self.to_move if seat is None else seat}")

    def agree_draw(self) -> None:
        """End the game as a draw among the players still in it, as they agreed."""
        self.play(AgreedDraw())

    def undo(self) -> MoveT | Swap | Ending:
        """Take back the last move, swap or ending and return it (raises ``UndoError`` if
        there is none)."""
        if not self.history:
            raise UndoError("there is no move to take back")
        move = self.history.pop()
        self.movers.pop()
        if isinstance(move, Ending):
            self.endings.pop()
            self.to_move, self.withdrawn, self.ending = self._before_endings.pop()
        elif isinstance(move, Swap):
            self._swap_seats()
        else:
            self._revert(move)
        return move

    @property
    def last_move(self) -> MoveT | None:
        """The last move of the rules played on this state, if any (endings are passed over,
        and so is a swap: right after one, the last move is the first, now seat 1's)."""
        for entry in reversed(self.history):
            if not isinstance(entry, Ending | Swap):
                return entry
        return None

    def seats_in_game(self) -> tuple[int, ...]:
        """The seats that have not resigned or run out of time."""
        return tuple(s for s in range(self.game.num_players) if s not in self.withdrawn)

    def seat_after(self, seat: int) -> int:
        """The seat whose turn follows ``seat``'s in seat order, passing over seats that left.

        >>> import trigames
        >>> state = trigames.load_game("triggle(players=3)").new_initial_state()
        >>> state.play("resign 1")
        >>> state.seat_after(0)
        2
        """
        count = self.game.num_players
        following = (seat + 1) % count
        while following in self.withdrawn:
            following = (following + 1) % count
        return following

    def ending_reason(self, ending: Ending) -> str | None:
        """Why ``ending`` cannot take effect now, or ``None`` if it can."""
        if self.to_move is None:
            return "the game is over"
        return self._seat_reason(ending)

    def _seat_reason(self, ending: Ending) -> str | None:
        """Why the seat of a resignation or time-out cannot leave the game, if it cannot."""
        if not isinstance(ending, Withdrawal):
            return None
        players = self.game.num_players
        if not 0 <= ending.seat < players:
            return f"there is no seat {ending.seat}: the seats are 0 to {players - 1}"
        if ending.seat in self.withdrawn:
            return f"{self.game.player_name(ending.seat)} has already left the game"
        return None

    def _end(self, ending: Ending) -> None:
        """Carry out ``ending`` (it is not put in the history: :meth:`play` does that)."""
        reason = self.ending_reason(ending)
        if reason is not None:
            error = GameOverError if self.to_move is None else IllegalMoveError
            raise error(
                Phrase("{ending} is not possible: {reason}", ending=str(ending), reason=reason)
            )
        self._before_endings.append((self.to_move, self.withdrawn, self.ending))
        self.endings.append(ending)
        seats = self.seats_in_game()
        if not isinstance(ending, Withdrawal):
            self._conclude(seats, ending.reason(""))
            return
        seat = ending.seat
        self.withdrawn = (*self.withdrawn, seat)
        rest = tuple(s for s in seats if s != seat)
        if len(rest) == 1:
            self._conclude(rest, ending.reason(self.game.player_name(seat)))
        elif self.to_move == seat:
            self.to_move = self.seat_after(seat)

    def _conclude(self, winners: tuple[int, ...], reason: Phrase) -> None:
        self.ending = Outcome(winners, self.scores(), reason)
        self.to_move = None

    # --- positions --------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The position (not the history) as a JSON-ready dictionary.

        ``game.state_from_json(state.to_json())`` makes an equal position. Endings that took
        effect are listed under ``endings``; ``to_move`` is then the seat the rules had to move.
        ``swapped`` is true once seat 1 has swapped (and left out before).
        """
        obj = self._position_json()
        if self.swapped:
            obj["swapped"] = True
        if self.endings:
            obj["to_move"] = self.to_move if self.ending is None else self._before_endings[-1][0]
            obj["endings"] = [str(ending) for ending in self.endings]
        return obj

    def _restore_endings(self, texts: object) -> None:
        """Carry out the endings listed in a position (``to_json``'s ``endings``) on the
        position the rules read: the last may have ended the game, the others only took a
        seat out of it (the rules may have ended the game since)."""
        if not (isinstance(texts, list) and all(isinstance(t, str) for t in texts)):
            raise PositionError("'endings' must be a list such as [\"resign 1\"]")
        for number, text in enumerate(texts, start=1):
            try:
                ending = parse_ending(text)
            except ValueError as error:
                raise PositionError(f"bad 'endings': {error}") from None
            if ending is None:
                raise PositionError(
                    f"bad 'endings': {text!r} is not resign N, timeout N or draw agreed"
                )
            if number == len(texts) and self.to_move is not None:
                to_move = self.to_move
                try:
                    self._end(ending)  # the last ending may have ended the game
                except IllegalMoveError as error:
                    raise PositionError(f"bad 'endings': {error}") from None
                if self.to_move not in (to_move, None):  # it passed the turn on: written after
                    raise PositionError(f"seat {to_move} is to move but has left the game")
                continue
            # an ending that only took a seat out (the rules may have ended the game since)
            reason = self._seat_reason(ending)
            if not isinstance(ending, Withdrawal) or len(self.seats_in_game()) <= 2:
                reason = "only the last of the 'endings' can end the game"
            if reason is not None:
                raise PositionError(f"bad 'endings': {ending} is not possible: {reason}")
            assert isinstance(ending, Withdrawal)
            self._before_endings.append((self.to_move, self.withdrawn, None))
            self.endings.append(ending)
            self.withdrawn = (*self.withdrawn, ending.seat)
        if self.to_move in self.withdrawn:
            raise PositionError(f"seat {self.to_move} is to move but has left the game")

    def __repr__(self) -> str:
        return f"{self.game!r}.state_from_json({self.to_json()!r})"


_Container = list[Any] | dict[Any, Any] | set[Any]


def _frozen(value: Any) -> Hashable:
    """A hashable copy of JSON-like data (dicts become sorted tuples of pairs)."""
    if isinstance(value, dict):
        return tuple(sorted((str(k), _frozen(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(_frozen(item) for item in value)
    assert isinstance(value, Hashable)
    return value


#: The mutable containers a state keeps its data in: a clone copies them.
_CONTAINERS = (list, dict, set)


def _fresh(value: _Container) -> _Container:
    """A copy of a container, and of the containers in it (the values themselves are shared)."""
    if isinstance(value, list) and value and isinstance(value[0], _CONTAINERS):
        return [_fresh(item) for item in value]
    if isinstance(value, dict) and any(isinstance(v, _CONTAINERS) for v in value.values()):
        return {key: _fresh(item) for key, item in value.items()}
    return value.copy()


#: One step of entering a move (see :meth:`Game.input_steps`): the names that take it.
Step = tuple[str, ...]


class Game(ABC, Generic[MoveT, StateT]):
    """A game with its options fixed: the factory of its states and the home of its parts.

    A game declares its parts as plain functions of a state: :meth:`render_text`,
    :meth:`render_svg`, :meth:`describe_last_move`, :meth:`explain_last_move` and
    :meth:`heuristic` (with its :attr:`heuristic_scale`), which the computer players in
    ``trigames.ai`` use.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    options: ClassVar[tuple[Option, ...]]
    #: Short names of the seats as players see them (often colours), seat 0 first.
    seat_names: ClassVar[tuple[Phrase, ...]]
    #: The colour each seat's pieces are drawn in (a CSS colour), seat 0 first, for the
    #: swatches of pages beside the board.
    seat_colours: ClassVar[tuple[str, ...]] = ()
    #: Other names of the game with some options fixed, taken wherever a spec is:
    #: ``{"trigger": {"board": "trigger"}}`` makes ``trigger`` mean ``trig(board=trigger)``.
    aliases: ClassVar[Mapping[str, Mapping[str, str]]] = {}
    #: How much :meth:`heuristic` counts as a clear lead: search players that turn values into
    #: chances of winning treat a lead of this size as about 3 to 1 in favour.
    heuristic_scale: ClassVar[float] = 1.0

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        players = spec.options.get("players", 2)
        assert isinstance(players, int)
        self.num_players = players
        """How many seats the game has: its ``players`` option, or two."""
        self.swap = spec.options.get("swap") is True
        """Whether seat 1 may swap the first move (the option ``swap=true``, for two players:
        see :mod:`trigames.core.swap`)."""

    def player_name(self, seat: int) -> Phrase:
        """The name of a seat, for example ``Blue`` (a :class:`~trigames.core.phrases.Phrase`,
        which pages say in their language)."""
        return self.seat_names[seat]

    def convert_v1_moves(self, moves: Sequence[str]) -> list[str]:
        """The moves of a version 1 record (trigames 0.1) in today's notation: the same, but
        where a game's notation changed (it raises ``RecordError`` if a move does not replay)."""
        return list(moves)

    @abstractmethod
    def new_initial_state(self) -> StateT:
        """The starting position."""

    def state_from_json(self, obj: Mapping[str, Any]) -> StateT:
        """A position from :meth:`State.to_json` (raises ``PositionError`` if it is broken)."""
        state = self._read_position(obj)
        if state.swapped and not state._first_moves():
            raise PositionError("'swapped' is true, but no move is on the board to have swapped")
        if isinstance(obj, Mapping) and "endings" in obj:
            state._restore_endings(obj["endings"])
        return state

    @abstractmethod
    def _read_position(self, obj: Mapping[str, Any]) -> StateT:
        """A position from :meth:`to_json <State.to_json>`, ``endings`` aside, which
        :meth:`state_from_json` carries out afterwards (raises ``PositionError``). A reader
        may look at ``endings`` only to know whether seats may have left the game; it reads
        ``swapped`` (:func:`~trigames.core.positions.read_swapped`) and checks the turn by it."""

    @abstractmethod
    def info(self) -> dict[str, Any]:
        """Facts about the board as a JSON-ready dictionary."""

    @abstractmethod
    def render_text(self, state: StateT, *, color: bool = False) -> str:
        """The position drawn as text with coordinates, marking the last move."""

    def render_svg(self, state: StateT, *, labels: bool = True) -> str:
        """The position drawn as a standalone SVG document (a string), marking the last move:
        the text of :meth:`drawing`.

        A pure function of the state: the same state gives the same text. The root element
        holds ``data-game`` (the spec), ``data-to-move`` and ``data-last-move``; every place
        a player can click carries ``data-name``, its name in the game's notation (a peg or
        point ``D4``, a cell ``G6``, a Trugo tile or junction ``dg74`` or ``dh71``, a TRANGLAR
        cell ``b3n``) and ``data-spot`` (what sort of place it is); drawn pieces carry
        ``data-piece`` (their kind), ``data-owner`` (a seat number or ``neutral``),
        ``data-owner-name``, ``data-at`` (where, in notation) and ``data-last="true"`` when the
        last move put them there. ``labels`` adds the coordinates around the board, as the
        text drawing shows them.
        """
        return self.drawing(state, labels=labels).text()

    @abstractmethod
    def drawing(self, state: StateT, *, labels: bool = True) -> Drawing:
        """The position drawn, as :meth:`render_svg` describes, kept in blocks
        (:class:`~trigames.geometry.svg.Drawing`): two drawings of one game share most
        blocks, so what changed from one to the other is found quickly."""

    @abstractmethod
    def describe_last_move(self, state: StateT) -> Phrase:
        """One line saying who made the last move on ``state`` and what it did, for people."""

    def describe_last(self, state: StateT) -> Phrase:
        """One line on the last thing that happened on ``state``: the last move
        (:meth:`describe_last_move`), a swap or an ending (``Blue resigns``).

        >>> import trigames
        >>> game = trigames.load_game("trig")
        >>> state = game.new_initial_state()
        >>> state.play("G6")
        >>> state.resign()
        >>> game.describe_last(state)
        'Black resigns'
        """
        last = state.history[-1] if state.history else None
        if isinstance(last, Swap):
            return Phrase(
                "{second} swaps: the first move, {move}, is now {second}'s, and {first} moves next",
                second=self.player_name(1),
                move=str(state.last_move),
                first=self.player_name(0),
            )
        if not isinstance(last, Ending):
            return self.describe_last_move(state)
        seat = last.seat if isinstance(last, Withdrawal) else None
        return last.describe("" if seat is None else self.player_name(seat))

    def status(self, state: StateT) -> Phrase:
        """One line on the game so far, shown under the board: by default, the scores."""
        scores: list[Value] = [
            Phrase("{seat} {score}", seat=self.player_name(seat), score=score)
            for seat, score in enumerate(state.scores())
        ]  # apart: pybabel does not look inside another Phrase's values
        return Phrase("Score: {scores}", scores=joined(scores, None))

    def move_choices(self, state: StateT, move: MoveT) -> list[MoveT]:
        """The legal moves a player may mean by entering ``move``, ``move`` first.

        Most games have one; where a move has optional parts (a capture after a placement),
        interfaces offer the list to choose from.
        """
        return [move]

    def input_steps(self, state: StateT, move: MoveT | Swap) -> tuple[Step, ...]:
        """How a player enters the legal ``move`` by pointing, one step at a time.

        Each step is the names any of which takes it: the ``data-name`` of a place on the
        :meth:`render_svg` picture, or words for a choice offered off the board (a button:
        a :class:`~trigames.core.phrases.Phrase`, which a page says in its language). A
        page keeps the legal moves whose steps match what was clicked so far, so it never needs
        to know a rule. A place is clicked at most once in a move. A swap is a button,
        ``swap``; the game says how its own moves are entered (:meth:`_input_steps`).

        >>> import trigames
        >>> game = trigames.load_game("triggle")
        >>> state = game.new_initial_state()
        >>> game.input_steps(state, state.parse_move("A1-D1"))  # either end first
        (('A1', 'D1'), ('A1', 'D1'))
        """
        if isinstance(move, Swap):
            return SWAP_STEPS
        return self._input_steps(state, move)

    @abstractmethod
    def _input_steps(self, state: StateT, move: MoveT) -> tuple[Step, ...]:
        """How a player enters the legal move of the rules ``move`` (see :meth:`input_steps`)."""

    def input_guide(self, state: StateT) -> Phrase:
        """What the player to move does now, in a few words for a page's guidance line
        ("Your turn: ..."), as :meth:`input_steps` enters it.

        >>> import trigames
        >>> game = trigames.load_game("trig")
        >>> game.input_guide(game.new_initial_state())
        'tap a cell to place a peg'
        """
        return Phrase("tap a marked place")

    def choice_pictures(
        self, state: StateT, moves: Sequence[MoveT | Swap]
    ) -> dict[MoveT, ChoicePicture]:
        """Pictures of the legal ``moves`` on ``state``, for a page to show a choice before it
        is made (a Trugo tile's three ways round, a TRANGLAR piece where it would lie, the
        triangle a Trig capture takes). A move left out has no picture; a swap never has one,
        and the game draws its own moves (:meth:`_choice_pictures`).
        """
        return self._choice_pictures(state, [move for move in moves if not isinstance(move, Swap)])

    def _choice_pictures(self, state: StateT, moves: Sequence[MoveT]) -> dict[MoveT, ChoicePicture]:
        """Pictures of legal moves of the rules (see :meth:`choice_pictures`): by default none."""
        return {}

    def explain_last_move(self, state: StateT) -> Phrase:
        """Why the last move on ``state`` is worth playing, for hints (by default, what it did)."""
        return self.describe_last_move(state)

    def explain_move(self, state: StateT, move: MoveT | Swap) -> Phrase:
        """What playing ``move`` on ``state`` would do, for hints (``state`` is unchanged).

        >>> import trigames
        >>> game = trigames.load_game("trig(swap=true)")
        >>> state = game.new_initial_state()
        >>> state.play("G6")
        >>> game.explain_move(state, SWAP)
        "takes the first move, G6, as Black's own, and White moves next"
        """
        if isinstance(move, Swap):
            return Phrase(
                "takes the first move, {move}, as {seat}'s own, and {first} moves next",
                move=str(state.last_move),
                seat=self.player_name(1),
                first=self.player_name(0),
            )
        scratch = state.clone()
        scratch.play(move)
        return self.explain_last_move(scratch)

    def evaluate(self, state: StateT, seat: int) -> float:
        """How good ``state`` is for ``seat``, higher is better; for the computer players.

        A finished game is worth 1000 for a win, 0 for a shared win and -1000 for a loss;
        otherwise the game's :meth:`heuristic` says.
        """
        outcome = state.outcome()
        if outcome is None:
            return self.heuristic(state, seat)
        if seat not in outcome.winners:
            return -1000.0
        return 1000.0 if len(outcome.winners) == 1 else 0.0

    def heuristic(self, state: StateT, seat: int) -> float:
        """Value of an unfinished position for ``seat``: by default its lead in score."""
        return score_lead(state, seat)

    def tactics(self, state: StateT, move: MoveT | Swap) -> tuple[int, int]:
        """What ``move`` does at once for the player to move, for a search to order moves and
        extend its quiescence: (points it scores, points it gives away). By default the
        change of the mover's score, with nothing known about what it gives away.

        >>> import trigames
        >>> game = trigames.load_game("tricolor")
        >>> state = game.new_initial_state()
        >>> game.tactics(state, state.legal_moves()[0])
        (0, 0)
        """
        seat = state.current_player
        assert seat is not None
        before = state.scores()[seat]
        state.play(move)
        after = state.scores()[seat]
        state.undo()
        return max(0, after - before), 0

    def result_places(self, state: StateT) -> list[str]:
        """The places (``data-name`` on the picture) that made the result of a finished game,
        for a page to highlight: a winning chain, say. By default none."""
        return []

    def move_facts(self, state: StateT) -> dict[str, float]:
        """Numbers about the last move on ``state`` for analysis reports (by default none).

        ``trigames analyze`` asks after every move and adds each number up over the game, so
        a game reports, say, the pieces its moves turned over without the analysis knowing a rule.
        """
        return {}

    def game_facts(self, state: StateT) -> dict[str, float | str]:
        """Facts about the finished game on ``state`` for analysis reports (by default none):
        numbers such as the winning margin, or words such as how the game was won."""
        return {}

    # --- numbered actions and observation planes, for learning libraries ------------------

    def num_actions(self) -> int:
        """How many action ids the spec has: every move that can ever be legal has an id from
        0 to ``num_actions() - 1`` (see :mod:`trigames.core.actions`). The game numbers its own
        moves (:meth:`_num_actions`); with the swap rule on, the swap has one more id, the last.

        >>> import trigames
        >>> trigames.load_game("triggle").num_actions()  # one per band position
        48
        >>> trigames.load_game("triggle(swap=true)").num_actions()  # and the swap
        49
        """
        return self._num_actions() + self.swap

    @abstractmethod
    def _num_actions(self) -> int:
        """How many action ids the moves of the rules have (the swap aside)."""

    @abstractmethod
    def _action_id(self, state: StateT, move: MoveT) -> int:
        """The action id of ``move``, a move of the rules known to be legal on ``state``."""

    @abstractmethod
    def observation_planes(self, state: StateT, seat: int) -> ObservationPlanes:
        """The position as ``seat`` sees it, as named planes of floats whose names and lengths
        are fixed for the spec (each game's rules page lists them)."""

    def max_game_length(self) -> int | None:
        """The most moves a game can last (a swap counts), or ``None`` when only a repetition
        rule ends it."""
        most = self._max_game_length()
        return None if most is None else most + self.swap

    def _max_game_length(self) -> int | None:
        """The most moves of the rules a game can last, or ``None`` (see
        :meth:`max_game_length`)."""
        return None

    def action_of(self, state: StateT, move: MoveT | Swap) -> int:
        """The action id of a move legal on ``state`` (raises ``IllegalMoveError`` if it is
        not legal there, ``GameOverError`` after the end).

        >>> import trigames
        >>> game = trigames.load_game("triggle")
        >>> state = game.new_initial_state()
        >>> game.action_of(state, state.parse_move("D1-D4")) in game.legal_actions(state)
        True
        """
        if state.is_over():
            raise GameOverError(f"{move} has no action id: the game is over")
        if isinstance(move, Swap):
            reason = state.swap_reason()
            if reason is not None:
                raise IllegalMoveError(f"swap has no action id here: {reason}")
            return self._num_actions()
        if move not in state.legal_moves():
            why = state.illegal_reason(move) or "it is not among the legal moves"
            raise IllegalMoveError(f"{move} has no action id here: {why}")
        return self._action_id(state, move)

    def legal_actions(self, state: StateT) -> list[int]:
        """The action ids of the legal moves on ``state``, smallest first (the swap's last)."""
        found = self._legal_actions(state)
        if self.swap and state.may_swap():
            found.append(self._num_actions())
        return found

    def _legal_actions(self, state: StateT) -> list[int]:
        """The action ids of the legal moves of the rules on ``state``, smallest first, in a
        new list.

        This is the reference: it numbers every legal move and sorts. Games override it to
        list the ids straight from their numbering, in order (the adapters call it every turn).
        """
        return sorted(
            self._action_id(state, move)
            for move in state.legal_moves()
            if not isinstance(move, Swap)
        )

    def legal_action_bits(self, state: StateT) -> int | None:
        """The legal action ids of ``state`` as the bits of one number (bit ``i`` set when id
        ``i`` is legal), for games whose rules keep them so; ``None`` where a game does not
        (then :meth:`legal_actions` lists them). An environment turns it into an action mask
        without listing the ids.

        >>> import trigames
        >>> game = trigames.load_game("triggle")
        >>> state = game.new_initial_state()
        >>> found = game.legal_action_bits(state)
        >>> found is None or [i for i in range(found.bit_length()) if found >> i & 1] == (
        ...     game.legal_actions(state))
        True
        """
        found = self._legal_action_bits(state)
        if found is not None and self.swap and state.may_swap():
            found |= 1 << self._num_actions()
        return found

    def _legal_action_bits(self, state: StateT) -> int | None:
        """The legal action ids of the moves of the rules as bits (see
        :meth:`legal_action_bits`), or ``None``: by default none."""
        return None

    def legal_action_mask(self, state: StateT) -> bytearray:
        """A byte for each action id, 1 where the id is legal on ``state`` and 0 elsewhere: a
        new buffer each call (an environment's action mask, made without listing the ids where
        the game keeps its legal bits, or knows its mask by other means).

        >>> import trigames
        >>> game = trigames.load_game("trig")
        >>> state = game.new_initial_state()
        >>> mask = game.legal_action_mask(state)
        >>> len(mask) == game.num_actions(), [i for i, on in enumerate(mask) if on] == (
        ...     game.legal_actions(state))
        (True, True)
        """
        mask = self._legal_action_mask(state)
        if self.swap:
            mask.append(state.may_swap())
        return mask

    def _legal_action_mask(self, state: StateT) -> bytearray:
        """The mask of :meth:`legal_action_mask` over the ids of the moves of the rules."""
        bits = self._legal_action_bits(state)
        if bits is not None:  # binary digits, lowest last, reversed into bytes 0 and 1
            mask = bytearray(format(bits, "b")[::-1].encode().translate(_DIGITS))
            mask.extend(bytes(self._num_actions() - len(mask)))
            return mask
        mask = bytearray(self._num_actions())
        for action in self._legal_actions(state):
            mask[action] = 1
        return mask

    def move_of_action(self, state: StateT, action: int) -> MoveT | Swap:
        """The legal move whose action id is ``action`` (raises ``IllegalActionError`` if
        no legal move has it).

        >>> import trigames
        >>> game = trigames.load_game("triggle")
        >>> state = game.new_initial_state()
        >>> str(game.move_of_action(state, game.action_of(state, state.parse_move("D4-D1"))))
        'D1-D4'
        """
        rules = self._num_actions()
        move: MoveT | Swap | None = None
        if 0 <= action < rules:
            move = self._action_move(state, action)
        elif action == rules and self.swap and state.may_swap():
            move = SWAP
        if move is None:
            count = self.num_actions()
            raise IllegalActionError(
                f"action {action} names no legal move here ({len(state.legal_moves())} are legal)"
                if 0 <= action < count
                else f"action {action} is out of range: ids run from 0 to {count - 1}"
            )
        return move

    def _action_move(self, state: StateT, action: int) -> MoveT | None:
        """The legal move of the rules whose action id is ``action`` (an id of theirs), or
        ``None``.

        This is the reference: it looks through the legal moves. Games override it to read
        the move off their numbering (a table or arithmetic) and check that it is legal.
        """
        moves: list[MoveT | Swap] = state.legal_moves()
        for move in moves:
            if not isinstance(move, Swap) and self._action_id(state, move) == action:
                return move
        return None

    @classmethod
    def rules(cls) -> str:
        """The rules in the project's words (Markdown), rulings included: the game's
        ``rules.md``, then what holds in every game (resigning, draws, time, seats)."""
        package = cls.__module__.rsplit(".", 1)[0]
        own = resources.files(package).joinpath("rules.md").read_text(encoding="utf-8")
        shared = resources.files(__package__).joinpath("every_game.md")
        return own.rstrip("\n") + "\n" + shared.read_text(encoding="utf-8")

    def __repr__(self) -> str:
        return f"trigames.load_game({str(self.spec)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.spec == other.spec

    def __hash__(self) -> int:
        return hash(self.spec)


def score_lead(state: State[Any], seat: int) -> int:
    """``seat``'s score minus the best score of the other seats."""
    scores = state.scores()
    return scores[seat] - max(score for other, score in enumerate(scores) if other != seat)


def score_margin(state: State[Any]) -> dict[str, float | str]:
    """``game_facts`` of a game won on points: the winner's lead over the nearest other score
    (0 for a draw); nothing before the end."""
    outcome = state.outcome()
    return {} if outcome is None else {"score margin": outcome.margin}


#: A game or state of any game, for code that works with every game.
AnyGame = Game[Any, Any]
AnyState = State[Any]


@dataclass(frozen=True, slots=True)
class NamedMove:
    """A move that is fully described by its canonical notation, like ``Band('A1-A4')``.

    Subclasses add only a name (and ``__slots__ = ()``); moves of different classes never
    compare equal.
    """

    name: str

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"


def either_end(move: NamedMove) -> tuple[Step, Step]:
    """The steps of a move named by two places ``A-B``, clicked in either order.

    >>> either_end(NamedMove("B2-C3"))
    (('B2', 'C3'), ('B2', 'C3'))
    """
    ends = tuple(move.name.split("-"))
    return ends, ends
