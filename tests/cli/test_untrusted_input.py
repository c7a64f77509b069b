"""What the commands do with input they cannot trust: record files of any content, names with
escape sequences, numbers out of range. Every refusal is one line on standard error."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ScriptedInput
from trigames.cli.main import PROCESSORS, build_parser, main
from trigames.records import MAX_RECORD_BYTES

DATA = json.loads(
    (Path(__file__).parent.parent / "data" / "records" / "unreadable.json").read_text()
)
UNREADABLE: list[dict[str, str]] = DATA["unreadable"]


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run a command that must fail with one clear line; that line."""
    status = main(list(args))
    out, err = capsys.readouterr()
    assert status == 2, (out, err)
    assert "Traceback" not in out + err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("trigames: error: ")
    assert len(lines[0]) < 600
    return lines[0]


def write(tmp_path: Path, content: str | bytes) -> str:
    path = tmp_path / "record.json"
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    return str(path)


@pytest.mark.parametrize("case", UNREADABLE, ids=[case["why"] for case in UNREADABLE])
def test_replay_and_render_refuse_a_bad_record_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, case: dict[str, str]
) -> None:
    path = write(tmp_path, case["text"])
    assert case["error"] in refused(capsys, "replay", path, "--all", "--no-color")
    line = refused(capsys, "render", "triggle(size=3)", "--record", path, "--out", "-")
    assert case["error"] in line


def test_the_records_of_the_data_file_are_sound_but_for_their_change(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, json.dumps(DATA["good"]))
    assert main(["replay", path, "--all", "--no-color"]) == 0
    assert "Result: Bot wins (no legal band is left)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("content", "error"),
    [
        (b'{"format": "trigames-record", "game": "trig\xe9"}', "not UTF-8 text (byte 43)"),
        (b"\xff\xfe{\x00}\x00", "not UTF-8 text (byte 0)"),
        ("[" * 100_000 + "]" * 100_000, "the JSON is nested too deeply for a record"),
        ('{"a":' * 50_000 + "1" + "}" * 50_000, "the JSON is nested too deeply for a record"),
    ],
    ids=["latin-1", "utf-16", "deep lists", "deep objects"],
)
def test_a_file_that_is_no_json_text_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str | bytes, error: str
) -> None:
    assert refused(capsys, "replay", write(tmp_path, content)).endswith(error)


def test_a_file_too_big_is_refused_before_it_is_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(50_000_000)  # 50 MB, sparse: nothing is written
    line = refused(capsys, "replay", str(path))
    assert line.endswith(f"huge.json: a record file has at most {MAX_RECORD_BYTES} bytes (10 MB)")
    just_over = tmp_path / "over.json"
    just_over.write_bytes(b" " * (MAX_RECORD_BYTES + 1))
    assert "at most 10000000 bytes" in refused(
        capsys, "render", "trig", "--record", str(just_over), "--out", "-"
    )


def test_a_special_file_that_never_ends_is_cut_at_the_limit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    assert "at most 10000000 bytes" in refused(capsys, "replay", "/dev/zero")


# --- names shown in the terminal -----------------------------------------------------------

#: Names that would rewrite a terminal shown raw: a window title, clearing the screen, a
#: cursor move, a bell, a right-to-left override.
NASTY = ["\x1b]0;owned\x07Eve", "Bob\x1b[2J\x1b[H", "\u202eevil", "a\nb\rc\x00"]


def test_replay_shows_names_kinds_and_dates_escaped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record: dict[str, Any] = json.loads(json.dumps(DATA["good"]))
    record["players"] = [
        {"name": NASTY[0], "kind": NASTY[2]},
        {"name": NASTY[1] + "x" * 1000, "kind": "random"},
    ]
    record["date"] = NASTY[3]
    assert main(["replay", write(tmp_path, json.dumps(record)), "--all", "--no-color"]) == 0
    out = capsys.readouterr().out
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f\u202e]", out)  # only newlines, no escapes
    assert r"Blue: \x1b]0;owned\x07Eve (\u202eevil)" in out
    assert r"Yellow: Bob\x1b[2J\x1b[Hxxx" in out
    assert r"a\nb\rc\x00" in out
    assert "x" * 40 not in out  # a long name is cut
    assert "Result: Bob\\x1b[2J\\x1b[H" + "x" * 30 + "... wins" in out


def test_play_shows_a_name_given_with_escapes_escaped(
    capsys: pytest.CaptureFixture[str], typed: ScriptedInput
) -> None:
    typed.lines = ["quit"]
    assert main(["play", "triggle(size=3)", "--name", f"0={NASTY[1]}", "--no-color"]) == 0
    assert typed.prompts[0] == r"Bob\x1b[2J\x1b[H (Blue) to move> "
    assert "\x1b" not in capsys.readouterr().out
    assert "at most 40 characters" in refused(capsys, "play", "trig", "--name", "1=" + "x" * 41)


def test_an_error_quoting_a_path_is_escaped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    nasty = tmp_path / "\x1b[2Jrecord.json"
    nasty.write_text("{ not json")
    line = refused(capsys, "replay", str(nasty))
    assert "\x1b" not in line
    assert r"\x1b[2Jrecord.json: not valid JSON" in line
    missing = tmp_path / "\x1b[2Jmissing.json"
    assert main(["replay", str(missing)]) == 1
    err = capsys.readouterr().err
    assert r"\x1b[2Jmissing.json: No such file" in err
    assert "\x1b" not in err


# --- numeric options --------------------------------------------------------------------------

