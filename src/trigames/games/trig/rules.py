"""Trig, Trigger and Triggest (The Summer-House Floor): link a Pillar to the edge, or enclose it.

A winning move may win in several ways at once: the result names them all.

>>> import trigames
>>> state = trigames.load_game("trig").new_initial_state()
>>> len(state.legal_moves())  # the six cells around the Pillar
6
>>> state.play("G6")
>>> state.current_player
1
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from trigames.core.bits import bits, flood
from trigames.core.errors import PositionError
from trigames.core.outcome import Outcome
from trigames.core.phrases import Phrase, joined
from trigames.core.positions import position_fields, read_swapped, read_to_move
from trigames.core.protocol import Game, State, Step
from trigames.core.spec import GameSpec, Option
from trigames.core.swap import SWAP, SWAP_OPTION, Swap
from trigames.games.trig.board import PILLARS, TrigBoard, TrigMove

WIN_EDGE = Phrase("links a Pillar to the edge")
WIN_PILLARS = Phrase("links two Pillars")
WIN_ENCLOSED = Phrase("encloses a Pillar")
#: The ways to win, in the order a result names them.
WAYS = (WIN_EDGE, WIN_PILLARS, WIN_ENCLOSED)
DRAW_NO_PLACEMENT = Phrase("no legal placement is left")
#: How a game ended, in a word or two, for analysis reports; a move that wins in several
#: ways joins their words with `` + ``, as :func:`win_type` does.
WIN_TYPES = {
    WIN_EDGE: "edge",
    WIN_PILLARS: "two Pillars",
    WIN_ENCLOSED: "enclosure",
    DRAW_NO_PLACEMENT: "draw",
}


def win_reason(ways: Iterable[Phrase]) -> Phrase:
    """The reason of a result that won in ``ways`` (some of :data:`WAYS`), in their order, as
    a phrase.

    >>> win_reason([WIN_ENCLOSED, WIN_EDGE])
    'links a Pillar to the edge and encloses a Pillar'
    >>> win_reason(WAYS)
    'links a Pillar to the edge, links two Pillars and encloses a Pillar'
    """
    named = [way for way in WAYS if way in set(ways)]
    return named[0] if len(named) == 1 else joined([*named])


def win_type(ways: Iterable[Phrase]) -> str:
    """The ``win type`` fact of a result that won in ``ways``.

    >>> win_type([WIN_ENCLOSED, WIN_EDGE])
    'edge + enclosure'
    """
    return " + ".join(WIN_TYPES[way] for way in WAYS if way in set(ways))


# One undo record: the placed cell, the captured cell (or -1), the mover, the cells next to
# occupied cells before, the end of the game before and the ways it was won.
_Undo = tuple[int, int, int, int, Phrase | None, tuple[Phrase, ...]]


class TrigState(State[TrigMove]):
    """A position: each player's pegs as a bit mask over the board's cells."""

    game: TrigRules

    def __init__(self, game: TrigRules) -> None:
        super().__init__(game)
        self.board = board = game.board
        self.pegs = [0, 0]  # White's and Black's pegs
        self.beside = 0  # cells next to an occupied cell
        self.to_move: int | None = 0
        self.winner: int | None = None
        self.end_reason: Phrase | None = None
        #: Every way the last move won (in the order of :data:`WAYS`), empty if it did not.
        self.ways: tuple[Phrase, ...] = ()
        #: armed[p][c]: capture triangles with corner c whose other two corners hold p's pegs.
        self.armed = [[0] * len(board.cells), [0] * len(board.cells)]
        self._undo: list[_Undo] = []

    # --- queries ------------------------------------------------------------------------------

    @property
    def occupied(self) -> int:
        """Cells holding a peg of either player."""
        return self.pegs[0] | self.pegs[1]

    def open_cells(self) -> int:
        """Vacant playing cells next to a Pillar or a peg: where a peg may go now."""
        board = self.board
        return (board.near_pillars | self.beside) & board.playing_mask & ~self.occupied

    def captures_at(self, cell: int, player: int) -> list[int]:
        """Cells whose (opponent's) peg ``player`` would capture by placing on ``cell``."""
        if not self.armed[player][cell]:
            return []
        mine, theirs = self.pegs[player], self.pegs[1 - player]
        return [
            centre
            for centre_bit, corners, centre in self.board.corner_masks[cell]
            if theirs & centre_bit and mine & corners == corners
        ]

    def legal_moves(self) -> list[TrigMove | Swap]:
        player = self.to_move
        if player is None:
            return []
        board = self.board
        moves: list[TrigMove | Swap] = []
        armed = self.armed[player]
        for cell in bits(self.open_cells()):
            moves.append(board.placements[cell])
            if armed[cell]:
                moves.extend(board.capture_move(cell, m) for m in self.captures_at(cell, player))
        if self.game.swap and self.may_swap():
            moves.append(SWAP)
        return moves

    def _illegal_reason(self, move: TrigMove) -> Phrase | None:
        board = self.board
        cell, centre = board.move_parts(move)
        if not board.playing_mask >> cell & 1:
            return Phrase("that cell is a Pillar or a separator, which never hold pegs")
        if self.occupied >> cell & 1:
            return Phrase("that cell is taken")
        if not self.open_cells() >> cell & 1:
            return Phrase("a peg must go next to a Pillar or to a peg already on the board")
        assert self.to_move is not None
        if centre is not None and centre not in self.captures_at(cell, self.to_move):
            return Phrase(
                "it does not capture {cell}: the captured peg must be the opponent's, at the "
                "centre of a triangle whose corners are the new peg and two of yours",
                cell=board.placements[centre].name,
            )
        return None

    def parse_move(self, text: str) -> TrigMove:
        cell, centre = self.board.parse_move(text)
        if centre is None:
            return self.board.placements[cell]
        return self.board.capture_move(cell, centre)

    def scores(self) -> tuple[int, ...]:
        return (1, 0) if self.winner == 0 else (0, 1) if self.winner == 1 else (0, 0)

    def _rules_outcome(self) -> Outcome | None:
        if self.end_reason is None:
            return None
        winners = (0, 1) if self.winner is None else (self.winner,)
        return Outcome(winners, self.scores(), self.end_reason)

    def last_mover(self) -> int | None:
        """The seat that made the last move on this state, if any."""
        return self._undo[-1][2] if self._undo else None

    def position_key(self) -> tuple[int, int, int | None]:
        return (self.pegs[0], self.pegs[1], self.to_move)

    def _first_moves(self) -> int:
        """The pegs on the board (up to two), one a move (a capture changes a peg's colour)."""
        return min(self.occupied.bit_count(), 2)

    def _on_swap(self) -> None:
        """The pegs change colour (the first move's one)."""
        self.pegs.reverse()
        self.armed.reverse()

    # --- moves --------------------------------------------------------------------------------

    def _gain(self, player: int, cell: int) -> None:
        mine = self.pegs[player]
        armed = self.armed[player]
        for a, b, _ in self.board.corner_of[cell]:
            if mine >> a & 1:
                armed[b] += 1
            if mine >> b & 1:
                armed[a] += 1
        self.pegs[player] = mine | 1 << cell

    def _lose(self, player: int, cell: int) -> None:
        mine = self.pegs[player] & ~(1 << cell)
        self.pegs[player] = mine
        armed = self.armed[player]
        for a, b, _ in self.board.corner_of[cell]:
            if mine >> a & 1:
                armed[b] -= 1
            if mine >> b & 1:
                armed[a] -= 1

    def _apply(self, move: TrigMove) -> None:
        board = self.board
        cell, centre = board.move_parts(move)
        mover = self.to_move
        assert mover is not None
        self._undo.append((cell, -1 if centre is None else centre, mover, self.beside,
                           self.end_reason, self.ways))  # fmt: skip
        self._gain(mover, cell)
        self.beside |= board.neighbours[cell]
        changed = [cell]
        if centre is not None:
            self._lose(1 - mover, centre)
            self._gain(mover, centre)
            changed.append(centre)
        ways = self._win(mover, changed)
        if ways:
            self.winner, self.end_reason, self.to_move = mover, win_reason(ways), None
            self.ways = ways
        elif not self._has_placement():
            self.winner, self.end_reason, self.to_move = None, DRAW_NO_PLACEMENT, None
        else:
            self.to_move = 1 - mover

    def _has_placement(self) -> bool:
        return bool(self.open_cells())

    def _revert(self, move: TrigMove) -> None:
        cell, centre, mover, self.beside, self.end_reason, self.ways = self._undo.pop()
        if centre >= 0:
            self._lose(mover, centre)
            self._gain(1 - mover, centre)
        self._lose(mover, cell)
        self.to_move = mover
        self.winner = None

    # --- winning ------------------------------------------------------------------------------

    def _win(self, player: int, changed: list[int]) -> tuple[Phrase, ...]:
        """Every way ``player`` has won through the pegs just gained on ``changed`` cells.

        Only chains through those cells can have come to win: ``player`` had not won before.
        """
        board = self.board
        mine = self.pegs[player]
        ways: set[Phrase] = set()
        seen = 0
        for start in changed:
            if seen >> start & 1:
                continue
            chain = self._chain(mine, start)
            seen |= chain
            touched = sum(1 for touch in board.pillar_touch if chain & touch)
            if touched and chain & board.edge_mask:
                ways.add(WIN_EDGE)
            if touched >= 2:
                ways.add(WIN_PILLARS)
        if any(self._may_cut(mine, cell) for cell in changed) and self._encloses(mine):
            ways.add(WIN_ENCLOSED)
        return tuple(way for way in WAYS if way in ways)

    def _chain(self, mine: int, start: int) -> int:
        """The cells of ``mine`` connected to ``start``."""
        return flood(self.board.neighbours, 1 << start, mine)

    def _may_cut(self, mine: int, cell: int) -> bool:
        """True unless the free cells around ``cell`` form one unbroken arc.

        Taking one cell out of a region can split it only when the free cells around it
        are in two or more separate arcs; otherwise no enclosure can have appeared. Off the
        board counts as free: it stands for the outside, which every edge cell reaches.
        """
        ring = self.board.around[cell]
        free = [n is None or not mine >> n & 1 for n in ring]
        starts = sum(1 for k in range(6) if free[k] and not free[k - 1])
        return starts >= 2

    def _encloses(self, mine: int) -> bool:
        """True when some Pillar has no path of cells free of ``mine`` to an edge cell."""
        board = self.board
        free = board.all_cells & ~mine
        return any(
            not flood(board.neighbours, 1 << pillar, free, until=board.edge_mask) & board.edge_mask
            for pillar in board.pillar_bits
        )

    def winning_cells(self) -> int:
        """The winner's pegs that won: every chain that links a Pillar to the edge or to a
        second Pillar, and the pegs around a Pillar they shut in (none without a winner).

        >>> import trigames
        >>> state = trigames.load_game("trig").new_initial_state()
        >>> state.winning_cells()
        0
        """
        if self.winner is None:
            return 0
        board = self.board
        mine = self.pegs[self.winner]
        cells = seen = 0
        for start in bits(mine):
            if seen >> start & 1:
                continue
            chain = self._chain(mine, start)
            seen |= chain
            touched = sum(1 for touch in board.pillar_touch if chain & touch)
            if touched and (chain & board.edge_mask or touched >= 2):
                cells |= chain
        free = board.all_cells & ~mine
        for pillar in board.pillar_bits:
            region = flood(board.neighbours, 1 << pillar, free, until=board.edge_mask)
            if not region & board.edge_mask:
                for cell in bits(region):
                    cells |= board.neighbours[cell] & mine
        return cells

    # --- positions ----------------------------------------------------------------------------

    def _position_json(self) -> dict[str, Any]:
        names = self.board.placements
        return {
            "game": str(self.game.spec),
            "white": [str(names[i]) for i in bits(self.pegs[0])],
            "black": [str(names[i]) for i in bits(self.pegs[1])],
            "to_move": self.to_move,
        }


class TrigRules(Game[TrigMove, TrigState]):
    """The rules of the Summer-House Floor on the board chosen by the ``board`` option; the
    whole game, drawings and all, is :class:`~trigames.games.trig.game.Trig`."""

    name: ClassVar[str] = "trig"
    title: ClassVar[str] = "Trig, Trigger, Triggest (The Summer-House Floor)"
    summary: ClassVar[str] = Phrase("place pegs from the Pillar outwards; capture inside triangles")
    seat_names: ClassVar[tuple[Phrase, ...]] = (Phrase("White"), Phrase("Black"))
    aliases: ClassVar[Mapping[str, Mapping[str, str]]] = {
        board: {"board": board} for board in PILLARS if board != "trig"
    }
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "board",
            "trig",
            Phrase("trig (one Pillar), trigger (two) or triggest (three)"),
            choices=tuple(PILLARS),
        ),
        SWAP_OPTION,
    )

    def __init__(self, spec: GameSpec) -> None:
        super().__init__(spec)
        self.board = TrigBoard.named(spec.str_option("board"))

    def new_initial_state(self) -> TrigState:
        return TrigState(self)

    def _read_position(self, obj: Mapping[str, Any]) -> TrigState:
        return _state_from_json(self, obj)

    def info(self) -> dict[str, Any]:
        board = self.board
        return {
            "game": str(self.spec),
            "board": board.name,
            "cells": len(board.cells),
            "pillars": [board.names.name(p) for p in board.pillars],
            "playing_cells": len(board.playing),
            "separators": len(board.separators),
            "edge_cells": len(board.edge_cells),
            "capture_triangles": len(board.capture_triangles),
        }

    def status(self, state: TrigState) -> Phrase:
        """The pegs on the board: ``Pegs: White 5, Black 4``."""
        return Phrase(
            "Pegs: {white} {white_count}, {black} {black_count}",
            white=self.player_name(0),
            white_count=state.pegs[0].bit_count(),
            black=self.player_name(1),
            black_count=state.pegs[1].bit_count(),
        )

    def move_choices(self, state: TrigState, move: TrigMove) -> list[TrigMove]:
        """A placement and every capture it allows (the placement first)."""
        cell, centre = self.board.move_parts(move)
        if centre is not None or state.to_move is None:
            return [move]
        captures = state.captures_at(cell, state.to_move)
        return [move, *(self.board.capture_move(cell, m) for m in captures)]

    def result_places(self, state: TrigState) -> list[str]:
        """The cells of the winning chains, and the pegs around a Pillar shut in."""
        return [self.board.placements[cell].name for cell in bits(state.winning_cells())]

    def move_facts(self, state: TrigState) -> dict[str, float]:
        """``captures``: 1 when the last move captured a peg."""
        captured = bool(state._undo) and state._undo[-1][1] >= 0
        return {"captures": float(captured)}

    def game_facts(self, state: TrigState) -> dict[str, float | str]:
        """``win type``: edge, two Pillars, enclosure, several joined (``edge + enclosure``),
        or draw."""
        if state.end_reason is None:
            return {}
        return {"win type": win_type(state.ways) if state.ways else WIN_TYPES[state.end_reason]}

    def input_guide(self, state: TrigState) -> Phrase:
        return Phrase("tap a cell to place a peg")

    def _input_steps(self, state: TrigState, move: TrigMove) -> tuple[Step, ...]:
        """The cell of the placement, then the captured peg if there is one.

        Where the placement could capture, the bare placement takes a second step as well: a
        button saying that it declines, offered beside the pegs to capture, so that a page
        never plays it before the player has seen the choice.

        >>> from trigames import load_game
        >>> game = load_game("trig")
        >>> position = {"white": ["F7", "H7"], "black": ["G8", "H6"], "to_move": 0}
        >>> state = game.state_from_json(position)
        >>> game.input_steps(state, TrigMove("G9xG8"))
        (('G9',), ('G8',))
        >>> game.input_steps(state, TrigMove("G9")), game.input_steps(state, TrigMove("G6"))
        ((('G9',), ('G9 (no capture)',)), (('G6',),))
        """
        cell, centre = self.board.move_parts(move)
        placed = self.board.placements[cell].name
        if centre is not None:
            return ((placed,), (self.board.placements[centre].name,))
        if state.to_move is not None and state.captures_at(cell, state.to_move):
            return ((placed,), (Phrase("{cell} (no capture)", cell=placed),))
        return ((placed,),)


