"""TRANGLAR: cover a board of 64 triangles with shaped pieces that change colour when trapped.

>>> import trigames
>>> state = trigames.load_game("tranglar").new_initial_state()
>>> len(state.legal_moves())  # the large neutral trapeze or five-sided piece, anywhere
120
>>> state.play("Ga1esb1nwa2n")
>>> state.play("Hd3sd4")
>>> state.current_player, len(state.legal_moves())
(0, 304)
>>> state.play("Qc1")
>>> state.play("xQc1=Lc1ne,Lc1sw")  # Green takes the square over with two large triangles
>>> state.scores()
(0, 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, ClassVar

from trigames.core.bits import bits
from trigames.core.errors import MoveParseError, PositionError
from trigames.core.outcome import Outcome
from trigames.core.phrases import Phrase, counted, joined
from trigames.core.positions import (
    is_count,
    is_seat,
    position_fields,
    read_result,
    read_swapped,
    result_json,
)
from trigames.core.protocol import Game, State, Step
from trigames.core.spec import GameSpec, Option
from trigames.core.swap import SWAP as SWAP_MOVE
from trigames.core.swap import SWAP_OPTION, Swap
from trigames.games.tranglar.board import (
    ALL,
    BIG_NEUTRAL,
    BOARD,
    CELLS,
    COLOURED,
    KINDS,
    MERGE,
    NT,
    PARALLELOGRAMS,
    PASS_CODE,
    PASS_KIND,
    PLACE,
    PLACEMENTS,
    SPLIT,
    START_RESERVE,
    SWAP,
    TAKE,
    TOTALS,
    TRAPEZES,
    Code,
    Part,
    T,
    TranglarMove,
    cell_name,
    code_of,
    move_of,
    parse,
    parse_piece,
    piece_name,
    tilings,
)
from trigames.geometry.tetrakis import Placement

#: The first input step of placing each kind of piece: the piece, by its code and name (a
#: button's words: phrases, which pages say in their language).
PLACE_STEPS = tuple(Phrase("{code}: {kind}", code=kind.code, kind=kind.name) for kind in KINDS)
#: The first input step of the other actions.
ACTION_STEPS = {
    SPLIT: Phrase("replace one of your pieces by several"),
    MERGE: Phrase("replace several of your pieces by one"),
    TAKE: Phrase("take over a piece"),
    SWAP: Phrase("swap a trapped trapeze"),
}

END_FULL = Phrase("all 64 cells are covered")
END_PASSES = Phrase("both players passed")
END_REPETITION = Phrase("the same position occurred for the third time")
#: Why a move is refused when no rule more precise says it.
NOT_LEGAL = Phrase("it is not a legal move in this position")
NEUTRAL = 2  # the owner of neutral pieces
SEAT_KEYS = ("petrol", "green", "neutral")
#: The most quiet turns a position may count without a quiet limit (only the repetition rule
#: ends such a run; a game that long has never been seen, and a stranger's number stays small).
MOST_QUIET = 1_000_000

#: One piece on the board: kind, owner (0, 1 or NEUTRAL) and cells.
Piece = tuple[int, int, int]
#: A position as the repetition rule compares it (see ``TranglarState.repetition_key``).
RepetitionKey = tuple[
    tuple[int, ...], int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], int | None
]
# One undo record: pieces, cell anchors, owner masks, reserves, big neutral pieces still to
# place, passes, quiet turns, the mover, the cells the move changed, the end of the game before,
# and the repetition counts before.
_Undo = tuple[
    dict[int, Piece],
    list[int],
    list[int],
    list[list[int]],
    list[int],
    int,
    int,
    int,
    int,
    Phrase | None,
    tuple[int, ...],
    dict[RepetitionKey, int],
]


def quiet_end(quiet: int) -> Phrase:
    """Why a game ends at its quiet limit, after ``quiet`` turns that covered no new cell.

    >>> quiet_end(6)
    '6 turns in a row covered no new cell'
    """
    return counted(
        "{count} turn in a row covered no new cell",
        "{count} turns in a row covered no new cell",
        quiet,
    )


def _codes(kinds: list[int]) -> Phrase:
    """The codes of the large neutral pieces ``kinds``, for people: ``G or H``."""
    return joined([KINDS[k].code for k in kinds], "or")


def trapped(placement: Placement, enemy: int, neutral: int) -> bool:
    """True when more than half of the placement's sides touch ``enemy`` cells; a side that
    touches a ``neutral`` cell anywhere along it never counts.

    A large triangle on b2 (top and right cells) with the enemy above it and below its long
    side is trapped, unless the other half of that long side lies along a neutral piece:

    >>> from trigames.games.tranglar.board import board_mask
    >>> triangle, enemy = BOARD.placement(board_mask("b2ne")), board_mask("b1s b2s")
    >>> trapped(triangle, enemy, 0), trapped(triangle, enemy, board_mask("b2w"))
    (True, False)
    """
    if not placement.around & enemy:
        return False
    touching = 0
    for side in placement.sides:
        if side & enemy and not side & neutral:
            touching += 1
    return 2 * touching > len(placement.sides)


class TranglarState(State[TranglarMove]):
    """A position: the pieces on the board, each seat's reserve, and whose turn it is.

    ``pieces`` maps each piece's lowest cell to ``(kind, owner, mask)``; ``anchor[c]`` is the
    lowest cell of the piece on cell ``c`` (-1: empty); ``owned`` holds the cells of seat 0,
    seat 1 and the neutral pieces; ``reserve[seat][kind]`` counts a seat's pieces off the
    board.
    """

    game: TranglarRules

    def __init__(self, game: TranglarRules) -> None:
        super().__init__(game)
        self.pieces: dict[int, Piece] = {}
        self.anchor = [-1] * CELLS
        self.owned = [0, 0, 0]
        self.reserve = [list(START_RESERVE[0]), list(START_RESERVE[1])]
        self.to_place = list(BIG_NEUTRAL)  # large neutral pieces not yet on the board
        self.passes = 0
        self.quiet = 0  # turns in a row that covered no new cell
        self.to_move: int | None = 0
        self.winners: tuple[int, ...] = ()
        self.end_reason: Phrase | None = None
        self.changed = 0  # cells the last move put down or turned over, for the drawing
        self._undo: list[_Undo] = []
        self._stamp = 0
        self._legal: dict[TranglarMove, Code] = {}
        self._legal_stamp = -1
        #: How often each position since the last turn that covered a new cell occurred (a
        #: new dict for every move, so that undo records can keep the old one).
        self.seen: dict[RepetitionKey, int] = {self.repetition_key(): 1}

    # --- queries ------------------------------------------------------------------------------

    @property
    def occupied(self) -> int:
        """Cells under any piece."""
        return self.owned[0] | self.owned[1] | self.owned[2]

    @property
    def in_setup(self) -> bool:
        """True while the large neutral pieces are being placed."""
        return bool(self.to_place)

    def scores(self) -> tuple[int, ...]:
        """The cells under each seat's pieces."""
        return (self.owned[0].bit_count(), self.owned[1].bit_count())

    def _rules_outcome(self) -> Outcome | None:
        if self.end_reason is None:
            return None
        return Outcome(self.winners, self.scores(), self.end_reason)

    def last_mover(self) -> int | None:
        """The seat that made the last move on this state, if any."""
        return self._undo[-1][7] if self._undo else None

    def turned_by_last_move(self) -> int:
        """How many pieces changed hands on the last move, in the trap rounds or by a swap."""
        if not self._undo:
            return 0
        before = self._undo[-1][0]
        return sum(
            1
            for anchor, (kind, owner, mask) in self.pieces.items()
            if anchor in before
            and before[anchor] != (kind, owner, mask)
            and before[anchor][::2] == (kind, mask)
        )

    def piece_on(self, cell: int) -> Piece | None:
        """The piece covering ``cell``, if any."""
        a = self.anchor[cell]
        return self.pieces[a] if a >= 0 else None

    def is_trapped(self, mask: int) -> bool:
        """True when the coloured piece on ``mask`` is trapped by the other seat's pieces."""
        piece = self.piece_on((mask & -mask).bit_length() - 1)
        if piece is None or piece[1] == NEUTRAL:
            return False
        return trapped(BOARD.placement(piece[2]), self.owned[1 - piece[1]], self.owned[NEUTRAL])

    def repetition_key(self) -> RepetitionKey:
        """The position as the repetition rule compares it: the pieces on the board, both
        reserves (the large neutral pieces still to place too) and the player to move, but not
        the pass and quiet counters.

        The cell anchors tell the pieces apart, and a piece's cells and whether it is neutral
        give its kind (no two kinds of coloured piece have the same cells, nor do the neutral
        ones), so the owners' cells complete the board.
        """
        return (
            tuple(self.anchor),
            self.owned[0],
            self.owned[1],
            tuple(self.reserve[0]),
            tuple(self.reserve[1]),
            tuple(self.to_place),
            self.to_move,
        )

    def position_key(self) -> tuple[object, ...]:
        """The position, the pass and quiet counters, and the repetition counts.

        The counts belong here: the same pieces reached once or twice before do not have the
        same future, as a third occurrence ends the game. Cells never come free, so only the
        positions since the last turn that covered a new cell can occur again, and ``seen``
        holds just those: positions reached by covering moves in another order still meet.
        """
        return (self.repetition_key(), self.passes, self.quiet, frozenset(self.seen.items()))

    # --- move generation ----------------------------------------------------------------------

    def legal_moves(self) -> list[TranglarMove | Swap]:
        moves: list[TranglarMove | Swap] = list(self._legal_table())
        if self.game.swap and self.may_swap():
            moves.append(SWAP_MOVE)
        return moves

    def _first_moves(self) -> int:
        """The large neutral pieces on the board: one a move. They are nobody's, so a swap only
        hands the turn back (and the first turn after the setup is Green's)."""
        return 2 - len(self.to_place)

    def _on_swap(self) -> None:
        """The moves and the positions the repetition rule counts follow the seat to move."""
        self._stamp += 1
        self.seen = {self.repetition_key(): 1}

    def _legal_table(self) -> dict[TranglarMove, Code]:
        if self.to_move is None:
            return {}
        if self._legal_stamp == self._stamp:
            return self._legal
        table: dict[TranglarMove, Code] = {}
        if self.to_place:
            self._setup_moves(table)
        else:
            self._regular_moves(table, self.to_move)
            if not table:
                table[move_of(PASS_CODE)] = PASS_CODE
        self._legal, self._legal_stamp = table, self._stamp
        return table

    def _setup_moves(self, table: dict[TranglarMove, Code]) -> None:
        occupied = self.occupied
        for kind in self.to_place:
            for p in PLACEMENTS[kind]:
                if not p.mask & occupied:
                    code = (PLACE, kind, p.mask, ())
                    table[move_of(code)] = code

    def _regular_moves(self, table: dict[TranglarMove, Code], player: int) -> None:
        own, enemy, neutral = self.owned[player], self.owned[1 - player], self.owned[NEUTRAL]
        occupied = self.occupied
        reserve = self.reserve[player]
        names = self.game.place_moves
        for kind in COLOURED:
            if reserve[kind]:
                for p, move, code in names[kind]:
                    if not p.mask & occupied and not trapped(p, enemy, neutral):
                        table[move] = code
        if reserve[NT] and not reserve[T]:
            for p, move, code in names[NT]:
                if not p.mask & occupied:
                    table[move] = code
        pieces = self.pieces
        mine = sorted(a for a, (_, owner, _) in pieces.items() if owner == player)
        theirs = sorted(a for a, (_, owner, _) in pieces.items() if owner == 1 - player)
        self._covers(table, SPLIT, mine, reserve)
        self._merges(table, player, own, reserve)
        self._covers(table, TAKE, theirs, reserve)
        for a in theirs:
            kind, _, mask = pieces[a]
            if kind in TRAPEZES and reserve[kind] and trapped(BOARD.placement(mask), own, neutral):
                code = (SWAP, kind, mask, ())
                table[move_of(code)] = code

    def _covers(
        self, table: dict[TranglarMove, Code], action: int, anchors: list[int], reserve: list[int]
    ) -> None:
        """Moves that cover a piece's cells with two or more reserve pieces: ``action`` is
        ``SPLIT`` (one's own piece) or ``TAKE`` (the opponent's); small triangles never."""
        for a in anchors:
            kind, _, mask = self.pieces[a]
            if kind != T:
                for parts, needs in tilings(mask):
                    if all(reserve[k] >= n for k, n in needs):
                        code = (action, kind, mask, parts)
                        table[move_of(code)] = code

    def _merges(
        self, table: dict[TranglarMove, Code], player: int, own: int, reserve: list[int]
    ) -> None:
        if own.bit_count() < 2:
            return
        pieces, anchor = self.pieces, self.anchor
        for kind in COLOURED:
            if not reserve[kind] or kind == T:
                continue
            for p, _, _ in self.game.place_moves[kind]:
                mask = p.mask
                if mask & own != mask:
                    continue
                parts: list[Part] = []
                rest = mask
                while rest:
                    piece_kind, _, piece_mask = pieces[anchor[(rest & -rest).bit_length() - 1]]
                    if piece_mask & ~mask:
                        break
                    parts.append((piece_kind, piece_mask))
                    rest &= ~piece_mask
                else:
                    if len(parts) >= 2:
                        code = (MERGE, kind, mask, tuple(parts))
                        table[move_of(code)] = code

    def parse_move(self, text: str) -> TranglarMove:
        return move_of(parse(text))

    def _illegal_reason(self, move: TranglarMove) -> Phrase | None:
        table = self._legal_table()
        if move in table:
            return None
        action, kind, mask, parts = code_of(move)
        if action == PASS_KIND:
            return Phrase("a player may pass only when no other action is possible")
        player = self.to_move
        assert player is not None
        if self.to_place:
            if action != PLACE or kind not in self.to_place:
                return Phrase(
                    "the game starts with placing the large neutral pieces: now {pieces}",
                    pieces=_codes(self.to_place),
                )
            return Phrase("those cells are not all free")
        if action == PLACE:
            return self._place_reason(player, kind, mask)
        if action == SWAP:
            return self._swap_reason(player, kind, mask)
        if action == TAKE:
            piece = self._piece_reason(kind, mask, 1 - player)
            if piece is not None:
                return piece
            if kind == T:
                return Phrase("a small triangle cannot be taken over")
            return self._cover_reason(player, mask, parts, take=True)
        if action == SPLIT:
            piece = self._piece_reason(kind, mask, player)
            if piece is not None:
                return piece
            return self._cover_reason(player, mask, parts, take=False)
        # MERGE
        if KINDS[kind].neutral:
            return Phrase("only pieces of your colour replace pieces")
        for part_kind, part_mask in parts:
            piece = self._piece_reason(part_kind, part_mask, player)
            if piece is not None:
                return piece
        total = 0
        for _, part_mask in parts:
            total |= part_mask
        if total != mask:
            return Phrase(
                "the pieces replaced do not cover exactly the cells of {piece}",
                piece=piece_name(kind, mask),
            )
        if not self.reserve[player][kind]:
            return Phrase("you have no {kind} in reserve", kind=KINDS[kind].name)
        return NOT_LEGAL

    def _place_reason(self, player: int, kind: int, mask: int) -> Phrase:
        if kind in BIG_NEUTRAL:
            return Phrase("the large neutral pieces are placed at the start, and then never move")
        if not self.reserve[player][kind]:
            return Phrase("you have no {kind} in reserve", kind=KINDS[kind].name)
        if mask & self.occupied:
            return Phrase("those cells are not all free")
        if kind == NT:
            return Phrase(
                "a neutral small triangle may be placed only when you have no small triangle "
                "of your colour left in reserve"
            )
        if trapped(BOARD.placement(mask), self.owned[1 - player], self.owned[NEUTRAL]):
            return Phrase(
                "the piece would be trapped there (more than half of its sides would touch "
                "the opponent's pieces)"
            )
        return NOT_LEGAL

    def _swap_reason(self, player: int, kind: int, mask: int) -> Phrase:
        piece = self._piece_reason(kind, mask, 1 - player)
        if piece is not None:
            return piece
        if kind not in TRAPEZES:
            return Phrase("only a trapped trapeze is swapped; write a take-over as xPIECE=PIECES")
        if not trapped(BOARD.placement(mask), self.owned[player], self.owned[NEUTRAL]):
            return Phrase("that trapeze is not trapped by your pieces")
        return Phrase("you have no {kind} in reserve to put in its place", kind=KINDS[kind].name)

    def _piece_reason(self, kind: int, mask: int, owner: int) -> Phrase | None:
        """Why there is no piece ``kind`` of ``owner`` (the player to move or the other) on
        ``mask``, or ``None`` if there is."""
        piece = self.pieces.get((mask & -mask).bit_length() - 1)
        name = piece_name(kind, mask)
        if piece is None or piece[2] != mask or piece[0] != kind:
            return Phrase("there is no {piece} on the board", piece=name)
        if piece[1] == owner:
            return None
        if owner == self.to_move:
            return Phrase("{piece} is not yours", piece=name)
        return Phrase("{piece} is not the opponent's", piece=name)

    def _cover_reason(
        self, player: int, mask: int, parts: tuple[Part, ...], *, take: bool
    ) -> Phrase:
        """Why ``parts`` cannot cover ``mask`` in a take-over (``take``) or a replacement."""
        if len(parts) < 2:
            if take:
                return Phrase("a take-over covers the cells with two or more of your pieces")
            return Phrase("a replacement covers the cells with two or more of your pieces")
        total = 0
        for kind, part_mask in parts:
            if KINDS[kind].neutral:
                if take:
                    return Phrase("only pieces of your colour may cover the cells in a take-over")
                return Phrase("only pieces of your colour may cover the cells in a replacement")
            if total & part_mask:
                return Phrase("the new pieces overlap")
            total |= part_mask
        if total != mask:
            return Phrase("the new pieces do not cover exactly the cells of the piece they replace")
        reserve = self.reserve[player]
        for kind in {k for k, _ in parts}:
            need = sum(1 for k, _ in parts if k == kind)
            if reserve[kind] < need:
                return Phrase(
                    "you have {count} {kind} in reserve, not {need}",
                    count=reserve[kind],
                    kind=KINDS[kind].name,
                    need=need,
                )
        return NOT_LEGAL

    # --- playing ------------------------------------------------------------------------------

    def _put(self, kind: int, owner: int, mask: int) -> None:
        a = (mask & -mask).bit_length() - 1
        self.pieces[a] = (kind, owner, mask)
        self.owned[owner] |= mask
        anchor = self.anchor
        for c in bits(mask):
            anchor[c] = a

    def _lift(self, mask: int) -> int:
        """Take the piece on ``mask`` off the board; return its kind."""
        a = (mask & -mask).bit_length() - 1
        kind, owner, _ = self.pieces.pop(a)
        self.owned[owner] &= ~mask
        anchor = self.anchor
        for c in bits(mask):
            anchor[c] = -1
        return kind

    def _apply(self, move: TranglarMove) -> None:
        code = self._legal_table().get(move) or code_of(move)
        action, kind, mask, parts = code
        mover = self.to_move
        assert mover is not None
        self._undo.append(
            (
                dict(self.pieces),
                list(self.anchor),
                list(self.owned),
                [list(self.reserve[0]), list(self.reserve[1])],
                list(self.to_place),
                self.passes,
                self.quiet,
                mover,
                self.changed,
                self.end_reason,
                self.winners,
                self.seen,
            )
        )
        self._stamp += 1
        self.changed = 0
        covered = self.occupied
        if action == PASS_KIND:
            self.passes += 1
            self.quiet += 1
            self._end_turn(mover, END_PASSES if self.passes >= 2 else None)
            return
        self.passes = 0
        reserve = self.reserve[mover]
        done = 0
        stuck = 0 if self.to_place else self._stuck_trapezes()
        if action == PLACE:
            if kind in BIG_NEUTRAL:
                self.to_place.remove(kind)
                self._put(kind, NEUTRAL, mask)
            else:
                reserve[kind] -= 1
                self._put(kind, NEUTRAL if kind == NT else mover, mask)
        elif action == SPLIT:
            reserve[self._lift(mask)] += 1
            self._put_parts(mover, parts)
        elif action == MERGE:
            for _, part_mask in parts:
                reserve[self._lift(part_mask)] += 1
            reserve[kind] -= 1
            self._put(kind, mover, mask)
        elif action == TAKE:
            reserve[KINDS[self._lift(mask)].mirror] += 1
            self._put_parts(mover, parts)
        else:  # SWAP
            self._swap(mover, mask)
            done = mask
        self.changed = mask
        if not self.to_place:
            self._resolve(mover, done, stuck)
        self.quiet = 0 if self.occupied != covered else self.quiet + 1
        self._end_turn(mover, END_FULL if self.occupied == ALL else None)

    def _end_turn(self, mover: int, end: Phrase | None) -> None:
        """Hand the turn over and count the position reached, then end the game if a rule
        says so: ``end`` (a full board or a second pass) first, then a third occurrence of the
        position, then the quiet limit."""
        self.to_move = 1 - mover
        key = self.repetition_key()
        if self.quiet:
            seen = dict(self.seen)
            seen[key] = seen.get(key, 0) + 1
        else:  # a new cell is covered: no earlier position can come back
            seen = {key: 1}
        self.seen = seen
        limit = self.game.quiet_limit
        if end is None and seen[key] >= 3:
            end = END_REPETITION
        if end is None and limit and self.quiet >= limit:
            end = quiet_end(self.quiet)
        if end is not None:
            self._finish(end)

    def _put_parts(self, owner: int, parts: tuple[Part, ...]) -> None:
        reserve = self.reserve[owner]
        for kind, mask in parts:
            reserve[kind] -= 1
            self._put(kind, owner, mask)

    def _swap(self, trapper: int, mask: int) -> None:
        """Put ``trapper``'s equivalent trapeze in place of the one on ``mask``, which goes
        over, flipped, to their reserve."""
        kind = self._lift(mask)
        reserve = self.reserve[trapper]
        reserve[kind] -= 1
        reserve[KINDS[kind].mirror] += 1
        self._put(kind, trapper, mask)

    def _stuck_trapezes(self) -> int:
        """The cells of the trapezes trapped now, at the start of a turn: the flip rounds of
        that turn leave them alone (only a swap, action 4, moves them)."""
        stuck = 0
        owned = self.owned
        for kind, owner, mask in self.pieces.values():
            if (
                kind in TRAPEZES
                and owner != NEUTRAL
                and trapped(BOARD.placement(mask), owned[1 - owner], owned[NEUTRAL])
            ):
                stuck |= mask
        return stuck

    def _resolve(self, mover: int, done: int, stuck: int) -> None:
        """Flip trapped pieces in rounds, the opponent's then the mover's, until a round
        flips nothing. Every piece on the board is looked at; a piece changes hands at most
        once per turn (``done`` holds those cells). A trapped trapeze is swapped when its
        trapper has an equivalent in reserve at that moment (so one that stayed in an earlier
        round is swapped in a later one if its trapper has gained an equivalent meanwhile),
        except a trapeze already trapped at the start of the turn (``stuck`` holds those
        cells), which the rounds never swap."""
        changed = self.changed
        pieces = self.pieces
        neutral = self.owned[NEUTRAL]  # neutral pieces never change in a turn
        while True:
            flipped = False
            for side in (1 - mover, mover):
                trapper = 1 - side
                enemy = self.owned[trapper]
                hits = []
                for a, (kind, owner, mask) in pieces.items():
                    if (
                        owner == side
                        and not mask & done
                        and kind not in PARALLELOGRAMS
                        and trapped(BOARD.placement(mask), enemy, neutral)
                    ):
                        hits.append(a)
                for a in sorted(hits):
                    kind, _, mask = pieces[a]
                    if kind in TRAPEZES:
                        if mask & stuck or not self.reserve[trapper][kind]:
                            continue
                        self._swap(trapper, mask)
                    else:
                        self.owned[side] &= ~mask
                        self.owned[trapper] |= mask
                        pieces[a] = (kind, trapper, mask)
                    done |= mask
                    changed |= mask
                    flipped = True
            if not flipped:
                break
        self.changed = changed

    def _finish(self, reason: Phrase) -> None:
        s0, s1 = self.scores()
        self.winners = (0,) if s0 > s1 else (1,) if s1 > s0 else (0, 1)
        self.end_reason = reason
        self.to_move = None

    def _revert(self, move: TranglarMove) -> None:
        (pieces, anchor, owned, reserve, to_place, self.passes, self.quiet, mover, self.changed,
         self.end_reason, self.winners, self.seen) = self._undo.pop()  # fmt: skip
        self.pieces = dict(pieces)
        self.anchor = list(anchor)
        self.owned = list(owned)
        self.reserve = [list(reserve[0]), list(reserve[1])]
        self.to_place = list(to_place)
        self.to_move = mover
        self._stamp += 1

    # --- positions ----------------------------------------------------------------------------

    def _position_json(self) -> dict[str, Any]:
        board: dict[str, list[str]] = {key: [] for key in SEAT_KEYS}
        for a in sorted(self.pieces):
            kind, owner, mask = self.pieces[a]
            board[SEAT_KEYS[owner]].append(piece_name(kind, mask))
        return {
            "game": str(self.game.spec),
            **board,
            "reserves": [
                {KINDS[k].code: n for k, n in enumerate(self.reserve[seat]) if n} for seat in (0, 1)
            ],
            "to_place": [KINDS[k].code for k in self.to_place],
            "passes": self.passes,
            "quiet": self.quiet,
            "to_move": self.to_move,
            "result": result_json(self.winners, self.end_reason),
        }


