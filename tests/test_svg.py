"""SVG board pictures: well-formed, one named element per board place, last move marked."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import trigames
from trigames.cli.main import main
from trigames.core.protocol import AnyState
from trigames.games.triggle import svg as triggle_svg
from trigames.games.triggle.rules import TriggleState
from trigames.geometry.svg import draw
from trigames.records import GameRecord, Seat

SVG = "{http://www.w3.org/2000/svg}svg"

SPECS = [
    ("triggle", 12),
    ("triggle(size=5,players=3)", 15),
    ("tricolor", 12),
    ("tricolor(size=3)", 6),
    ("trig", 14),
    ("trig(board=triggest)", 20),
    ("trugo", 14),
    ("trugo(tiles=7,stacking=false)", 16),  # into the waning phase
    ("tranglar", 10),
    ("tranglar(quiet_limit=5)", 14),
]


def played(spec: str, moves: int, seed: int = 1) -> AnyState:
    state: AnyState = trigames.load_game(spec).new_initial_state()
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        state.play(rng.choice(state.legal_moves()))
    return state


def expected_names(state: Any) -> list[str]:
    """The names the notation gives the board's places, from the engine's own tables."""
    game = state.game
    info = game.info()
    if game.name == "triggle":
        names = [game.board.region.name(p) for p in game.board.pegs]
        assert len(names) == info["pegs"]
    elif game.name == "tricolor":
        names = [game.board.region.name(p) for p in game.board.region.points]
        names += [str(move) for move in state.legal_moves()]  # the lozenges to tap
    elif game.name == "trig":
        names = [game.board.names.name(c) for c in game.board.cells]
        assert len(names) == info["cells"]
    elif game.name == "trugo":
        w = state.window
        cells = state.present | (state.frontier if state.pool > 0 else set())
        names = [state.tile_name(t) for t in cells]
        names += [
            state.junction_name(j) for j in {j for t in state.present for j in w.tile_corners[t]}
        ]
    else:
        from trigames.games.tranglar.board import cell_name

        names = [cell_name(i) for i in range(info["cells"])]
        # the pieces the mover may place, picked from the reserve's pictures of them
        names += sorted(
            {
                steps[0][0]
                for m in state.legal_moves()
                if ":" in (steps := game.input_steps(state, m))[0][0]
            }
        )
    return names


@pytest.mark.parametrize(("spec", "moves"), SPECS)
def test_picture_is_svg_with_every_place_named(spec: str, moves: int) -> None:
    state = played(spec, moves)
    picture = state.game.render_svg(state)
    root = ET.fromstring(picture)
    assert root.tag == SVG
    assert len(root.get("viewBox", "").split()) == 4
    assert root.get("data-game") == str(state.game.spec)
    named = [name for element in root.iter() if (name := element.get("data-name"))]
    assert len(named) == len(set(named))
    assert sorted(named) == sorted(expected_names(state))
    pieces = [element for element in root.iter() if element.get("data-piece")]
    assert pieces
    assert all(element.get("data-at") for element in pieces)


@pytest.mark.parametrize(("spec", "moves"), SPECS)
def test_the_last_move_is_marked(spec: str, moves: int) -> None:
    state = played(spec, moves)
    last = state.last_move
    assert last is not None
    root = ET.fromstring(state.game.render_svg(state))
    assert root.get("data-last-move") == str(last)
    marked = [element for element in root.iter() if element.get("data-last") == "true"]
    if str(last) not in ("pass", "resign") and not str(last).startswith("-"):
        assert marked


def test_no_last_move_before_the_first() -> None:
    for name in ("triggle", "tricolor", "trig", "trugo", "tranglar"):
        game = trigames.load_game(name)
        root = ET.fromstring(game.render_svg(game.new_initial_state()))
        assert root.get("data-last-move") is None
        assert root.get("data-to-move") == "0"


@pytest.mark.parametrize(("spec", "moves"), SPECS[::2])
def test_pictures_are_a_function_of_the_position(spec: str, moves: int) -> None:
    state = played(spec, moves)
    game = state.game
    picture = game.render_svg(state)
    assert game.render_svg(state.clone()) == picture == game.render_svg(played(spec, moves))
    bare = game.render_svg(state, labels=False)
    assert ET.fromstring(bare).tag == SVG
    assert len(bare) < len(picture)


def test_pieces_say_whose_they_are() -> None:
    state = trigames.load_game("trig").new_initial_state()
    state.play("G6")
    root = ET.fromstring(state.game.render_svg(state))
    (peg,) = [e for e in root.iter() if e.get("data-piece") == "peg"]
    assert (peg.get("data-owner"), peg.get("data-owner-name"), peg.get("data-at")) == (
        "0",
        "White",
        "G6",
    )
    assert peg.get("data-last") == "true"


def test_render_command_writes_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "board.svg"
    assert main(["render", "tricolor", "--moves", "D4-D5", "--out", str(out)]) == 0
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert root.get("data-last-move") == "D4-D5"
    assert main(["render", "trig", "--out", "-"]) == 0
    assert ET.fromstring(capsys.readouterr().out).tag == SVG


def test_render_command_reads_a_record(tmp_path: Path) -> None:
    state = played("trugo", 5)
    record = GameRecord.from_state(state, [Seat("A"), Seat("B")])
    path = tmp_path / "game.json"
    record.save(path)
    out = tmp_path / "board.svg"
    assert main(["render", "trugo", "--record", str(path), "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == state.game.render_svg(state) + "\n"
    assert main(["render", "trig", "--record", str(path), "--out", str(out)]) == 2


def test_render_command_reports_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "board.svg"
    assert main(["render", "triggle", "--moves", "D1-D4", "Z9", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "move 2 (Z9)" in err
    assert "Traceback" not in err
    assert main(["render", "triggle", "--moves", "D1-D4", "D1-D4", "--out", str(out)]) == 2
    assert "not legal" in capsys.readouterr().err
    assert main(["render", "nogame", "--out", str(out)]) == 2
    assert (
        main(["render", "triggle", "--record", str(tmp_path / "no.json"), "--out", str(out)]) == 1
    )
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["render", "triggle", "--record", str(bad), "--out", str(out)]) == 2
    assert not out.exists()


@pytest.mark.parametrize("spec", ["triggle(size=3)", "triggle", "triggle(size=6,players=4)"])
@pytest.mark.parametrize("labels", [True, False])
def test_triggles_known_frame_is_the_box_round_what_it_draws(spec: str, labels: bool) -> None:
    """Triggle's drawings are fitted to a box worked out once per board (no block is measured):
    it must be the box round every block of every position, to the last edge band."""
    for seed in range(3):
        state = played(spec, 10_000, seed)  # a whole game: bands along every edge
        assert isinstance(state, TriggleState)
        drawn = triggle_svg.drawing(state, labels=labels)
        measured = draw(drawn.blocks, scale=triggle_svg.SCALE, title="")
        assert drawn.head[0].split(" font-family")[0] == measured.head[0].split(" font-family")[0]
