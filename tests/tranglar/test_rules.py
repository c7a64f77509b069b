"""TRANGLAR rules: perft data, an independent count, and hand-built positions for each rule.

Hand-built positions name pieces in the game's notation: a piece code, then its cells, a cell
being its square (a1 to d4, rows from the top) and the side of the square it stands on
(n, e, s, w). Every position has the two large neutral pieces on the bottom-left and
bottom-right (``NEUTRAL``), away from the squares the tests use.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import trigames
from tests.tranglar import model
from trigames.core.perft import perft
from trigames.games.tranglar import Tranglar, TranglarState
from trigames.games.tranglar.board import START_RESERVE, parse_piece
from trigames.games.tranglar.rules import END_FULL, END_PASSES, END_REPETITION

DATA = Path(__file__).parent.parent / "data"
PERFT = json.loads((DATA / "perft" / "tranglar.json").read_text())
#: Positions from the audit of issue 15 (sides along neutral pieces, repetition).
AUDIT = json.loads((DATA / "tranglar" / "audit.json").read_text())
#: Positions reached in random games that hold what looks impossible and is not.
REACHED = json.loads((DATA / "tranglar" / "reached.json").read_text())
NEUTRAL = ["Ga3swa4neb4w", "Hd3sd4"]
CODES = ("T", "L", "M", "Q", "Zr", "Zl", "Pr", "Pl", "R", "F", "N")


def load() -> Tranglar:
    game = trigames.load_game("tranglar")
    assert isinstance(game, Tranglar)
    return game


def full_reserve(seat: int) -> dict[str, int]:
    return {code: n for code, n in zip(CODES, START_RESERVE[seat], strict=False) if n}


def position(
    petrol: list[str],
    green: list[str],
    *,
    neutral: tuple[str, ...] = (),
    to_move: int = 0,
    reserves: tuple[dict[str, int] | None, dict[str, int] | None] = (None, None),
) -> TranglarState:
    """A position; with no reserve given, each is the full one less that seat's pieces on the
    board (Petrol's placed the neutral triangles), and with one given, the other holds the
    rest of the game's pieces (a parallelogram turned to the seat's hand)."""
    given = list(reserves)
    for seat, listed in enumerate((petrol, green)):
        if reserves == (None, None):
            given[seat] = rest(full_reserve(seat), listed + [*neutral] * (seat == 0))
    for seat in (0, 1):
        if given[seat] is None:
            other = given[1 - seat]
            assert other is not None
            full = dict(zip(CODES, map(sum, zip(*START_RESERVE, strict=False)), strict=False))
            left = rest(full, [*petrol, *green, *neutral])
            left = {code: left.get(code, 0) - other.get(code, 0) for code in CODES}
            left[("Pr", "Pl")[seat]] = left.pop("Pr") + left.pop("Pl")
            given[seat] = {code: n for code, n in left.items() if n}
    obj: dict[str, Any] = {
        "petrol": petrol,
        "green": green,
        "neutral": [*NEUTRAL, *neutral],
        "reserves": given,
        "to_move": to_move,
    }
    return load().state_from_json(obj)


def rest(reserve: dict[str, int], pieces: list[str]) -> dict[str, int]:
    """``reserve`` less one piece of each kind in ``pieces``."""
    left = dict(reserve)
    for piece in pieces:
        code = piece[:2] if piece[:2] in CODES else piece[0]
        left[code] -= 1
    return {code: n for code, n in left.items() if n}


def owner(state: TranglarState, piece: str) -> str | None:
    """``petrol``, ``green`` or ``neutral`` for a piece on the board, else None."""
    obj = state.to_json()
    for key in ("petrol", "green", "neutral"):
        if piece in obj[key]:
            return key
    return None


def moves(state: TranglarState) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def played(names: list[str], spec: str = "tranglar") -> TranglarState:
    """The position after ``names``, played from the start of ``spec``."""
    state = trigames.load_game(spec).new_initial_state()
    assert isinstance(state, TranglarState)
    for name in names:
        state.play(name)
    return state


def audit_state(case: dict[str, Any]) -> TranglarState:
    """An audit case's position: its moves played from the start, or its position read."""
    if "moves" in case:
        return played(case["moves"])
    return load().state_from_json(case["position"])