class TranglarRules(Game[TranglarMove, TranglarState]):
    """TRANGLAR's rules on its 4 x 4 board of 64 triangles; the whole game, drawings and all,
    is :class:`~trigames.games.tranglar.game.Tranglar`."""

    name: ClassVar[str] = "tranglar"
    title: ClassVar[str] = "TRANGLAR"
    summary: ClassVar[str] = Phrase(
        "cover a grid of triangles with shaped pieces that flip when trapped"
    )
    seat_names: ClassVar[tuple[Phrase, ...]] = (Phrase("Petrol"), Phrase("Green"))
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "quiet_limit",
            50,
            Phrase("turns in a row without a newly covered cell that end the game (0: no limit)"),
            minimum=0,
            maximum=10_000,
        ),
        SWAP_OPTION,
    )

    def __init__(self, spec: GameSpec) -> None:
        super().__init__(spec)
        self.quiet_limit = spec.int_option("quiet_limit")
        #: For each kind, its placements with their move objects and internal forms.
        self.place_moves: tuple[tuple[tuple[Placement, TranglarMove, Code], ...], ...] = tuple(
            tuple(
                (p, move_of((PLACE, kind, p.mask, ())), (PLACE, kind, p.mask, ()))
                for p in PLACEMENTS[kind]
            )
            for kind in range(len(KINDS))
        )

    def new_initial_state(self) -> TranglarState:
        return TranglarState(self)

    def _read_position(self, obj: Mapping[str, Any]) -> TranglarState:
        return _state_from_json(self, obj)

    def info(self) -> dict[str, Any]:
        return {
            "game": str(self.spec),
            "squares": 16,
            "cells": CELLS,
            "pieces_each": sum(START_RESERVE[0][k] for k in COLOURED),
            "cells_each": sum(START_RESERVE[0][k] * KINDS[k].size for k in COLOURED),
            "neutral_pieces": 8,
            "quiet_limit": self.quiet_limit,
            "kinds": {kind.code: kind.name for kind in KINDS},
            "placements": {
                kind.code: len(found) for kind, found in zip(KINDS, PLACEMENTS, strict=True)
            },
        }

    def status(self, state: TranglarState) -> Phrase:
        """Cells each seat covers and what is left: ``Cells: Petrol 12, Green 9; 33 free``.

        >>> import trigames
        >>> game = trigames.load_game("tranglar")
        >>> game.status(game.new_initial_state())
        'Cells: Petrol 0, Green 0; 64 free. Setup: place G or H'
        """
        s0, s1 = state.scores()
        line = counted(
            "Cells: {first} {first_cells}, {second} {second_cells}; {count} free",
            "Cells: {first} {first_cells}, {second} {second_cells}; {count} free",
            CELLS - state.occupied.bit_count(),
            first=self.player_name(0),
            second=self.player_name(1),
            first_cells=s0,
            second_cells=s1,
        )
        if state.to_place:
            return Phrase(
                "{cells}. Setup: place {pieces}", cells=line, pieces=_codes(state.to_place)
            )
        return line

    def input_guide(self, state: TranglarState) -> Phrase:
        return Phrase("pick a piece (or an action), then its cells")

    def _input_steps(self, state: TranglarState, move: TranglarMove) -> tuple[Step, ...]:
        """What to do (a piece from the reserve, or an action), then any cell it covers; the
        pieces that fit are then told apart by choosing among them.

        >>> from trigames import load_game
        >>> game = load_game("tranglar")
        >>> game.input_steps(game.new_initial_state(), TranglarMove("Hd3sd4"))
        (('H: large neutral five-sided piece',), ('d3s', 'd4n', 'd4e', 'd4s', 'd4w'))
        """
        action, kind, mask, _ = state._legal_table().get(move) or code_of(move)
        if action == PASS_KIND:
            return ((Phrase("pass"),),)
        first = PLACE_STEPS[kind] if action == PLACE else ACTION_STEPS[action]
        return (first,), _cells_named(mask)

    def move_facts(self, state: TranglarState) -> dict[str, float]:
        """``flips``: the pieces the last move turned over (see ``turned_by_last_move``)."""
        return {"flips": float(state.turned_by_last_move())}


