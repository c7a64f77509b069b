"""Memory stays bounded (issue 16): every cache has a bound, whatever games, sizes and positions
it sees, and the catalogue shares one game object per spec.

Sizes are counted in entries and objects, never timed.
"""

from __future__ import annotations

import gc
import random
import weakref
from collections.abc import Iterator
from typing import Any

import pytest

import trigames
from trigames.ai.playout import random_playout
from trigames.games import GAMES, GAMES_KEPT, _shared_game, load_game, parse_spec
from trigames.games.tranglar import board as tranglar_board
from trigames.games.tranglar import rules as tranglar_rules
from trigames.games.tranglar import svg as tranglar_svg
from trigames.games.tricolor import svg as tricolor_svg
from trigames.games.tricolor.board import TricolorBoard
from trigames.games.trig import actions as trig_actions
from trigames.games.trig import evaluation as trig_evaluation
from trigames.games.trig import svg as trig_svg
from trigames.games.trig.board import TrigBoard
from trigames.games.triggle import svg as triggle_svg
from trigames.games.triggle.board import TriggleBoard
from trigames.games.trugo import Trugo
from trigames.games.trugo import board as trugo_board
from trigames.games.trugo import rules as trugo_rules
from trigames.games.trugo import svg as trugo_svg
from trigames.geometry import honeycomb, svg, tetrakis

#: The games' drawings, each keeping what positions share per game (``_parts``).
DRAWINGS = {
    "triggle": triggle_svg,
    "tricolor": tricolor_svg,
    "trig": trig_svg,
    "trugo": trugo_svg,
    "tranglar": tranglar_svg,
}
#: Every ``functools.lru_cache`` of the engine, with the bound it must keep.
LRU_CACHES: dict[str, tuple[Any, int]] = {
    "honeycomb.window": (honeycomb.window, 8),
    "trugo frame": (trugo_board.frame, 8),
    "TriggleBoard.of_size": (TriggleBoard.of_size, 8),
    "TricolorBoard.of_size": (TricolorBoard.of_size, 8),
    "TrigBoard.named": (TrigBoard.named, 8),
    "trig evaluation graph": (trig_evaluation._graph, 8),
    "trig action table": (trig_actions.action_table, 8),
    "tetrakis.orientations": (tetrakis.orientations, 64),
    "tranglar tilings": (tranglar_board.tilings, 512),
    "tranglar cells named": (tranglar_rules._cells_named, 4096),
    "catalogue": (_shared_game, GAMES_KEPT),
    "svg document frames": (svg._frame, 256),
    **{f"{name} drawing": (module._parts, 8) for name, module in DRAWINGS.items()},
}


def every_spec() -> Iterator[str]:
    """A spec for every value of every option that changes what is built."""
    yield from (f"trugo(tiles={tiles})" for tiles in range(3, 91))
    yield from (f"triggle(size={size},players=4)" for size in range(3, 9))
    yield from (f"tricolor(size={size})" for size in range(2, 9))
    yield from ("trig", "trigger", "triggest", "tranglar", "tranglar(quiet_limit=0)")


def test_every_cache_has_its_bound() -> None:
    for name, (cached, bound) in LRU_CACHES.items():
        assert cached.cache_info().maxsize == bound, name


def test_building_every_size_keeps_the_caches_bounded() -> None:
    """A server asked for every size in turn (as the security review did: trugo(tiles=N) for N
    from 3 to 90) holds a bounded number of boards and windows, each small."""
    windows: list[weakref.ref[honeycomb.TileWindow]] = []
    for spec in every_spec():
        game = load_game(spec)
        state = game.new_initial_state()
        for _ in range(4):
            if state.is_over():
                break
            state.play(state.legal_moves()[-1])
        game.render_svg(state)
        game.num_actions()
        if isinstance(game, Trugo):
            windows.append(weakref.ref(game.window))
        del game, state
    for name, (cached, bound) in LRU_CACHES.items():
        assert cached.cache_info().currsize <= bound, name
    gc.collect()
    alive = [w for w in (ref() for ref in windows) if w is not None]
    # the cached windows, and those of the games the catalogue keeps
    assert len(alive) <= 8 + GAMES_KEPT
    for w in alive:
        tables = (w.tile_corners, w.tile_neighbours, w.junction_neighbours, w.light)
        assert sum(len(table) for table in tables) < 200  # a few moves reach a few cells


def trugo_playouts(spec: str, count: int, seed: int) -> list[Any]:
    """The moves and final positions of ``count`` seeded random games."""
    game = load_game(spec)
    rng = random.Random(seed)
    ends = []
    for _ in range(count):
        state = game.new_initial_state()
        random_playout(state, rng)
        ends.append(([str(m) for m in state.history], state.to_json()))
    return ends


