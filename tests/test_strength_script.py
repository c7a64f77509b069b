"""benchmarks/strength.py: seeded matches, and random openings shared by the two seats."""

from __future__ import annotations

import re

import pytest

from tests.conftest import benchmark_script

strength = benchmark_script("strength")


def test_each_pair_of_games_starts_from_its_own_opening_played_from_both_seats(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--spec", "trig", "--player", "random", "--opponent", "greedy", "--games", "4"]
    assert strength.main([*args, "--opening-plies", "2"]) == 0
    out = capsys.readouterr().out
    games = re.findall(r"player seat (\d).*opening (\S+ \S+)\n", out)
    assert [seat for seat, _ in games] == ["0", "1", "0", "1"]
    openings = [moves for _, moves in games]
    assert openings[0] == openings[1] != openings[2] == openings[3]
    assert "--opening-plies 2" in out  # the reproducing command keeps it


def test_an_opening_that_ends_the_game_stops_the_match_with_a_clear_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--spec", "triggle(size=3)", "--player", "random", "--opponent", "random"]
    with pytest.raises(SystemExit):
        strength.main([*args, "--opening-plies", "20"])
    assert "ended within 20 random opening plies" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        strength.main([*args, "--opening-plies", "21"])
    assert "from 0 to 20" in capsys.readouterr().err