def both_ways(cases: list[dict[str, Any]]) -> list[Any]:
    """Each audit case and its twin (the twin's keys replacing the case's), named."""
    found = []
    for case in cases:
        twin = {key: value for key, value in case.items() if key not in ("moves", "position")}
        twin.update(case["twin"])
        found.append(pytest.param(case, id=case["name"]))
        found.append(pytest.param(twin, id=case["name"] + " (twin)"))
    return found


# --- perft ---------------------------------------------------------------------------------------


def first_regular_turn() -> TranglarState:
    state = load().new_initial_state()
    for move in PERFT["tranglar"]["setup"]:
        state.play(move)
    assert state.current_player == 0
    assert not state.in_setup
    return state


@pytest.mark.parametrize("depth", [1, 2])
def test_perft_from_the_first_regular_turn_matches_the_data(depth: int) -> None:
    assert perft(first_regular_turn(), depth) == PERFT["tranglar"][str(depth)]


def test_the_independent_model_agrees_with_the_data() -> None:
    start = model.from_json(first_regular_turn().to_json())
    first = model.legal_moves(start)
    assert len(first) == PERFT["tranglar"]["1"]
    second = sum(len(model.legal_moves(model.play(start, name, first))) for name in first)
    assert second == PERFT["tranglar"]["2"]


def test_the_setup_places_both_large_neutral_pieces() -> None:
    state = load().new_initial_state()
    first = moves(state)
    assert len(first) == 120  # 72 ways for G (turned or mirrored), 48 for H
    assert {m[0] for m in first} == {"G", "H"}
    state.play("Hd3sd4")
    assert {m[0] for m in moves(state)} == {"G"}
    assert state.current_player == 1
    with pytest.raises(trigames.IllegalMoveError, match="large neutral"):
        state.play("Tb2n")
    state.play("Ga3swa4neb4w")
    assert state.current_player == 0
    assert owner(state, "Hd3sd4") == "neutral"
    with pytest.raises(trigames.IllegalMoveError, match="never move"):
        state.play("Hb2sb3")


# --- the actions ---------------------------------------------------------------------------------


def test_place_takes_a_piece_from_the_reserve() -> None:
    state = position([], [])
    state.play("Lb2ne")
    assert owner(state, "Lb2ne") == "petrol"
    assert state.to_json()["reserves"][0]["L"] == 3
    assert state.scores() == (2, 0)
    assert state.current_player == 1


def test_coloured_pieces_turn_but_never_mirror() -> None:
    state = position([], [])
    assert "Zrb2nec2w" in moves(state)
    assert "Prb2nec2sw" in moves(state)
    assert not [m for m in moves(state) if m.startswith("Pl")]  # Green's parallelogram
    with pytest.raises(trigames.IllegalMoveError, match="no left-handed parallelogram"):
        state.play("Pla2esb2nw")


def test_neutral_triangles_only_once_your_own_small_triangles_are_gone() -> None:
    state = position(["Ta1n", "Tb1n", "Tc1n"], [])
    assert not [m for m in moves(state) if m.startswith("N")]
    with pytest.raises(trigames.IllegalMoveError, match="no small triangle"):
        state.play("Nb2n")
    state = position(["Ta1n", "Tb1n", "Tc1n", "Td1n"], [])
    assert "Nb2n" in moves(state)
    state.play("Nb2n")
    assert owner(state, "Nb2n") == "neutral"
    assert state.to_json()["reserves"][0]["N"] == 2
    assert state.scores() == (4, 0)


def test_replace_one_piece_by_several() -> None:
    state = position(["Qb2"], ["Tc3n"])
    splits = [m for m in moves(state) if m.startswith("Qb2=")]
    assert "Qb2=Lb2ne,Lb2sw" in splits
    assert "Qb2=Tb2n,Tb2e,Tb2s,Tb2w" in splits
    assert "Qb2=Fb2esw,Tb2n" not in splits  # the canonical order is by lowest cell
    assert "Qb2=Tb2n,Fb2esw" in splits
    state.play("Qb2=Lb2ne,Lb2sw")
    obj = state.to_json()
    assert obj["petrol"] == ["Lb2ne", "Lb2sw"]
    assert obj["reserves"][0]["Q"] == 1
    assert obj["reserves"][0]["L"] == 2


