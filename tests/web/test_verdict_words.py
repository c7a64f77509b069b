"""The hints' explanations and the lessons' and puzzles' verdicts in French: an answer's English
(``why``, ``message``) stays what it was, and the same words come as a phrase (``why_said``,
``message_said``) that a French page says in French. (The games' own clauses inside an
explanation are their engineers' to translate: here, the sentences around them.)"""

# ruff: noqa: RUF001 (French is written with its typographic apostrophe)
from __future__ import annotations

from typing import Any

import httpx

from tests.phrases import untranslated
from tests.web.helpers import bearer, create, token
from tests.web.test_error_words import phrase_of
from trigames.ai.registry import hint_reason
from trigames.core.phrases import Phrase, Said
from trigames.core.swap import SWAP
from trigames.games import load_game
from trigames.learn.lessons import find_lesson
from trigames.learn.puzzles import check_attempt, find_puzzle, puzzles_for
from trigames.web import i18n, views


def french(english: str, said: Said) -> str:
    """A phrase's JSON as a French page says it; it must say ``english`` in English and have
    every template translated."""
    phrase = phrase_of(said)
    assert isinstance(phrase, Phrase)
    assert phrase == english
    assert untranslated(phrase) == []
    return i18n.say(phrase, "fr")


def post(client: httpx.Client, path: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = client.post(path, json=body)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def test_a_hint_says_why_as_a_phrase(client: httpx.Client) -> None:
    created = create(client, [{"name": "Ann"}, {"name": "Bob"}])
    answer = client.get(f"/api/games/{created['id']}/hint", headers=bearer(token(created, 0)))
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    assert set(hint) == {"move", "why", "why_said"}
    said = french(hint["why"], hint["why_said"])
    assert said != hint["why"]


def test_a_swap_hint_with_a_proof_is_all_french() -> None:
    game = load_game("trig(swap=true)")
    state = game.new_initial_state()
    state.play("G6")
    hint = views.hint("swap", hint_reason(game, state, SWAP, {"proven": "win"}))
    assert hint["why"] == (
        "takes the first move, G6, as Black's own, and White moves next; it wins by force"
    )
    phrase = phrase_of(hint["why_said"])
    assert isinstance(phrase, Phrase)
    assert (phrase.template, phrase.values["proven"]) == ("{why}; {proven}", "it wins by force")
    assert french(hint["why"], hint["why_said"]) == (
        "fait du premier coup, G6, celui de Noir, et Blanc joue ensuite ; c’est un gain forcé"
    )


def test_a_lessons_verdicts_are_said_in_french(client: httpx.Client) -> None:
    check = "/api/lessons/{}/steps/1/check"
    refused = post(client, check.format("triggle-2"), {"played": [], "move": "A1-D3"})
    assert refused["message_said"][0] == "{move} is legal, but {why}: it {explanation}."
    assert french(refused["message"], refused["message_said"]).startswith(
        "A1-D3 est permis, mais votre score reste à 0 : ce coup "
    )
    solution = find_lesson("triggle-5").steps[0].solution
    answered = post(client, check.format("triggle-5"), {"played": [], "move": solution[0]})
    assert french(answered["message"], answered["message_said"]) == (
        f"Bien. Bleu répond {solution[1]}."
    )


def test_a_puzzles_verdicts_are_said_in_french(client: httpx.Client) -> None:
    puzzle = find_puzzle("triggle-0001")
    check = f"/api/puzzles/{puzzle.id}/check"
    first = puzzle.solution[0]
    right = post(client, check, {"played": [], "move": first})
    ending = "résolu" if puzzle.depth == 1 else "continuez"
    assert french(right["message"], right["message_said"]) == f"{first} est juste : {ending}"
    puzzle = next(found for found in puzzles_for("triggle") if found.depth > 1)
    state = puzzle.position()
    wrong = next(
        str(move)
        for move in state.legal_moves()
        if not check_attempt(puzzle, [], str(move)).correct
    )
    refused = post(client, f"/api/puzzles/{puzzle.id}/check", {"played": [], "move": wrong})
    assert refused["message_said"][0] == "{move} is not the best move here: it {why}"
    assert french(refused["message"], refused["message_said"]).startswith(
        f"{wrong} n’est pas le meilleur coup ici : ce coup "
    )