def _state_from_json(game: TranglarRules, obj: Mapping[str, Any]) -> TranglarState:
    """Build a position from its ``to_json`` form and check that it can arise in a game (the
    rules page lists what is checked); ``PositionError`` names the field at fault."""
    keys = (*SEAT_KEYS, "reserves", "to_place", "passes", "quiet", "to_move", "result")
    obj = position_fields(obj, game.spec, "TRANGLAR", keys)
    state = TranglarState(game)
    state.swapped = read_swapped(obj, game.swap)
    _read_pieces(state, obj)
    _read_to_place(state, obj)
    _read_reserves(state, obj)
    _check_totals(state)
    _read_counters(state, obj)
    _check_no_turn_yet(state)
    _read_end(state, obj)
    _check_passes(state)
    # Earlier occurrences are not part of the position format: a loaded position starts its
    # own count.
    state.seen = {state.repetition_key(): 1}
    return state


def _read_pieces(state: TranglarState, obj: Mapping[str, Any]) -> None:
    """The pieces on the board: each of its kind's shape as it may lie, of its owner's hand,
    none overlapping another."""
    for owner, key in enumerate(SEAT_KEYS):
        listed = obj.get(key, [])
        if not isinstance(listed, list) or not all(isinstance(p, str) for p in listed):
            raise PositionError(f"'{key}' must be a list of pieces like Lb3ne")
        for text_ in listed:
            try:
                kind, mask = parse_piece(text_)
            except MoveParseError as error:
                raise PositionError(f"bad piece in '{key}': {error}") from None
            name = piece_name(kind, mask)
            if KINDS[kind].neutral != (owner == NEUTRAL):
                raise PositionError(
                    f"{name} in '{key}': neutral pieces (N, G, H) are listed under 'neutral', "
                    "and only there"
                )
            if owner != NEUTRAL and kind == PARALLELOGRAMS[1 - owner]:
                raise PositionError(f"{name} in '{key}': {_PARALLELOGRAM_HANDS}")
            both = mask & state.occupied
            if both:
                cell = (both & -both).bit_length() - 1
                other_kind, other, other_mask = state.pieces[state.anchor[cell]]
                raise PositionError(
                    f"{name} in '{key}' overlaps {piece_name(other_kind, other_mask)} in "
                    f"'{SEAT_KEYS[other]}'"
                )
            state._put(kind, owner, mask)