def test_replace_several_pieces_by_one() -> None:
    state = position(["Lb2ne", "Lb2sw"], ["Tc3n"])
    assert "Lb2ne,Lb2sw=Qb2" in moves(state)
    state.play(" lb2sw , LB2NE = qb2 ")  # any order, any case
    obj = state.to_json()
    assert obj["petrol"] == ["Qb2"]
    assert "Q" not in obj["reserves"][0]
    assert obj["reserves"][0]["L"] == 4
    assert str(state.history[-1]) == "Lb2ne,Lb2sw=Qb2"


def test_a_merge_needs_exactly_the_cells_of_the_new_piece() -> None:
    # Zrb2nec2w spills over b2's cells: b2n and b2e are not a group of whole pieces.
    state = position(["Zrb2nec2w", "Lb2sw"], ["Ta1n"])
    assert not [m for m in moves(state) if m.endswith("=Qb2")]
    with pytest.raises(trigames.IllegalMoveError, match="no Lb2ne"):
        state.play("Lb2ne,Lb2sw=Qb2")


def test_take_over_an_opponent_piece() -> None:
    state = position(["Tc3n"], ["Qb2"])
    assert "xQb2=Lb2ne,Lb2sw" in moves(state)
    state.play("xQb2=Lb2ne,Lb2sw")
    obj = state.to_json()
    assert obj["green"] == []
    assert obj["petrol"] == ["Lb2ne", "Lb2sw", "Tc3n"]
    assert obj["reserves"][0]["Q"] == 2  # Green's square, turned over, is Petrol's now
    assert obj["reserves"][0]["L"] == 2
    assert obj["reserves"][1].get("Q", 0) == 0


def test_a_flipped_trapeze_taken_over_changes_hand() -> None:
    state = position(["Tc3n"], ["Zrb2nec2w"])
    state.play("xZrb2nec2w=Lb2ne,Tc2w")
    assert state.to_json()["reserves"][0]["Zl"] == 2
    assert state.to_json()["reserves"][0]["Zr"] == 1


def test_small_triangles_cannot_be_taken_over() -> None:
    state = position([], ["Tb2n"])
    assert not [m for m in moves(state) if m.startswith("x")]
    with pytest.raises(trigames.IllegalMoveError, match="small triangle cannot"):
        state.play("xTb2n=Tb2n,Tb2n")


def test_a_take_over_is_impossible_without_the_reserve_pieces() -> None:
    # Petrol has one large triangle, one small one and a square: no two or more of them
    # cover the four cells of b2.
    state = position(["Tc3n"], ["Qb2"], reserves=({"L": 1, "T": 1, "Q": 1, "N": 3}, None))
    assert not [m for m in moves(state) if m.startswith("xQb2")]
    with pytest.raises(trigames.IllegalMoveError, match="1 large triangle in reserve, not 2"):
        state.play("xQb2=Lb2ne,Lb2sw")
    with pytest.raises(trigames.IllegalMoveError, match="two or more"):
        state.play("xQb2=Qb2")


# --- trapping ------------------------------------------------------------------------------------


def test_more_than_half_of_the_sides_traps() -> None:
    # The square b2 has 4 sides; Green touches the top and the right, then the bottom.
    state = position(["Qb2", "Ta1n"], ["Tb1s", "Tc2w"], to_move=1)
    state.play("Tb3n")
    assert owner(state, "Qb2") == "green"
    assert state.scores() == (1, 7)


def test_exactly_half_of_the_sides_does_not_trap() -> None:
    state = position(["Qb2", "Ta1n"], ["Tb1s"], to_move=1)
    state.play("Tb3n")  # two sides of four
    assert owner(state, "Qb2") == "petrol"
    assert not state.is_trapped(parse_piece("Qb2")[1])


def test_a_small_triangle_is_trapped_by_two_sides() -> None:
    state = position(["Tb2n", "Ta1n"], ["Tb2e"], to_move=1)
    state.play("Tb1s")
    assert owner(state, "Tb2n") == "green"


def test_a_neutral_piece_does_not_count() -> None:
    # Three of the square's sides are touched, but one of them by a neutral triangle.
    state = position(["Qb2", "Ta1n"], ["Tb1s"], neutral=("Na2e",), to_move=1)
    state.play("Tc2w")
    assert owner(state, "Qb2") == "petrol"


