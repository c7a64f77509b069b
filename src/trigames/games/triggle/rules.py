"""Triggle (Hex Pegs, Tri-lastic): stretch bands over pegs and claim the triangles you close.

>>> import trigames
>>> state = trigames.load_game("triggle").new_initial_state()
>>> for band in ["D1-D4", "A1-D1", "C1-F2"]:
...     state.play(band)
>>> state.scores(), state.current_player
((1, 0), 1)
>>> state.game.describe_last_move(state)
'Blue C1-F2, claims 1 triangle: C1-D1-D2'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from trigames.core.bits import bits, flood
from trigames.core.errors import MoveParseError, PositionError
from trigames.core.outcome import Outcome
from trigames.core.phrases import Phrase, phrase_of
from trigames.core.positions import (
    is_seat,
    position_fields,
    read_swapped,
    read_to_move,
    read_turn,
)
from trigames.core.protocol import Game, State, Step, either_end, score_margin
from trigames.core.spec import GameSpec, Option
from trigames.core.swap import SWAP, SWAP_OPTION, Swap
from trigames.games.triggle.board import Band, TriggleBoard

END_ALL_CLAIMED = Phrase("every triangle is claimed")
END_NO_BAND = Phrase("no legal band is left")


def used_last_marker(seat: str) -> Phrase:
    """The end reason when ``seat`` (its name) has just used their last marker.

    >>> used_last_marker(Phrase("Blue"))
    'Blue used their last marker'
    """
    return Phrase("{seat} used their last marker", seat=seat)


# One undo record: the masks before the move, the mover, the end reason before, and the
# triangles the move claimed.
_Undo = tuple[int, int, int, int, int, int, Phrase | None, tuple[int, ...]]


class TriggleState(State[Band]):
    """A Triggle position. Sets of segments, pegs and bands are bit masks over the board's lists."""

    game: TriggleRules

    def __init__(self, game: TriggleRules) -> None:
        super().__init__(game)
        self.board = board = game.board
        self.covered = 0  # segments under a band
        self.used = 0  # pegs under a band
        self.placed = 0  # bands on the board
        self.open = board.all_bands  # bands with at least one uncovered segment
        self.touching = 0  # bands sharing a peg with a placed band
        self.legal = board.all_bands  # bands that may be played now
        self.owner = [-1] * len(board.triangles)  # seat that claimed each triangle, or -1
        self.markers = [game.markers] * game.num_players  # markers left per seat
        self.to_move: int | None = 0
        self.end_reason: Phrase | None = None
        self._undo: list[_Undo] = []

    # --- queries ------------------------------------------------------------------------------

    def legal_moves(self) -> list[Band | Swap]:
        if self.to_move is None:
            return []
        bands = self.board.bands
        moves: list[Band | Swap] = [bands[i] for i in bits(self.legal)]
        if self.game.swap and self.may_swap():
            moves.append(SWAP)
        return moves

    def _illegal_reason(self, move: Band) -> Phrase | None:
        index = self.board.band_index.get(move)
        if index is None:
            try:
                canonical = self.parse_move(str(move))
            except MoveParseError as error:
                return phrase_of(error)
            return Phrase(
                "it is not written canonically: play {band} or the text {text}",
                band=str(canonical),
                text=repr(str(move)),
            )
        if self.legal >> index & 1:
            return None
        if not self.open >> index & 1:
            return Phrase("every segment it would cover is already covered")
        return Phrase("it does not share a peg with any band on the board")

    def parse_move(self, text: str) -> Band:
        return self.board.parse_band(text)

    def scores(self) -> tuple[int, ...]:
        total = self.game.markers
        return tuple(total - left for left in self.markers)

    def _rules_outcome(self) -> Outcome | None:
        if self.end_reason is None:
            return None
        scores, seats = self.scores(), self.seats_in_game()
        in_game = [scores[seat] for seat in seats]
        best = min(in_game) if self.game.misere else max(in_game)
        winners = tuple(seat for seat in seats if scores[seat] == best)
        return Outcome(winners, scores, self.end_reason)

    def is_complete(self, triangle: int) -> bool:
        """True when all three sides of ``triangle`` are covered."""
        sides = self.board.triangle_segments[triangle]
        return self.covered & sides == sides

    def closable_triangles(self) -> int:
        """Unclaimed triangles with exactly one side uncovered: the next band can close them."""
        covered = self.covered
        return sum(
            1
            for sides, owner in zip(self.board.triangle_segments, self.owner, strict=True)
            if owner < 0 and (sides & ~covered).bit_count() == 1
        )

    def last_mover(self) -> int | None:
        """The seat that played the last move on this state, if any."""
        return self._undo[-1][5] if self._undo else None

    def claimed_by_last_move(self) -> tuple[int, ...]:
        """The triangles the last move claimed."""
        return self._undo[-1][7] if self._undo else ()

    def position_key(self) -> tuple[int, tuple[int, ...], int | None, tuple[int, ...]]:
        return (self.placed, tuple(self.owner), self.to_move, self.withdrawn)

    def _first_moves(self) -> int:
        """The bands on the board (up to two), one a move; the first claims nothing, so a swap
        only hands the turn back."""
        return min(self.placed.bit_count(), 2)

    # --- moves --------------------------------------------------------------------------------

    def _apply(self, move: Band) -> None:
        board = self.board
        i = board.band_index[move]
        mover = self.to_move
        assert mover is not None
        self._undo.append(
            (self.covered, self.used, self.placed, self.open, self.touching, mover,
             self.end_reason, ())
        )  # fmt: skip
        before = self.covered
        covered = before | board.band_segments[i]
        self.covered = covered
        self.used |= board.band_pegs[i]
        self.placed |= 1 << i
        self.touching |= board.band_touches[i]
        band_segments = board.band_segments
        for j in board.band_overlaps[i]:
            if band_segments[j] & ~covered == 0:
                self.open &= ~(1 << j)
        self.legal = self.open & self.touching if self.game.touch else self.open
        claims: list[int] = []
        owner = self.owner
        for t in board.band_triangles[i]:
            sides = board.triangle_segments[t]
            if covered & sides == sides and before & sides != sides and self.markers[mover]:
                owner[t] = mover
                self.markers[mover] -= 1
                claims.append(t)
        if claims:
            undo = self._undo[-1]
            self._undo[-1] = (*undo[:7], tuple(claims))
        self.end_reason = self._end_reason()
        self.to_move = None if self.end_reason else self.seat_after(mover)

    def _end_reason(self) -> Phrase | None:
        if sum(self.scores()) == len(self.owner):
            return END_ALL_CLAIMED
        if 0 in self.markers:  # only the mover's markers change: the seat out of them moved
            return used_last_marker(self.game.player_name(self.markers.index(0)))
        if not self.legal:
            return END_NO_BAND
        return None

    def _revert(self, move: Band) -> None:
        (self.covered, self.used, self.placed, self.open, self.touching, mover,
         self.end_reason, claims) = self._undo.pop()  # fmt: skip
        for t in claims:
            self.owner[t] = -1
        self.markers[mover] += len(claims)
        self.to_move = mover
        self.legal = self._legal_from_masks()

    def _legal_from_masks(self) -> int:
        if self.game.touch and self.placed:
            return self.open & self.touching
        return self.open

    # --- positions ----------------------------------------------------------------------------

    def _position_json(self) -> dict[str, Any]:
        board = self.board
        return {
            "game": str(self.game.spec),
            "bands": [str(b) for i, b in enumerate(board.bands) if self.placed >> i & 1],
            "claims": {
                board.triangle_name(t): seat for t, seat in enumerate(self.owner) if seat >= 0
            },
            "markers": list(self.markers),
            "to_move": self.to_move,
        }