_PARALLELOGRAM_HANDS = (
    "a player's parallelograms are of their own hand, Petrol's Pr and Green's Pl (one taken "
    "over is turned over)"
)


def _read_to_place(state: TranglarState, obj: Mapping[str, Any]) -> None:
    """The large neutral pieces still to place (by default those not on the board): each of
    G and H is on the board or to be placed, once; while one is to be placed, nothing else is
    down."""
    down = [k for k, _, _ in state.pieces.values() if k in BIG_NEUTRAL]
    to_place = obj.get("to_place", [KINDS[k].code for k in BIG_NEUTRAL if k not in down])
    codes = {KINDS[k].code: k for k in BIG_NEUTRAL}
    if not (
        isinstance(to_place, list)
        and all(isinstance(c, str) and c in codes for c in to_place)
        and len(set(to_place)) == len(to_place)
    ):
        raise PositionError(
            "'to_place' must list the large neutral pieces not yet placed, each once: G, H"
        )
    state.to_place = sorted(codes[c] for c in to_place)
    for kind in BIG_NEUTRAL:
        found = down.count(kind) + state.to_place.count(kind)
        if found != 1:
            raise PositionError(
                f"there is one {KINDS[kind].name} ({KINDS[kind].code}), on the board "
                f"('neutral') or in 'to_place': not {found}"
            )
    if state.to_place and len(down) != len(state.pieces):
        raise PositionError(
            "while 'to_place' is not empty (the setup), only the large neutral pieces are down"
        )