@pytest.mark.parametrize("case", both_ways(AUDIT["flips"]))
def test_a_side_touching_a_neutral_piece_anywhere_never_counts(case: dict[str, Any]) -> None:
    state = audit_state(case)
    assert owner(state, case["piece"]) == case["owner"]
    if case["owner"] == "petrol":
        assert not state.is_trapped(parse_piece(case["piece"])[1])


@pytest.mark.parametrize("case", both_ways(AUDIT["placements"]))
def test_the_placement_ban_and_the_swap_judge_sides_the_same_way(case: dict[str, Any]) -> None:
    state = audit_state(case)
    assert (case["move"] in moves(state)) == case["legal"]
    if case["legal"]:
        state.play(case["move"])
    else:
        with pytest.raises(trigames.IllegalMoveError, match="trapped"):
            state.play(case["move"])


@pytest.mark.parametrize("case", both_ways(AUDIT["flips"] + AUDIT["placements"]))
def test_the_model_judges_the_audit_positions_alike(case: dict[str, Any]) -> None:
    state = audit_state(case)
    assert sorted(model.legal_moves(model.from_json(state.to_json()))) == sorted(moves(state))


def test_a_side_touched_on_part_of_its_length_counts() -> None:
    # The large triangle's long side runs along b2w and b2s; Green touches only b2s.
    state = position(["Lb2ne", "Ta1n"], ["Tb1s"], to_move=1)
    state.play("Tb2s")
    assert owner(state, "Lb2ne") == "green"


def test_a_trapped_placement_is_forbidden() -> None:
    state = position(["Ta1n"], ["Tb1s", "Tb2e"])
    assert "Tb2n" not in moves(state)
    with pytest.raises(trigames.IllegalMoveError, match="trapped"):
        state.play("Tb2n")
    assert "Tb2w" in moves(state)  # one side touching Green is fine


def test_a_chain_of_flips_reaches_back_to_the_movers_own_pieces() -> None:
    # Petrol takes over Green's medium square b2s-b3n with two small triangles. Round 1:
    # no Green piece is trapped; Petrol's new b2s has Green on both its short sides and
    # turns Green. Round 2: Petrol's new b3n now has Green above (b2s) and on its right (b3e),
    # so it turns Green too.
    state = position(["Ta1n"], ["Mb2sb3n", "Tb2e", "Tb2w", "Tb3e"])
    state.play("xMb2sb3n=Tb2s,Tb3n")
    obj = state.to_json()
    assert obj["green"] == ["Tb2e", "Tb2s", "Tb2w", "Tb3n", "Tb3e"]
    assert obj["petrol"] == ["Ta1n"]
    assert obj["reserves"][0]["M"] == 4  # the medium square taken over stays Petrol's


def test_a_chain_of_flips_turns_a_piece_the_mover_had_down_before() -> None:
    # Petrol's five-sided piece b2n-b2e-b2s touches Green on 2 of its 5 sides (top, right) and
    # Petrol's older Tb2w touches Green on 1 of 3 (left): neither is trapped. Petrol replaces
    # the five-sided piece by Lb2ne and Tb2s. Round 1: no Green piece is trapped; the new
    # Lb2ne has Green on both legs (2 of 3 sides) and turns Green. Round 2: the older Tb2w now
    # has Green on its left and above (Lb2ne) and turns Green. Round 3: the new Tb2s has Green
    # on both short sides and turns Green. Round 4 turns nothing.
    state = position(["Fb2nes", "Tb2w", "Td1n"], ["Tb1s", "Ta2e", "Tc2w"])
    assert not state.is_trapped(parse_piece("Fb2nes")[1])
    assert not state.is_trapped(parse_piece("Tb2w")[1])
    state.play("Fb2nes=Lb2ne,Tb2s")
    obj = state.to_json()
    assert obj["green"] == ["Tb1s", "Ta2e", "Lb2ne", "Tb2s", "Tb2w", "Tc2w"]
    assert obj["petrol"] == ["Td1n"]
    assert obj["reserves"][0] == {"T": 1, "L": 3, "M": 3, "Q": 1, "Zr": 1, "Zl": 1, "Pr": 1,
                                  "R": 1, "F": 1, "N": 3}  # fmt: skip
    assert state.scores() == (1, 7)


