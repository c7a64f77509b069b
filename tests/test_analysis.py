"""Analysis reports: statistics on hand-made results, the games' own facts, ``trigames analyze``
end to end, reproducibility from a seed, and the same games on a local Ray instance."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import trigames
from trigames.ai.match import GameResult, play_game, play_match, schedule
from trigames.analysis.stats import (
    analyse,
    branching_by_ply,
    distribution,
    facts,
    first_player,
    lead_changes,
    proportion,
    seat_elo,
    wilson,
)
from trigames.cli.main import main
from trigames.cli.match import run_match


def result(
    index: int,
    winners: tuple[int, ...],
    length: int = 10,
    *,
    branching: tuple[int, ...] = (),
    ply_scores: tuple[tuple[int, ...], ...] = (),
    facts: dict[str, float | str] | None = None,
    reason: str = "over",
) -> GameResult:
    """A hand-made result of a two-seat game between players ``a`` and ``b``."""
    return GameResult(
        index=index,
        seed=index,
        players=("a", "b") if index % 2 == 0 else ("b", "a"),
        resolved=("a", "b"),
        winners=winners,
        scores=(0, 0),
        reason=reason,
        length=length,
        seconds=0.0,
        branching=branching,
        ply_scores=ply_scores,
        facts=facts or {},
    )


# --- statistics on hand-made results ------------------------------------------------------------


def test_wilson_intervals_match_known_values() -> None:
    assert wilson(5, 10) == (0.2366, 0.7634)
    assert wilson(0, 10) == (0.0, 0.2775)
    assert wilson(10, 10) == (0.7225, 1.0)
    assert wilson(0, 0) == (0.0, 1.0)
    assert proportion(0, 0)["rate"] == 0.0


def test_first_player_advantage_and_draws() -> None:
    # Seat 0 wins 6, seat 1 wins 2, two draws.
    winners = [(0,)] * 6 + [(1,)] * 2 + [(0, 1)] * 2
    results = [result(i, w) for i, w in enumerate(winners)]
    first = first_player(results, 2)
    assert first["win_rate"]["rate"] == 0.6
    assert (first["win_rate"]["low"], first["win_rate"]["high"]) == wilson(6, 10)
    assert first["decisive_share"]["count"] == 6
    assert first["decisive_share"]["of"] == 8
    assert first["decisive_share"]["rate"] == 0.75
    assert first["fair_share"] == 0.5
    assert first["score"] == 0.7  # (6 + 2 / 2) / 10
    figures = analyse(results, ["a", "b"])
    assert figures["draws"]["rate"] == 0.2
    seat0, seat1 = figures["by_seat"]
    assert (seat0["wins"], seat0["draws"], seat0["losses"]) == (6, 2, 2)
    assert (seat1["wins"], seat1["draws"], seat1["losses"]) == (2, 2, 6)
    # Player a holds seat 0 in the even games and seat 1 in the odd ones: it wins games 0, 2,
    # 4 and 7, draws 8 and 9, and loses 1, 3, 5 and 6.
    a = figures["by_player"][0]
    assert a["player"] == "a"
    assert (a["wins"], a["draws"], a["losses"]) == (4, 2, 4)


def test_seat_elo_shows_the_value_of_moving_first() -> None:
    results = [result(i, (0,)) for i in range(8)] + [result(8, (1,)), result(9, (1,))]
    elo = seat_elo(results, 2)
    assert elo["seat 0"]["elo"] > 100
    assert elo["seat 0"]["elo"] == pytest.approx(-elo["seat 1"]["elo"])
    assert elo["seat 0"]["low"] < elo["seat 0"]["elo"] < elo["seat 0"]["high"]


def test_length_distribution() -> None:
    lengths = distribution([40, 10, 30, 20])
    assert (lengths["mean"], lengths["median"], lengths["min"], lengths["max"]) == (
        25,
        25,
        10,
        40,
    )
    assert lengths["quantiles"]["10"] == 13.0  # a tenth of the way from 10 to 20 times 3
    assert lengths["sd"] == pytest.approx(11.1803, abs=1e-4)
    assert sum(b["count"] for b in lengths["histogram"]) == 4
    assert lengths["histogram"][0]["low"] == 10
    assert distribution([]) == {"count": 0}


def test_branching_by_ply_averages_the_games_that_reached_each_ply() -> None:
    results = [result(0, (0,), 3, branching=(3, 2, 1)), result(1, (1,), 2, branching=(5, 4))]
    rows = branching_by_ply(results)
    assert [(r["ply"], r["games"], r["mean"]) for r in rows] == [(1, 2, 4), (2, 2, 3), (3, 1, 1)]
    assert (rows[0]["low"], rows[0]["high"]) == (3.2, 4.8)
    overall = analyse(results, ["a", "b"])["branching"]["all_plies"]
    assert overall["mean"] == 3.0


@pytest.mark.parametrize(
    ("scores", "changes"),
    [
        ([(1, 0), (2, 0), (3, 0)], 0),
        ([(1, 0), (1, 2), (3, 2)], 2),
        ([(1, 0), (1, 1), (1, 0)], 0),  # a tie in between is no change
        ([(1, 0), (1, 1), (1, 2)], 1),
        ([(0, 0), (0, 0)], 0),  # never a leader
        ([(1, 0, 0), (1, 0, 2), (1, 3, 2)], 2),
    ],
)
def test_lead_changes(scores: Sequence[tuple[int, ...]], changes: int) -> None:
    assert lead_changes(scores) == changes


def test_facts_are_aggregated_as_numbers_and_words() -> None:
    results = [
        result(0, (0,), 10, facts={"flips": 2.0, "win type": "edge"}),
        result(1, (1,), 10, facts={"flips": 4.0, "win type": "enclosure"}),
        result(2, (0,), 20, facts={"win type": "edge"}),
    ]
    summary = facts(results)
    flips = summary["numbers"]["flips"]
    assert (flips["mean"], flips["max"]) == (2.0, 4.0)  # the third game had none
    assert flips["per_ply"] == 0.15  # 6 flips over 40 plies
    assert summary["words"] == {"win type": {"edge": 2, "enclosure": 1}}
    reasons = analyse([result(0, (0,), reason="x"), result(1, (0,), reason="y"),
                       result(2, (1,), reason="y")], ["a", "b"])["reasons"]  # fmt: skip
    assert reasons == {"y": 2, "x": 1}


# --- what the match runner records and the games' own facts -------------------------------------


def test_a_game_records_branching_movers_scores_and_facts() -> None:
    (task,) = schedule("triggle(size=3)", ["random", "random"], games=1, seed=5)
    played = play_game(task)
    assert len(played.branching) == len(played.movers) == len(played.ply_scores) == played.length
    assert played.ply_scores[-1] == played.scores
    assert played.movers[0] == 0
    state = trigames.load_game("triggle(size=3)").new_initial_state()
    assert played.branching[0] == len(state.legal_moves())
    assert played.facts["score margin"] == abs(played.scores[0] - played.scores[1])
    again = GameResult.from_json(json.loads(json.dumps(played.to_json())))
    assert again.to_json() == played.to_json()
    # Results files written before these fields existed still load.
    old = {k: v for k, v in played.to_json().items() if k not in ("branching", "facts")}
    assert GameResult.from_json(old).branching == ()


def test_games_report_their_own_facts() -> None:
    trig = play_match("trig", ["random", "random"], games=3, seed=1)
    for game in trig:
        ways = str(game.facts["win type"]).split(" + ")  # every way a move won, joined
        assert set(ways) <= {"edge", "two Pillars", "enclosure"} or ways == ["draw"]
        assert (game.facts["win type"] == "draw") == (len(game.winners) != 1)
    (trugo,) = play_match("trugo(tiles=8)", ["random", "random"], games=1, seed=2)
    waxing, waning = trugo.facts["waxing plies"], trugo.facts["waning plies"]
    assert isinstance(waxing, float)
    assert isinstance(waning, float)
    assert waxing + waning == trugo.length
    assert waxing >= 8  # a tile a turn until the pool is empty


def test_tranglar_counts_the_pieces_a_move_turned_over() -> None:
    game = trigames.load_game("tranglar")
    state = game.new_initial_state()
    rng = random.Random(3)
    total = 0
    while not state.is_over():
        before = {a: (kind, owner, mask) for a, (kind, owner, mask) in state.pieces.items()}
        state.play(rng.choice(state.legal_moves()))
        changed = sum(
            1
            for a, (kind, owner, mask) in state.pieces.items()
            if a in before and before[a] == (kind, 1 - owner, mask)
        )
        assert game.move_facts(state) == {"flips": float(changed)}
        total += changed
    assert total > 0


# --- trigames analyze ----------------------------------------------------------------------------


def analyze(tmp: Path, *extra: str, games: str = "4") -> tuple[int, dict[str, Any]]:
    args = ["analyze", "triggle(size=3)", "--seats", "random,random", "--games", games]
    status = main([*args, "--seed", "1", "--out", str(tmp), *extra])
    report = json.loads((tmp / "report.json").read_text()) if status == 0 else {}
    return status, report


def test_analyze_writes_an_html_and_a_json_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, report = analyze(tmp_path)
    assert status == 0
    printed = capsys.readouterr().out
    assert "first player (seat 0) wins" in printed
    assert "report.html" in printed
    (variant,) = report["variants"]
    assert variant["game"] == "triggle(size=3)"
    assert variant["planned"] == variant["finished"] == variant["games"] == 4
    assert report["seats"] == ["random", "random"]
    assert variant["length"]["count"] == 4
    assert variant["branching"]["by_ply"][0]["mean"] == 12  # bands from the first peg
    assert set(variant["facts"]["numbers"]) == {"score margin"}
    assert sum(variant["reasons"].values()) == 4
    assert set(variant["elo"]["seats"]) == {"seat 0", "seat 1"}
    assert set(variant["elo"]["players"]) == {"random", "random#2"}
    page = (tmp_path / "report.html").read_text()
    for figure in ("outcomes", "lengths", "branching", "lead changes", "elo", "reasons"):
        assert f'data-figure="{figure}"' in page
    for figure in ("balance", "lead change"):  # the metrics' figures (tests/test_metrics.py)
        assert f'data-figure="{figure}"' in page
    assert page.count("data:image/svg+xml;base64,") == 9  # and one for the score margin
    assert "first player (seat 0) wins" in page
    games = json.loads((tmp_path / "games.json").read_text())
    assert games["finished"] == 4


def test_analyze_compares_two_variants_with_the_same_seeds(tmp_path: Path) -> None:
    status, report = analyze(tmp_path, "--compare", "triggle(size=3,touch=false)")
    assert status == 0
    assert [v["game"] for v in report["variants"]] == [
        "triggle(size=3)",
        "triggle(size=3,touch=false)",
    ]
    first = json.loads((tmp_path / "games.json").read_text())["games"]
    second = json.loads((tmp_path / "games-compare.json").read_text())["games"]
    assert [g["seed"] for g in first] == [g["seed"] for g in second]
    page = (tmp_path / "report.html").read_text()
    assert "triggle(size=3) vs triggle(size=3,touch=false)" in page


def test_analyze_is_reproducible_from_its_seed(tmp_path: Path) -> None:
    _, one = analyze(tmp_path / "one")
    _, two = analyze(tmp_path / "two")
    assert one.pop("generated")
    assert two.pop("generated")
    assert one == two


def test_analyze_explains_bad_arguments_and_a_missing_extra(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["analyze", "triggle", "--seats", "random"]) == 2
    assert "give 2 players" in capsys.readouterr().err
    assert main(["analyze", "triggle", "--seats", "random,random", "--games", "0"]) == 2
    assert main(["analyze", "triggle", "--seats", "random,random", "--compare", "chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    status, _ = analyze(tmp_path)
    assert status == 2
    assert "pip install 'trigames[analysis]'" in capsys.readouterr().err


# --- Ray ------------------------------------------------------------------------------------


def test_an_unreachable_ray_cluster_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ray")
    args = ["match", "triggle(size=3)", "--seats", "random,random", "--games", "1"]
    assert main([*args, "--ray", "127.0.0.1:1"]) == 2
    assert "cannot reach the Ray cluster at 127.0.0.1:1" in capsys.readouterr().err


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """One small local Ray instance for the module (Ray is slow to start)."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_a_match_on_ray_gives_the_same_games_as_local_processes(
    local_ray: None, tmp_path: Path
) -> None:
    players = "random,greedy"
    out = tmp_path / "ray.json"
    assert run_match("triggle(size=3)", players, 4, seed=9, out=out, ray="local") == 0
    on_ray = json.loads(out.read_text())["games"]
    local = play_match("triggle(size=3)", ["random", "greedy"], games=4, seed=9)
    for remote, here in zip(on_ray, local, strict=True):
        remote.pop("seconds")
        assert remote == {k: v for k, v in here.to_json().items() if k != "seconds"}
    status, report = analyze(tmp_path / "analysis", "--ray", "local")
    assert status == 0
    _, here_report = analyze(tmp_path / "here")
    report.pop("generated")
    here_report.pop("generated")
    assert report == here_report