#: How many pieces of each kind a game has, a kind and its mirror image counted together.
_TOTAL_OF = {kind: total for group, total in TOTALS.items() for kind in group}


def _read_reserves(state: TranglarState, obj: Mapping[str, Any]) -> None:
    """Each seat's reserve (by default the full set): counts from 0 to the pieces of the kind
    in a game, at most 3 neutral small triangles (a player never gains one), and only the
    player's own parallelogram."""
    reserves = obj.get("reserves")
    if reserves is None:
        reserves = [
            {KINDS[k].code: n for k, n in enumerate(START_RESERVE[seat]) if n} for seat in (0, 1)
        ]
    if not (isinstance(reserves, list) and len(reserves) == 2):
        raise PositionError("'reserves' must be two objects, Petrol's and Green's")
    by_code = {kind.code: k for k, kind in enumerate(KINDS) if k not in BIG_NEUTRAL}
    for seat, reserve in enumerate(reserves):
        whose = f"{state.game.player_name(seat)}'s reserve ('reserves')"
        if not isinstance(reserve, Mapping):
            raise PositionError(f'{whose} must be an object like {{"T": 4, "L": 2}}')
        counts = [0] * len(KINDS)
        for code, count in reserve.items():
            if code not in by_code:
                raise PositionError(
                    f"bad entry {code!r} in {whose}: reserve pieces are " + ", ".join(by_code)
                )
            kind = by_code[code]
            if kind == PARALLELOGRAMS[1 - seat]:
                raise PositionError(f"{code} in {whose}: {_PARALLELOGRAM_HANDS}")
            most = START_RESERVE[seat][NT] if kind == NT else _TOTAL_OF[kind]
            if not is_count(count, 0, most):
                raise PositionError(
                    f"the count of {code} in {whose} must be a whole number from 0 to {most}"
                )
            counts[kind] = count
        state.reserve[seat] = counts