def test_a_merge_can_start_a_chain_reaching_an_older_piece_of_the_mover() -> None:
    # Tb2n and Tb2e each touch Green on one side; merged into Lb2ne they are trapped (top and
    # right), turn Green in round 1, and so trap the older Tb2w (left and top) in round 2.
    petrol, green = ["Tb2n", "Tb2e", "Tb2w", "Td1n"], ["Tb1s", "Ta2e", "Tc2w"]
    state = position(petrol, green, reserves=({"L": 1, "N": 3}, None))
    state.play("Tb2n,Tb2e=Lb2ne")
    obj = state.to_json()
    assert obj["green"] == ["Tb1s", "Ta2e", "Lb2ne", "Tb2w", "Tc2w"]
    assert obj["petrol"] == ["Td1n"]
    assert obj["reserves"][0] == {"T": 2, "N": 3}


def test_a_trapped_parallelogram_stays() -> None:
    # Green's parallelogram a2-b2 has four sides: Petrol touches three.
    state = position(["Tb1s", "Ta3n"], ["Pla2esb2nw", "Tc4n"])
    state.play("Tb2e")
    assert state.is_trapped(parse_piece("Pla2esb2nw")[1])
    assert owner(state, "Pla2esb2nw") == "green"


def test_a_trapped_trapeze_is_swapped_at_once_when_the_trapper_has_one() -> None:
    # Green's right-handed trapeze b2n b2e c2w: Petrol touches its top and c2n, then c2s.
    state = position(["Tb1s", "Tc2n"], ["Zrb2nec2w", "Ta1n"])
    state.play("Tc2s")
    obj = state.to_json()
    assert "Zrb2nec2w" in obj["petrol"]
    assert obj["reserves"][0].get("Zr", 0) == 0
    assert obj["reserves"][0]["Zl"] == 2  # Green's trapeze, turned over, is left-handed


def test_a_trapeze_swapped_later_is_a_whole_turn() -> None:
    # Petrol traps the trapeze without a right-handed trapeze in reserve: it stays Green.
    reserve = full_reserve(0)
    del reserve["Zr"]
    reserve["T"] = 2
    state = position(["Tb1s", "Tc2n"], ["Zrb2nec2w", "Zlc1ed1nw", "Ta1n"], reserves=(reserve, None))
    state.play("Tc2s")
    trapeze = parse_piece("Zrb2nec2w")[1]
    assert owner(state, "Zrb2nec2w") == "green"
    assert state.is_trapped(trapeze)
    assert not [m for m in moves(state) if m.startswith("xZr")]  # (Green to move)
    state.play("Ta2n")
    # Petrol takes over Green's left-handed trapeze and so gains a right-handed one; the
    # trapped trapeze elsewhere is not swapped by that turn: it was trapped at the start of
    # the turn, and the flip rounds never swap such a trapeze (they look at every piece on the
    # board now, not only at those near what changed).
    state.play("xZlc1ed1nw=Ld1nw,Tc1e")
    assert state.to_json()["reserves"][0]["Zr"] == 1
    assert owner(state, "Zrb2nec2w") == "green"
    # Nor by the rounds of Green's turn, although Green's trapeze is trapped and Petrol now
    # has an equivalent: it was trapped at the start of that turn too.
    state.play("Ta2e")
    assert owner(state, "Zrb2nec2w") == "green"
    assert "xZrb2nec2w" in moves(state)
    state.play("xZrb2nec2w")
    obj = state.to_json()
    assert "Zrb2nec2w" in obj["petrol"]
    assert obj["reserves"][0].get("Zr", 0) == 0
    assert obj["reserves"][0]["Zl"] == 2
    assert state.current_player == 1
    state.undo()
    assert owner(state, "Zrb2nec2w") == "green"


