"""The players' side of both stores, SQLite and PostgreSQL, alike: accounts, challenges, rated
games and ratings, what players were told, and deleting an account."""

from __future__ import annotations

from tests.web.inprocess import PASSWORD, FakeClock, in_own_loop, local, signed_up
from trigames.web.requests import ChallengeFilter, ChallengeRequest, Clock, read_move
from trigames.web.snapshot import Actor
from trigames.web.storage import open_store


def test_a_rated_game_and_what_follows_are_kept_alike_in_both_stores(db: str) -> None:
    @in_own_loop
    async def check() -> None:
        clock = FakeClock()
        async with local(open_store(db), clock=clock) as api:
            service = api.service
            ann, bob = await signed_up(service, "Ann", "Bob")
            request = ChallengeRequest("triggle", True, Clock("days_per_move", 2), "Bob", 0)
            offered = await service.challenges.offer(ann, request)
            listed = await service.challenges.listing(bob, ChallengeFilter(1400, 1600))
            assert [c["id"] for c in listed] == [offered]
            assert await service.challenges.listing(None, ChallengeFilter()) == []  # Bob's
            game_id = await service.challenges.accept(offered, bob)
            mine = await service.players.me(ann)
            assert (mine["your_turn"], mine["games"][0]["id"]) == ([game_id], game_id)
            await service.play(game_id, Actor(None, ann), read_move({"move": "D1-D4"}))
            assert (await service.players.me(bob))["your_turn"] == [game_id]
            await service.resign(game_id, Actor(None, bob))
            page = await service.players.player("ann")
            assert page["ratings"]["triggle"]["rating"] > 1500
            assert [point["game"] for point in page["history"]] == [game_id]
            assert (await service.players.leaderboard("triggle"))["players"] == []  # 1 game

            store = service.database
            await store.run(lambda s: s.add_push(ann.id, "https://push.example/1", "{}", 0.0))
            assert await store.run(lambda s: s.pushes_of([ann.id])) == {ann.id: ["{}"]}
            assert await store.run(lambda s: s.secret("k", lambda: "one")) == "one"
            assert await store.run(lambda s: s.secret("k", lambda: "two")) == "one"
            assert await store.run(lambda s: s.note_notice(ann.id, game_id, "x", 0.0))
            assert not await store.run(lambda s: s.note_notice(ann.id, game_id, "x", 1.0))
            await store.run(lambda s: s.note_email(ann.id, clock.now))
            assert await store.run(lambda s: s.emails_since(ann.id, 0.0)) == [clock.now]
            await service.notices.set_email(ann, "ann@example.com", True)
            assert await store.run(lambda s: s.digest_accounts()) == [
                (ann.id, "Ann", "ann@example.com")
            ]
            await service.notices.start_vacation(ann, 2)
            assert await service.notices.away_until(ann.id) == clock.now + 2 * 86_400

            for changed, rev in await service.accounts.delete(ann, PASSWORD):
                service.games.changed_elsewhere(changed, rev)
            view = await api.view(game_id)
            assert [seat["name"] for seat in view["seats"]] == ["deleted", "Bob"]
            assert await store.run(lambda s: s.pushes_of([ann.id])) == {}
            assert await store.run(lambda s: s.digest_accounts()) == []

    check()


@in_own_loop
async def test_a_leaderboard_lists_settled_ratings_best_first() -> None:
    clock = FakeClock()
    async with local(clock=clock) as api:
        service = api.service
        ann, bob, cid = await signed_up(service, "Ann", "Bob", "Cid")
        for number, (first, second) in enumerate([(ann, bob)] * 20 + [(ann, cid)]):
            offered = await service.challenges.offer(first, ChallengeRequest("trugo", True, seat=0))
            game_id = await service.challenges.accept(offered, second)
            loser = second if number % 3 else first  # Ann wins two games in three
            await service.resign(game_id, Actor(None, loser))
            clock.now += 600
        board = await service.players.leaderboard("trugo")
        assert [(row["rank"], row["name"]) for row in board["players"]] == [(1, "Ann"), (2, "Bob")]
        assert all(row["deviation"] < 110 and row["games"] >= 10 for row in board["players"])
        assert (await service.players.leaderboard("triggle"))["players"] == []
        clock.now += 3 * 365 * 86_400  # years away: their ratings are unsure again
        assert (await service.players.leaderboard("trugo"))["players"] == []


def test_an_account_keeps_its_ten_latest_browsers(db: str) -> None:
    store = open_store(db)
    try:
        for number in range(12):
            endpoint = f"https://push.example/{number}"
            store.add_push("a", endpoint, f'{{"n": {number}}}', float(number))
        kept = store.pushes_of(["a"])["a"]
        assert sorted(kept) == sorted(f'{{"n": {number}}}' for number in range(2, 12))
    finally:
        store.close()
