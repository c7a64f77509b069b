"""The lobby for newcomers: what trigames is, a card for each game whose buttons start a game in
one click (against the computer, or with a friend by a link), the full form behind "More
options", and recent games without those nobody moved in."""

from __future__ import annotations

import httpx
from playwright.sync_api import expect

from tests.e2e.conftest import SIZES, Pages, shoot
from tests.e2e.driver import assert_no_sideways_scroll, open_more_options
from tests.web.helpers import create, play, token, view
from trigames.games import GAMES

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def card(game: str) -> str:
    """The selector of ``game``'s card."""
    return f'.game-card[data-game="{game}"]'


def test_the_lobby_says_what_it_is_and_shows_the_five_games(pages: Pages) -> None:
    with httpx.Client(base_url=pages.server.url) as client:
        idle = create(client, HUMANS, "trig")
        moved = create(client, HUMANS, "trig")
        play(client, moved["id"], token(moved, 0), "G6")
    page = pages.open()
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        expect(page.locator(".lobby-learn")).to_contain_text("five abstract strategy games")
        expect(page.locator(".game-card")).to_have_count(len(GAMES))
        for game in GAMES:
            expect(page.locator(f"{card(game)} .play-computer")).to_be_visible()
            picture = page.locator(f"{card(game)} img.card-board")
            expect(picture).to_be_visible()
            assert picture.evaluate("img => img.complete && img.naturalWidth > 0"), game
        first = page.locator(".play-computer").first.bounding_box()
        assert first is not None
        bottom = first["y"] + first["height"]
        assert bottom <= viewport["height"], f"{size}: the first Play button ends at {bottom} px"
        assert_no_sideways_scroll(page)
    # Recent games: not a game nobody moved in.
    expect(page.locator(f'#games a[href="/games/{moved["id"]}"]')).to_be_visible()
    expect(page.locator(f'#games a[href="/games/{idle["id"]}"]')).to_have_count(0)
    shoot(pages, page, "lobby")
    # The full form, behind "More options".
    expect(page.locator("#new-game-form")).to_be_hidden()
    open_more_options(page)
    expect(page.locator("#more-options")).to_have_attribute("open", "")
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#create")).to_be_enabled()
    shoot(pages, page, "lobby-more-options", open_more_options)


def test_one_click_plays_each_game_against_the_computer(pages: Pages) -> None:
    page = pages.open()
    page.set_viewport_size(SIZES["phone"])
    for game in GAMES:
        page.goto("/")
        page.locator(f"{card(game)} .play-computer").click()
        page.wait_for_url("**/games/**")
        expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
        assert page.locator("#board svg").get_attribute("data-game") == game
        game_id = page.url.split("/games/")[1]
        with httpx.Client(base_url=pages.server.url) as client:
            shown = view(client, game_id)
        assert [seat["kind"] for seat in shown["seats"]] == ["human", "easy"], game
        assert shown["clock"] is None


def test_play_a_friend_shows_the_link_to_share(pages: Pages) -> None:
    page = pages.open()
    triggle = card("triggle")
    page.locator(f"{triggle} .play-friend").click()
    link = page.locator(f"{triggle} .share-link")
    expect(link).to_be_visible()
    shared = link.input_value()
    assert "/games/" in shared
    assert "token" not in shared
    expect(page.locator("#your-games a.your-game")).to_have_count(1)
    shoot(pages, page, "lobby-friend", lambda night: night.click(f"{triggle} .play-friend"))
    friend = pages.open(shared)
    expect(friend.locator("#open-seats")).to_be_visible()
    page.locator(f"{triggle} .open-game").click()
    expect(page.locator("#links .spectator-link")).to_have_attribute("href", shared)
