"""Tricolor rules: perft data, a cross-check against the naive model, hand-built positions."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import trigames
from tests.tricolor import naive
from tests.tricolor.arrange import arrangement
from trigames.core.perft import perft
from trigames.games.tricolor import Tricolor, TricolorState
from trigames.geometry.trilattice import DIRECTIONS, HexRegion, add

DATA = Path(__file__).parent.parent / "data"
PERFT = json.loads((DATA / "perft" / "tricolor.json").read_text())


def load(spec: str = "tricolor") -> Tricolor:
    game = trigames.load_game(spec)
    assert isinstance(game, Tricolor)
    return game


@pytest.mark.parametrize("spec", sorted(PERFT))
def test_perft_matches_the_data(spec: str) -> None:
    state = load(spec).new_initial_state()
    for depth, count in PERFT[spec].items():
        assert perft(state, int(depth)) == count


@pytest.mark.parametrize(("spec", "size"), [("tricolor(size=2)", 2), ("tricolor(size=3)", 3)])
def test_the_naive_model_agrees_with_the_data(spec: str, size: int) -> None:
    for depth, count in PERFT[spec].items():
        assert naive.perft(size, int(depth)) == count


@pytest.mark.parametrize(
    ("size", "players", "seed"),
    [(2, 2, 1), (2, 3, 2), (3, 2, 3), (3, 4, 4), (4, 2, 5), (4, 3, 6), (5, 2, 7)],
)
def test_random_games_agree_with_the_naive_model(size: int, players: int, seed: int) -> None:
    state = load(f"tricolor(size={size},players={players})").new_initial_state()
    model = naive.Game(size=size, players=players)
    rng = random.Random(seed)
    while True:
        assert sorted(str(m) for m in state.legal_moves()) == model.legal()
        assert state.current_player == model.to_move
        assert list(state.scores()) == model.scores
        if state.is_over():
            break
        assert state.due_colour == naive.COLOURS[model.due]
        move = rng.choice(state.legal_moves())
        state.play(move)
        model.play(str(move))
        done = state.last_completion()
        assert done is not None
        assert (
            len(done.crowns),
            len(done.stars),
            len(done.hexagons),
            len(done.empty_triangles),
        ) == tuple(model.last_completed[k] for k in ("crown", "star", "hexagon", "empty triangle"))
    outcome = state.outcome()
    assert outcome is not None
    best = max(model.scores)
    assert outcome.winners == tuple(i for i, s in enumerate(model.scores) if s == best)


def test_board_facts() -> None:
    for size in range(2, 9):
        info = load(f"tricolor(size={size})").info()
        assert info["triangles"] == 6 * size**2
        per_colour = info["lozenges_per_colour"]
        assert len(set(per_colour.values())) == 1
        assert info["lozenges"] == sum(per_colour.values()) == 3 * size * (3 * size - 1)
        assert info["most_pieces"] == 3 * size**2
    assert load().info()["lozenges_per_colour"] == {"orange": 44, "green": 44, "yellow": 44}


# --- hand-built positions -----------------------------------------------------------------------

Point = tuple[int, int]
REGION = HexRegion(4)


def side(a: Point, b: Point, region: HexRegion = REGION) -> str:
    """A lozenge named by its shared side, in the engine's canonical order."""
    first, second = sorted((a, b), key=lambda p: (p[1], p[0]))
    return f"{region.name(first)}-{region.name(second)}"


def acute(v: Point, k: int, region: HexRegion = REGION) -> str:
    """The lozenge covering sector k around v with its sharp corner at v."""
    return side(add(v, DIRECTIONS[k]), add(v, DIRECTIONS[(k + 1) % 6]), region)


def obtuse(v: Point, k: int, region: HexRegion = REGION) -> str:
    """The lozenge covering sectors k and k+1 around v, blunt corner at v."""
    return side(v, add(v, DIRECTIONS[(k + 1) % 6]), region)


def setup(pieces: list[str], last: str, mover: int = 0, spec: str = "tricolor") -> TricolorState:
    """A position holding ``pieces`` where ``last`` is legal: its colour is due."""
    game = load(spec)
    colour = game.board.colour[game.board.lozenge_index[game.board.parse_lozenge(last)]]
    state = arrangement(game, dict.fromkeys(pieces, 1 - mover), naive.COLOURS[colour], mover)
    assert state.parse_move(last) in state.legal_moves()
    return state


def play_last(pieces: list[str], last: str, spec: str = "tricolor") -> TricolorState:
    state = setup(pieces, last, spec=spec)
    state.play(last)
    return state


def test_a_crown_inside_gives_an_extra_move() -> None:
    v = (0, 0)
    state = play_last([acute(v, 0), acute(v, 1)], acute(v, 2))
    done = state.last_completion()
    assert done is not None
    assert done.crowns == ("E5",)
    assert done.points == 0
    assert state.current_player == 0  # moves again
    assert state.scores() == (0, 0)


