"""The OpenSpiel games, checked with OpenSpiel's own tests and its Python MCTS bot."""

from __future__ import annotations

import pickle

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import mcts  # noqa: E402

import trigames  # noqa: E402
import trigames.openspiel  # noqa: E402
from tests.test_protocol import SPECS  # noqa: E402

#: Small variants where whole games with search are quick.
SEARCHED = [
    "triggle(size=3)",
    "triggle(size=3,players=4,markers=3)",
    "tricolor(size=2,players=3)",
    "trig",
    "trugo(tiles=12,pieces=6,stacking=false,waning_limit=30)",
    "tranglar(quiet_limit=6)",
]


@pytest.mark.parametrize("spec", SPECS)
def test_openspiel_random_simulation_test_passes(spec: str) -> None:
    game = trigames.openspiel.load(spec)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("spec", SEARCHED)
def test_mcts_bot_plays_whole_games(spec: str) -> None:
    game = trigames.openspiel.load(spec)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bot = mcts.MCTSBot(game, 2.0, 6, evaluator, random_state=rng, solve=False)
    state = game.new_initial_state()
    while not state.is_terminal():
        assert state.current_player() == state.engine.current_player
        state.apply_action(bot.step(state))
    outcome = state.engine.outcome()
    assert outcome is not None
    expected = [
        0.0 if len(outcome.winners) == game.num_players() else 1.0 if seat in outcome.winners
        else -1.0
        for seat in range(game.num_players())
    ]  # fmt: skip
    assert state.returns() == expected


def test_games_load_by_name_with_their_options_as_parameters() -> None:
    game = pyspiel.load_game("trigames_trig(board=trigger)")
    assert game.get_parameters()["board"] == "trigger"
    assert game.num_distinct_actions() == trigames.load_game("trig(board=trigger)").num_actions()
    kind = pyspiel.load_game("trigames_triggle").get_type()
    assert (kind.min_num_players, kind.max_num_players) == (2, 4)
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    kind = pyspiel.load_game("trigames_tranglar").get_type()
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert pyspiel.load_game("trigames_triggle(players=3)").num_players() == 3


def test_actions_read_as_notation_and_states_serialize_as_moves() -> None:
    game = trigames.openspiel.load("trig")
    state = game.new_initial_state()
    for text in ["G6", "G8", "F7"]:
        engine = state.engine
        state.apply_action(engine.game.action_of(engine, engine.parse_move(text)))
    assert [str(m) for m in state.engine.history] == ["G6", "G8", "F7"]
    assert state.action_to_string(state.legal_actions()[0]) == str(state.engine.legal_moves()[0])
    copy = game.deserialize_state(state.serialize())
    assert copy.history() == state.history()
    assert copy.engine.to_json() == state.engine.to_json()
    assert pickle.loads(pickle.dumps(state.position)).state.history == state.engine.history
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(state.engine.history) == 3


@pytest.mark.parametrize("spec", ["tricolor", "trig", "tranglar"])  # from Python, or a kernel
def test_observations_are_the_planes_and_the_drawing(spec: str) -> None:
    game = trigames.openspiel.load(spec)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    planes = state.engine.game.observation_planes(state.engine, 1)
    assert state.observation_tensor(1) == planes.flat()
    assert game.observation_tensor_shape() == [planes.size]
    assert state.observation_string(0) == str(state)
    assert str(state) == state.engine.game.render_text(state.engine)
    assert state.information_state_string(0)  # OpenSpiel's own: the move history


def test_tricolor_extra_moves_are_played_by_the_same_seat() -> None:
    game = trigames.openspiel.load("tricolor(size=2,players=3)")
    twice = 0
    for seed in range(20):
        rng = np.random.RandomState(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            seat = state.current_player()
            state.apply_action(rng.choice(state.legal_actions()))
            twice += state.current_player() == seat
    assert twice > 0


def test_legal_actions_answer_as_openspiel_does_for_every_seat() -> None:
    game = trigames.openspiel.load("triggle(size=3,players=3)")
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    seat = state.current_player()
    for player in [None, 0, 1, 2]:
        mine = state.legal_actions() if player is None else state.legal_actions(player)
        theirs = pyspiel.State.legal_actions(state, *([] if player is None else [player]))
        assert mine == theirs
    assert state.legal_actions(seat)
    assert state.legal_actions((seat + 1) % 3) == []
    assert sum(state.legal_actions_mask(seat)) == len(state.legal_actions())  # through C++
    with pytest.raises(pyspiel.SpielError, match="pseudo-player"):
        state.legal_actions(-1)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    assert state.legal_actions() == state.legal_actions(0) == []
