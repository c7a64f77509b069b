"""Tricolor: lay lozenges in the colour due; stars and hexagons score, empty triangles cost.

>>> import trigames
>>> state = trigames.load_game("tricolor").new_initial_state()
>>> state.due_colour, len(state.legal_moves())
('orange', 44)
>>> state.play("D4-D5")
>>> state.due_colour, state.current_player
('green', 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from trigames.core.bits import bits
from trigames.core.errors import PositionError
from trigames.core.outcome import Outcome
from trigames.core.phrases import Phrase
from trigames.core.positions import is_seat, position_fields, read_swapped, read_turn
from trigames.core.protocol import Game, State, Step, score_margin
from trigames.core.spec import GameSpec, Option
from trigames.core.swap import SWAP, SWAP_OPTION, Swap
from trigames.games.tricolor.board import (
    COLOUR_NAMES,
    COLOURS,
    CROWN,
    HEXAGON,
    STAR,
    Lozenge,
    TricolorBoard,
)

EMPTY_TRIANGLE = "empty triangle"


@dataclass(frozen=True)
class Completion:
    """What one move completed: crowns, stars, hexagons and empty triangles, with places."""

    crowns: tuple[str, ...] = ()
    stars: tuple[str, ...] = ()
    hexagons: tuple[str, ...] = ()
    empty_triangles: tuple[str, ...] = ()

    @property
    def points(self) -> int:
        """+1 per star or hexagon, -1 per empty triangle."""
        return len(self.stars) + len(self.hexagons) - len(self.empty_triangles)

    @property
    def extra_move(self) -> bool:
        """A crown or a star, but no hexagon and no empty triangle, earns another move."""
        return bool(self.crowns or self.stars) and not (self.hexagons or self.empty_triangles)


# One undo record: lozenge, mover, free lozenges before, due colour before, what the move
# completed, whether it ended the game, last piece before.
_Undo = tuple[int, int, int, int, Completion, bool, int]


class TricolorState(State[Lozenge]):
    """A Tricolor position. Covered triangles and free lozenges are bit masks."""

    game: TricolorRules

    def __init__(self, game: TricolorRules) -> None:
        super().__init__(game)
        self.board = board = game.board
        self.covered = 0  # triangles under a piece
        self.placed = 0  # lozenges holding a piece
        self.available = board.all_lozenges  # lozenges whose two triangles are empty
        self.placed_by = [-1] * len(board.lozenges)  # seat that placed each piece, or -1
        self.points = [0] * game.num_players
        self.due = 0  # index in COLOURS of the colour due next
        self.to_move: int | None = 0
        self.last_piece = -1
        self._undo: list[_Undo] = []

    # --- queries ------------------------------------------------------------------------------

    @property
    def due_colour(self) -> str:
        """The colour the next piece must have."""
        return COLOURS[self.due]

    def legal_mask(self) -> int:
        """Free lozenges of the due colour, as a bit mask."""
        return self.available & self.board.colour_mask[self.due] if self.to_move is not None else 0

    def legal_moves(self) -> list[Lozenge | Swap]:
        lozenges = self.board.lozenges
        moves: list[Lozenge | Swap] = [lozenges[i] for i in bits(self.legal_mask())]
        if self.game.swap and self.may_swap():
            moves.append(SWAP)
        return moves

    def _illegal_reason(self, move: Lozenge) -> Phrase | None:
        board = self.board
        index = board.lozenge_index.get(move)
        if index is None:
            return Phrase("there is no lozenge {move} on this board", move=move.name)
        if self.legal_mask() >> index & 1:
            return None
        if not self.available >> index & 1:
            return Phrase("it overlaps a piece already on the board")
        return Phrase(
            "it is {colour}, and {due} is due",
            colour=COLOUR_NAMES[board.colour[index]],
            due=COLOUR_NAMES[self.due],
        )

    def parse_move(self, text: str) -> Lozenge:
        return self.board.parse_lozenge(text)

    def scores(self) -> tuple[int, ...]:
        return tuple(self.points)

    def _rules_outcome(self) -> Outcome | None:
        if self.to_move is not None:
            return None
        seats = self.seats_in_game()
        best = max(self.points[seat] for seat in seats)
        winners = tuple(seat for seat in seats if self.points[seat] == best)
        reason = Phrase("no {colour} lozenge is left", colour=COLOUR_NAMES[self.due])
        return Outcome(winners, tuple(self.points), reason)

    def last_mover(self) -> int | None:
        """The seat that placed the last piece on this state, if any."""
        return self._undo[-1][1] if self._undo else None

    def last_completion(self) -> Completion | None:
        """What the last move on this state completed."""
        return self._undo[-1][4] if self._undo else None

    def ended_by_last_move(self) -> bool:
        """True when the last move ended the game (and so earned its maker the last-move point)."""
        return bool(self._undo) and self._undo[-1][5]

    def position_key(self) -> tuple[int, tuple[int, ...], int, int | None, tuple[int, ...]]:
        return (self.placed, tuple(self.points), self.due, self.to_move, self.withdrawn)

    def _first_moves(self) -> int:
        """The pieces on the board (up to two), one a move."""
        return min(self.placed.bit_count(), 2)

    def _on_swap(self) -> None:
        """The pieces and the points change hands (all the first move's, after one move)."""
        self.placed_by = [1 - seat if seat >= 0 else seat for seat in self.placed_by]
        self.points.reverse()

    def is_empty_triangle(self, triangle: int) -> bool:
        """True for an empty triangle whose every side borders a piece or the board's edge."""
        neighbours = self.board.triangle_neighbours[triangle]
        return not self.covered >> triangle & 1 and self.covered & neighbours == neighbours

    # --- moves --------------------------------------------------------------------------------

    def _apply(self, move: Lozenge) -> None:
        board = self.board
        i = board.lozenge_index[move]
        mover = self.to_move
        assert mover is not None
        before = (self.available, self.due, self.last_piece)
        self.covered |= board.lozenge_mask[i]
        self.placed |= 1 << i
        self.available &= ~board.conflicts[i]
        self.placed_by[i] = mover
        self.last_piece = i
        completion = self._completion(i)
        self.points[mover] += completion.points
        self.due = (self.due + 1) % 3
        keeps_turn = completion.extra_move
        self.to_move = mover if keeps_turn else self.seat_after(mover)
        ended = not self.available & board.colour_mask[self.due]
        if ended:
            self.points[mover] += 1
            self.to_move = None
        self._undo.append((i, mover, before[0], before[1], completion, ended, before[2]))

    def _completion(self, i: int) -> Completion:
        """What placing lozenge ``i`` (already on the board) completes."""
        board = self.board
        placed = self.placed
        found: dict[str, list[str]] = {CROWN: [], STAR: [], HEXAGON: []}
        for kind, centre, lozenges in board.configurations_of[i]:
            if placed & lozenges == lozenges:
                found[kind].append(board.region.name(centre))
        empties = tuple(
            board.triangle_names[t] for t in board.lozenge_border[i] if self.is_empty_triangle(t)
        )
        return Completion(tuple(found[CROWN]), tuple(found[STAR]), tuple(found[HEXAGON]), empties)

    def _revert(self, move: Lozenge) -> None:
        i, mover, self.available, self.due, completion, ended, self.last_piece = self._undo.pop()
        self.covered &= ~self.board.lozenge_mask[i]
        self.placed &= ~(1 << i)
        self.placed_by[i] = -1
        self.points[mover] -= completion.points + (1 if ended else 0)
        self.to_move = mover

    # --- positions ----------------------------------------------------------------------------

    def _position_json(self) -> dict[str, Any]:
        board = self.board
        return {
            "game": str(self.game.spec),
            "pieces": {
                str(board.lozenges[i]): seat for i, seat in enumerate(self.placed_by) if seat >= 0
            },
            "scores": list(self.points),
            "due": self.due_colour,
            "to_move": self.to_move,
            "last": str(board.lozenges[self.last_piece]) if self.last_piece >= 0 else None,
        }


class TricolorRules(Game[Lozenge, "TricolorState"]):
    """Tricolor's rules with its options fixed by a spec string; the whole game, drawings
    and all, is :class:`~trigames.games.tricolor.game.Tricolor`."""

    name: ClassVar[str] = "tricolor"
    title: ClassVar[str] = "Tricolor"
    summary: ClassVar[str] = Phrase("lozenges in a fixed colour cycle; stars and hexagons score")
    seat_names: ClassVar[tuple[Phrase, ...]] = (
        Phrase("White"),
        Phrase("Black"),
        Phrase("Red"),
        Phrase("Blue"),
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "size",
            4,
            Phrase("triangles on each side of the hexagonal board"),
            minimum=2,
            maximum=8,
        ),
        Option("players", 2, Phrase("number of players"), minimum=2, maximum=4),
        SWAP_OPTION,
    )

    def __init__(self, spec: GameSpec) -> None:
        super().__init__(spec)
        self.board = TricolorBoard.of_size(spec.int_option("size"))

    def new_initial_state(self) -> TricolorState:
        return TricolorState(self)

    def _read_position(self, obj: Mapping[str, Any]) -> TricolorState:
        return _state_from_json(self, obj)

    def info(self) -> dict[str, Any]:
        board = self.board
        return {
            "game": str(self.spec),
            "players": self.num_players,
            "triangles": len(board.triangles),
            "lozenges": len(board.lozenges),
            "lozenges_per_colour": {
                colour: len(board.by_colour[c]) for c, colour in enumerate(COLOURS)
            },
            "most_pieces": len(board.triangles) // 2,
        }

    def input_guide(self, state: TricolorState) -> Phrase:
        """Where the lozenge of the colour due goes, tapped (a phrase).

        >>> from trigames import load_game
        >>> game = load_game("tricolor(size=2)")
        >>> game.input_guide(game.new_initial_state())
        'tap where your orange lozenge goes'
        """
        return Phrase("tap where your {colour} lozenge goes", colour=COLOUR_NAMES[state.due])

    def _input_steps(self, state: TricolorState, move: Lozenge) -> tuple[Step, ...]:
        """The lozenge itself: the board draws each free lozenge of the colour due as a place
        to tap (its two triangles, named like the move).

        >>> from trigames import load_game
        >>> game = load_game("tricolor(size=2)")
        >>> game.input_steps(game.new_initial_state(), Lozenge("B2-B3"))
        (('B2-B3',),)
        """
        return ((move.name,),)

    game_facts = staticmethod(score_margin)