class TriggleRules(Game[Band, "TriggleState"]):
    """Triggle's rules with its options fixed by a spec string; the whole game, drawings and
    all, is :class:`~trigames.games.triggle.game.Triggle`."""

    name: ClassVar[str] = "triggle"
    title: ClassVar[str] = "Triggle (Hex Pegs, Tri-lastic)"
    summary: ClassVar[str] = Phrase("stretch bands over pegs; close triangles to claim them")
    seat_names: ClassVar[tuple[Phrase, ...]] = (
        Phrase("Blue"),
        Phrase("Yellow"),
        Phrase("Red"),
        Phrase("Green"),
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option("size", 4, Phrase("pegs on each side of the hexagonal board"), minimum=3, maximum=8),
        Option("players", 2, Phrase("number of players"), minimum=2, maximum=4),
        Option(
            "markers", 22, Phrase("markers per player (a claim needs one)"), minimum=1, maximum=999
        ),
        Option("touch", True, Phrase("each band after the first must share a peg with a band")),
        Option("misere", False, Phrase("who loses wins: fewest triangles wins")),
        SWAP_OPTION,
    )

    def __init__(self, spec: GameSpec) -> None:
        super().__init__(spec)
        self.board = TriggleBoard.of_size(spec.int_option("size"))
        self.markers = spec.int_option("markers")
        self.touch = spec.bool_option("touch")
        self.misere = spec.bool_option("misere")

    def new_initial_state(self) -> TriggleState:
        return TriggleState(self)

    def _read_position(self, obj: Mapping[str, Any]) -> TriggleState:
        return _state_from_json(self, obj)

    def info(self) -> dict[str, Any]:
        board = self.board
        return {
            "game": str(self.spec),
            "players": self.num_players,
            "pegs": len(board.pegs),
            "segments": len(board.segments),
            "triangles": len(board.triangles),
            "bands": len(board.bands),
            "markers": self.markers,
        }

    def input_guide(self, state: TriggleState) -> Phrase:
        return Phrase("tap the two end pegs of a band")

    def _input_steps(self, state: TriggleState, move: Band) -> tuple[Step, ...]:
        """The two ends of the move, in either order."""
        return either_end(move)

    game_facts = staticmethod(score_margin)


