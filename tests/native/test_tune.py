"""``benchmarks/tune.py``: a tiny seeded run plays the same games twice and writes them all."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import benchmark_script
from trigames.core.native import PURE_VARIABLE


def test_a_seeded_run_is_repeatable_and_kept(tmp_path: Path) -> None:
    tune = benchmark_script("tune")
    runs = []
    for name in ("a.json", "b.json"):
        out = tmp_path / name
        argv = ["triggle", "--spec", "triggle(size=3)", "--nodes", "300", "--games", "4"]
        argv += ["--start", "0,0,0,0", "--steps", "0.5,0,0,0", "--rounds", "1", "--verify", "2"]
        argv += ["--out", str(out)]
        assert tune.main(argv) == 0
        runs.append(json.loads(out.read_text()))
    first, second = runs
    assert first["command"].endswith(f"--out {tmp_path / 'a.json'}")
    for run in runs:
        del run["processor_seconds"], run["command"]
    assert first == second
    assert [entry["weights"][0] for entry in first["candidates"]] in ([0.5], [0.5, -0.5])
    assert all(len(entry["points"]) == 4 for entry in first["candidates"])
    assert first["games_played"] == 4 * len(first["candidates"]) + (2 if "verify" in first else 0)


def test_a_fixed_opponent_is_measured_first(tmp_path: Path) -> None:
    out = tmp_path / "fixed.json"
    argv = ["triggle", "--spec", "triggle(size=3)", "--opponent", "greedy", "--nodes", "300"]
    argv += ["--games", "2", "--steps", "0,0.5,0,0", "--rounds", "1", "--verify", "0"]
    assert benchmark_script("tune").main([*argv, "--out", str(out)]) == 0
    kinds = [entry["kind"] for entry in json.loads(out.read_text())["candidates"]]
    assert kinds[0] == "baseline"
    assert kinds[1:] in (["candidate"], ["candidate", "candidate"])


def test_a_game_without_its_kernel_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PURE_VARIABLE, "1")
    with pytest.raises(SystemExit, match="no native evaluation"):
        benchmark_script("tune").main(["trig", "--out", "/dev/null"])


def test_the_command_writes_weights_that_read_back_the_same() -> None:
    exact = benchmark_script("tune")._exact
    assert [exact(w) for w in (1.0, 0.25, 1 / 3)] == ["1", "0.25", "0.3333333333333333"]
    assert float(exact(1 / 3)) == 1 / 3
