"""benchmarks/web_load.py and web_flood.py on tiny settings: they play, time, count and report
(no timing asserted)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

from tests.web.conftest import Server, free_port

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "web_load.py"


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
    assert figures["protocol"] == "view"
    assert figures["ws_bytes_per_watcher_move"] > 0
    assert figures["ws_largest_message_bytes"] > 0
    assert figures["ack_once_open"]["count"] <= figures["ack"]["count"]
    assert figures["opening_seconds"] > 0


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


def test_the_load_script_counts_the_bytes_and_the_processor_time_of_its_own_server() -> None:
    done = run_script("--games", "2", "--moves", "3", "--game", "triggle", "--json",
                      "--no-compression")  # fmt: skip
    assert done.returncode in (0, 1), done.stderr
    figures = json.loads(done.stdout)
    assert figures["failures"] == []
    assert figures["moves"] == 6
    assert figures["protocol"] == "view"
    assert figures["compression"] is False
    # one change a move to each of the 2 sockets of a game, each a few kB at most
    assert figures["ws_messages_per_watcher_move"] == 1
    assert 0 < figures["ws_bytes_per_watcher_move"] <= figures["ws_largest_message_bytes"]
    assert figures["ws_reloads"] == 0
    for name in ("server", "client"):
        value = figures[f"{name}_cpu_ms_per_move"]
        assert value >= 0 or math.isnan(value)  # NaN where /proc cannot tell


def test_the_load_script_compares_two_trees() -> None:
    # CI has no older checkout: this tree against itself shows the comparison's workings.
    done = run_script("--games", "2", "--moves", "2", "--game", "trig", "--rounds", "1",
                      "--against", str(ROOT / "src"), "--json")  # fmt: skip
    assert done.returncode in (0, 1), done.stderr
    compared = json.loads(done.stdout)
    assert compared["failures"] == []
    assert compared["rounds"] == 1
    for name in ("other", "this"):
        (run,) = compared["runs"][name]
        assert run["moves"] == 4
        assert run["protocol"] == "view"
    rows = {row["figure"]: row for row in compared["medians"]}
    for figure in ("server_cpu_ms_per_move", "moves_per_second", "ack.p50_ms", "ack.p99_ms",
                   "ws_bytes_per_watcher_move"):  # fmt: skip
        assert figure in rows
    for figure in ("moves_per_second", "ack.p50_ms", "ws_bytes_per_watcher_move"):
        row = rows[figure]
        assert row["other"] > 0
        assert row["this"] > 0
        assert row["ratio"] > 0


def test_the_load_script_prints_a_comparison_table() -> None:
    done = run_script("--games", "1", "--moves", "2", "--game", "trig", "--rounds", "1",
                      "--against", str(ROOT / "src"))  # fmt: skip
    assert done.returncode in (0, 1), done.stderr
    assert "this/other" in done.stdout
    assert "bytes per watcher per move" in done.stdout
    assert "server CPU per move" in done.stdout


def test_the_load_script_refuses_to_compare_against_a_folder_without_trigames(
    tmp_path: Path,
) -> None:
    done = run_script("--against", str(tmp_path))
    assert done.returncode == 2
    assert "no trigames package" in done.stderr


FLOOD = SCRIPT.with_name("web_flood.py")


def run_flood(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(FLOOD), "--quiet", "--json", "--think", "0", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_flood_script_attacks_and_reports() -> None:
    done = run_flood("--games", "2", "--moves", "3", "--attackers", "2")
    assert done.returncode in (0, 1), done.stderr
    figures = json.loads(done.stdout)
    assert figures["failures"] == []
    assert figures["moves"] == 6
    assert figures["server_errors"] == 0
    assert figures["attacks"]
    assert figures["peak_memory_mb"] > 0
    assert figures["tree_processes"] >= 1
    assert figures["tree_peak_memory_mb"] >= figures["peak_memory_mb"]


def test_the_flood_script_goes_past_the_limits_per_address_and_is_refused() -> None:
    # Small limits, so that going past them is quick; the normal games (127.0.0.1) stay within.
    done = run_flood("--games", "2", "--moves", "3", "--attackers", "2", "--no-hints",
                     "--attack", "ws cap", "--attack", "game rate",
                     "--watchers-per-address", "12", "--games-per-minute", "20")  # fmt: skip
    assert done.returncode in (0, 1), done.stderr
    figures = json.loads(done.stdout)
    assert figures["failures"] == []  # the normal games were not throttled
    assert figures["server_errors"] == 0
    assert figures["limits_held"]  # at least one of the two attacks ran
    assert all(figures["limits_held"].values()), figures["attacks"]
    assert set(figures["attacks"]) <= {"ws cap 4429", "game rate 429"}, figures["attacks"]
