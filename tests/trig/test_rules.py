"""Trig rules: perft data, a cross-check against the naive model, hand-built positions.

Hand-built positions give cells by name; the comments give their axial ``(q, r)`` coordinates
with the (first) Pillar at ``(0, 0)``, ``q`` growing to the right along a row and ``r`` downwards.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import trigames
from tests.trig import naive
from trigames.core.perft import perft
from trigames.games.trig import Trig, TrigState
from trigames.games.trig.rules import (
    DRAW_NO_PLACEMENT,
    WAYS,
    WIN_EDGE,
    WIN_ENCLOSED,
    WIN_PILLARS,
    WIN_TYPES,
    win_reason,
)

DATA = Path(__file__).parent.parent / "data"
PERFT = json.loads((DATA / "perft" / "trig.json").read_text())
DOUBLE_WINS = json.loads((DATA / "trig" / "double_wins.json").read_text())["wins"]
BOARDS = {"trig": "trig", "trigger": "trig(board=trigger)", "triggest": "trig(board=triggest)"}
#: The engine's reasons for the end of a game, as the naive model names them.
ENDS = {
    WIN_EDGE: "edge",
    WIN_PILLARS: "pillars",
    WIN_ENCLOSED: "enclosed",
    DRAW_NO_PLACEMENT: "draw",
}


def load(spec: str = "trig") -> Trig:
    game = trigames.load_game(spec)
    assert isinstance(game, Trig)
    return game


def position(
    white: list[str], black: list[str], to_move: int | None = 0, spec: str = "trig"
) -> TrigState:
    return load(spec).state_from_json({"white": white, "black": black, "to_move": to_move})


def moves(state: TrigState) -> list[str]:
    return sorted(str(m) for m in state.legal_moves())


def names(spec: str, cells: list[tuple[int, int]]) -> list[str]:
    return [load(spec).board.names.name(cell) for cell in cells]


def ended(state: TrigState) -> set[str]:
    """How the game on ``state`` ended, in the naive model's words."""
    assert state.end_reason is not None
    return {ENDS[way] for way in state.ways} if state.ways else {ENDS[state.end_reason]}


def model_of(state: TrigState, board: str = "trig") -> naive.Game:
    obj = state.to_json()
    assert obj["to_move"] is not None
    return naive.from_names(board, obj["white"], obj["black"], obj["to_move"])


# --- perft and the naive model ------------------------------------------------------------------


@pytest.mark.parametrize("spec", sorted(PERFT))
def test_perft_matches_the_data(spec: str) -> None:
    state = load(spec).new_initial_state()
    for depth, count in PERFT[spec].items():
        assert perft(state, int(depth)) == count


@pytest.mark.parametrize(("board", "deepest"), [("trig", 4), ("trigger", 3), ("triggest", 3)])
def test_the_naive_model_agrees_with_the_data(board: str, deepest: int) -> None:
    # The naive model takes seconds for depth 4 on the larger boards; the data there was
    # checked against it once, when it was written.
    for depth, count in PERFT[BOARDS[board]].items():
        if int(depth) <= deepest:
            assert naive.perft(board, int(depth)) == count


def random_game(board: str, seed: int) -> TrigState:
    """A seeded random game played to its end, checked against the naive model at every ply
    and, at the end, on every way it was won."""
    state = load(BOARDS[board]).new_initial_state()
    model = naive.Game(board)
    rng = random.Random(seed)
    while True:
        assert moves(state) == model.legal()
        assert state.current_player == model.to_move
        if state.is_over():
            break
        move = rng.choice(state.legal_moves())
        state.play(move)
        model.play(str(move))
    outcome = state.outcome()
    assert outcome is not None
    assert ended(state) == model.ended
    assert outcome.winners == ((0, 1) if model.winner is None else (model.winner,))
    return state


# Between them these games end in every way each board allows: on the seeds 0 to 7, Trig by the
# edge, by enclosure and by a draw, Trigger and Triggest by the edge, two Pillars and enclosure;
# Triggest seed 46 is a draw.
@pytest.mark.parametrize(
    ("board", "seed"), [(board, seed) for board in BOARDS for seed in range(8)] + [("triggest", 46)]
)
def test_random_games_agree_with_the_naive_model(board: str, seed: int) -> None:
    random_game(board, seed)