def test_a_crown_on_the_edge() -> None:
    v = (1, -4)  # A2: a point on the top edge with three triangles below it
    assert sum(t is not None for t in REGION.sectors(v)) == 3
    ks = [k for k, t in enumerate(REGION.sectors(v)) if t is not None]
    pieces = [acute(v, k) for k in ks]
    state = play_last(pieces[:2], pieces[2])
    done = state.last_completion()
    assert done is not None
    assert done.crowns == (REGION.name(v),)
    assert state.current_player == 0


def test_a_star_scores_and_moves_again() -> None:
    v = (0, 0)
    pieces = [acute(v, k) for k in range(6)]
    state = play_last(pieces[:5], pieces[5])
    done = state.last_completion()
    assert done is not None
    assert done.stars == ("E5",)
    assert state.scores() == (1, 0)
    assert state.current_player == 0


@pytest.mark.parametrize("first", [0, 1])
def test_both_hexagon_tilings_score_without_an_extra_move(first: int) -> None:
    v = (0, 0)
    pieces = [obtuse(v, k) for k in range(first, 6, 2)]
    state = play_last(pieces[:2], pieces[2])
    done = state.last_completion()
    assert done is not None
    assert done.hexagons == ("E5",)
    assert state.scores() == (1, 0)
    assert state.current_player == 1


def test_an_empty_triangle_against_the_edge_costs_a_point() -> None:
    # The corner triangle at the top left, A1-B1-B2, has one side on the board's edge.
    game = load()
    corner = game.board.triangle_names.index("A1-B1-B2")
    neighbours = [
        t
        for t in range(len(game.board.triangles))
        if game.board.triangle_neighbours[corner] >> t & 1
    ]
    assert len(neighbours) == 2
    covering = [
        str(lz)
        for lz, (t1, t2) in zip(game.board.lozenges, game.board.lozenge_triangles, strict=True)
        if (t1 in neighbours or t2 in neighbours) and corner not in (t1, t2)
    ]
    first = next(c for c in covering if neighbours[0] in _triangles(game, c))
    second = next(
        c
        for c in covering
        if neighbours[1] in _triangles(game, c)
        and not set(_triangles(game, c)) & set(_triangles(game, first))
    )
    state = play_last([first], second)
    done = state.last_completion()
    assert done is not None
    assert done.empty_triangles == ("A1-B1-B2",)
    assert state.scores() == (-1, 0)
    assert state.current_player == 1


def _triangles(game: Tricolor, name: str) -> tuple[int, int]:
    return game.board.lozenge_triangles[game.board.lozenge_index[game.board.parse_lozenge(name)]]


def test_two_stars_at_once() -> None:
    """A lozenge has two sharp corners: it can finish a star at each.

    Its two blunt corners are then surrounded too, so the same move finishes two hexagons:
    +4, and no extra move (the naive model agrees).
    """
    size = 5
    game = load(f"tricolor(size={size})")
    region = game.board.region
    inner = [p for p in region.points if max(abs(p[0]), abs(p[1]), abs(p[0] + p[1])) <= size - 2]
    for v in inner:
        for k in range(6):
            w = add(add(v, DIRECTIONS[k]), DIRECTIONS[(k + 1) % 6])
            if w not in inner:
                continue
            around_v = {acute(v, j, region) for j in range(6)}
            around_w = {acute(w, j, region) for j in range(6)}
            both = around_v | around_w
            covered = [set(_triangles(game, name)) for name in both]
            if len(around_v & around_w) != 1 or sum(map(len, covered)) != len(
                set().union(*covered)
            ):
                continue
            last = (around_v & around_w).pop()
            state = play_last(sorted(both - {last}), last, spec=f"tricolor(size={size})")
            done = state.last_completion()
            assert done is not None
            assert sorted(done.stars) == sorted([region.name(v), region.name(w)])
            assert len(done.hexagons) == 2
            assert state.scores() == (4, 0)
            assert state.current_player == 1
            return
    pytest.fail("no lozenge finishing two stars at once on a board of side 5")


def find(spec: str, want: Any, seeds: range = range(300)) -> tuple[TricolorState, str]:
    """The first position of seeded random games with a legal move the naive model likes."""
    game = load(spec)
    size = game.board.size
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        model = naive.Game(size=size)
        while not state.is_over():
            for move in state.legal_moves():
                trial = naive.Game(
                    size, 2, set(model.pieces), list(model.scores), model.due, model.to_move
                )
                trial.play(str(move))
                if want(trial):
                    return state, str(move)
            move = rng.choice(state.legal_moves())
            state.play(move)
            model.play(str(move))
    raise AssertionError("no such position found")