def _state_from_json(game: TricolorRules, obj: Mapping[str, Any]) -> TricolorState:
    """Build and check a position from its ``to_json`` form."""
    obj = position_fields(
        obj, game.spec, "Tricolor", ("pieces", "scores", "due", "to_move", "last")
    )
    state = TricolorState(game)
    state.swapped = read_swapped(obj, game.swap)
    board = game.board
    players = game.num_players
    pieces = obj.get("pieces", {})
    if not isinstance(pieces, Mapping):
        raise PositionError("'pieces' must map lozenges like C2-C3 to the seat that placed them")
    for name, seat in pieces.items():
        try:
            lozenge = board.parse_lozenge(name)
        except ValueError as error:
            raise PositionError(f"'pieces': {error}") from None
        i = board.lozenge_index[lozenge]
        if not is_seat(seat, players):
            raise PositionError(f"'pieces': the seat of {name} must be 0 to {players - 1}")
        if state.covered & board.lozenge_mask[i]:
            raise PositionError(f"'pieces': {name} overlaps another piece")
        state.covered |= board.lozenge_mask[i]
        state.placed |= 1 << i
        state.available &= ~board.conflicts[i]
        state.placed_by[i] = seat
    laid = len(pieces)
    counts = [(state.placed & board.colour_mask[c]).bit_count() for c in range(3)]
    dealt = [len(range(c, laid, 3)) for c in range(3)]  # the cycle's first ``laid`` colours
    if counts != dealt:
        raise PositionError(
            f"'pieces': {_colour_counts(counts)} cannot have been laid in the cycle orange, "
            f"green, yellow, which deals {_colour_counts(dealt)}"
        )
    due = obj.get("due", COLOURS[laid % 3])
    if due not in COLOURS:
        raise PositionError(f"'due' must be one of {', '.join(COLOURS)}, not {due!r}")
    if due != COLOURS[laid % 3]:
        raise PositionError(
            f"'due' must be {COLOURS[laid % 3]}, the cycle's colour for piece {laid + 1}, not {due}"
        )
    state.due = COLOURS.index(due)
    last = obj.get("last")
    if (last is None) != (laid == 0):
        raise PositionError(
            "'last' must name the last piece laid"
            if laid
            else "'last' must be null: there is no piece on the board"
        )
    if last is not None:
        try:
            state.last_piece = board.lozenge_index[board.parse_lozenge(last)]
        except ValueError as error:
            raise PositionError(f"'last': {error}") from None
        if state.placed_by[state.last_piece] < 0:
            raise PositionError(f"'last': the last piece {last} is not on the board")
        if board.colour[state.last_piece] != (laid - 1) % 3:
            raise PositionError(
                f"'last': the last piece {last} is {COLOURS[board.colour[state.last_piece]]}, "
                f"but piece {laid} in the cycle is {COLOURS[(laid - 1) % 3]}"
            )
    over = not state.available & board.colour_mask[state.due]
    state.points = _read_scores(state, obj.get("scores", [0] * players), over)
    if last is None:
        turn, why = 0, "nobody has moved"
    else:
        mover = state.placed_by[state.last_piece]
        again = state._completion(state.last_piece).extra_move
        turn = mover if again else (mover + 1) % players
        why = f"{game.player_name(mover)} laid the last piece, {last}" + (
            ", completing a crown or star, and moves again" if again else ""
        )
    state.to_move = read_turn(
        obj, players, f"no {due} lozenge is left" if over else None, turn, why
    )
    return state