# The first seeds whose random games end in a move winning two ways at once: on Trig edge +
# enclosure; on Trigger and Triggest edge + two Pillars, edge + enclosure, two Pillars +
# enclosure. (Of 10000 random games per board, 36 on Trig, 104 on Trigger and 91 on Triggest
# end so; none won all three ways.)
@pytest.mark.parametrize(
    ("board", "seed", "kind"),
    [
        ("trig", 597, "edge + enclosure"),
        ("trigger", 208, "edge + two Pillars"),
        ("trigger", 303, "edge + enclosure"),
        ("trigger", 334, "two Pillars + enclosure"),
        ("triggest", 173, "edge + two Pillars"),
        ("triggest", 428, "edge + enclosure"),
        ("triggest", 422, "two Pillars + enclosure"),
    ],
)
def test_random_games_won_in_two_ways_agree_with_the_naive_model(
    board: str, seed: int, kind: str
) -> None:
    state = random_game(board, seed)
    assert state.game.game_facts(state) == {"win type": kind}


@pytest.mark.parametrize(
    ("board", "cells", "playing", "edge", "triangles", "pillars"),
    [
        ("trig", 127, 84, 36, 432, ["G7"]),
        ("trigger", 205, 136, 48, 1044, ["G7", "G13"]),
        ("triggest", 262, 174, 54, 1872, ["G7", "G13", "M7"]),
    ],
)
def test_board_facts_agree_with_the_naive_model(
    board: str, cells: int, playing: int, edge: int, triangles: int, pillars: list[str]
) -> None:
    info = load(BOARDS[board]).info()
    model = naive.Board.named(board)
    assert info["cells"] == len(model.cells) == cells
    assert info["playing_cells"] == len(model.playing) == playing
    assert info["separators"] == cells - playing - len(pillars)
    assert info["edge_cells"] == len(model.edge) == edge
    assert info["capture_triangles"] == len(model.triangles) == triangles
    assert info["pillars"] == [model.names[p] for p in model.pillars] == pillars
    # Every capture triangle has its corners in one colour, as the rule text promises.
    assert all(len({(q - r) % 3 for q, r in corners}) == 1 for corners, _ in model.triangles)


# --- captures -----------------------------------------------------------------------------------


def test_a_large_rotated_triangle_captures() -> None:
    # Centre G8 (1, 0); corners H10 (3, 1), D6 (2, -3) and I5 (-2, 2), three steps from the
    # centre. Its sides, like (3, 1) - (-2, 2) = (5, -1), follow neither the rows nor any other
    # line of cells. H6 is there so that I5 may be played; Black's F7 E7 and G9 H9 join D6 and
    # H10 to the Pillar, as every peg is joined.
    state = position(["H10", "D6"], ["G8", "H6", "F7", "E7", "G9", "H9"])
    assert moves(state) == model_of(state).legal()
    assert "I5xG8" in moves(state)
    state.play("I5xG8")
    assert state.to_json()["white"] == ["D6", "G8", "H10", "I5"]
    assert state.to_json()["black"] == ["E7", "F7", "G9", "H6", "H9"]
    assert state.current_player == 1


def test_a_placement_with_two_capture_choices() -> None:
    # F7 (1, -1) is a corner of the small triangle G9-F7-H7 round G8 (1, 0) and of the
    # small triangle G6-E5-F7 round F6 (0, -1): Black holds both centres. (White's I7 and
    # Black's G5, away from both, leave Black a peg that can have been placed last.)
    state = position(["G9", "H7", "G6", "E5", "I7"], ["G8", "F6", "G5"])
    at_f7 = [m for m in moves(state) if m.startswith("F7")]
    assert at_f7 == ["F7", "F7xF6", "F7xG8"]
    assert moves(state) == model_of(state).legal()
    game = state.game
    choices = game.move_choices(state, state.parse_move("F7"))
    assert sorted(str(m) for m in choices) == at_f7
    for text in at_f7:
        move = state.parse_move(text)
        assert str(move) == text
        assert state.parse_move(text.lower()) == move
        assert state.parse_move(text.replace("x", " X ")) == move
    state.play("F7xF6")
    assert state.to_json()["black"] == ["G5", "G8"]  # one capture only
    state.undo()
    state.play("F7xG8")
    assert state.to_json()["black"] == ["F6", "G5"]


