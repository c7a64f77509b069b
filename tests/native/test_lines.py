"""The adapters' native lines (:class:`trigames.interop.track.Track` over a kernel's
``line_*``) against the Python rules: the same legal ids, masks, seats, returns and (where the
kernel computes them) observation planes all along seeded random games, the same errors for ids
no legal move has, and copies that go their own way."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

import trigames
from trigames.core.errors import IllegalActionError
from trigames.core.native import NativeLine
from trigames.core.protocol import AnyState
from trigames.interop import returns
from trigames.interop.track import OUTGROWN, Track

#: Every game, over the boards and options the kernels serve
#: (with how many random games each).
SPECS = {
    "triggle": 300,
    "triggle(players=3,markers=5)": 100,
    "triggle(size=3,misere=true)": 300,
    "triggle(players=4,markers=6,touch=false)": 50,
    "tricolor": 300,
    "tricolor(size=3,players=3)": 200,
    "tricolor(size=6)": 20,
    "trig": 200,
    "trig(board=trigger)": 60,
    "trig(board=triggest)": 20,
    "trugo": 20,
    "trugo(tiles=3,pieces=1)": 300,
    "trugo(tiles=7,pieces=2,waning_limit=1)": 200,
    "trugo(tiles=12,pieces=6,waning_limit=10,stacking=false)": 100,
    "trugo(tiles=60,pieces=8)": 2,
    "tranglar": 20,
    "tranglar(quiet_limit=1)": 60,
}


def test_every_game_plays_natively() -> None:
    for name in ("triggle", "tricolor", "trig", "trugo", "tranglar"):
        assert Track.start(trigames.load_game(name))._line is not None


@pytest.mark.parametrize("spec", SPECS)
def test_random_games_agree_with_the_rules(spec: str) -> None:
    game = trigames.load_game(spec)
    rng = random.Random(spec)
    for _ in range(SPECS[spec]):
        track, state = Track.start(game), game.new_initial_state()
        while True:
            assert track.seat() == state.current_player
            assert track.returns() == returns(state.outcome(), game.num_players)
            legal = track.legal_actions()
            assert legal == game.legal_actions(state)
            assert track.action_mask() == game.legal_action_mask(state)
            if not legal:
                break
            action = rng.choice(legal)
            track.play(action)
            state.play(game.move_of_action(state, action))
            if rng.random() < 0.05:  # the engine state catches up now and then
                assert track.state.history == state.history
            if rng.random() < 0.2:
                assert_same_planes(track, state)
        assert track.is_over()
        assert state.is_over()
        assert track.state.history == state.history


def assert_same_planes(track: Track, state: AnyState) -> None:
    """The kernel's observation planes, where it has them, are the game's, for every seat."""
    for seat in range(state.game.num_players):
        native = track.observation(seat)
        if native is not None:
            planes = state.game.observation_planes(state, seat)
            assert np.frombuffer(native, np.float32).tolist() == planes.flat()


def test_trig_trugo_and_tranglar_observe_in_their_kernels() -> None:
    for spec in ("trig(board=trigger)", "trugo(tiles=5,pieces=2)", "tranglar"):
        assert Track.start(trigames.load_game(spec)).observation(1) is not None
    assert Track.start(trigames.load_game("triggle")).observation(0) is None


def test_ids_no_legal_move_has_raise_the_engines_errors() -> None:
    game = trigames.load_game("trig")
    track = Track.start(game)
    first = track.legal_actions()[0]
    track.play(np.int64(first))  # type: ignore[arg-type] # numpy's integers are ids too
    for action in (first, -1, game.num_actions(), 2**80):
        with pytest.raises(IllegalActionError):
            track.play(action)
    assert track.plies() == 1
    assert track.seat() == 1
    assert [str(move) for move in track.state.history] == [
        str(game.move_of_action(game.new_initial_state(), first))
    ]
    with pytest.raises(TypeError):
        track.play(1.5)  # type: ignore[arg-type]


def test_the_end_refuses_every_id() -> None:
    game = trigames.load_game("triggle(size=3)")
    track, rng = Track.start(game), random.Random(3)
    while not track.is_over():
        track.play(rng.choice(track.legal_actions()))
    assert track.returns() == returns(track.state.outcome(), game.num_players)
    with pytest.raises(IllegalActionError, match="0 are legal"):
        track.play(0)


def test_copies_and_pickles_go_their_own_way() -> None:
    game = trigames.load_game("tricolor")
    track = Track.start(game)
    track.play(track.legal_actions()[3])
    copy = track.copy()
    copy.play(copy.legal_actions()[0])
    assert (track.plies(), copy.plies()) == (1, 2)
    assert copy.legal_actions() != track.legal_actions()
    again = pickle.loads(pickle.dumps(copy))
    assert again.state.history == copy.state.history
    assert again._line is not None
    assert again.legal_actions() == copy.legal_actions()


def test_a_track_starts_from_any_position() -> None:
    game = trigames.load_game("triggle(players=3)")
    state = game.new_initial_state()
    for move in state.legal_moves()[:4:2]:
        state.play(move)
    expected = game.legal_actions(state)
    track = Track.at(state)
    assert track.plies() == 2
    assert track.legal_actions() == expected


class _Outgrowing:
    """A native line that reports, after ``after`` moves, that it outgrew the kernel's room for
    history (random games never reach it: Trugo keeps 8 positions a tile and 256 more)."""

    def __init__(self, line: NativeLine, after: int) -> None:
        self.line, self.left = line, after

    def __getattr__(self, name: str) -> object:
        return getattr(self.line, name)

    def play(self, action: int) -> int:
        played = self.line.play(action)
        self.left -= 1
        return OUTGROWN if played and self.left == 0 else played


def test_a_line_that_outgrows_its_history_hands_over_to_the_engine() -> None:
    game = trigames.load_game("trugo(tiles=7,pieces=2)")
    state = game.new_initial_state()
    track = Track.at(state)
    assert track._line is not None
    track._line = _Outgrowing(track._line, 5)  # type: ignore[assignment]
    rng, reference = random.Random(9), game.new_initial_state()
    while not track.is_over():
        action = rng.choice(track.legal_actions())
        assert track.legal_actions() == game.legal_actions(reference)
        track.play(action)
        reference.play(game.move_of_action(reference, action))
        if track.plies() == 5:
            assert track._line is None  # the engine state plays from here
            assert len(state.history) == 5
    assert track.state.history == reference.history
    assert track.returns() == returns(reference.outcome(), 2)
