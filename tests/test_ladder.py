"""The published ladders: kept per game, current with the levels, shown with the rules."""

from __future__ import annotations

from importlib import resources

import pytest

from trigames.ai import ladder as ladder_module
from trigames.ai.ladder import Ladder, LadderRow, load_ladder, rules_with_ladder
from trigames.ai.registry import LEVEL_NAMES, resolve
from trigames.games import list_games, load_game
from trigames.web.rules_page import rules_html

FOLDER = resources.files("trigames.ai").joinpath("ladders")
KEPT = sorted(
    path.name.removesuffix(".json")
    for path in (FOLDER.iterdir() if FOLDER.is_dir() else ())
    if path.name.endswith(".json")
)


@pytest.mark.parametrize("name", KEPT)
def test_a_kept_ladder_rates_every_level_as_it_plays_now(name: str) -> None:
    ladder = load_ladder(name)
    assert ladder is not None
    assert ladder.game == name
    game = load_game(ladder.spec)
    plays = {row.player: row.plays for row in ladder.rows}
    for level in LEVEL_NAMES:
        if level in plays or level != "expert":  # expert's 8-second games may join later
            assert plays[level] == resolve(level, game), f"{name}: re-run the ladder for {level}"
    elos = [row.elo for row in ladder.rows]
    assert elos == sorted(elos, reverse=True)
    assert all(row.low <= row.elo <= row.high for row in ladder.rows)


def test_every_game_has_a_ladder_or_none_is_claimed() -> None:
    for game in list_games():
        assert (load_ladder(game.name) is None) == (game.name not in KEPT)


SAMPLE = Ladder(
    game="triggle",
    spec="triggle",
    measured="2026-11-26",
    pair_games=(2, 4),
    seed=1,
    processor_time=True,
    command="PYTHONPATH=src python benchmarks/ladder.py triggle",
    rows=(
        LadderRow("hard", "strong(seconds=1.2)", 150.0, 20.0, 280.0, 4, 4),
        LadderRow("random", "random", -150.0, -280.0, -20.0, 0, 4),
    ),
)


def test_the_rules_end_with_the_ladder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ladder_module, "load_ladder", lambda name: SAMPLE)
    text = rules_with_ladder("triggle", "# Triggle\n\nRules.\n")
    assert text.startswith("# Triggle\n\nRules.\n\n## How strong the computer players are")
    assert "| `hard` | `strong(seconds=1.2)` | +150 | +20 to +280 | 4 | 4 |" in text
    assert "processor time" in text
    assert "2 to 4 games a pair" in text
    assert SAMPLE.command in text
    assert Ladder.from_json(SAMPLE.to_json()) == SAMPLE


def test_the_web_rules_page_shows_a_kept_ladder() -> None:
    for name in KEPT:
        html = rules_html(name)
        assert "How strong the computer players are" in html
        assert "<table>" in html
