"""Board pictures stay the same, byte for byte: seeded random games of every game (a resignation
and undos among them), each position drawn with and without labels, compared with digests; and
what the renderers keep between drawings never changes a picture.

The digests in ``tests/data/svg_digests.json`` were taken from the renderers as they were before
they were made faster (with caches of what a position does not change), so a drawing that comes
out different in any way, in any position, fails here. Each entry is one SHA-256 per spec and
seed: the SHA-256 of the pictures' own SHA-256 digests, position after position, labels first.
To take them again (only when a picture is meant to change), run::

    .venv/bin/python tests/test_svg_digests.py
"""

from __future__ import annotations

import hashlib
import importlib
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import trigames
from trigames.core.protocol import AnyState

DIGESTS = Path(__file__).parent / "data" / "svg_digests.json"

SPECS = (
    "triggle",
    "triggle(size=3)",
    "triggle(players=3)",
    "tricolor",
    "trig",
    "trig(board=trigger)",
    "trig(board=triggest)",
    "trugo",
    "trugo(tiles=12)",
    "tranglar",
)
SEEDS = (0, 1, 2)
#: In the game of this seed, seat 1 resigns after this many moves (if the game lasts).
RESIGN = (1, 10)
#: In the game of this seed, after these moves, the last move (two at the second) is taken
#: back and the game goes on.
UNDO = (2, {6: 1, 12: 2})


def positions(spec: str, seed: int) -> Iterator[AnyState]:
    """Every position of a seeded random game, the start included, as the game goes (one state,
    played on: clone it to keep a position)."""
    state = trigames.load_game(spec).new_initial_state()
    rng = random.Random(seed)
    yield state
    played = 0
    while not state.is_over():
        state.play(rng.choice(state.legal_moves()))
        played += 1
        yield state
        if seed == UNDO[0]:
            for _ in range(UNDO[1].get(played, 0)):
                state.undo()
                yield state
        if (seed, played) == RESIGN and not state.is_over():
            state.play("resign 1")
            yield state


def digest(spec: str, seed: int) -> dict[str, int | str]:
    """How many positions the game had, and the digest of their pictures."""
    game = trigames.load_game(spec)
    total = hashlib.sha256()
    count = 0
    for state in positions(spec, seed):
        for labels in (True, False):
            picture = game.render_svg(state, labels=labels)
            total.update(hashlib.sha256(picture.encode()).hexdigest().encode())
        count += 1
    return {"positions": count, "sha256": total.hexdigest()}


def take_digests() -> dict[str, dict[str, dict[str, int | str]]]:
    """The digests of every spec and seed, as the data file holds them."""
    return {spec: {str(seed): digest(spec, seed) for seed in SEEDS} for spec in SPECS}


@pytest.mark.parametrize("spec", SPECS)
def test_pictures_are_the_same_as_before(spec: str) -> None:
    expected = json.loads(DIGESTS.read_text(encoding="utf-8"))[spec]
    assert {str(seed): digest(spec, seed) for seed in SEEDS} == expected


@pytest.mark.parametrize(
    "spec", ["triggle(players=3)", "tricolor(size=3)", "trig", "trugo(tiles=12)", "tranglar"]
)
def test_a_picture_does_not_depend_on_what_was_drawn_before(
    spec: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The renderers keep the parts they drew for later positions: positions drawn again in
    another order, the kept parts dropped first, and with tables so small (Trugo's) that they
    start afresh all the time, give the same pictures."""
    game = trigames.load_game(spec)
    module = importlib.import_module(f"trigames.games.{game.name}.svg")
    states = [state.clone() for state in positions(spec, UNDO[0])]
    cases = [(state, labels) for state in states for labels in (True, False)]
    first = [game.render_svg(state, labels=labels) for state, labels in cases]
    monkeypatch.setattr("trigames.games.trugo.svg.PARTS_KEPT", 3)
    module._parts.cache_clear()
    order = list(range(len(cases)))
    random.Random(7).shuffle(order)
    again = {i: game.render_svg(cases[i][0], labels=cases[i][1]) for i in order}
    assert [again[i] for i in range(len(cases))] == first
    module._parts.cache_clear()  # no parts with tiny tables kept for other tests


def test_a_game_has_its_resignation_and_undos() -> None:
    texts = [
        str(state.history[-1]) if state.history else "" for state in positions("trig", RESIGN[0])
    ]
    assert "resign 1" in texts
    lengths = [len(state.history) for state in positions("trig", UNDO[0])]
    assert lengths[6:10] == [6, 5, 6, 7]  # the sixth move taken back, then played again


if __name__ == "__main__":
    DIGESTS.write_text(json.dumps(take_digests(), indent=1) + "\n", encoding="utf-8")