def test_a_trapeze_trapped_at_the_start_of_the_turn_is_not_swapped_by_the_rounds() -> None:
    # Green's trapeze is trapped (top, c2n, c2s: 3 of 4 sides) and Petrol has a right-handed
    # trapeze in reserve, as after the turns of the test above. Petrol puts a small triangle
    # against its fourth side: the flip rounds look at every piece, but a trapeze trapped at
    # the start of the turn is left to the swap action, a whole turn of its own.
    state = position(["Tb1s", "Tc2n", "Tc2s"], ["Zrb2nec2w", "Ta1n"])
    trapeze = parse_piece("Zrb2nec2w")[1]
    assert state.is_trapped(trapeze)
    assert state.to_json()["reserves"][0]["Zr"] == 1
    state.play("Tb2w")
    assert owner(state, "Zrb2nec2w") == "green"
    assert state.to_json()["reserves"][0]["Zr"] == 1
    state.play("Ld1ne")  # Green's own rounds do not swap it either
    assert owner(state, "Zrb2nec2w") == "green"
    assert "xZrb2nec2w" in moves(state)
    state.play("xZrb2nec2w")
    assert owner(state, "Zrb2nec2w") == "petrol"
    assert state.to_json()["reserves"][0]["Zl"] == 2


def test_a_piece_left_trapped_by_an_earlier_turn_flips_in_a_later_unrelated_one() -> None:
    # Petrol takes over Green's large triangle b2e-b2s with Tb2e and Tb2s. Round 1: Green's
    # Tb2n has Petrol above (b1s) and on its right (b2e) and turns Petrol; the new Tb2s has
    # Green below (b3n) and on its left (b2w) and turns Green. Round 2: the new Tb2e now has
    # Green on its right (c2w) and below (b2s) and turns Green. That leaves the Tb2n turned
    # Petrol with Green on both short sides: trapped, but it has changed hands once this turn.
    state = position(["Tb1s"], ["Tb2n", "Lb2es", "Tb2w", "Tc2w", "Tb3n"])
    state.play("xLb2es=Tb2e,Tb2s")
    assert state.to_json()["petrol"] == ["Tb1s", "Tb2n"]
    assert state.is_trapped(parse_piece("Tb2n")[1])
    # Green's next move is far away, yet its flip rounds look at every piece on the board:
    # the trapped Tb2n turns Green.
    state.play("Ld1ne")
    obj = state.to_json()
    assert obj["petrol"] == ["Tb1s"]
    assert obj["green"] == ["Ld1ne", "Tb2n", "Tb2e", "Tb2s", "Tb2w", "Tc2w", "Tb3n"]
    assert not state.is_trapped(parse_piece("Tb2n")[1])


def test_a_trapeze_is_swapped_only_when_trapped() -> None:
    state = position(["Tb1s"], ["Zrb2nec2w", "Ta1n"])
    with pytest.raises(trigames.IllegalMoveError, match="not trapped"):
        state.play("xZrb2nec2w")


# --- the end -------------------------------------------------------------------------------------


def test_two_passes_end_the_game() -> None:
    case = REACHED["passes"]
    state = played(case["moves"])
    assert state.current_player == 1
    assert moves(state) == ["pass"]
    state.play("pass")
    assert state.current_player == 0
    assert moves(state) == ["pass"]
    state.play("pass")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.reason == END_PASSES
    assert list(outcome.winners) == case["winners"]
    assert list(outcome.scores) == case["scores"]
    state.undo()
    assert state.current_player == 0


def test_pass_only_when_nothing_else_is_possible() -> None:
    state = position([], [])
    with pytest.raises(trigames.IllegalMoveError, match="only when no other"):
        state.play("pass")


def test_a_full_board_ends_the_game_and_area_decides() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        state = load().new_initial_state()
        while not state.is_over():
            state.play(rng.choice(state.legal_moves()))
        outcome = state.outcome()
        assert outcome is not None
        if outcome.reason == END_FULL:
            break
    else:
        pytest.fail("no random game filled the board")
    neutral = state.occupied & ~(state.owned[0] | state.owned[1])
    assert sum(outcome.scores) + neutral.bit_count() == 64
    best = max(outcome.scores)
    assert outcome.winners == tuple(s for s in (0, 1) if outcome.scores[s] == best)
    state.undo()
    assert not state.is_over()
    assert state.occupied != (1 << 64) - 1


REPEAT = AUDIT["repetition"]


