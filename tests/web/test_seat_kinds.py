"""A seat's kind is read in any case, from a new game's seats and from a record's players, and
a kind refused is quoted as it was sent."""

from __future__ import annotations

import pytest

from tests.web.inprocess import in_own_loop, local
from tests.web.test_clocks_records import record
from trigames.ai.registry import check_player_spec
from trigames.core.errors import PlayerSpecError
from trigames.web.errors import RejectedSettingError


@in_own_loop
async def test_kinds_are_read_in_any_case() -> None:
    async with local() as api:
        seats = [{"kind": " Human ", "name": "Ann"}, {"kind": "EASY"}]
        created = await api.create({"game": "triggle", "seats": seats})
        assert [seat["kind"] for seat in created["seats"]] == ["human", "easy"]
        continued = await api.create({"record": record(["D1-D4"], ("Human", "Easy"))})
        assert [seat["kind"] for seat in continued["seats"]] == ["human", "easy"]
        assert continued["view"]["ply"] >= 1  # the computer may have answered already


@in_own_loop
async def test_an_unknown_kind_is_quoted_as_sent() -> None:
    async with local() as api:
        with pytest.raises(RejectedSettingError, match="seat 1: unknown player kind 'Wizard'; "):
            await api.create({"game": "triggle", "seats": [{}, {"kind": "Wizard"}]})
        with pytest.raises(RejectedSettingError, match="seat 0: unknown player kind 'Bot'; "):
            await api.create({"record": record(["D1-D4"], ("Bot(depth=2)", "human"))})


def test_the_registry_quotes_the_kind_as_written() -> None:
    with pytest.raises(PlayerSpecError, match=r"unknown player kind 'Wizard'; choose from: human"):
        check_player_spec(" Wizard(seconds=1)")
    assert check_player_spec("MCTS(seconds=0.5)") == "MCTS(seconds=0.5)"