def test_declining_a_capture_leaves_the_enemy_peg() -> None:
    state = position(["G9", "H7", "G6", "E5", "I7"], ["G8", "F6", "G5"])
    state.play("F7")
    assert state.to_json()["black"] == ["F6", "G5", "G8"]
    assert state.current_player == 1
    state.play("H6")
    assert moves(state) == model_of(state).legal()
    # The capture passed up cannot be made later: F7 is down, and nothing completes the triangles.
    assert not [m for m in moves(state) if "xF6" in m or "xG8" in m]


def test_a_peg_at_the_centre_of_a_complete_enemy_triangle_is_safe() -> None:
    # White's small triangle G9-F7-H7 round G8 (1, 0) is already complete; F9 E8 E7 join G9
    # to the Pillar.
    state = position(["G9", "F9", "E8", "E7", "F7", "H7"], ["H6"], to_move=1)
    state.play("G8")
    assert state.to_json() == {
        "game": "trig",
        "white": ["E7", "E8", "F7", "F9", "G9", "H7"],
        "black": ["G8", "H6"],
        "to_move": 0,
    }
    assert not [m for m in moves(state) if "x" in m]
    assert moves(state) == model_of(state).legal()


def test_a_peg_gained_by_capture_captures_nothing_more() -> None:
    # White I5 takes G8 (1, 0) through the rotated triangle H10-D6-I5. The gained G8 then
    # completes White's small triangle G8-F9-H9 round Black's G9 (2, 0): G9 stays Black.
    placed = position(["F9", "H9", "G6"], ["G9", "I8", "I7", "H7", "H6"])
    assert "G8xG9" in moves(placed)  # placed, G8 would capture
    state = position(["H10", "D6", "F9", "H9", "G11"], ["G8", "G9", "H6", "F7", "E7"])
    assert "I5xG9" not in moves(state)
    state.play("I5xG8")
    assert state.to_json()["black"] == ["E7", "F7", "G9", "H6"]
    assert state.current_player == 1
    state.play("H7")
    # Nor later: no White placement completes that triangle any more.
    assert not [m for m in moves(state) if m.endswith("xG9")]


# --- wins, and positions that do not win --------------------------------------------------------


def test_a_chain_completed_by_a_capture_wins() -> None:
    # White's chain G8 G9 . F10 E10 E11 runs from the Pillar to the edge, but Black holds
    # F9 (3, -1), the centre of the small triangle G9-F10-E8. Placing E8 alone does not win;
    # capturing F9 with it does. (H7 and H6 are the pegs each side placed last.)
    state = position(["G8", "G9", "F10", "E10", "E11", "H7"], ["F9", "H6"])
    state.play("E8")
    assert not state.is_over()
    state.undo()
    state.play("E8xF9")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (0,)
    assert outcome.reason == WIN_EDGE
    assert state.current_player is None
    assert state.legal_moves() == []


def test_a_loop_enclosing_the_pillar_wins() -> None:
    # The 18 playing cells two and three steps from the Pillar form a ring of pegs round it,
    # touching neither the Pillar nor the edge.
    ring = [
        (q, r)
        for q in range(-3, 4)
        for r in range(-3, 4)
        if max(abs(q), abs(r), abs(q + r)) in (2, 3) and (q - r) % 3
    ]
    assert len(ring) == 18
    cells = names("trig", ring)
    last = cells.pop()
    state = position(cells, ["G8", "F6", "H6"], to_move=0)
    assert not state.is_over()
    state.play(last)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (0,)
    assert outcome.reason == WIN_ENCLOSED


def test_a_ring_round_the_pillar_encloses_it() -> None:
    state = position(["F6", "F7", "G8", "H7", "H6"], ["G9"], to_move=0)
    state.play("G6")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.reason == WIN_ENCLOSED


def test_linking_two_pillars_wins_on_trigger() -> None:
    # G8 G9 F9 F10 G11 G12: (1, 0) (2, 0) (3, -1) (4, -1) (4, 0) (5, 0), from the Pillar G7
    # (0, 0) to the Pillar G13 (6, 0), far from the edge.
    spec = "trig(board=trigger)"
    state = position(["G8", "G9", "F10", "G11", "G12"], ["G6"], spec=spec)
    state.play("F9")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (0,)
    assert outcome.reason == WIN_PILLARS