def _state_from_json(game: TrigRules, obj: Mapping[str, Any]) -> TrigState:
    """Build a position from its ``to_json`` form, refusing one that no game can reach.

    The checks are those of the rules page, section "Positions": cells, pegs grown from the
    Pillars, the end of the game, whose turn it is, and a last move that can be taken back.

    >>> from trigames import load_game
    >>> game = load_game("trig")
    >>> game.state_from_json({"white": ["G6"], "black": [], "to_move": 1}).current_player
    1
    >>> try:
    ...     game.state_from_json({"white": ["G6"], "black": [], "to_move": 0})
    ... except PositionError as error:
    ...     print(error)
    'to_move' must be 1 (Black): 1 peg is on the board, one placed each turn, White first
    """
    obj = position_fields(obj, game.spec, "Trig", (*_KEYS, "to_move"))
    board = game.board
    state = TrigState(game)
    state.swapped = read_swapped(obj, game.swap)
    first = 1 if state.swapped else 0  # after a swap, the first peg counts as Black's
    for seat, key in enumerate(_KEYS):
        cells = obj.get(key, [])
        if not isinstance(cells, list):
            raise PositionError(f"'{key}' must be a list of cells like E5")
        for name in cells:
            cell = _read_cell(board, key, name)
            if state.occupied >> cell & 1:
                twice = state.pegs[seat] >> cell & 1
                where = f"twice in '{key}'" if twice else "in both 'white' and 'black'"
                raise PositionError(f"{board.placements[cell]} is {where}: a cell holds one peg")
            state._gain(seat, cell)
            state.beside |= board.neighbours[cell]
    _check_grown(state)
    turns = state.occupied.bit_count()  # every turn adds one peg; a capture swaps one
    due = (turns + first) % 2  # the seat whose turn it is
    won = [(seat, ways) for seat in (0, 1) if (ways := state._win(seat, bits(state.pegs[seat])))]
    if len(won) == 2:
        raise PositionError(
            "'white' and 'black' both hold a win: the game ends at the first move that wins"
        )
    if won:
        seat, ways = won[0]
        if seat == due:
            raise PositionError(
                f"'{_KEYS[seat]}' holds a win ({win_reason(ways)}), but {_pegs(turns)}, so "
                f"{game.seat_names[1 - seat]} moved last: only the player who just moved can win"
            )
        state.winner, state.end_reason, state.ways = seat, win_reason(ways), ways
    elif not state._has_placement():
        state.end_reason = DRAW_NO_PLACEMENT
    state.to_move = read_to_move(obj, 2, state.end_reason)
    if state.to_move is not None and state.to_move != due:
        raise PositionError(
            f"'to_move' must be {due} ({game.seat_names[due]}): {_pegs(turns)}, one placed "
            "each turn, "
            + ("Black first (White's first peg was swapped)" if first else "White first")
        )
    if turns and not _last_move_found(state, 1 - due):
        raise PositionError(_no_last_move(state, 1 - due))
    return state