def test_the_third_occurrence_of_a_position_ends_the_game() -> None:
    state = played(REPEAT["moves"])
    cycles = REPEAT["cycle"] * 2
    for name in cycles[:-1]:
        state.play(name)
        assert not state.is_over()
    before = (state.to_json(), moves(state), dict(state.seen))
    state.play(cycles[-1])
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.reason == END_REPETITION == REPEAT["reason"]
    assert list(outcome.scores) == REPEAT["scores"]
    assert outcome.winners == (0, 1)
    state.undo()
    assert (state.to_json(), moves(state), state.seen) == before
    # without a quiet limit, the same
    state = played(REPEAT["moves"] + cycles, "tranglar(quiet_limit=0)")
    assert state.outcome() == outcome


def test_the_pass_and_quiet_counters_are_not_part_of_a_repeated_position() -> None:
    state = played(REPEAT["moves"])
    start = state.repetition_key()
    for name in REPEAT["cycle"]:
        state.play(name)
    assert state.quiet == 4
    assert state.repetition_key() == start
    assert state.seen[start] == 2
    assert state.position_key() != played(REPEAT["moves"]).position_key()


def test_a_loaded_position_starts_its_own_count() -> None:
    state = played(REPEAT["moves"] + REPEAT["cycle"])  # the second occurrence
    again = load().state_from_json(state.to_json())
    assert again.seen == {again.repetition_key(): 1}
    for name in REPEAT["cycle"]:
        again.play(name)
    assert not again.is_over()
    for name in REPEAT["cycle"]:
        again.play(name)
    outcome = again.outcome()
    assert outcome is not None
    assert outcome.reason == END_REPETITION


def test_a_turn_covering_a_new_cell_forgets_the_positions_before() -> None:
    # Cells never come free, so no earlier position can come back: only positions since
    # the last turn that covered a cell are counted. Positions reached by covering moves in
    # another order, or after a cycle of replacements, have the same key.
    state = played(REPEAT["moves"] + REPEAT["cycle"] + ["Ld2ne"])
    assert len(state.seen) == 1
    one = played(["Ga1esb1nwa2n", "Hd3sd4", "Qc1", "Qb3", "Ld2ne"])
    other = played(["Ga1esb1nwa2n", "Hd3sd4", "Ld2ne", "Qb3", "Qc1"])
    assert one.position_key() == other.position_key() == state.position_key()


def test_quiet_limit_zero_means_no_limit() -> None:
    obj = played(REPEAT["moves"]).to_json()
    obj["quiet"] = 500
    with pytest.raises(trigames.PositionError, match="'passes' to 50"):
        load().state_from_json(obj)
    game = trigames.load_game("tranglar(quiet_limit=0)")
    obj["game"] = str(game.spec)
    state = game.state_from_json(obj)
    state.play(REPEAT["cycle"][0])
    assert not state.is_over()
    assert state.quiet == 501
    assert game.max_game_length() is None
    assert load().max_game_length() == 65 * 50


def test_resigning_is_a_move_outside_the_legal_list() -> None:
    state = position([], [])
    assert "resign" not in moves(state)
    state.play("resign")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (1,)
    assert outcome.reason == "Petrol resigned"
    again = load().state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.outcome() == outcome
    state.undo()
    assert not state.is_over()


# --- notation and positions ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Kb2n", "piece code"),
        ("Te5n", "no square e5"),
        ("Lb2nn", "named twice"),
        ("Lb2ns", "make no piece"),
        ("Lb2n", "make a small triangle, not a large triangle"),
        ("Qb2=Lb2ne", "replacement swaps"),
        ("Lb2ne,Tc2n", "need an '='"),
        ("", "not a TRANGLAR move"),
    ],
)
def test_bad_notation_says_what_is_valid(text: str, message: str) -> None:
    state = position([], [])
    with pytest.raises(trigames.MoveParseError, match=message):
        state.parse_move(text)


def test_reserves_and_handedness_are_part_of_the_position() -> None:
    state = position([], [])
    obj = state.to_json()
    assert obj["reserves"][0]["Pr"] == 1
    assert "Pl" not in obj["reserves"][0]
    assert obj["reserves"][1]["Pl"] == 1
    assert "Pr" not in obj["reserves"][1]
    obj["reserves"][0]["Pl"] = 1
    del obj["reserves"][0]["Pr"]
    with pytest.raises(trigames.PositionError, match="parallelogram"):
        load().state_from_json(obj)
    with pytest.raises(trigames.PositionError, match="overlaps"):
        position(["Qb2", "Lb2ne"], [])
