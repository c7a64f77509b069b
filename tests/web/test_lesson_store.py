"""The lessons an account finished, kept alike in both stores, SQLite and PostgreSQL."""

from __future__ import annotations

from tests.web.inprocess import PASSWORD, FakeClock, in_own_loop, local, signed_up
from trigames.web.storage import open_store


def test_the_lessons_an_account_finished_are_kept_alike_in_both_stores(db: str) -> None:
    @in_own_loop
    async def check() -> None:
        clock = FakeClock()
        async with local(open_store(db), clock=clock) as api:
            service = api.service
            ann, bob = await signed_up(service, "Ann", "Bob")
            store = service.database
            await store.run(lambda s: s.finish_lessons(ann.id, ["trig-2", "trig-1"], 1.0))
            await store.run(lambda s: s.finish_lessons(ann.id, ["trig-1", "trugo-1"], 2.0))
            await store.run(lambda s: s.finish_lessons(bob.id, ["tranglar-1"], 2.0))
            assert await store.run(lambda s: s.finished_lessons(ann.id)) == [
                "trig-1",
                "trig-2",
                "trugo-1",
            ]
            await service.accounts.delete(ann, PASSWORD)
            assert await store.run(lambda s: s.finished_lessons(ann.id)) == []
            assert await store.run(lambda s: s.finished_lessons(bob.id)) == ["tranglar-1"]

    check()
