"""The designers' lab from the command line: analyze's metrics and skill chain, fairness maps
and sweeps, on every game at a tiny size, their errors, and the same results on Ray."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from trigames.ai.match import Task, play_game
from trigames.ai.players import on_processor_time, use_processor_time
from trigames.analysis.metrics import METRIC_NAMES, metrics_from
from trigames.analysis.stats import facts
from trigames.cli.main import main
from trigames.games import load_game

#: Every game at a size whose random games take milliseconds, and an option to sweep.
TINY = [
    ("triggle(size=3)", "touch=true,false"),
    ("tricolor(size=2)", "size=2,3"),
    ("trig", "board=trig,trigger"),
    ("trugo(tiles=4)", "tiles=3,4"),
    ("tranglar(quiet_limit=1)", "quiet_limit=1,2"),
]
SPECS = [spec for spec, _ in TINY]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("spec", SPECS)
def test_analyze_reports_every_metric_with_the_skill_chain(
    spec: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    skill = ["--skill-depth", "--depth-levels", "random,greedy", "--depth-games", "2"]
    status, out, _ = run(
        capsys, "analyze", spec, "--seats", "random,random", "--games", "2", "--out",
        str(tmp_path), *skill,
    )  # fmt: skip
    assert status == 0
    assert "balance: 1 - (best - worst seat's share)" in out
    (variant,) = json.loads((tmp_path / "report.json").read_text())["variants"]
    metrics = variant["metrics"]
    assert set(METRIC_NAMES) <= set(metrics)
    assert metrics["skill_depth"]["value"] in (0, 1)
    assert len(variant["game_results"]) == 2
    assert variant["board_places"]
    steps = metrics["skill_depth"]["steps"]
    assert metrics_from(variant["game_results"], 2, variant["board_places"], steps) == metrics
    page = (tmp_path / "report.html").read_text()
    assert "<h2>Metrics</h2>" in page
    for figure in ("balance", "lengths", "lead change"):
        assert f'data-figure="{figure}"' in page


@pytest.mark.parametrize("spec", SPECS)
def test_fairness_scores_every_first_move_and_draws_the_map(
    spec: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    picture = tmp_path / "map.svg"
    status, out, _ = run(
        capsys, "fairness", spec, "--player", "random", "--games-per-move", "1", "--seed", "2",
        "--json", "--out", str(picture),
    )  # fmt: skip
    assert status == 0
    report = json.loads(out)
    state = load_game(spec).new_initial_state()
    assert [row["move"] for row in report["first_moves"]] == [str(m) for m in state.legal_moves()]
    for row in report["first_moves"]:
        assert row["games"] == 1
        assert row["first_player_score"] in (0.0, 0.5, 1.0)
        assert row["low"] <= row["first_player_score"] <= row["high"]
    svg = picture.read_text()
    assert svg.startswith("<svg ")
    assert svg.count("<svg ") == 2  # the game's own picture inside
    assert "[data-name=" in svg  # the first moves' places coloured
    assert "the first player wins all" in svg


@pytest.mark.parametrize(("spec", "vary"), TINY)
def test_sweep_measures_each_variant(
    spec: str, vary: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(
        capsys, "sweep", spec, "--vary", vary, "--seats", "random,random", "--games", "2",
        "--out", str(tmp_path), "--json",
    )  # fmt: skip
    assert status == 0
    report = json.loads(out)
    option, values = vary.split("=")
    assert [v["values"] for v in report["variants"]] == [
        {option: value} for value in values.split(",")
    ]
    for variant in report["variants"]:
        assert load_game(variant["spec"])  # a canonical spec
        assert set(METRIC_NAMES) <= set(variant["metrics"])
        assert variant["metrics"]["games"] == 2
    assert json.loads((tmp_path / "sweep.json").read_text()) == report
    page = (tmp_path / "sweep.html").read_text()
    assert 'data-figure="balance"' in page
    assert len(list(tmp_path.glob("games-*.json"))) == 2


def test_processor_time_reaches_the_worker_processes_and_the_reports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(
        capsys, "sweep", "trig", "--vary", "board=trig", "--seats", "mcts(seconds=0.01),random",
        "--games", "2", "--jobs", "2", "--processor-time", "--out", str(tmp_path), "--json",
    )  # fmt: skip
    assert status == 0
    assert json.loads(out)["clock"] == "processor"
    (games,) = tmp_path.glob("games-*.json")
    assert json.loads(games.read_text())["clock"] == "processor"
    task = Task("trig", 0, 1, ("random", "random"), processor_time=True)
    try:
        assert play_game(task).length > 0
        assert on_processor_time()  # what a worker process does with the task
    finally:
        use_processor_time(False)
    assert not on_processor_time()
    assert play_game(replace(task, processor_time=False)).length > 0
    assert not on_processor_time()


def test_the_reports_count_how_often_the_swap_was_taken() -> None:
    first = str(load_game("trig").new_initial_state().legal_moves()[0])
    taken = play_game(Task("trig(swap=true)", 0, 1, ("random", "random"), (first, "swap")))
    declined = play_game(Task("trig(swap=true)", 1, 2, ("random", "random"), (first,)))
    plain = play_game(Task("trig", 2, 3, ("random", "random"), (first,)))
    assert taken.facts["swap"] == "taken"
    assert declined.facts["swap"] in ("taken", "declined")  # the random player's answer
    assert "swap" not in plain.facts
    counted = facts([taken, taken, plain])["words"]["swap"]
    assert counted == {"taken": 2}


def test_sweep_crosses_two_options_and_prints_a_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["sweep", "triggle(size=3)", "--vary", "touch=true,false", "--vary", "misere=false,true"]
    status, out, _ = run(
        capsys, *args, "--seats", "greedy,greedy", "--games", "2", "--out", str(tmp_path),
        "--markdown",
    )  # fmt: skip
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("| variant | balance |")
    assert [line.split(" | ")[0] for line in lines[2:]] == [
        "| `triggle(size=3)`",
        "| `triggle(size=3,misere=true)`",
        "| `triggle(size=3,touch=false)`",
        "| `triggle(size=3,touch=false,misere=true)`",
    ]
    status, out, _ = run(capsys, *args, "--seats", "greedy,greedy", "--games", "2", "--out",
                         str(tmp_path))  # fmt: skip
    assert status == 0
    assert "skill depth: steps of the chain" in out


@pytest.mark.parametrize(
    ("vary", "message"),
    [
        ("size", "bad --vary 'size': write OPTION=A,B,..."),
        ("size=", "bad --vary 'size='"),
        ("colour=1,2", "game 'triggle' has no option 'colour'"),
        ("size=3,99", "option 'size' cannot be '99'"),
        ("size=3,3", "two values of --vary make the same variant, triggle(size=3)"),
        ("markers=" + ",".join(str(n) for n in range(1, 18)), "more than 16 values"),
    ],
)
def test_a_bad_vary_is_a_clear_error(
    vary: str, message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, _, err = run(
        capsys, "sweep", "triggle", "--vary", vary, "--seats", "random,random", "--out",
        str(tmp_path),
    )  # fmt: skip
    assert status == 2
    assert message in err
    assert "Traceback" not in err


def test_bad_options_of_the_lab_are_clear_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    sweep = ["sweep", "triggle(size=3)", "--seats", "random,random", "--out", str(tmp_path)]
    status, _, err = run(capsys, *sweep, "--vary", "size=3", "--vary", "size=4")
    assert (status, "--vary gives the option 'size' twice" in err) == (2, True)
    many = [f"--vary={o}" for o in ("size=3,4", "markers=5,6", "touch=true,false",
                                      "misere=true,false", "players=2,3")]  # fmt: skip
    status, _, err = run(capsys, *sweep, *many)
    assert (status, "at most 4 options" in err) == (2, True)
    status, _, err = run(capsys, "fairness", "triggle", "--player", "nobody",
                         "--games-per-move", "1")  # fmt: skip
    assert (status, "unknown player kind 'nobody'" in err) == (2, True)
    status, _, err = run(capsys, "fairness", "triggle", "--player", "random",
                         "--games-per-move", "5000")  # fmt: skip
    assert (status, "more than 100000" in err) == (2, True)
    status, _, err = run(capsys, "fairness", "triggle", "--player", "random",
                         "--games-per-move", "0")  # fmt: skip
    assert (status, "must be a whole number from 1 to 10000" in err) == (2, True)
    analyze = ["analyze", "triggle(size=3)", "--seats", "random,random", "--out", str(tmp_path)]
    status, _, err = run(capsys, *analyze, "--skill-depth", "--depth-games", "3")
    assert (status, "--depth-games must be an even number" in err) == (2, True)
    status, _, err = run(capsys, *analyze, "--depth-levels", "random,greedy")
    assert (status, "--depth-levels needs --skill-depth" in err) == (2, True)
    status, _, err = run(capsys, *analyze, "--skill-depth", "--depth-levels", "random,random")
    assert (status, "names each level once" in err) == (2, True)
    three = ["analyze", "triggle(size=3,players=3)", "--seats", "random,random,random"]
    status, _, err = run(capsys, *three, "--skill-depth", "--out", str(tmp_path))
    assert (status, "the skill chain needs a two-seat game" in err) == (2, True)


def games_of(path: Path) -> list[dict[str, object]]:
    """A results file's games without their times (the only thing a rerun changes)."""
    games: list[dict[str, object]] = json.loads(path.read_text())["games"]
    return [{key: value for key, value in game.items() if key != "seconds"} for game in games]