def _check_totals(state: TranglarState) -> None:
    """Pieces only move between the board and the reserves, and one taken over is turned
    over: so a game always has each kind's pieces, a kind and its mirror image together, on
    the board or in a reserve."""
    for group, total in TOTALS.items():
        if group[0] in BIG_NEUTRAL:
            continue  # see _read_to_place
        count = sum(1 for k, _, _ in state.pieces.values() if k in group)
        count += sum(state.reserve[seat][k] for seat in (0, 1) for k in group)
        if count != total:
            names = " and ".join(KINDS[k].code for k in group)
            where = "'neutral'" if group == (NT,) else "'petrol', 'green'"
            raise PositionError(
                f"{names}: {count} on the board and in the reserves ({where}, 'reserves'); "
                f"a game has {total}, each always on the board or in a reserve"
                + (" (a piece taken over is turned over)" if len(group) > 1 else "")
            )


def _read_counters(state: TranglarState, obj: Mapping[str, Any]) -> None:
    """``passes`` (0 to 2) and ``quiet`` (from ``passes`` to the quiet limit, if any)."""
    passes = obj.get("passes", 0)
    if not is_count(passes, 0, 2):
        raise PositionError("'passes' counts passes in a row: 0, 1 or 2")
    state.passes = passes
    quiet = obj.get("quiet", passes)
    limit = state.game.quiet_limit or MOST_QUIET
    if not is_count(quiet, passes, limit):
        raise PositionError(
            "'quiet' counts turns in a row that covered no new cell: a whole number from "
            f"'passes' to {limit}"
        )
    state.quiet = quiet


