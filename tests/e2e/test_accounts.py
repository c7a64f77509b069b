"""Accounts through the pages: two players sign up in two browsers, one offers a rated game in
the lobby, the other accepts it, both play it without a link (their accounts hold the seats),
one resigns, and both players' pages show their ratings moved; the account bar, the lobby's
challenges, the player and account pages, in light and dark, on a desktop and a phone."""

from __future__ import annotations

import base64
import itertools
import os
import random
import re

from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from playwright.sync_api import Page, expect

from tests.e2e.conftest import SCREENSHOTS, SIZES, Pages, shoot
from tests.e2e.driver import assert_no_sideways_scroll, create_game, play_one_move

PASSWORD = "correct horse battery"
_names = itertools.count()


def new_name(prefix: str) -> str:
    """A name no other test of the session's server took."""
    return f"{prefix}{os.getpid() % 1000}x{next(_names)}"


def sign_up(page: Page, name: str, password: str = PASSWORD) -> None:
    page.locator('#account-bar button[data-account="signup"]').click()
    expect(page.locator("#account-dialog")).to_be_visible()
    expect(page.locator("#account-dialog-title")).to_have_text("Sign up")
    page.fill("#account-name", name)
    page.fill("#account-password", password)
    page.click("#account-submit")
    expect(page.locator("#account-bar .account-name")).to_have_text(name)
    expect(page.locator("#account-dialog")).to_be_hidden()


def rating_of(page: Page, family: str) -> str:
    cell = page.locator(f'table.ratings tr[data-family="{family}"] td.rating')
    expect(cell).to_have_text(re.compile(r"^\d+\??$"))
    return cell.inner_text()