def test_a_crown_and_an_empty_triangle_at_once_give_no_extra_move() -> None:
    state, move = find(
        "tricolor(size=3)",
        lambda g: (
            g.last_completed["crown"]
            and g.last_completed["empty triangle"]
            and not g.last_completed["star"]
            and not g.last_completed["hexagon"]
        ),
    )
    mover = state.current_player
    before = state.scores()
    state.play(move)
    done = state.last_completion()
    assert done is not None
    assert done.crowns
    assert done.empty_triangles
    assert not done.extra_move
    assert mover is not None
    if not state.is_over():
        assert state.current_player != mover
        assert state.scores()[mover] == before[mover] - len(done.empty_triangles)


def test_the_last_move_scores_a_point() -> None:
    game = load("tricolor(size=2)")
    state = game.new_initial_state()
    rng = random.Random(3)
    while True:
        mover = state.current_player
        assert mover is not None
        before = state.scores()
        state.play(rng.choice(state.legal_moves()))
        if state.is_over():
            break
    done = state.last_completion()
    assert done is not None
    assert state.scores()[mover] == before[mover] + done.points + 1
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.reason.startswith("no ")
    assert state.ended_by_last_move()


def test_extra_moves_repeat() -> None:
    for seed in range(200):
        state = load("tricolor(size=3)").new_initial_state()
        rng = random.Random(seed)
        run = 0
        while not state.is_over():
            mover = state.current_player
            state.play(rng.choice(state.legal_moves()))
            run = run + 1 if state.current_player == mover else 0
            if run >= 2:  # three moves in a row by one player
                return
    pytest.fail("no player moved three times in a row in 200 games")


# --- errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("C2", "write two points joined by '-'"),
        ("C2-C4", "its ends must be neighbouring points"),
        ("A1-A2", "not both on the board's edge"),
        ("Z1-Z2", "rows run from A to I"),
        ("C2-C2", "its two points are the same"),
    ],
)
def test_malformed_lozenges(text: str, message: str) -> None:
    with pytest.raises(trigames.MoveParseError, match=message):
        load().new_initial_state().parse_move(text)


def test_wrong_colour_and_overlap_say_why() -> None:
    state = load().new_initial_state()
    with pytest.raises(trigames.IllegalMoveError, match="it is green, and orange is due"):
        state.play("E5-F5")
    state.play("E5-E6")
    with pytest.raises(trigames.IllegalMoveError, match="overlaps a piece"):
        state.play("D5-E6")


BAD_POSITIONS = json.loads((DATA / "tricolor" / "bad_positions.json").read_text())["positions"]


@pytest.mark.parametrize("case", BAD_POSITIONS, ids=[case["case"] for case in BAD_POSITIONS])
def test_impossible_positions_are_refused(case: dict[str, Any]) -> None:
    """Hand-made positions no game reaches (tests/data/tricolor/bad_positions.json)."""
    with pytest.raises(trigames.PositionError) as refused:
        load(case["spec"]).state_from_json(case["position"])
    assert case["error"] in str(refused.value)


def test_with_three_players_the_turn_may_pass_over_a_seat_that_left() -> None:
    """With ``endings`` in a position, the seat to move may be one later than the rules say,
    since the seat between may have left; without, it is the one the rules say."""
    state = load("tricolor(players=3)").new_initial_state()
    state.play("E5-E6")
    state.play("resign 1")
    position = state.to_json()
    assert position["to_move"] == 2
    again = load("tricolor(players=3)").state_from_json(position)
    assert again.current_player == 2
    del position["endings"]  # then nobody has left: Black is to move
    with pytest.raises(trigames.PositionError, match="'to_move' must be 1: White laid"):
        load("tricolor(players=3)").state_from_json(position)


def test_scores_must_add_up_on_the_rules_page_examples() -> None:
    """The three diagrams of the rules page, as positions: a crown scores nothing, a hexagon
    one point, an empty triangle minus one."""
    for moves, scores in [
        (["D4-D5", "D5-E6", "E6-F5"], [0, 0]),
        (["E5-E6", "D4-E5", "E5-F4"], [1, 0]),
        (["H4-H5", "H3-I3"], [0, -1]),
    ]:
        state = load().new_initial_state()
        for move in moves:
            state.play(move)
        position = state.to_json()
        assert position["scores"] == scores
        assert load().state_from_json(position).to_json() == position
        position["scores"] = [scores[0] + 1, scores[1]]
        with pytest.raises(trigames.PositionError, match="'scores' must add up to"):
            load().state_from_json(position)


def test_a_finished_position_must_not_name_a_player_to_move() -> None:
    state = load("tricolor(size=2)").new_initial_state()
    rng = random.Random(1)
    while not state.is_over():
        state.play(rng.choice(state.legal_moves()))
    finished = state.to_json()
    assert finished["to_move"] is None
    with pytest.raises(trigames.PositionError, match="'to_move' must be null"):
        load("tricolor(size=2)").state_from_json({**finished, "to_move": 0})
