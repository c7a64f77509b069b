"""The lobby's words from the server in French: the games' summaries (the cards, the lessons'
index, the catalog), the options' help, the seats' colours, a challenge's sentence and the
kinds of the players of an account's games; English stays as it was."""

from __future__ import annotations

import json

import httpx

from tests.web.conftest import Server
from tests.web.test_challenges import challenge, player
from trigames.games import list_games, load_game
from trigames.web.i18n import CATALOGUES, say
from trigames.web.pages import summary_sentence
from trigames.web.player_views import challenge_text, describe_clock, game_summary
from trigames.web.requests import SeatChoice
from trigames.web.snapshot import seated

#: The messages the French pages get in their data block (what words.js says them with).
PAGE_WORDS: dict[str, str | list[str]] = json.loads(CATALOGUES["fr"].script_words)


def french_on_pages(phrase: object) -> str | list[str]:
    """The French of a phrase's template (its JSON ``phrase``) as the pages get it."""
    assert isinstance(phrase, list), phrase
    template = phrase[0] if isinstance(phrase[0], str) else phrase[0][0]
    assert template in PAGE_WORDS, template
    return PAGE_WORDS[template]


def test_the_catalog_carries_the_summaries_and_the_options_help_as_phrases(
    client: httpx.Client,
) -> None:
    games = client.get("/api/catalog").json()["games"]
    assert [game["name"] for game in games] == [cls.name for cls in list_games()]
    for game, cls in zip(games, list_games(), strict=True):
        assert game["summary"] == cls.summary  # the English as it was
        assert game["summary_said"] == [cls.summary]
        assert french_on_pages(game["summary_said"]) == say(cls.summary, "fr") != cls.summary
        for option, declared in zip(game["options"], cls.options, strict=True):
            assert option["help"] == declared.help
            assert option["values"] == declared.describe_range()
            assert french_on_pages(option["help_said"]) == say(declared.help, "fr") != declared.help
    trugo = next(game for game in games if game["name"] == "trugo")
    assert french_on_pages(trugo["options"][0]["help_said"]) == "tuiles dans la réserve"


def test_the_lobby_and_the_lessons_say_the_summaries_in_french(client: httpx.Client) -> None:
    french = {"Accept-Language": "fr"}
    lobby = client.get("/", headers=french).text
    english = client.get("/").text
    for cls in list_games():
        said_fr = summary_sentence(cls.summary, "fr")
        assert f'<p class="card-summary">{said_fr}</p>' in lobby.replace("&#x27;", "'")
        sentence = cls.summary[:1].upper() + cls.summary[1:] + "."
        assert f'<p class="card-summary">{sentence}</p>' in english.replace("&#x27;", "'")
    assert "Posez des tuiles hexagonales bicolores, puis déplacez" in lobby
    assert '<p id="game-summary" class="summary"></p>' in lobby
    learn = client.get("/learn", headers=french).text
    assert '<p class="muted learn-summary">Tendez des élastiques entre les picots' in learn
    assert '<p class="muted learn-summary">Stretch bands over pegs' in client.get("/learn").text


def test_the_seats_colours_come_as_phrases(client: httpx.Client) -> None:
    spec = client.get("/api/spec", params={"game": "triggle(players=3)"}).json()
    assert spec["seats"] == ["Blue", "Yellow", "Red"]
    assert spec["seats_said"] == [["Blue"], ["Yellow"], ["Red"]]
    assert [french_on_pages(colour) for colour in spec["seats_said"]] == ["Bleu", "Jaune", "Rouge"]


def test_a_challenge_is_said_in_french(server: Server) -> None:
    with player(server, "Cy") as (cy, cy_name):
        offered = challenge(cy, rated=False, clock={"per_move": 30})
        listed = {c["id"]: c for c in cy.get("/api/challenges").json()["challenges"]}
    found = listed[offered]
    text = f"{cy_name} (1500?) wants a casual Triggle game, 30 seconds a move"
    assert found["text"] == text
    clock = [["{count} second a move", "{count} seconds a move"], {"count": 30}]
    assert found["said"] == [
        "{by} ({rating}) wants a casual {title} game, {clock}",
        {"by": cy_name, "rating": "1500?", "title": "Triggle", "clock": clock},
    ]
    assert (
        french_on_pages(found["said"])
        == "{by} ({rating}) propose une partie amicale de {title}, {clock}"
    )
    assert french_on_pages(clock) == [
        "{count} seconde par coup",
        "{count} secondes par coup",
        "{count} secondes par coup",
    ]


def test_the_sentences_of_challenges_and_clocks_in_both_languages() -> None:
    rated = challenge_text("Ann", "1620", True, "Trugo", {"days_per_move": 2}, "Bob")
    assert rated == "Ann (1620) wants a rated Trugo game with Bob, 2 days a move"
    assert (
        say(rated, "fr") == "Ann (1620) propose une partie classée de Trugo à Bob, 2 jours par coup"
    )
    assert rated.template == "{by} ({rating}) wants a rated {title} game with {to}, {clock}"
    clocks = [None, {"per_move": 45}, {"per_move": 300}, {"days_per_move": 1}]
    assert [describe_clock(clock) for clock in clocks] == [
        "no clock",
        "45 seconds a move",
        "5 minutes a move",
        "1 day a move",
    ]
    assert [say(describe_clock(clock), "fr") for clock in clocks] == [
        "sans pendule",
        "45 secondes par coup",
        "5 minutes par coup",
        "1 jour par coup",
    ]


def test_an_accounts_games_say_who_is_a_computer() -> None:
    choices = (SeatChoice("human", "Ann"), SeatChoice("easy"))
    row, _tokens = seated(load_game("trig"), choices, hotseat=False, clock=None)
    summary = game_summary(row, "")
    assert summary["players"] == ["Ann", "Computer: easy"]  # kept as the server stores them
    assert summary["kinds"] == ["human", "easy"]


def test_the_pages_get_the_levels_and_the_options_words_in_french() -> None:
    levels = ["easy", "medium", "hard", "expert", "random", "greedy", "casual", "strong"]
    assert [PAGE_WORDS[level] for level in levels] == [
        "facile",
        "moyen",
        "difficile",
        "expert",
        "hasard",
        "glouton",
        "détendu",
        "fort",
    ]
    assert PAGE_WORDS["Computer: {kind}"] == "Ordinateur : {kind}"
    assert (
        PAGE_WORDS["{help} ({values}; default {value})"]
        == "{help} ({values} ; par défaut : {value})"
    )
    assert (
        PAGE_WORDS["an integer from {minimum} to {maximum}"]
        == "un nombre entier de {minimum} à {maximum}"
    )
