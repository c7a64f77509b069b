"""The published ladders: kept per game, current with the levels, shown with the rules."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import benchmark_script
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


def test_a_ladder_stopped_midway_keeps_every_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--resume`` with a new player: the run is stopped in its second new pair, before the
    kept pair greedy - easy comes round, and the file still holds every kept game besides the
    new pair that was done; resuming again plays only what is missing."""
    script = benchmark_script("ladder")
    out = tmp_path / "games.json"
    argv = ["triggle(size=3)", "--players", "random,greedy,easy", "--games", "2", "--out"]
    assert script.main([*argv, str(out)]) == 0
    kept = json.loads(out.read_text())
    assert len(kept) == 6
    played = script.play_match
    calls: list[list[str]] = []
    stop_at = [2]

    def recorded(spec: str, seats: list[str], games: int, seed: int) -> Any:
        calls.append(seats)
        if len(calls) == stop_at[0]:
            raise KeyboardInterrupt
        return played(spec, seats, games, seed=seed)

    monkeypatch.setattr(script, "play_match", recorded)
    joined = [*argv[:2], "random,casual(margin=0),greedy,easy", *argv[3:], str(out), "--resume"]
    with pytest.raises(KeyboardInterrupt):
        script.main(joined)
    assert calls == [["random", "casual(margin=0)"], ["casual(margin=0)", "greedy"]]
    after = json.loads(out.read_text())
    assert len(after) == 8
    assert all(game in after for game in kept)
    calls.clear()
    stop_at[0] = 0
    assert script.main(joined) == 0
    assert calls == [["casual(margin=0)", "greedy"], ["casual(margin=0)", "easy"]]
    final = json.loads(out.read_text())
    assert len(final) == 12
    assert all(game in final for game in after)
