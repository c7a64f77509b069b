"""The web server's refusals in French: an answer's ``"error"`` stays the English it was, and
its ``"said"`` is the same message as a phrase, which a French page says in French (its
templates come with the page's words) and :func:`trigames.web.i18n.say` too."""

# ruff: noqa: RUF001 (French is written with its typographic apostrophe)
from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from babel.messages.pofile import read_po
from websockets.sync.client import connect

from tests.web.conftest import Server
from tests.web.helpers import bearer, create, token
from trigames.core.phrases import Phrase, Said, Value, counted
from trigames.web import i18n
from trigames.web.errors import ServiceError, refusal, words_of
from trigames.web.http import FAILED
from trigames.web.requests import (
    read_clock,
    read_credentials,
    read_move,
    read_new_game,
    read_page_message,
)

#: What a French page sends with its requests.
FRENCH = {"Accept-Language": "fr", "Cookie": f"{i18n.LANG_COOKIE}=fr"}


def phrase_of(said: Said) -> Value:
    """The phrase whose JSON is ``said`` (what a page reads: the inverse of
    :func:`trigames.core.phrases.said`)."""
    if not isinstance(said, list):
        return said
    template, values = said[0], said[1] if len(said) > 1 else {}
    made = {name: phrase_of(value) for name, value in values.items()}
    if isinstance(template, list):
        count = made.pop("count")
        assert isinstance(count, int)
        return counted(template[0], template[1], count, **made)
    return Phrase(template, **made)


def french(answer: dict[str, Any]) -> str:
    """An answer's refusal as a French page says it; its phrase must say the same English as
    its ``"error"``."""
    phrase = phrase_of(answer["said"])
    assert phrase == answer["error"]
    return i18n.say(phrase, "fr")


def test_a_move_out_of_turn_is_refused_in_french(client: httpx.Client) -> None:
    created = create(client, [{"name": "Ann"}, {"name": "Bob"}])
    moves = f"/api/games/{created['id']}/moves"
    bob = bearer(token(created, 1))
    refused = client.post(moves, json={"move": "A1-A4"}, headers={**bob, **FRENCH})
    assert refused.status_code == 409
    assert refused.json()["error"] == "it is not your turn: Blue (seat 0, Ann) is to move"
    assert (
        french(refused.json()) == "ce n’est pas votre tour : c’est à Bleu (place 0, Ann) de jouer"
    )
    stale = client.post(moves, json={"move": "A1-A4", "ply": 3}, headers=bob)
    assert stale.json()["error"] == "the game has moved on: it is at ply 0, not 3"
    assert french(stale.json()) == "la partie a avancé : elle en est à 0 coups joués, pas 3"


def test_a_refusal_over_the_websocket_says_its_phrase(client: httpx.Client, server: Server) -> None:
    created = create(client, [{"name": "Ann"}, {"name": "Bob"}])
    page = f"{server.ws_url}/api/games/{created['id']}/ws?token={token(created, 1)}"
    with connect(page) as bob:
        assert json.loads(bob.recv(timeout=5))["type"] == "view"
        bob.send(json.dumps({"type": "move", "move": "A1-D1", "ply": 0}))
        refused = json.loads(bob.recv(timeout=5))
    assert (refused["type"], refused["status"]) == ("error", 409)
    assert french(refused).startswith("ce n’est pas votre tour : c’est à Bleu (place 0, ")


def test_an_engine_refusal_is_wrapped_in_a_phrase(client: httpx.Client) -> None:
    answer = client.post("/api/positions", json={"game": "triggle", "moves": ["D1-D4", "Q9-Q9"]})
    assert answer.status_code == 422
    assert answer.json()["error"].startswith("move 2 ('Q9-Q9'): ")
    assert french(answer.json()).startswith("coup 2 ('Q9-Q9') : ")


@pytest.mark.parametrize(
    ("read", "english", "in_french"),
    [
        (
            lambda: read_clock({"per_move": 1}),
            "'clock': per_move must be 10 to 86400 seconds, not 1",
            "'clock' : per_move doit être de 10 à 86400 secondes, pas 1",
        ),
        (
            lambda: read_clock({"hours": 1}),
            '\'clock\' must be {"per_move": SECONDS} (10 to 86400) or {"days_per_move": DAYS} '
            "(1 to 14), or null",
            '\'clock\' doit être {"per_move": SECONDS} (10 à 86400) ou {"days_per_move": DAYS} '
            "(1 à 14), ou null",
        ),
        (
            lambda: read_credentials({"name": "ann", "password": "short"}, new=True),
            "a password has at least 8 characters",
            "un mot de passe a au moins 8 caractères",
        ),
        (
            lambda: read_move({"move": 4}),
            "'move' must be a string in the game's notation",
            "'move' doit être une chaîne dans la notation du jeu",
        ),
        (
            lambda: read_page_message('{"type": "resign"}'),
            'a page sends {"type": "move", "move": MOVE, "ply": N}',
            'une page envoie {"type": "move", "move": MOVE, "ply": N}',
        ),
        (
            lambda: read_new_game({"game": "triggle", "seats": [{"name": "\u202eAnn"}]}),
            "seat 0: a name may not hold control or direction characters",
            "place 0 : un nom ne peut pas contenir de caractères de contrôle ou de direction",
        ),
    ],
)
def test_a_request_read_at_the_edge_is_refused_in_french(
    read: Any, english: str, in_french: str
) -> None:
    with pytest.raises(ServiceError) as refused:
        read()
    assert str(refused.value) == english
    assert i18n.say(words_of(refused.value), "fr") == in_french


def test_the_server_failing_says_so_in_french() -> None:
    assert refusal(FAILED) == {"error": FAILED, "said": [FAILED]}
    assert i18n.say(FAILED, "fr") == "le serveur a échoué ; rien n’a été changé"


def test_the_refusals_come_with_the_pages_words_in_french() -> None:
    """Every message of the modules whose refusals are phrases is translated, and goes to the
    pages (the data block of their words), which say the answers' ``said``."""
    with (i18n.LOCALE_DIR / "fr" / "LC_MESSAGES" / "messages.po").open("rb") as file:
        catalog = read_po(file, locale="fr")
    block = i18n.words_block("fr")
    words = json.loads(block[block.index(">") + 1 : -len("</script>")])
    refusals = [
        message
        for message in catalog
        if message.id and any(path in i18n.PAGE_PHRASES for path, _line in message.locations)
    ]
    assert len(refusals) > 100
    for message in refusals:
        assert message.string, f"no French for {message.id!r}"
        key = message.id if isinstance(message.id, str) else message.id[0]
        assert key in words, key
    assert words["it is not your turn: {seat} is to move"].startswith("ce n’est pas votre tour")