def _check_no_turn_yet(state: TranglarState) -> None:
    """Coloured cells stay coloured, so a board without a coloured piece has seen no turn
    since the setup: everything is as at the start (the first player cannot pass, and no
    neutral small triangle can be placed while one's own small triangles are all in
    reserve)."""
    if state.owned[0] | state.owned[1]:
        return
    start = "no coloured piece is on the board, so no turn has been played since the setup"
    if any(k == NT for k, _, _ in state.pieces.values()):
        raise PositionError(f"{start}: 'neutral' holds only the large neutral pieces")
    if state.reserve != [list(START_RESERVE[0]), list(START_RESERVE[1])]:
        raise PositionError(f"{start}: 'reserves' are both full")
    if state.passes or state.quiet:
        raise PositionError(f"{start}: 'passes' and 'quiet' are 0")


#: The least ``quiet`` of a game ended by repetition: the three occurrences come after the
#: last turn that covered a cell, with the same player to move, so at least two turns apart.
REPETITION_QUIET = 4


def _board_end(state: TranglarState) -> Phrase | None:
    """The end the board and the counters show, if any (a full board first)."""
    limit = state.game.quiet_limit
    if state.occupied == ALL:
        return END_FULL
    if state.passes == 2:
        return END_PASSES
    if limit and state.quiet >= limit:
        return quiet_end(state.quiet)
    return None


