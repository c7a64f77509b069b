"""The engines' words in every language: a view carries them as phrases (``said``,
``guide_said``, ``step_words``), an error as ``said``, and every phrase the five engines say
in random games has its French in the catalogue (a phrase whose template is missing would
stay English on a French page)."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

from tests.phrases import untranslated
from tests.web.helpers import create, play, token
from trigames.core.phrases import Phrase, Value, said
from trigames.games import load_game
from trigames.web.i18n import say
from trigames.web.views import encode, engine_words, turn_of

#: Every game, with the swap rule where it has one (a short quiet limit: short games).
GAMES = ["triggle(swap=true)", "trig(swap=true)", "tricolor(swap=true)", "trugo(swap=true)",
         "tranglar(quiet_limit=4,swap=true)"]  # fmt: skip


def words_of(state: Any) -> list[Value]:
    """Everything the engine says of ``state`` to people."""
    game = state.game
    found: list[Value] = [game.status(state), *map(game.player_name, range(game.num_players))]
    if state.history:
        found.append(game.describe_last(state))
    outcome = state.outcome()
    if outcome is not None:
        found.append(outcome.reason)
        return found
    found.append(game.input_guide(state))
    for move in state.legal_moves():
        found += [name for step in game.input_steps(state, move) for name in step]
    return found


@pytest.mark.parametrize("spec", GAMES)
def test_every_phrase_of_random_games_has_its_french(spec: str) -> None:
    game = load_game(spec)
    rng = random.Random(7)
    missing: set[str | tuple[str, str]] = set()
    for _ in range(3):
        state = game.new_initial_state()
        while True:
            for text in words_of(state):
                missing.update(untranslated(text))
                assert isinstance(text, Phrase) or text in _notation(state), repr(text)
            assert encode(engine_words(state))  # JSON for the pages
            assert encode(turn_of(state))
            if state.is_over():
                break
            state.play(rng.choice(state.legal_moves()))
        state.undo()
        state.resign()
        missing.update(untranslated(game.describe_last(state)))
        missing.update(untranslated(state.outcome().reason))
    assert not missing


def _notation(state: Any) -> set[str]:
    """The words of a position that are notation (places to click), not phrases."""
    game = state.game
    return {
        name
        for move in state.legal_moves()
        for step in game.input_steps(state, move)
        for name in step
        if not isinstance(name, Phrase)
    }


def test_a_view_carries_the_engines_words_as_phrases(client: httpx.Client) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
    created = create(client, seats, "trig")
    ann, bob = token(created, 0), token(created, 1)
    play(client, created["id"], ann, "F7")
    play(client, created["id"], bob, "G8")
    play(client, created["id"], ann, "H7")
    view = play(client, created["id"], bob, "H6")
    state = load_game("trig").new_initial_state()
    for move in ("F7", "G8", "H7", "H6"):
        state.play(move)
    assert view["said"]["status"] == said(state.game.status(state))
    assert view["said"]["colors"] == [["White"], ["Black"]]
    assert view["said"]["last_move"] == ["{seat} {cell}", {"seat": ["Black"], "cell": "H6"}]
    assert view["said"]["reason"] is None
    assert view["guide_said"] == ["tap a cell to place a peg"]
    # White may capture G8 from G9 or decline: the declining button's words are a phrase
    assert view["step_words"]["G9 (no capture)"] == ["{cell} (no capture)", {"cell": "G9"}]
    assert say(state.game.status(state), "fr") == "Pions : Blanc 2, Noir 2"
    resigned = client.post(f"/api/games/{created['id']}/resign", json={"token": ann}).json()
    assert resigned["said"]["reason"] == ["{seat} resigned", {"seat": ["White"]}]
    assert resigned["outcome"]["reason"] == "White resigned"


def test_an_engines_refusal_comes_as_a_phrase(client: httpx.Client) -> None:
    created = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "human"}], "trig")
    play(client, created["id"], token(created, 0), "G6")
    answer = client.post(
        f"/api/games/{created['id']}/moves", json={"move": "G6", "token": token(created, 1)}
    )
    assert answer.status_code == 422
    refused = answer.json()
    assert refused["error"].startswith("G6 is not legal: ")
    template, values = refused["said"]
    assert (template, values["move"]) == ("{move} is not legal: {reason}", "G6")
    phrase = Phrase("{move} is not legal: {reason}", move="G6", reason=_phrase(values["reason"]))
    assert phrase == refused["error"]
    assert say(phrase, "fr").startswith("G6 n\u2019est pas permis : ")
    assert not untranslated(phrase)


def _phrase(json: Any) -> Phrase:
    """The phrase of ``said``'s JSON (plain phrases: enough for these tests)."""
    template, *rest = json
    values = {k: _phrase(v) if isinstance(v, list) else v for k, v in (rest or [{}])[0].items()}
    return Phrase(template, **values)