def test_trugo_caches_stay_within_their_bounds_while_playing() -> None:
    game = load_game("trugo(tiles=12)")
    assert isinstance(game, Trugo)
    trugo_playouts("trugo(tiles=12)", 40, 1)
    w = game.window
    for table in (w.tile_corners, w.tile_neighbours, w.junction_neighbours, w.light):
        assert 0 < len(table) <= honeycomb.MEMO_LIMIT
    assert 0 < len(game.tile_move_cache) <= trugo_rules.TILE_MOVES_KEPT
    assert 0 < len(game.names.moves) <= trugo_board.MOVES_KEPT
    for keys in (trugo_rules.STACK_KEYS, trugo_rules.TILE_KEYS):
        assert 0 < len(keys) <= honeycomb.MEMO_LIMIT


def test_trugo_plays_the_same_when_its_caches_start_afresh_often(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The caches only save work: with tiny bounds, which empty them all the time, the same
    seeded games are played, to the same positions."""
    spec = "trugo(tiles=24)"
    expected = trugo_playouts(spec, 12, 5)
    game = load_game(spec)
    assert isinstance(game, Trugo)
    game.tile_move_cache.clear()
    game.names.moves.clear()
    w = game.window
    tables = (w.tile_corners, w.tile_neighbours, w.junction_neighbours, w.light)
    for table in (*tables, trugo_rules.STACK_KEYS, trugo_rules.TILE_KEYS):
        table.clear()
        monkeypatch.setattr(table, "limit", 3)
    monkeypatch.setattr(trugo_rules, "TILE_MOVES_KEPT", 2)
    monkeypatch.setattr(trugo_rules, "MOVES_KEPT", 5)
    assert trugo_playouts(spec, 12, 5) == expected
    assert all(len(table) <= 3 for table in tables)
    assert len(game.tile_move_cache) <= 2
    assert len(game.names.moves) <= 5


def test_tranglar_move_objects_stay_bounded() -> None:
    game = load_game("tranglar")
    state = game.new_initial_state()
    for index in range(tranglar_board.MOVES_KEPT + 10):
        # distinct texts a client might send: each parses to a move object of its own
        state.parse_move(f"Lb{index % 4 + 1}ne" if index % 2 else "Qb3=Lb3ne,Lb3sw")
        tranglar_board.move_of((tranglar_board.PLACE, 0, index, ()))
    assert len(tranglar_board._MOVES) <= tranglar_board.MOVES_KEPT
    assert len(tranglar_board._CODES) <= tranglar_board.MOVES_KEPT
    random_playout(state, random.Random(3))
    assert state.is_over()


# --- the catalogue shares game objects -----------------------------------------------------


def test_equal_specs_share_one_game() -> None:
    game = load_game("trugo")
    assert load_game("trugo(tiles=36)") is game
    assert load_game(" Trugo ( pieces = 25 ) ") is game
    assert load_game(parse_spec("trugo")) is game
    assert trigames.load_game("trugo") is game
    assert load_game("trigger") is load_game("trig(board=trigger)")
    assert load_game("trugo(tiles=35)") is not game
    assert load_game("trugo(tiles=35)") != game


def test_states_of_a_shared_game_are_independent() -> None:
    one = load_game("trugo(tiles=5)").new_initial_state()
    two = load_game("trugo(tiles=5)").new_initial_state()
    assert one.game is two.game
    random_playout(one, random.Random(2))
    assert two.history == []
    assert two.to_json() == two.game.new_initial_state().to_json()
    copy = one.clone()
    copy.undo()
    assert len(one.history) == len(copy.history) + 1


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_object_does_not_change_when_played(name: str) -> None:
    """Sharing is safe: playing, undoing, drawing and reading positions leave a game's
    attributes as they were: the same objects (the caches they hold aside, each immutable or a
    board, window or frame shared by every game of its size already)."""
    game = load_game(name)
    before = dict(vars(game))
    state = game.new_initial_state()
    random_playout(state, random.Random(4))
    game.render_svg(state)
    game.render_text(state)
    game.state_from_json(state.to_json())
    while state.history:
        state.undo()
    assert vars(game).keys() == before.keys()
    assert all(vars(game)[k] is v for k, v in before.items())
    for k, v in before.items():
        if k != "tile_move_cache":  # Trugo's cache of tile moves by layout
            assert not isinstance(v, list | dict | set), k


def test_the_catalogue_keeps_a_bounded_number_of_games() -> None:
    first = load_game("trugo(tiles=4)")
    for tiles in range(5, 5 + 2 * GAMES_KEPT):
        load_game(f"trugo(tiles={tiles})")
    assert _shared_game.cache_info().currsize <= GAMES_KEPT
    again = load_game("trugo(tiles=4)")
    assert again == first
    assert again is not first