#: The position keys holding White's and Black's pegs.
_KEYS = ("white", "black")


def _pegs(count: int) -> str:
    return f"{count} peg is on the board" if count == 1 else f"{count} pegs are on the board"


def _read_cell(board: TrigBoard, key: str, name: object) -> int:
    """The playing cell ``name`` (an item of the position's list ``key``)."""
    if not isinstance(name, str):
        raise PositionError(f"bad cell in '{key}': {name!r} is not a name like E5")
    try:
        cell = board.index[board.names.point(name)]
    except ValueError as error:
        raise PositionError(f"bad cell in '{key}': {error}") from None
    if not board.playing_mask >> cell & 1:
        raise PositionError(f"{board.placements[cell]} in '{key}' is not a playing cell")
    return cell


def _check_grown(state: TrigState) -> None:
    """Every peg joined to a Pillar through pegs: each was placed next to a Pillar or a peg,
    and pegs never leave the board (a capture changes a peg's colour only)."""
    board, occupied = state.board, state.occupied
    stray = occupied & ~flood(board.neighbours, occupied & board.near_pillars, occupied)
    if stray:
        cell = bits(stray)[0]
        key = _KEYS[0 if state.pegs[0] >> cell & 1 else 1]
        raise PositionError(
            f"{board.placements[cell]} in '{key}' is cut off from the Pillars: pegs grow from "
            "them, each placed next to a Pillar or a peg, and none is ever taken off"
        )