def test_a_rated_game_between_two_accounts_moves_both_ratings(pages: Pages) -> None:
    ann_name, bob_name = new_name("Ann"), new_name("Bob")
    ann, bob = pages.open("/"), pages.open("/")
    logged: list[str] = []  # every console error, a failed request's too
    for page in (ann, bob):
        page.on("console", lambda m: logged.append(m.text) if m.type == "error" else None)
    expect(ann.locator("#account-bar")).to_contain_text("Log in")
    sign_up(ann, ann_name)
    sign_up(bob, bob_name)

    # Ann offers a rated Triggle game, seat first, a day a move.
    expect(ann.locator("#challenge-form")).to_be_visible()
    ann.select_option("#challenge-game", "triggle")
    ann.set_checked("#challenge-rated", True)
    ann.select_option("#challenge-clock", "days_per_move:1")
    ann.select_option("#challenge-seat", "0")
    ann.click("#challenge-submit")
    mine = ann.locator("#challenges li.yours")
    expect(mine).to_have_count(1)
    expect(mine.locator(".challenge-text")).to_have_text(
        f"{ann_name} (1500?) wants a rated Triggle game, 1 day a move"
    )
    expect(mine.locator('button[data-action="cancel"]')).to_be_visible()
    expect(mine.locator('button[data-action="accept"]')).to_have_count(0)
    shoot(pages, ann, "lobby-challenges")

    # Bob finds it in his lobby (the filter keeps it: Ann is rated 1500) and accepts it.
    bob.fill("#min-rating", "1400")
    bob.fill("#max-rating", "1600")
    bob.click("#filter-challenges")
    offered = bob.locator("#challenges li.challenge").filter(has_text=ann_name)
    expect(offered).to_have_count(1)
    bob.fill("#min-rating", "1600")
    bob.click("#filter-challenges")
    expect(offered).to_have_count(0)
    bob.fill("#min-rating", "")
    bob.click("#filter-challenges")
    offered.locator('button[data-action="accept"]').click()
    bob.wait_for_url(re.compile(r"/games/[0-9a-f]+$"))
    game_path = "/games/" + bob.url.rsplit("/games/", 1)[1]
    assert "token" not in bob.url

    # Ann's lobby lists the game among hers, waiting for her move; she opens it from there.
    ann.goto("/")
    waiting = ann.locator(f'#account-games li.your-turn a[href="{game_path}"]')
    expect(waiting).to_be_visible()
    expect(ann.locator("#account-bar .turn-count")).to_have_text("Your move: 1")
    shoot(pages, ann, "lobby-account-games")
    waiting.click()
    for page, seat in ((ann, "0"), (bob, "1")):
        expect(page.locator("#seats .seat.mine")).to_have_attribute("data-seat", seat)
        expect(page.locator("#watching")).to_be_hidden()
        expect(page.locator("#rated-note")).to_be_visible()
        expect(page.locator("#undo")).to_be_hidden()  # a rated game has no take-backs
    expect(ann).to_have_title(re.compile(r"^Your turn · Triggle"))
    expect(bob).to_have_title(re.compile(r"^Triggle"))

    # Bob wants a beep when Ann moves; they play a few moves by clicking.
    expect(bob.locator("#move-sound")).not_to_be_checked()
    bob.check("#move-sound")
    rng = random.Random(11)
    play_one_move(ann, rng)
    expect(bob.locator("body")).to_have_attribute("data-beeps", "1")
    expect(bob).to_have_title(re.compile(r"^Your turn · Triggle"))
    expect(ann).to_have_title(re.compile(r"^Triggle"))
    play_one_move(bob, rng)
    expect(ann.locator("body")).to_have_attribute("data-my-turn", "true")
    assert ann.evaluate("document.body.dataset.beeps") is None  # the sound is off by default
    play_one_move(ann, rng)
    expect(bob.locator("body")).to_have_attribute("data-beeps", "2")
    shoot(pages, bob, "game-rated")
    bob.reload()
    expect(bob.locator("#move-sound")).to_be_checked()  # kept in this browser

    # Bob resigns: Ann wins.
    expect(bob.locator("body")).to_have_attribute("data-my-turn", "true")
    bob.click("#resign")
    bob.click("#confirm-resign")
    expect(ann.locator("#result-headline")).to_have_text(f"{bob_name} resigned: {ann_name} wins")
    expect(ann).to_have_title(re.compile(r"^Triggle"))
    ann.click("#rematch")  # the accounts play the rematch too, seats swapped
    ann.wait_for_url(lambda url: "/games/" in url and not url.endswith(game_path))
    expect(ann.locator("#seats .seat.mine")).to_have_attribute("data-seat", "1")
    expect(bob.locator("#rematch")).to_have_text("Go to the rematch")

    # Both players' pages show the ratings moved, provisional still.
    for page, name, won in ((bob, ann_name, True), (ann, bob_name, False)):
        page.goto(f"/players/{name}")
        expect(page.locator("#player-name")).to_have_text(name)
        shown = rating_of(page, "triggle")
        assert shown.endswith("?"), shown
        assert (int(shown[:-1]) > 1500) == won, (name, shown)
        expect(page.locator('table.ratings tr[data-family="triggle"] td.count')).to_have_text("1")
        points = page.locator('#history-chart .series[data-family="triggle"] circle')
        expect(points).to_have_count(1)
        expect(page.locator(f'#recent-games a[href="{game_path}"]')).to_be_visible()
    shoot(pages, ann, "player")

    # Ann's account page: her name and rating; then she logs out.
    ann.click("#account-bar .account-link")
    ann.wait_for_url("**/account")
    expect(ann.locator("#account-player-link")).to_have_text(ann_name)
    expect(ann.locator('#account-ratings tr[data-family="triggle"] td.rating')).to_have_text(
        re.compile(r"^1[5-9]\d\d\?$")
    )
    expect(ann.locator("body")).to_have_attribute("data-loaded", "true")
    shoot(pages, ann, "account")
    ann.click("#log-out")
    expect(ann.locator('#account-bar button[data-account="login"]')).to_have_text("Log in")
    expect(ann.locator("#logged-out")).to_be_visible()
    expect(ann.locator("#account-sections")).to_be_hidden()
    assert not logged, logged


def test_the_dialog_says_what_the_server_refused_and_logs_in_again(pages: Pages) -> None:
    name = new_name("Cy")
    page = pages.open("/")
    sign_up(page, name)
    page.click("#log-out")
    expect(page.locator('#account-bar button[data-account="signup"]')).to_be_visible()

    page.locator('#account-bar button[data-account="signup"]').click()
    page.fill("#account-name", name.lower())
    page.fill("#account-password", PASSWORD)
    page.click("#account-submit")
    expect(page.locator("#account-error")).to_contain_text("is taken")
    page.fill("#account-name", new_name("Cy"))
    page.fill("#account-password", "short")
    page.click("#account-submit")
    expect(page.locator("#account-error")).to_contain_text("8")
    page.click("#account-switch")
    expect(page.locator("#account-dialog-title")).to_have_text("Log in")
    page.fill("#account-name", name)
    page.fill("#account-password", "wrong password")
    page.click("#account-submit")
    expect(page.locator("#account-error")).to_be_visible()
    page.set_viewport_size(SIZES["phone"])
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "account-dialog-error-phone.png")
    page.fill("#account-password", PASSWORD)
    page.click("#account-submit")
    expect(page.locator("#account-bar .account-name")).to_have_text(name)
    expect(page.locator("#challenge-form")).to_be_visible()  # the lobby follows, no reload