def _state_from_json(game: TriggleRules, obj: Mapping[str, Any]) -> TriggleState:
    """Build and check a position from its ``to_json`` form."""
    obj = position_fields(obj, game.spec, "Triggle", ("bands", "claims", "markers", "to_move"))
    state = TriggleState(game)
    state.swapped = read_swapped(obj, game.swap)
    board = game.board
    players = game.num_players
    bands = obj.get("bands", [])
    if not isinstance(bands, list):
        raise PositionError("'bands' must be a list of bands like A1-A4")
    for text_band in bands:
        try:
            band = board.parse_band(text_band)
        except ValueError as error:
            raise PositionError(f"'bands': {error}") from None
        i = board.band_index[band]
        if state.placed >> i & 1:
            raise PositionError(f"'bands': band {band} is listed twice")
        state.placed |= 1 << i
        state.covered |= board.band_segments[i]
        state.used |= board.band_pegs[i]
        state.touching |= board.band_touches[i]
    groups = _groups(board, state.placed) if game.touch else []
    if len(groups) > 1:
        starts = " and ".join(str(board.bands[bits(group)[0]]) for group in groups)
        raise PositionError(
            f"'bands' fall apart into groups that share no peg (from {starts}): every band "
            "after the first shares a peg with a band already on the board"
        )
    state.open = sum(1 << i for i, segs in enumerate(board.band_segments) if segs & ~state.covered)
    state.legal = state._legal_from_masks()
    claims = obj.get("claims", {})
    if not isinstance(claims, Mapping):
        raise PositionError("'claims' must map triangles like A1-B1-B2 to seats")
    for name, seat in claims.items():
        try:
            t = board.parse_triangle(name)
        except ValueError as error:
            raise PositionError(f"'claims': {error}") from None
        if not is_seat(seat, players):
            raise PositionError(f"'claims': the seat of {name} must be 0 to {players - 1}")
        if not state.is_complete(t):
            raise PositionError(f"'claims': {name} is claimed but its sides are not all covered")
        if state.owner[t] >= 0:
            raise PositionError(f"'claims': triangle {name} is claimed twice")
        state.owner[t] = seat
    markers = obj.get("markers")
    claimed = [state.owner.count(seat) for seat in range(players)]
    if markers is None:
        markers = [game.markers - n for n in claimed]
    if not (
        isinstance(markers, list)
        and len(markers) == players
        and all(isinstance(m, int) and not isinstance(m, bool) and m >= 0 for m in markers)
    ):
        raise PositionError(f"'markers' must list {players} counts of markers left")
    for seat, (left, used) in enumerate(zip(markers, claimed, strict=True)):
        if left + used != game.markers:
            raise PositionError(
                f"'markers': seat {seat} has {left} markers left and {used} claims: "
                f"they must add up to {game.markers}"
            )
    state.markers = list(markers)
    _check_claims(state, len(bands))
    state.end_reason = state._end_reason() if state.placed else None
    if players == 2 or not obj.get("endings"):
        first = 1 if state.swapped else 0  # after a swap, the first band counts as seat 1's
        why = f"{_bands(len(bands))} on the board, laid one a turn from seat {first}"
        due = (len(bands) + first) % players
        state.to_move = read_turn(obj, players, state.end_reason, due, why)
    else:  # seats have left (resigned, out of time) at moments a position does not keep
        state.to_move = read_to_move(obj, players, state.end_reason)
    return state


