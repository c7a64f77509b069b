"""The non-interactive commands: list, rules, info, perft, bench, and their errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from trigames.cli.main import main
from trigames.games import load_game


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_list_shows_every_option_with_its_default(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "list")
    assert status == 0
    assert "triggle: Triggle" in out
    for setting in ("size=4", "players=2", "markers=22", "touch=true", "misere=false"):
        assert setting in out
    assert "also trigger: trig(board=trigger)" in out


def test_an_alias_works_where_a_spec_is_taken(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "info", "triggest", "--json")
    assert status == 0
    assert json.loads(out)["game"] == "trig(board=triggest)"
    status, out, _ = run(capsys, "rules", "trigger")
    assert status == 0
    assert "Trigger" in out


def test_list_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "list", "--json")
    games = json.loads(out)
    assert status == 0
    assert games[0]["name"] == "triggle"
    assert {o["name"]: o["default"] for o in games[0]["options"]}["markers"] == 22


def test_rules_are_the_projects_own_page(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules", "triggle")
    assert status == 0
    assert "Triggle" in out
    assert "D1-D4" in out or "A1" in out  # the notation is documented


def test_rules_draw_the_diagrams_as_text_boards(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules", "trig")
    state = load_game("trig").new_initial_state()
    for move in ("G6", "G5", "F7", "F6", "E5xF6"):
        state.play(move)
    assert status == 0
    assert "```diagram" not in out
    assert "caption:" not in out
    assert f"```\n{state.game.render_text(state)}\n```\n\nWhite's E5 completes" in out


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("triggle", {"pegs": 37, "segments": 90, "triangles": 54, "bands": 48}),
        ("triggle(size=3)", {"pegs": 19, "segments": 42, "triangles": 24, "bands": 12}),
        ("triggle(size=5)", {"pegs": 61, "segments": 156, "triangles": 96, "bands": 102}),
    ],
)
def test_info_json_counts(
    capsys: pytest.CaptureFixture[str], spec: str, expected: dict[str, int]
) -> None:
    status, out, _ = run(capsys, "info", spec, "--json")
    info = json.loads(out)
    assert status == 0
    assert {key: info[key] for key in expected} == expected


def test_perft_prints_the_count_last(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "perft", "triggle", "2")
    assert status == 0
    assert out.splitlines()[-1] == "900"


def test_perft_divide_adds_up(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "perft", "triggle(touch=false)", "2", "--divide")
    lines = out.splitlines()
    per_move = [int(line.split(": ")[1]) for line in lines[:-1]]
    assert len(per_move) == 48
    assert sum(per_move) == int(lines[-1]) == 48 * 47


def test_bench_reports_rates(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "bench", "triggle(size=3)", "--seconds", "0.2", "--json")
    figures = json.loads(out)
    assert status == 0
    assert figures["playouts"] >= 1
    assert figures["plies"] == pytest.approx(figures["playouts"] * figures["average_length"], 0.01)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["info", "chess"], "unknown game 'chess'"),
        (["info", "triggle(size=9)"], "an integer from 3 to 8"),
        (["info", "triggle(colour=red)"], "has no option 'colour'"),
        (["info", "triggle(size"], "bad spec string"),
        (["perft", "triggle", "0"], "argument depth: must be a whole number from 1 to 30, not 0"),
        (["bench", "triggle", "--seconds", "0"], "--seconds: must be a number from 0.01 to 600"),
        (["play", "triggle", "--seat", "2=random"], "seats are 0 to 1"),
        (["play", "triggle", "--seat", "1=wizard"], "the kind must be one of"),
        (["play", "triggle", "--seat", "random"], "write N=VALUE"),
        (["rules", "tricolour"], "unknown game"),
    ],
)
def test_bad_input_is_a_clear_error_not_a_traceback(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2
    assert message in err
    assert "Traceback" not in err + out


def test_missing_file_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "replay", "/no/such/record.json")
    assert status == 1
    assert "No such file" in err


def test_the_installed_command_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "trigames.cli.main", "info", "triggle", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout)["triangles"] == 54