def _read_end(state: TranglarState, obj: Mapping[str, Any]) -> None:
    """``to_move`` and ``result``: an end the board shows (full, two passes, the quiet limit)
    is taken from it; ``result`` may add only the repetition, which it cannot show."""
    if state.occupied == ALL and state.quiet:
        raise PositionError(
            "all 64 cells are covered, by the last turn: 'passes' and 'quiet' must be 0"
        )
    result = read_result(obj, 2)
    shown = _board_end(state)
    if result is None:
        if shown is not None:
            state._finish(shown)
            if obj.get("to_move") is not None:
                raise PositionError(f"the game is over ({shown}): 'to_move' must be null")
            return
        due = (len(state.to_place) + state.swapped) % 2  # while no turn is played
        to_move = obj.get("to_move", due)
        if not is_seat(to_move, 2):
            raise PositionError("'to_move' must be 0 or 1 while the game goes on")
        if not (state.owned[0] | state.owned[1]) and to_move != due:
            raise PositionError(
                "'to_move': Green's is the first large neutral piece (swapped), Petrol places "
                "the second, and Green plays the first turn"
                if state.swapped
                else "'to_move': Petrol places the first large neutral piece, Green the "
                "second, and Petrol plays the first turn"
            )
        state.to_move = to_move
        return
    winners, reason = result
    if shown in (END_FULL, END_PASSES):
        if reason != shown:
            raise PositionError(f"'result': the game ended because {shown}, not {reason!r}")
    elif reason not in (END_REPETITION, shown):
        raise PositionError(
            f"'result' is null or {END_REPETITION!r} here (the end the board cannot show)"
            + (f", or {shown!r}" if shown else "")
            + f"; not {reason!r}"
        )
    if reason == END_REPETITION and state.quiet < REPETITION_QUIET:
        raise PositionError(
            f"'result': a position occurs for the third time at least {REPETITION_QUIET} "
            f"turns after the last one that covered a cell, and 'quiet' is {state.quiet}"
        )
    state._finish(shown if shown is not None and reason == shown else END_REPETITION)
    if winners != state.winners:
        s0, s1 = state.scores()
        raise PositionError(
            f"'result': with {s0} cells to {s1}, the winners are "
            + " and ".join(str(s) for s in state.winners)
            + f", not {' and '.join(str(s) for s in winners)}"
        )


def _check_passes(state: TranglarState) -> None:
    """A pass changes nothing on the board, and a player passes only without any other
    action: so the player who passed last has none in this position (both, after two)."""
    if not state.passes:
        return
    mover = state.to_move
    seats = (1 - mover,) if mover is not None else (0, 1)
    actions: list[str | None] = []
    for seat in seats:
        table: dict[TranglarMove, Code] = {}
        state._regular_moves(table, seat)
        actions.append(str(next(iter(table))) if table else None)
    # a game over after one pass (quiet limit, repetition): either player may have passed
    either = mover is None and state.passes == 1
    if (None in actions) if either else all(action is None for action in actions):
        return
    seat, action = next((s, a) for s, a in zip(seats, actions, strict=True) if a is not None)
    raise PositionError(
        f"'passes' is {state.passes}, but {state.game.player_name(seat)}, who "
        f"{'passed last' if mover is not None else 'would have passed'}, could play {action}: "
        "a player passes only when no other action is possible"
    )


@lru_cache(maxsize=4096)
def _cells_named(mask: int) -> Step:
    """The names of the cells of ``mask``: the last input step of a move (the pieces' masks
    are few, and each position asks for those of every legal move)."""
    return tuple(cell_name(cell) for cell in bits(mask))