def _bands(count: int) -> str:
    return "one band" if count == 1 else f"{count} bands"


def _groups(board: TriggleBoard, bands: int) -> list[int]:
    """The set of ``bands`` split into groups joined by shared pegs."""
    groups = []
    while bands:
        group = flood(board.band_touches, start=bands & -bands, allowed=bands)
        groups.append(group)
        bands &= ~group
    return groups


def _check_claims(state: TriggleState, laid: int) -> None:
    """Check the claims against the markers (``laid`` bands are down): a band leaves closed
    triangles unclaimed only when its player runs out, which ends the game, and the band that
    ended a game by a last marker or a last triangle claimed something."""
    board, game = state.board, state.game
    out = [seat for seat, left in enumerate(state.markers) if left == 0]
    if len(out) > 1:
        raise PositionError(
            f"'markers': seats {out[0]} and {out[1]} have none left, but the game ends as soon "
            "as a player has used their last marker"
        )
    complete = [t for t in range(len(board.triangles)) if state.is_complete(t)]
    unclaimed = [t for t in complete if state.owner[t] < 0]
    if unclaimed and not out:
        raise PositionError(
            "'claims': closed triangles stay unclaimed only when their player has run out of "
            f"markers: {', '.join(board.triangle_name(t) for t in unclaimed)}"
        )
    if not out and len(complete) < len(board.triangles):
        return  # the game did not end by a last marker or a last triangle
    mover = out[0] if out else None
    cause = f"seat {mover} used their last marker" if out else "every triangle was claimed"
    if game.num_players == 2:
        first = 1 if state.swapped else 0
        last = (laid - 1 + first) % 2
        if mover not in (None, last):
            raise PositionError(
                f"'markers': seat {mover} has used their last marker, but seat {last} laid "
                f"the last band ({laid} are down, laid one a turn from seat {first})"
            )
        mover = last
    if not any(_could_be_last(state, i, mover, unclaimed) for i in bits(state.placed)):
        raise PositionError(
            f"'claims': the game ended when {cause}, so the last band closed triangles and its "
            "player claimed them in board order while markers lasted, but no band on the board "
            "fits"
        )


def _could_be_last(state: TriggleState, i: int, mover: int | None, unclaimed: list[int]) -> bool:
    """True if band ``i`` can have been the last one laid, by ``mover`` (any seat if ``None``):
    every triangle it closed is that player's, in board order before any it left unclaimed,
    those left unclaimed are all the board has, and (with ``touch``) the other bands still form
    one group."""
    board = state.board
    others = state.placed & ~(1 << i)
    covered = 0
    for j in bits(others):
        covered |= board.band_segments[j]
    closed = [
        t
        for t in board.band_triangles[i]
        if state.is_complete(t) and board.triangle_segments[t] & ~covered
    ]
    owners = [state.owner[t] for t in closed]
    seat = owners[0] if owners else -1
    claims = owners.count(seat)
    return (
        seat >= 0
        and mover in (None, seat)
        and owners == [seat] * claims + [-1] * (len(owners) - claims)
        and (claims == len(owners) or state.markers[seat] == 0)
        and set(unclaimed) <= set(closed)
        and not (state.game.touch and len(_groups(board, others)) > 1)
    )
