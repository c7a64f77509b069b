"""The Ludii metrics: each checked by hand on tiny made-up games, then recomputed exactly from a
real report's own games, and the board places they count on every game."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from pathlib import Path

import pytest

import trigames
from trigames.ai.match import Task, play_game
from trigames.analysis.metrics import (
    GameResultJson,
    SkillGame,
    credits,
    decided_share,
    lead_variance,
    metrics_from,
    skill_depth,
    skill_step,
    tree_size,
)
from trigames.analysis.stats import lead_changes, wilson
from trigames.cli.main import main
from trigames.core.places import OFF_BOARD_SPOTS, Places, board_places


def game(
    winners: Sequence[int],
    scores: Sequence[Sequence[int]],
    branching: Sequence[int] = (),
    places: Sequence[str] = (),
) -> GameResultJson:
    """A made-up game: its winners and the scores after each ply."""
    return {
        "winners": list(winners),
        "ply_scores": [list(s) for s in scores],
        "length": len(scores),
        "branching": list(branching) or [2] * len(scores),
        "places": list(places),
    }


# --- each metric by hand ---------------------------------------------------------------------


def test_balance_counts_a_draw_half_to_each_seat() -> None:
    games = [game([0], [[1, 0]]), game([0], [[1, 0]]), game([1], [[0, 1]]), game([0, 1], [[0, 0]])]
    m = metrics_from(games, seats=2, board_places=[])
    # Seat 0 has 2.5 of 4 games, seat 1 has 1.5: balance 1 - 1/4.
    assert m["balance"]["value"] == 0.75
    assert m["advantage"]["value"] == 0.625
    assert m["drawishness"]["value"] == 0.25
    assert m["completion"]["value"] == 0.75
    # For two seats the interval is the image of seat 0's Wilson interval under 1 - |2p - 1|.
    low, high = wilson(2.5, 4)
    assert m["balance"]["low"] == pytest.approx(1 - (2 * high - 1), abs=2e-4)
    assert m["balance"]["high"] == pytest.approx(1 - max(0.0, 2 * low - 1), abs=2e-4)
    assert (m["advantage"]["low"], m["advantage"]["high"]) == (low, high)


def test_balance_of_three_seats_and_shared_wins() -> None:
    assert credits([0, 2], 3) == [0.5, 0.0, 0.5]
    assert credits([], 2) == [0.5, 0.5]  # nobody won: shared by all
    games = [game([0], [[1, 0, 0]]), game([1, 2], [[0, 1, 1]])]
    m = metrics_from(games, seats=3, board_places=[])
    assert m["balance"]["value"] == 0.75  # seats have 1, 0.5 and 0.5 of 2 games
    assert m["drawishness"]["value"] == 0.5


def test_lead_change_is_changes_of_the_points_leader_per_ply_after_the_first() -> None:
    seesaw = game([0], [[1, 0], [1, 2], [3, 2]])  # leader 0, then 1, then 0: 2 changes, 2 plies
    tie = game([0], [[1, 0], [1, 1], [1, 0]])  # a tie in between is no change
    single = game([0], [[1, 0]])  # one ply: nothing can change
    m = metrics_from([seesaw, tie, single], seats=2, board_places=[])
    assert m["lead_change"]["value"] == round((1 + 0 + 0) / 3, 4)


def test_decisiveness_is_the_share_of_plies_before_the_winner_passes_every_other_lead() -> None:
    # The loser led by 1 at most; the winner first leads by more after ply 3 of 4.
    late = game([0], [[0, 1], [2, 1], [3, 1], [4, 1]])
    assert decided_share(late) == 0.75
    # The loser never led (its highest lead is -1): the winner's 1 after ply 1 passes it.
    early = game([1], [[0, 1], [0, 2]])
    assert decided_share(early) == 0.5
    # No running score (as in Trig): never clear before the end.
    assert decided_share(game([0], [[0, 0], [0, 0]])) == 1.0
    draw = game([0, 1], [[0, 0]])
    m = metrics_from([late, early, draw], seats=2, board_places=[])
    assert m["decisiveness"]["value"] == 0.625  # draws have no winner to be clear


def test_stability_is_the_variance_of_the_scaled_leads() -> None:
    assert lead_variance(game([0], [[2, 0], [0, 2]])) == 2.0  # leads +-1, variance 1 each seat
    assert lead_variance(game([0], [[1, 0], [1, 0]])) == 0.0  # a steady lead
    assert lead_variance(game([0], [[0, 0]])) == 0.0  # nobody ever led
    # Leads 1, 2 (scaled 0.5, 1) for seat 0 and -1, -2 for seat 1: variance 1/16 each.
    assert lead_variance(game([0], [[1, 0], [2, 0]])) == 0.125


def test_coverage_length_branching_and_state_space() -> None:
    games = [
        game([0], [[1, 0], [1, 1], [2, 1]], branching=[4, 3, 2], places=["A1", "B1", "Z9"]),
        game([1], [[0, 1]], branching=[4], places=["A1"]),
    ]
    m = metrics_from(games, seats=2, board_places=["A1", "B1", "C1", "D1", "E1"])
    assert m["coverage"] == {"value": 0.4, "used": 2, "places": 5}  # Z9 is no place of the board
    assert m["length"]["value"] == 2.0
    assert m["branching_factor"]["value"] == 3.5  # the games' means, 3 and 4
    assert tree_size([4, 3, 2]) == 1 + 4 + 12 + 24
    assert m["state_space"]["value"] == round(math.log10((41 + 5) / 2), 2)
    assert "Knuth" in m["state_space"]["method"]
    assert m["skill_depth"]["value"] is None  # not played


def test_intervals_of_means_are_normal_and_cut_to_the_range() -> None:
    games = [game([0], [[1, 0]] * n) for n in (2, 4, 6)]
    length = metrics_from(games, seats=2, board_places=[])["length"]
    half = 1.959964 * 2 / math.sqrt(3)  # standard deviation 2 over three games
    assert length["value"] == 4.0
    assert length["low"] == pytest.approx(4 - half, abs=1e-4)
    assert length["high"] == pytest.approx(4 + half, abs=1e-4)
    alone = metrics_from(games[:1], seats=2, board_places=[])["length"]
    assert (alone["low"], alone["high"]) == (None, None)  # one game has no spread


def test_a_skill_step_counts_only_with_60_percent_in_each_seat() -> None:
    def games(wins_as_0: int, wins_as_1: int, each: int) -> list[SkillGame]:
        first: list[SkillGame] = [
            {"stronger_seat": 0, "winners": [0] if i < wins_as_0 else [1]} for i in range(each)
        ]
        second: list[SkillGame] = [
            {"stronger_seat": 1, "winners": [1] if i < wins_as_1 else [0, 1]} for i in range(each)
        ]
        return first + second

    assert skill_step("a", "b", games(3, 3, 5))["counted"]  # exactly 60 % in each seat
    overall = skill_step("a", "b", games(5, 2, 5))  # 70 % in all, but 40 % as seat 1
    assert overall["wins"] == [5, 2]
    assert overall["games"] == [5, 5]
    assert not overall["counted"]
    chain = skill_depth([skill_step("a", "b", games(3, 3, 5)), overall])
    assert chain["value"] == 1
    assert chain["threshold"] == 0.6


# --- recomputed from a real report ---------------------------------------------------------------


def test_the_reports_metrics_recompute_exactly_from_its_own_games(tmp_path: Path) -> None:
    args = ["analyze", "triggle(size=3)", "--seats", "random,greedy", "--games", "6"]
    skill = ["--skill-depth", "--depth-levels", "random,greedy", "--depth-games", "4"]
    assert main([*args, *skill, "--seed", "3", "--out", str(tmp_path)]) == 0
    (variant,) = json.loads((tmp_path / "report.json").read_text())["variants"]
    metrics = variant["metrics"]
    games = variant["game_results"]
    steps = metrics["skill_depth"]["steps"]
    assert metrics_from(games, 2, variant["board_places"], steps) == metrics
    # The games listed are the games played.
    played = json.loads((tmp_path / "games.json").read_text())["games"]
    assert [g["winners"] for g in games] == [g["winners"] for g in played]
    assert [g["ply_scores"] for g in games] == [g["ply_scores"] for g in played]
    # A few again, without the module.
    n = len(games)
    drawn = sum(len(g["winners"]) != 1 for g in games)
    assert metrics["drawishness"]["value"] == round(drawn / n, 4)
    assert metrics["completion"]["value"] == round((n - drawn) / n, 4)
    assert metrics["length"]["value"] == round(sum(g["length"] for g in games) / n, 4)
    rates = [lead_changes(g["ply_scores"]) / (len(g["ply_scores"]) - 1) for g in games]
    assert metrics["lead_change"]["value"] == round(sum(rates) / n, 4)
    used = {place for g in games for place in g["places"]}
    assert metrics["coverage"]["used"] == len(used)
    assert metrics["coverage"]["places"] == len(variant["board_places"]) == 18
    (step,) = steps
    assert (step["weaker"], step["stronger"], sum(step["games"])) == ("random", "greedy", 4)


# --- the board's places ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "spec", ["triggle(size=3)", "tricolor(size=2)", "trig", "trugo(tiles=4)", "tranglar"]
)
def test_a_moves_places_are_places_of_the_board(spec: str) -> None:
    game = trigames.load_game(spec)
    state = game.new_initial_state()
    legal = state.legal_moves()
    board = board_places(game, state)
    named = Places(game).of(state, legal)
    assert all(places <= board for places in named)
    assert set().union(*named)  # the first moves name places
    words = {name for move in legal for step in game.input_steps(state, move) for name in step}
    picture = game.render_svg(state)
    for spot in OFF_BOARD_SPOTS:  # pieces in hand are drawn and named, but are no places
        held = set(re.findall(rf'data-name="([^"]*)" data-spot="{spot}"', picture))
        assert not held & board
        assert not held & set().union(*named)
        assert (spec == "tranglar") == bool(held & words)


def test_a_game_records_the_places_its_moves_named_and_plays_its_opening() -> None:
    played = play_game(Task("triggle(size=3)", 0, 5, ("random", "random"), ("A1-D3",)))
    assert {"A1", "D3"} <= set(played.places) <= set(played.offered)
    assert played.movers[0] == 0
    state = trigames.load_game("triggle(size=3)").new_initial_state()
    state.play("A1-D3")
    assert played.branching[1] == len(state.legal_moves())
