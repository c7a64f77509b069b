"""benchmarks/web_load.py on tiny settings: it plays, times and reports (no timing asserted)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.web.conftest import Server, free_port

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "web_load.py"


def run_script(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--quiet", "--think", "0", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_load_script_reports_its_figures_as_json(server: Server) -> None:
    done = run_script("--url", server.url, "--games", "3", "--moves", "4", "--json")
    assert done.returncode in (0, 1), done.stderr  # 1 only if this machine was too slow
    figures = json.loads(done.stdout)
    assert figures["failures"] == []
    assert figures["games"] == 3
    assert figures["moves"] == 12
    assert figures["games_played"] >= 3
    assert figures["moves_per_second"] > 0
    for kind in ("http", "ack"):
        row = figures[kind]
        assert row["count"] == 12
        assert 0 < row["p50_ms"] <= row["p90_ms"] <= row["p99_ms"] <= row["max_ms"]
    assert figures["ack"]["p99_ms"] >= figures["http"]["p50_ms"] > 0
    assert figures["passed"] == (figures["ack"]["p99_ms"] <= figures["limit_ms"])
    assert (done.returncode == 0) == figures["passed"]


def test_the_load_script_plays_one_chosen_game_and_prints_a_table(server: Server) -> None:
    done = run_script("--url", server.url, "--games", "2", "--moves", "3", "--game", "trugo")
    assert done.returncode in (0, 1), done.stderr
    assert "2 games at once (trugo; 0 s mean pause before a move), 6 moves" in done.stdout
    assert "p99" in done.stdout
    assert "PASS" in done.stdout or "FAIL" in done.stdout


def test_the_load_script_says_when_no_server_answers() -> None:
    done = run_script("--url", f"http://127.0.0.1:{free_port()}", "--games", "1", "--moves", "1")
    assert done.returncode == 2
    assert "no trigames server answers" in done.stderr


def test_the_load_script_refuses_an_unknown_game() -> None:
    done = run_script("--game", "chess")
    assert done.returncode == 2
    assert "--game chess" in done.stderr


FLOOD = SCRIPT.with_name("web_flood.py")


def test_the_flood_script_attacks_and_reports() -> None:
    done = subprocess.run(
        [sys.executable, str(FLOOD), "--quiet", "--json", "--games", "2", "--moves", "3",
         "--attackers", "2", "--think", "0"],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode in (0, 1), done.stderr
    figures = json.loads(done.stdout)
    assert figures["failures"] == []
    assert figures["moves"] == 6
    assert figures["server_errors"] == 0
    assert figures["attacks"]
    assert figures["peak_memory_mb"] > 0
