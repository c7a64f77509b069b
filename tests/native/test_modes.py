"""What stays the same in both modes: seeded random and greedy players, and seeded matches of
them, play the same games; what the commands say about the mode."""

from __future__ import annotations

import json

import pytest

from trigames.ai.match import play_match
from trigames.cli.main import main
from trigames.core import native


def games_of(spec: str, seats: list[str]) -> list[tuple[object, ...]]:
    return [
        (r.winners, r.scores, r.reason, r.length, r.ply_scores)
        for r in play_match(spec, seats, games=6, seed=11)
    ]


@pytest.mark.parametrize(
    ("spec", "seats"),
    [
        ("triggle", ["random", "random"]),
        ("triggle(players=3,markers=6)", ["random", "greedy", "random"]),
        ("triggle(size=5,misere=true)", ["greedy", "random"]),
    ],
)
def test_seeded_matches_play_the_same_games_in_both_modes(
    spec: str, seats: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    native_games = games_of(spec, seats)
    monkeypatch.setenv(native.PURE_VARIABLE, "1")
    assert native.mode() == "pure"
    assert games_of(spec, seats) == native_games


def test_the_commands_say_which_mode_runs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["bench", "triggle(size=3)", "--seconds", "0.05", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["mode"] == "native"
    with monkeypatch.context() as patch:  # a game without a kernel says so
        patch.setattr(native, "KERNEL_GAMES", ("triggle",))
        assert main(["info", "trugo", "--json"]) == 0
    facts = json.loads(capsys.readouterr().out)
    assert facts["mode"] == "pure"
    assert "trugo has no native kernel" in facts["engine"]
    assert main(["bench-ai", "triggle(size=3)", "--player", "mcts(iterations=30)", "--json",
                 "--moves", "2"]) == 0  # fmt: skip
    assert json.loads(capsys.readouterr().out)["mode"] == "native"
    monkeypatch.setenv(native.PURE_VARIABLE, "1")
    assert main(["bench", "triggle(size=3)", "--seconds", "0.05", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["mode"] == "pure"
    assert main(["info", "triggle"]) == 0
    assert "engine: pure: the Python engine, forced by TRIGAMES_PURE=1" in capsys.readouterr().out