def _colour_counts(counts: list[int]) -> str:
    return ", ".join(f"{n} {colour}" for n, colour in zip(counts, COLOURS, strict=True))


def _read_scores(state: TricolorState, scores: object, over: bool) -> list[int]:
    """The points in a position: they add up to the stars and hexagons on the board, less the
    empty triangles, plus one for the last move once the game is over; and each seat can only
    have scored with its own pieces."""
    board = state.board
    players = state.game.num_players
    if not (
        isinstance(scores, list)
        and len(scores) == players
        and all(isinstance(s, int) and not isinstance(s, bool) for s in scores)
    ):
        raise PositionError(f"'scores' must list {players} whole numbers")
    figures = [
        lozenges
        for kind, _, lozenges in board.configurations
        if kind != CROWN and state.placed & lozenges == lozenges
    ]
    empty = [t for t in range(len(board.triangles)) if state.is_empty_triangle(t)]
    total = len(figures) - len(empty) + int(over)
    if sum(scores) != total:
        raise PositionError(
            f"'scores' must add up to {total}: stars and hexagons ({len(figures)}), less empty "
            f"triangles ({len(empty)})" + (", plus 1 for the last move" if over else "")
        )
    last_mover = state.placed_by[state.last_piece] if over else -1
    for seat, score in enumerate(scores):
        own = sum(1 << i for i, s in enumerate(state.placed_by) if s == seat)
        covered = sum(board.lozenge_mask[i] for i in bits(own))  # pieces do not overlap
        bonus = 1 if seat == last_mover else 0
        best = bonus + sum(1 for lozenges in figures if lozenges & own)
        worst = bonus - sum(1 for t in empty if board.triangle_neighbours[t] & covered)
        if not worst <= score <= best:
            raise PositionError(
                f"'scores': {state.game.player_name(seat)} has {score}, but their pieces "
                f"allow {worst} to {best} (a point for each star or hexagon holding one, less "
                "one for each empty triangle next to one, and at the end the last move's point)"
            )
    return list(scores)