def test_resume_plays_only_the_missing_games_and_gives_an_uninterrupted_runs_results(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    match = ["match", "triggle(size=3)", "--seats", "greedy,random", "--seed", "3"]
    whole, part = tmp_path / "whole.json", tmp_path / "part.json"
    assert run(capsys, *match, "--games", "6", "--out", str(whole))[0] == 0
    assert run(capsys, *match, "--games", "3", "--out", str(part))[0] == 0
    status, out, _ = run(capsys, *match, "--games", "6", "--out", str(part), "--resume")
    assert status == 0
    assert "resumed: 3 of 6 games already played" in out
    assert games_of(part) == games_of(whole)
    assert json.loads(part.read_text())["finished"] == 6
    before = part.read_text()
    status, out, _ = run(capsys, *match, "--games", "6", "--out", str(part), "--resume")
    assert (status, "resumed: 6 of 6" in out) == (0, True)
    assert games_of(part) == games_of(whole)
    assert json.loads(before)["games"][:3] == json.loads(part.read_text())["games"][:3]

    sweep = ["sweep", "triggle(size=3)", "--vary", "touch=true,false", "--seats",
             "greedy,random", "--seed", "5", "--json"]  # fmt: skip
    whole_dir, part_dir = tmp_path / "whole", tmp_path / "part"
    status, out, _ = run(capsys, *sweep, "--games", "4", "--out", str(whole_dir))
    assert status == 0
    assert run(capsys, *sweep, "--games", "2", "--out", str(part_dir))[0] == 0
    status, resumed, _ = run(capsys, *sweep, "--games", "4", "--out", str(part_dir), "--resume")
    assert status == 0
    assert json.loads(resumed)["variants"] == json.loads(out)["variants"]
    for games in whole_dir.glob("games-*.json"):
        assert games_of(part_dir / games.name) == games_of(games)


def test_resume_refuses_a_file_of_another_match(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "results.json"
    match = ["match", "triggle(size=3)", "--seats", "greedy,random", "--out", str(out)]
    assert run(capsys, *match, "--games", "4", "--seed", "3")[0] == 0
    kept = out.read_text()
    for extra, message in [
        (["--seed", "4"], "holds another match (seed 3, not 4)"),
        (["--seed", "3", "--processor-time"], "clock 'wall', not 'processor'"),
        (["--seed", "3", "--games", "2"], "holds games this match does not plan"),
    ]:
        status, _, err = run(capsys, *match, *extra, "--resume")
        assert (status, message in err, "Traceback" in err) == (2, True, False), err
    assert out.read_text() == kept  # a refused resume leaves the file alone
    out.write_text('{"games": 3}')
    status, _, err = run(capsys, *match, "--resume")
    assert (status, "is not a results file of trigames" in err) == (2, True)
    status, _, err = run(capsys, *match[:-2], "--resume")
    assert (status, "--resume needs --out" in err) == (2, True)


# --- Ray -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """One small local Ray instance for the module (Ray is slow to start)."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_fairness_and_sweep_give_the_same_results_on_ray(
    local_ray: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fairness = ["fairness", "trig", "--player", "random", "--games-per-move", "2", "--json"]
    sweep = ["sweep", "triggle(size=3)", "--vary", "touch=true,false", "--seats",
             "random,random", "--games", "2", "--json"]  # fmt: skip
    for args in (fairness, [*sweep, "--out", str(tmp_path / "here")]):
        status, here, _ = run(capsys, *args)
        assert status == 0
        status, there, _ = run(capsys, *[a.replace("here", "ray") for a in args], "--ray", "local")
        assert status == 0
        assert json.loads(here) == json.loads(there)