#: A value for every argument that a command needs, so that only the one tested is wrong.
NEEDED = {
    "spec": "triggle",
    "game": "triggle",
    "file": "r.json",
    "--seats": "a,b",
    "--out": "-",
    "--player": "random",
    "--games-per-move": "2",
    "--vary": "size=3,4",
}
#: Values no numeric option takes.
OUT_OF_EVERY_RANGE = ["nan", "inf", "-inf", "1e400", "-1", "9" * 30, "", "five", "0x10"]


def numeric_options() -> list[tuple[str, argparse.Action]]:
    commands = next(
        action
        for action in build_parser()._actions
        if isinstance(action, argparse._SubParsersAction)
    )
    return [
        (name, action)
        for name, sub in commands.choices.items()
        for action in sub._actions
        if action.type is not None
    ]


def arguments(command: str, tested: argparse.Action, value: str) -> list[str]:
    """The command line of ``command`` with ``value`` for the argument ``tested`` (options
    as ``--name=value`` and positionals after ``--``, so that values such as ``-inf`` are read
    as values)."""
    commands = next(
        action
        for action in build_parser()._actions
        if isinstance(action, argparse._SubParsersAction)
    )
    options, positionals = [command], ["--"]
    for action in commands.choices[command]._actions:
        if not action.option_strings:
            positionals.append(value if action.dest == tested.dest else NEEDED[action.dest])
        elif action.required:
            options.append(f"{action.option_strings[0]}={NEEDED[action.option_strings[0]]}")
    if tested.option_strings:
        options.append(f"{tested.option_strings[0]}={value}")
    return options + positionals


def test_the_numeric_options_are_the_ones_expected() -> None:
    found = {
        (name, action.option_strings[0] if action.option_strings else action.dest)
        for name, action in numeric_options()
    }
    assert found == {
        ("play", "--seed"),
        ("perft", "depth"),
        ("bench", "--seconds"),
        ("bench", "--seed"),
        ("match", "--games"),
        ("match", "--jobs"),
        ("match", "--seed"),
        ("analyze", "--games"),
        ("analyze", "--jobs"),
        ("analyze", "--seed"),
        ("analyze", "--depth-games"),
        ("fairness", "--games-per-move"),
        ("fairness", "--jobs"),
        ("fairness", "--seed"),
        ("sweep", "--games"),
        ("sweep", "--jobs"),
        ("sweep", "--seed"),
        ("sweep", "--depth-games"),
        ("bench-ai", "--moves"),
        ("bench-ai", "--seed"),
        ("review", "--seconds"),
        ("review", "--seed"),
        ("solve", "--seconds"),
        ("solve", "--memory"),
        ("serve", "--port"),
        ("serve", "--workers"),
        ("serve", "--watchers-per-address"),
        ("serve", "--watchers-per-game"),
        ("serve", "--games-per-minute"),
        ("serve", "--thinking-games"),
        ("serve", "--computers"),
    }


@pytest.mark.parametrize(
    ("command", "action"),
    numeric_options(),
    ids=[f"{name} {action.dest}" for name, action in numeric_options()],
)
def test_every_numeric_option_has_a_documented_range_and_refuses_the_rest(
    capsys: pytest.CaptureFixture[str], command: str, action: argparse.Action
) -> None:
    assert action.type not in (int, float)
    assert action.help is not None
    assert re.search(r"from \S+ to \S", action.help), action.help
    for value in OUT_OF_EVERY_RANGE:
        assert main(arguments(command, action, value)) == 2
        err = capsys.readouterr().err
        assert f"error: argument {'/'.join(action.option_strings) or action.dest}: must be" in err
        assert "Traceback" not in err


@pytest.mark.parametrize(
    ("line", "error"),
    [
        (["bench", "triggle", "--seconds", "600.5"], "must be a number from 0.01 to 600"),
        (["perft", "triggle", "31"], "must be a whole number from 1 to 30, not 31"),
        (["match", "triggle", "--seats", "a,b", "--games", "100001"], "from 1 to 100000"),
        (["serve", "--port", "65536"], "must be a whole number from 1 to 65535"),
        (["serve", "--workers", "65"], "must be a whole number from 1 to 64, not 65"),
        (["play", "trig", "--seed", str(2**32)], "from 0 to 4294967295, not 4294967296"),
        (["match", "trig", "--seats", "a,b", "--jobs", str(PROCESSORS + 1)], f"to {PROCESSORS},"),
    ],
)
def test_one_past_the_end_of_a_range_is_refused(
    capsys: pytest.CaptureFixture[str], line: list[str], error: str
) -> None:
    assert main(line) == 2
    assert error in capsys.readouterr().err


def test_the_ends_of_the_ranges_are_taken() -> None:
    parser = build_parser()
    assert parser.parse_args(["bench", "trig", "--seconds", "600"]).seconds == 600
    assert parser.parse_args(["bench", "trig", "--seconds", "0.01"]).seconds == 0.01
    assert parser.parse_args(["perft", "trig", "30"]).depth == 30
    jobs = parser.parse_args(["match", "trig", "--seats", "a,b", "--jobs", str(PROCESSORS)]).jobs
    assert jobs == PROCESSORS
    assert parser.parse_args(["play", "trig", "--seed", str(2**32 - 1)]).seed == 2**32 - 1


def test_the_jobs_help_names_the_machines_processors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "--help"]) == 0
    assert f"os.cpu_count(), {PROCESSORS} here" in " ".join(capsys.readouterr().out.split())
