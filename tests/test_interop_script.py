"""benchmarks/interop.py: every kind of random play measured, and OpenSpiel's own floor."""

from __future__ import annotations

from tests.conftest import benchmark_script

interop = benchmark_script("interop")


def test_one_game_of_each_kind_is_measured_with_the_ratios_and_the_floor() -> None:
    found = interop.measure_mode(["triggle(size=3)"], 0.0, 1, 7, observe=True)
    row = found["games"]["triggle(size=3)"]
    assert set(row) == set(interop.KINDS)
    for kind in interop.KINDS:
        assert row[kind]["games"] == 1
        assert row[kind]["moves"] > 0
    for kind in interop.ADAPTERS:
        assert row[kind]["slower"] > 0
        assert row[kind]["slower_than_api"] > 0
    assert found["openspiel_floor_moves_per_second"] > 0


def test_the_game_that_does_nothing_plays_its_36_turns() -> None:
    games, moves, _ = interop.openspiel_floor(0.0, 1)
    assert (games, moves) == (1, 36)
