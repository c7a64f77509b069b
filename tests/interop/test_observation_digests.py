"""Every game's observation planes along seeded random games, against digests kept from the
planes as first written (``tests/data/interop/observation_digests.json``): a faster way of
computing them must give the same numbers, bit for bit. A change that means to change the
planes writes the new digests with ``python -m tests.interop.test_observation_digests``."""

from __future__ import annotations

import hashlib
import json
import random
import struct
from pathlib import Path

import pytest

import trigames

DIGESTS = Path(__file__).parent.parent / "data" / "interop" / "observation_digests.json"
#: The games and variants, with how many random games each and every how many plies the
#: planes are read (for every seat).
SPECS = {
    "triggle": (4, 1),
    "triggle(players=3)": (3, 1),
    "tricolor": (4, 1),
    "tricolor(size=2,players=3)": (3, 1),
    "trig": (3, 1),
    "trig(board=triggest)": (2, 3),
    "trugo(tiles=12,pieces=6)": (3, 2),
    "trugo": (1, 7),
    "tranglar": (2, 2),
}


def digest(spec: str) -> str:
    """The SHA-256 of the planes' names, shapes and numbers along the random games of
    ``spec`` (seeded by the spec)."""
    games, every = SPECS[spec]
    game = trigames.load_game(spec)
    rng, found = random.Random(spec), hashlib.sha256()
    for _ in range(games):
        state = game.new_initial_state()
        ply = 0
        while True:
            if ply % every == 0:
                for seat in range(game.num_players):
                    planes = game.observation_planes(state, seat)
                    found.update(repr((planes.names, planes.shapes)).encode())
                    found.update(struct.pack(f"{planes.size}d", *planes.flat()))
            if state.is_over():
                break
            state.play(rng.choice(state.legal_moves()))
            ply += 1
    return found.hexdigest()


@pytest.mark.parametrize("spec", SPECS)
def test_the_planes_are_the_ones_first_written(spec: str) -> None:
    assert digest(spec) == json.loads(DIGESTS.read_text())[spec]


if __name__ == "__main__":
    DIGESTS.write_text(json.dumps({spec: digest(spec) for spec in SPECS}, indent=1) + "\n")
