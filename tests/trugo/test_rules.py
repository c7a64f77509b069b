"""Trugo rules: perft data, hand-built positions, errors.

Positions are written in the ``to_json`` format: tiles ``[X, Y, orientation]`` by the grid
point of their centre, pieces ``[X, Y, stack]`` by the grid point of their junction. With
every tile in orientation ``e`` the light bands run straight up and down the grid columns
``X = 3 q - 1`` and the dark bands along ``X = 3 q + 1``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import trigames
from trigames.core.perft import perft
from trigames.games.trugo import Trugo, TrugoState
from trigames.games.trugo.rules import DRAW_REPETITION, DRAW_WANING, WIN_EMPTY_BOARD, WIN_NO_PIECES
from trigames.geometry.hexcells import hexagon
from trigames.geometry.honeycomb import tile_grid

PERFT = json.loads((Path(__file__).parent.parent / "data" / "perft" / "trugo.json").read_text())


def load(spec: str = "trugo") -> Trugo:
    game = trigames.load_game(spec)
    assert isinstance(game, Trugo)
    return game


def layout(cells: list[tuple[int, int]], orientation: str = "e") -> list[list[Any]]:
    return [[*tile_grid(cell), orientation] for cell in cells]


#: Tiles within two steps of the first: every corner of the middle tile and of its
#: neighbours' inner corners is a full junction.
FLOWER19 = layout(hexagon((0, 0), 2))


def position(
    pieces: list[list[Any]],
    tiles: list[list[Any]] | None = None,
    spec: str = "trugo",
    **extra: Any,
) -> TrugoState:
    obj: dict[str, Any] = {"tiles": FLOWER19 if tiles is None else tiles, "pieces": pieces}
    obj.update(extra)
    return load(spec).state_from_json(obj)


def name(state: TrugoState, x: int, y: int) -> str:
    """The notation of the junction at grid point (x, y) in this position."""
    return state.junction_name(state.window.grid_junctions[(x, y)])


def move(state: TrugoState, a: tuple[int, int], b: tuple[int, int]) -> str:
    return f"{name(state, *a)}-{name(state, *b)}"


def legal(state: TrugoState) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def stacks(state: TrugoState) -> dict[tuple[int, int], str]:
    return {(x, y): stack for x, y, stack in state.to_json()["pieces"]}


# --- perft ----------------------------------------------------------------------------------


@pytest.mark.parametrize("spec", sorted(PERFT))
def test_perft_matches_the_data(spec: str) -> None:
    state = load(spec).new_initial_state()
    for depth, count in PERFT[spec].items():
        assert perft(state, int(depth)) == count


def test_perft_by_hand() -> None:
    """The first tile goes in the middle, three ways; the second on one of its six neighbours,
    three ways; the third next to two tiles that touch: eight cells, three ways. No junction
    (three tiles meeting) exists before the third tile, so there is no piece to move."""
    state = load().new_initial_state()
    assert [perft(state, d) for d in (1, 2, 3)] == [3, 3 * 18, 3 * 18 * 24]


# --- piece moves ----------------------------------------------------------------------------


def test_a_slide_is_blocked_by_a_piece_in_the_region() -> None:
    start, blocker, beyond = (-1, -3), (-1, -1), (-1, 1)
    state = position([[*start, "W"], [*blocker, "B"], [5, 1, "B"]])
    assert move(state, start, blocker) in legal(state)  # landing on a single piece
    assert move(state, start, beyond) not in legal(state)
    with pytest.raises(trigames.IllegalMoveError, match="slides along its band region"):
        state.play(move(state, start, beyond))
    free = position([[*start, "W"], [5, 1, "B"]])
    assert move(free, start, beyond) in legal(free)
    no_stacks = position([[*start, "W"], [*blocker, "B"]], spec="trugo(stacking=false)")
    assert move(no_stacks, start, blocker) not in legal(no_stacks)


def test_a_slide_passes_through_a_partial_junction_but_does_not_stop_there() -> None:
    tiles = layout([cell for cell in hexagon((0, 0), 2) if cell != (-1, 0)])
    state = position([[-1, -3, "W"], [5, 1, "B"]], tiles)
    partial = state.window.grid_junctions[(-1, -1)]
    assert not state.is_full(partial)
    assert move(state, (-1, -3), (-1, 1)) in legal(state)
    assert move(state, (-1, -3), (-1, -1)) not in legal(state)
    state.play(move(state, (-1, -3), (-1, 1)))
    assert stacks(state)[(-1, 1)] == "W"


def test_landing_on_a_single_piece_pins_it_until_the_top_piece_leaves() -> None:
    state = position([[-1, -3, "W"], [-1, -1, "B"], [5, 1, "B"]])
    state.play(move(state, (-1, -3), (-1, -1)))
    assert stacks(state)[(-1, -1)] == "BW"
    assert not any(str(m).startswith(name(state, -1, -1) + "-") for m in state.legal_moves())
    assert state.scores() == (1, 2)  # pinned pieces are still on the board
    state.play(move(state, (5, 1), (4, 0)))  # Blue moves elsewhere
    state.play(move(state, (-1, -1), (-1, 3)))  # White moves off
    assert stacks(state)[(-1, -1)] == "B"
    assert any(str(m).startswith(name(state, -1, -1) + "-") for m in state.legal_moves())


def test_a_step_may_follow_a_slide_to_an_empty_junction_only() -> None:
    state = position([[-1, -3, "W"], [5, 1, "B"]])
    # slide down the light column to (-1, 1), then step to the dark junction (1, 1)
    assert move(state, (-1, -3), (1, 1)) in legal(state)
    assert move(state, (-1, -3), (1, -3)) in legal(state)  # a step without a slide
    # after landing on a single piece there is no step: (1, -1) is one step from (-1, -1)
    assert move(state, (-1, -3), (1, -1)) in legal(state)
    pinned = position([[-1, -3, "W"], [-1, -1, "B"]])
    assert move(pinned, (-1, -3), (-1, -1)) in legal(pinned)
    assert move(pinned, (-1, -3), (1, -1)) not in legal(pinned)
    assert move(pinned, (-1, -3), (-2, 0)) not in legal(pinned)


def test_no_stack_grows_above_two() -> None:
    state = position([[-1, -3, "W"], [-1, -1, "BW"], [5, 1, "B"]])
    assert move(state, (-1, -3), (-1, -1)) not in legal(state)
    with pytest.raises(trigames.IllegalMoveError, match="stack of two"):
        state.play(move(state, (-1, -3), (-1, -1)))


# --- captures -------------------------------------------------------------------------------


def test_capturing_a_group_releases_the_piece_pinned_underneath() -> None:
    # Blue's piece on (2, 0) pins a White piece; White closes the last liberty of that Blue
    # group by stepping from (5, 1) to (4, 0).
    state = position([[2, 0, "WB"], [1, -1, "W"], [1, 1, "W"], [5, 1, "W"], [-4, 0, "B"]])
    assert state.scores() == (4, 2)
    state.play(move(state, (5, 1), (4, 0)))
    assert stacks(state)[(2, 0)] == "W"  # the pinned White piece is free again
    assert state.scores() == (4, 1)
    assert "capturing 1 Blue piece" in state.game.describe_last_move(state)


def test_capturing_a_stack_of_one_colour_takes_both_pieces() -> None:
    state = position(
        [[2, 0, "BB"], [4, 0, "B"], [1, -1, "W"], [1, 1, "W"], [5, -1, "W"], [4, 2, "W"],
         [-4, 0, "B"]]
    )  # fmt: skip
    # the Blue group {(2, 0), (4, 0)} has one liberty left: (5, 1)
    state.play(move(state, (4, 2), (5, 1)))
    assert (2, 0) not in stacks(state)
    assert (4, 0) not in stacks(state)
    assert state.scores()[1] == 1


def test_suicide_captures_the_movers_own_group() -> None:
    state = position([[2, -2, "W"], [1, -1, "B"], [1, 1, "B"], [4, 0, "B"], [-4, 0, "W"]])
    state.play(move(state, (2, -2), (2, 0)))  # slide down the light column into the hole
    assert (2, 0) not in stacks(state)
    assert state.scores() == (1, 3)
    assert state.game.describe_last_move(state).endswith(", losing 1 White piece")


def test_the_opponent_is_captured_before_the_mover() -> None:
    # White fills (2, 0): the Blue piece on (4, 0) loses its last liberty and goes first,
    # which gives the White piece a liberty, so it survives.
    state = position(
        [[2, -2, "W"], [1, -1, "B"], [1, 1, "B"], [4, 0, "B"], [5, -1, "W"], [5, 1, "W"],
         [-4, 0, "W"]]
    )  # fmt: skip
    state.play(move(state, (2, -2), (2, 0)))
    assert stacks(state).get((2, 0)) == "W"
    assert (4, 0) not in stacks(state)


def test_a_group_keeps_a_liberty_that_only_one_of_its_junctions_touches() -> None:
    # Blue slides from (4, -2) down to (4, 0), between White's (5, -1) and (5, 1). (4, 0)
    # joins Blue's (2, 0), whose neighbour (1, -1) is empty: the group {(2, 0), (4, 0)}
    # has a liberty and stays. (The engine once judged (2, 0) first, stopped walking its
    # group at that liberty, and then took (4, 0) alone for surrounded.)
    state = position([[2, 0, "B"], [4, -2, "B"], [1, 1, "W"], [5, -1, "W"], [5, 1, "W"]], to_move=1)
    state.play(move(state, (4, -2), (4, 0)))
    assert stacks(state) == {(2, 0): "B", (4, 0): "B", (1, 1): "W", (5, -1): "W", (5, 1): "W"}
    assert state.scores() == (3, 2)


def test_a_group_on_the_edge_of_the_layout_is_safe_while_waxing() -> None:
    seven = layout(hexagon((0, 0), 1))
    state = position([[2, 0, "B"], [1, -1, "W"], [-1, 1, "W"], [-2, 0, "B"]], seven)
    state.play(move(state, (-1, 1), (1, 1)))  # White takes the last full junction around it
    assert stacks(state)[(2, 0)] == "B"  # (4, 0) is a partial junction: a liberty


def test_a_position_with_a_surrounded_group_is_refused() -> None:
    with pytest.raises(trigames.PositionError, match="surrounded"):
        position([[2, 0, "B"], [1, -1, "W"], [1, 1, "W"], [4, 0, "W"]])


# --- tiles ----------------------------------------------------------------------------------

#: A waning layout whose middle tile touches two tiles that touch nothing else in common.
BRIDGE = layout([(0, 0), (1, 0), (2, -1), (2, 0), (0, -1), (0, -2), (-1, -1)])


def test_a_removal_that_would_disconnect_the_layout_is_refused() -> None:
    state = position([[5, 1, "W"], [-1, -3, "B"]], BRIDGE, pool=0)
    middle = f"-{state.tile_name(state.window.origin)}"
    assert middle not in legal(state)
    with pytest.raises(trigames.IllegalMoveError, match="stay connected"):
        state.play(middle)
    assert f"-{state.tile_name(state.window.grid_tiles[(6, 0)])}" in legal(state)


def test_a_placement_gives_new_junctions_pieces_while_supplies_last() -> None:
    game = load("trugo(pieces=1)")
    state = game.new_initial_state()
    state.play("dg74e")
    cells = {str(m)[:-1] for m in state.legal_moves() if str(m).endswith("e")}
    assert len(cells) == 6
    state.play(state.legal_moves()[0])  # a neighbour: still no junction
    assert state.scores() == (0, 0)
    for candidate in state.legal_moves():
        state.play(candidate)
        if sum(state.scores()) == 1:
            break
        state.undo()
    assert sum(state.scores()) == 1
    assert state.supply[0] + state.supply[1] == 1


def test_placements_only_touch_the_layout() -> None:
    state = load().new_initial_state()
    aside = state.window.grid_tiles[(3, 1)]
    with pytest.raises(trigames.IllegalMoveError, match="first tile goes in the middle, dg74"):
        state.play(f"{state.tile_name(aside)}e")
    state.play("dg74e")
    far = state.window.grid_tiles[(6, 2)]
    with pytest.raises(trigames.IllegalMoveError, match="next to a tile"):
        state.play(f"{state.tile_name(far)}e")
    with pytest.raises(trigames.IllegalMoveError, match="already holds a tile"):
        state.play(f"{state.tile_name(state.window.origin)}nw")


# --- the end --------------------------------------------------------------------------------


def test_the_player_whose_opponent_has_no_pieces_in_the_waning_phase_wins() -> None:
    state = position([[5, 1, "B"], [-1, -3, "W"]], BRIDGE, pool=0)
    state.play(f"-{state.tile_name(state.window.grid_tiles[(6, 0)])}")
    outcome = state.outcome()
    assert outcome is not None
    assert (outcome.winners, outcome.reason) == ((0,), WIN_NO_PIECES)
    assert outcome.scores == (1, 0)
    state.undo()
    assert state.outcome() is None
    assert stacks(state)[(5, 1)] == "B"


def test_emptying_the_board_wins_for_the_mover() -> None:
    state = position([[5, 1, "WB"]], BRIDGE, pool=0, to_move=1)
    state.play(f"-{state.tile_name(state.window.grid_tiles[(6, 0)])}")
    outcome = state.outcome()
    assert outcome is not None
    assert (outcome.winners, outcome.reason) == ((1,), WIN_EMPTY_BOARD)


def test_threefold_repetition_draws() -> None:
    state = position([[-1, -3, "W"], [4, 2, "B"]])
    shuttle = [
        move(state, (-1, -3), (-1, -1)),
        move(state, (4, 2), (4, 0)),
        move(state, (-1, -1), (-1, -3)),
        move(state, (4, 0), (4, 2)),
    ]
    for text in shuttle * 2:
        assert not state.is_over()
        state.play(text)
    outcome = state.outcome()
    assert outcome is not None
    assert (outcome.winners, outcome.reason) == ((0, 1), DRAW_REPETITION)


def test_the_waning_limit_draws() -> None:
    state = position([[-1, -3, "W"], [4, 2, "B"]], None, "trugo(waning_limit=3)", pool=0)
    for _ in range(3):
        assert not state.is_over()
        mover = state.current_player
        pieces = [m for m in state.legal_moves() if not str(m).startswith("-")]
        assert pieces, f"seat {mover} can move a piece"
        state.play(pieces[0])
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.reason == DRAW_WANING


# --- notation and positions -----------------------------------------------------------------


def test_notation_errors_say_what_is_valid() -> None:
    state = load().new_initial_state()
    with pytest.raises(trigames.MoveParseError, match="c2e, c2nw or c2sw"):
        state.parse_move("c2x")
    state.play("dg74e")
    with pytest.raises(trigames.IllegalMoveError, match="junction"):
        state.play(f"{state.tile_name(state.window.origin)}-a1")
    with pytest.raises(trigames.IllegalMoveError, match="columns run from a to hm, rows from 1 to"):
        state.play("zz9e")