def test_logging_in_keeps_the_seats_this_browser_holds(pages: Pages) -> None:
    page = pages.open("/")
    created = create_game(page, "triggle", "size=3", [("human", "Dee"), ("random", "")])
    name = new_name("Dee")
    page.goto("/")
    sign_up(page, name)
    game_path = f"/games/{created['id']}"
    expect(page.locator(f'#account-games a[href="{game_path}"]')).to_be_visible()
    expect(page.locator(f'#your-games a[href="{game_path}"]')).to_have_count(0)  # once only

    # Another browser, logged in to the same account, plays the seat without its link.
    other = pages.open("/")
    other.locator('#account-bar button[data-account="login"]').click()
    other.fill("#account-name", name)
    other.fill("#account-password", PASSWORD)
    other.click("#account-submit")
    expect(other.locator("#account-bar .account-name")).to_have_text(name)
    other.goto(game_path)
    expect(other.locator("#seats .seat.mine")).to_have_attribute("data-seat", "0")
    expect(other.locator("body")).to_have_attribute("data-my-turn", "true")
    expect(other).to_have_title(re.compile(r"^Your turn · "))
    play_one_move(other, random.Random(3))
    expect(other.locator("body")).to_have_attribute("data-ply", re.compile(r"^[1-9]"))


def test_the_leaderboards_link_each_other(pages: Pages) -> None:
    page = pages.open("/leaderboard/trugo")
    expect(page.locator("body")).to_have_attribute("data-loaded", "true")
    expect(page.locator("#leaders-body")).to_contain_text("No one is on this leaderboard yet")
    page.locator(".tabs a", has_text="TRANGLAR").click()
    page.wait_for_url("**/leaderboard/tranglar")
    expect(page.locator("h1")).to_have_text("TRANGLAR leaderboard")
    expect(page.locator('.tabs a[aria-current="page"]')).to_have_text("TRANGLAR")
    page.set_viewport_size(SIZES["phone"])
    assert_no_sideways_scroll(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "leaderboard-phone.png", full_page=True)