@pytest.mark.parametrize(
    "case", DOUBLE_WINS, ids=[f"{c['spec']}: {' + '.join(c['ways'])}" for c in DOUBLE_WINS]
)
def test_a_move_winning_in_several_ways_names_them_all(case: dict[str, Any]) -> None:
    game = load(case["spec"])
    state = game.new_initial_state()
    model = naive.Game(game.board.name)
    *before, last = case["moves"]
    for move in before:
        state.play(move)
        model.play(move)
        assert not state.is_over()
    state.play(last)
    model.play(last)
    ways = tuple(way for way in WAYS if WIN_TYPES[way] in case["ways"])
    assert len(ways) == len(case["ways"])
    assert state.ways == ways
    assert ended(state) == model.ended
    outcome = state.outcome()
    assert outcome == trigames.Outcome((0,), (1, 0), win_reason(ways))
    assert [way for way in WAYS if way in outcome.reason] == list(ways)
    assert game.game_facts(state) == {"win type": " + ".join(case["ways"])}
    assert f"{outcome.reason}: White wins" in game.explain_last_move(state)
    # The position alone, read back, gives the same result; taking the move back clears it.
    assert game.state_from_json(state.to_json()).outcome() == outcome
    state.undo()
    assert state.ways == ()
    assert state.outcome() is None
    assert state.current_player == 0
    state.play(last)
    assert state.ways == ways


def test_a_chain_on_the_edge_but_not_at_a_pillar_does_not_win() -> None:
    # F9 F10 E10 E11 reaches the edge at E11 (6, -2). Black's G8 G9 H9 H10 G11 join it to the
    # Pillar, as every peg is joined, but the chain touches no Pillar.
    state = position(["F10", "E10", "E11", "F6"], ["G8", "G9", "H9", "H10", "G11", "H6"])
    state.play("F9")
    assert not state.is_over()
    assert state.current_player == 1


def test_black_wins_as_white_does() -> None:
    state = position(["H6", "H9", "H10", "G11"], ["G8", "G9", "F10", "E10", "E11"], to_move=1)
    state.play("F9")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (1,)
    assert outcome.reason == WIN_EDGE


def test_no_legal_placement_is_a_draw() -> None:
    # Playing cells of one colour never touch each other, so a board with every pink cell
    # White and every green cell Black holds no chain of two pegs and no enclosure.
    game = load()
    pink = [c for c in game.board.cells if (c[0] - c[1]) % 3 == 1]
    green = [c for c in game.board.cells if (c[0] - c[1]) % 3 == 2]
    white, black = names("trig", pink), names("trig", green)
    assert black.pop(black.index("A3")) == "A3"
    state = position(white, black, to_move=1)
    assert {m.split("x")[0] for m in moves(state)} == {"A3"}
    assert moves(state) == model_of(state).legal()
    state.play("A3")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (0, 1)
    assert outcome.reason == DRAW_NO_PLACEMENT
    assert outcome.scores == (0, 0)
    full = game.state_from_json(state.to_json())
    assert full.outcome() == outcome
    with pytest.raises(trigames.PositionError, match="'to_move' must be null"):
        game.state_from_json({**state.to_json(), "to_move": 0})


# --- errors -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "is not a Trig move: write a cell like E5"),
        ("G", "is not a Trig move"),
        ("G6xx", "is not a Trig move"),
        ("G6-G8", "is not a Trig move"),
        ("Z1", "rows run from A to M"),
        ("G14", "row G has points 1 to 13"),
        ("G6xA9", "row A has points 1 to 7"),
    ],
)
def test_malformed_moves(text: str, message: str) -> None:
    with pytest.raises(trigames.MoveParseError, match=message):
        load().new_initial_state().parse_move(text)


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("G7", "that cell is a Pillar or a separator"),
        ("G4", "that cell is a Pillar or a separator"),
        ("G6", "that cell is taken"),
        ("A2", "a peg must go next to a Pillar or to a peg already on the board"),
        ("G5xG6", "it does not capture G6"),
        ("F7xG8", "it does not capture G8"),
    ],
)
def test_illegal_moves_say_why(move: str, message: str) -> None:
    state = position(["G6"], ["G8"])
    with pytest.raises(trigames.IllegalMoveError, match=message):
        state.play(move)
    assert state.to_json()["white"] == ["G6"]