def _grown_without(board: TrigBoard, occupied: int, cell: int) -> bool:
    """True if the pegs on ``occupied`` but ``cell`` are all joined to a Pillar through pegs."""
    rest = occupied & ~(1 << cell)
    return flood(board.neighbours, rest & board.near_pillars, rest) == rest


def _last_move_found(state: TrigState, mover: int) -> bool:
    """True if some move of ``mover`` can have made ``state`` from a game still going on.

    The move placed a peg of ``mover`` that the other pegs can do without; if ``mover`` has
    won, the placement, or the placement and a peg it captured handed back, must undo the win
    without giving the opponent one.
    """
    board = state.board
    mine, theirs = state.pegs[mover], state.pegs[1 - mover]
    for cell in bits(mine):
        if not _grown_without(board, state.occupied, cell):
            continue
        before = mine & ~(1 << cell)
        if state.winner is None or not _wins(state.game, mover, before):
            return True
        for a, b, centre in board.corner_of[cell]:
            if (
                mine >> a & 1
                and mine >> b & 1
                and mine >> centre & 1
                and not _wins(state.game, mover, before & ~(1 << centre))
                and not _wins(state.game, 1 - mover, theirs | 1 << centre)
            ):
                return True
    return False


def _no_last_move(state: TrigState, mover: int) -> str:
    """Why no last move of ``mover`` can have made ``state`` (see :func:`_last_move_found`)."""
    name, key = state.game.seat_names[mover], _KEYS[mover]
    if not state.pegs[mover]:
        return f"'{key}' is empty, but {name} moved last: {_pegs(state.occupied.bit_count())}"
    if state.winner is not None:
        return (
            f"'{key}' holds a win that no single move made: taking back any of {name}'s pegs "
            "(and a peg it captured) leaves a win, so the game had ended before"
        )
    return (
        f"'{key}': {name} moved last, but none of {name}'s pegs can have been placed last: "
        "without any one of them, other pegs are cut off from the Pillars"
    )


def _wins(game: TrigRules, seat: int, pegs: int) -> bool:
    """True if ``seat`` holding ``pegs`` has won (what the opponent holds does not matter)."""
    scratch = TrigState(game)
    scratch.pegs[seat] = pegs
    return bool(scratch._win(seat, bits(pegs)))