def test_a_leaderboard_lists_its_players_linking_their_pages(pages: Pages) -> None:
    board = {
        "game": "trig",
        "title": "Trig",
        "players": [
            {"rank": 1, "name": "Zed", "rating": 1712, "deviation": 80, "games": 31},
            {"rank": 2, "name": "<b>Amy</b>", "rating": 1650, "deviation": 95, "games": 12},
        ],
    }
    context = pages.browser.new_context(base_url=pages.server.url)
    pages.contexts.append(context)
    context.route("**/api/leaderboard/trig", lambda route: route.fulfill(json=board))
    page = pages.open("/leaderboard/trig", context)
    rows = page.locator("#leaders-body tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_have_text(re.compile(r"1\s*Zed\s*1712\s*31"))
    expect(rows.nth(1).locator("a")).to_have_text("<b>Amy</b>")  # a name is text, never HTML
    expect(rows.nth(0).locator("a")).to_have_attribute("href", "/players/Zed")


#: A browser's push service in a page (Chromium has none in a private context such as the
#: tests'): ``subscribe`` makes a subscription whose keys are real, to an endpoint never sent to.
FAKE_PUSH = """(subscription) => {
  let held = null;
  const made = {endpoint: subscription.endpoint, toJSON: () => subscription,
    unsubscribe: async () => { held = null; return true; }};
  PushManager.prototype.subscribe = async function () { held = made; return made; };
  PushManager.prototype.getSubscription = async function () { return held; };
}"""


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def fake_subscription() -> dict[str, object]:
    """What ``PushSubscription.toJSON()`` gives: a real P-256 key, a 16-byte secret."""
    key = ec.generate_private_key(ec.SECP256R1()).public_key()
    point = key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return {
        "endpoint": "https://push.example.com/send/e2e",
        "expirationTime": None,
        "keys": {"p256dh": b64url(point), "auth": b64url(os.urandom(16))},
    }


def test_browser_notifications_are_turned_on_and_off(pages: Pages) -> None:
    context = pages.browser.new_context(base_url=pages.server.url)
    pages.contexts.append(context)
    context.grant_permissions(["notifications"], origin=pages.server.url)
    page = pages.open("/account", context)
    page.evaluate(FAKE_PUSH, fake_subscription())
    page.locator('#logged-out button[data-account="signup"]').click()
    page.fill("#account-name", new_name("Hal"))
    page.fill("#account-password", PASSWORD)
    page.click("#account-submit")
    expect(page.locator("#push-status")).to_contain_text("Get a notification in this browser")
    with page.expect_response("**/api/me/push") as posted:
        page.click("#push-on")
    assert posted.value.status == 200, posted.value.text()
    expect(page.locator("#push-status")).to_have_text(
        "This browser shows a notification when it is your move."
    )
    scope = page.evaluate("navigator.serviceWorker.getRegistration('/').then(r => r.scope)")
    assert scope == f"{pages.server.url}/"
    with page.expect_response("**/api/me/push") as deleted:
        page.click("#push-off")
    assert deleted.value.request.method == "DELETE"
    assert deleted.value.status == 200, deleted.value.text()
    expect(page.locator("#push-on")).to_be_visible()


def test_the_service_worker_takes_the_whole_site(pages: Pages) -> None:
    page = pages.open("/account")
    scope = page.evaluate(
        "navigator.serviceWorker.register('/sw.js', {scope: '/'}).then(r => r.scope)"
    )
    assert scope == f"{pages.server.url}/"
    expect(page.locator("#logged-out")).to_be_visible()  # a visitor is asked to log in


def test_a_challenge_for_one_player_is_declined_and_another_cancelled(pages: Pages) -> None:
    fay_name, gus_name = new_name("Fay"), new_name("Gus")
    fay, gus, visitor = pages.open("/"), pages.open("/"), pages.open("/")
    sign_up(fay, fay_name)
    sign_up(gus, gus_name)
    fay.fill("#challenge-to", gus_name.lower())
    fay.set_checked("#challenge-rated", False)
    fay.click("#challenge-submit")
    expect(fay.locator("#challenges li.yours .challenge-text")).to_have_text(
        f"{fay_name} (1500?) wants a casual Triggle game with {gus_name}, no clock"
    )
    gus.click("#filter-challenges")
    offered = gus.locator("#challenges li.for-you").filter(has_text=fay_name)
    expect(offered.locator(".tag")).to_have_text("for you")
    expect(offered.locator('button[data-action="accept"]')).to_be_visible()
    visitor.click("#filter-challenges")  # a challenge for one player is theirs to see
    expect(visitor.locator("#challenges li.challenge").filter(has_text=fay_name)).to_have_count(0)
    offered.locator('button[data-action="decline"]').click()
    expect(offered).to_have_count(0)
    fay.click("#filter-challenges")
    expect(fay.locator("#challenges li.yours")).to_have_count(0)

    fay.click("#challenge-submit")  # for the same player again; then taken back
    expect(fay.locator("#challenges li.yours")).to_have_count(1)
    fay.locator('#challenges li.yours button[data-action="cancel"]').click()
    expect(fay.locator("#challenges li.yours")).to_have_count(0)
    fay.fill("#challenge-to", fay_name)
    fay.click("#challenge-submit")
    expect(fay.locator("#challenge-form-error")).to_contain_text("yourself")


def test_the_account_page_keeps_settings_and_deletes_the_account(pages: Pages) -> None:
    name = new_name("Eve")
    page = pages.open("/account")
    expect(page.locator("#logged-out")).to_be_visible()
    page.locator('#logged-out button[data-account="signup"]').click()
    page.fill("#account-name", name)
    page.fill("#account-password", PASSWORD)
    page.click("#account-submit")
    expect(page.locator("#account-sections")).to_be_visible()  # no reload
    expect(page.locator("#account-player-link")).to_have_text(name)
    expect(page.locator("#account-ratings")).to_have_text("No rated games yet.")

    page.check("#email-digest")
    page.click("#email-save")
    expect(page.locator("#email-status")).to_have_text("Give an email address to get the digest.")
    page.fill("#email", "eve@example.com")
    page.click("#email-save")
    expect(page.locator("#email-status")).to_have_text("Saved.")
    page.reload()
    expect(page.locator("#email")).to_have_value("eve@example.com")
    expect(page.locator("#email-digest")).to_be_checked()

    expect(page.locator("#vacation-status")).to_contain_text("14 vacation days left this year")
    page.fill("#vacation-days", "3")
    page.click("#vacation-start")
    expect(page.locator("#vacation-status")).to_contain_text("You are on vacation until")
    expect(page.locator("#vacation-form")).to_be_hidden()
    page.click("#vacation-end")
    expect(page.locator("#vacation-status")).to_contain_text("You have")
    expect(page.locator("#vacation-form")).to_be_visible()

    page.click("#delete-start")
    expect(page.locator("#delete-password")).to_be_focused()
    page.fill("#delete-password", PASSWORD)
    page.click("#delete-confirm")
    expect(page.locator("#delete-error")).to_contain_text("tick the box")
    page.fill("#delete-password", "not my password")
    page.check("#delete-sure")
    page.click("#delete-confirm")
    expect(page.locator("#delete-error")).to_be_visible()
    expect(page.locator("#account-bar .account-name")).to_have_text(name)
    page.fill("#delete-password", PASSWORD)
    page.click("#delete-confirm")
    expect(page.locator("#deleted")).to_contain_text("Your account is deleted")
    expect(page.locator('#account-bar button[data-account="login"]')).to_be_visible()
    expect(page.locator("#account-sections")).to_be_hidden()
    answer = page.goto(f"/players/{name}")
    assert answer is not None
    assert answer.status == 404
