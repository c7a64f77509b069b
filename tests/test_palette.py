"""The boards' colours stay apart for every eye: normal vision and the three common
colour-vision deficiencies, simulated.

A meaningful fill must have a WCAG contrast ratio of at least 3:1 against what it must be told
apart from (the board's paper, the other players' colours, the other kind of cell, the last move
against a place to click), under normal vision and under each simulation. Where 3:1 between
two fills cannot be had (four players' colours cannot all be 3:1 apart), the pair must differ
by a pattern or a mark too: :data:`PAIRS` says which, and the tests after it check that the
drawings have those marks. Both themes are checked: the drawings' own (light) colours, and the
dark ones a page gives them through CSS (``light-dark()`` in ``style.css``).

The simulation is Machado, Oliveira and Fernandes (2009), severity 1, applied to linear RGB.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

import trigames
from trigames.games.tranglar.svg import FILLS as TRANGLAR_FILLS
from trigames.games.tricolor.svg import PIECE_FILLS as TRICOLOR_FILLS
from trigames.games.trig.svg import PILLAR, PLAYING, SEPARATOR
from trigames.games.trugo.svg import DARK_AREA, LIGHT_AREA
from trigames.games.trugo.svg import PIECE_FILLS as TRUGO_FILLS
from trigames.geometry.svg import PALETTE, SEAT_COLOURS, THEMED_ROLES

STYLE = Path(__file__).parents[1] / "src" / "trigames" / "web" / "static" / "style.css"

Matrix = tuple[tuple[float, float, float], ...]
#: Machado et al. (2009), severity 1.0, on linear RGB.
VISIONS: dict[str, Matrix | None] = {
    "normal": None,
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def linear(colour: str) -> tuple[float, float, float]:
    """An ``#rrggbb`` colour in linear RGB.

    >>> linear("#ffffff"), linear("#000000")
    ((1.0, 1.0, 1.0), (0.0, 0.0, 0.0))
    """
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return r, g, b


def luminance(colour: str, vision: str = "normal") -> float:
    """The WCAG relative luminance of ``colour`` as seen with ``vision``."""
    rgb = linear(colour)
    matrix = VISIONS[vision]
    seen = list(rgb) if matrix is None else [
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in matrix
    ]  # fmt: skip
    r, g, b = seen
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str, vision: str = "normal") -> float:
    """The WCAG contrast ratio of two colours as seen with ``vision``.

    >>> round(contrast("#ffffff", "#000000"), 1)
    21.0
    """
    high, low = sorted((luminance(a, vision), luminance(b, vision)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def css_themes() -> dict[str, tuple[str, str]]:
    """The page's ``--name: light-dark(#light, #dark)`` colours, by name."""
    found = re.findall(
        r"--([\w-]+): light-dark\((#[0-9a-f]{6}), (#[0-9a-f]{6})\)", STYLE.read_text()
    )
    return {name: (light, dark) for name, light, dark in found}


THEMES = css_themes()
LIGHT = {name: light for name, (light, _) in THEMES.items()}
DARK = {name: dark for name, (_, dark) in THEMES.items()}


@dataclass(frozen=True)
class Pair:
    """Two fills that mean different things where they meet; ``mark``: what else tells them
    apart, when their colours cannot be 3:1 apart for every eye."""

    what: str
    a: str
    b: str
    mark: str | None = None


OUTLINED = "every piece is outlined"
INITIALS = "a claim carries its owner's initial"
TARGET_RING = "a place to click carries a ring (marks.js), the last move a shape of the drawing's"


def theme_pairs(theme: str, colours: dict[str, str]) -> list[Pair]:
    """The pairs that the page's CSS colours in ``theme`` (light: the drawings' own)."""
    board, paper, last, target = (colours[k] for k in ("svg-board", "svg-background", "svg-last",
                                                       "target"))  # fmt: skip
    return [
        Pair(f"{theme}: the last move on the board", last, board),
        Pair(f"{theme}: the last move on the paper", last, paper),
        Pair(f"{theme}: a place to click on the board", target, board),
        Pair(f"{theme}: a place to click on the paper", target, paper),
        Pair(f"{theme}: a place to click and the last move", target, last, TARGET_RING),
        Pair(
            f"{theme}: a place chosen and a place to click",
            colours["selected"],
            target,
            "a place chosen has a thick outline and a tint, and no ring",
        ),
        Pair(f"{theme}: labels on the paper", colours["svg-label"], paper),
        Pair(f"{theme}: lines and letters on the board", colours["svg-ink"], board),
        Pair(
            f"{theme}: Trig's capture cells, pink and green",
            colours["trig-pink"],
            colours["trig-green"],
            "the green cells are hatched",
        ),
        Pair(f"{theme}: Trig's numbers on pink", colours["svg-ink"], colours["trig-pink"]),
        Pair(f"{theme}: Trig's numbers on green", colours["svg-ink"], colours["trig-green"]),
        Pair(
            f"{theme}: Trig's Pillars and separators",
            colours["trig-pillar"],
            colours["trig-separator"],
        ),
        Pair(f"{theme}: a place to click on Trig's pink", target, colours["trig-pink"]),
        Pair(
            f"{theme}: a place to click on Trig's green",
            target,
            colours["trig-green"],
            "the green cells are hatched, a place to click ringed",
        ),
    ]


SEATS = ("blue", "yellow", "red", "green")
PAIRS = [
    *theme_pairs("light", LIGHT),
    *theme_pairs("dark", DARK),
    # Trig: pegs on the playing cells (a white peg is outlined in ink)
    *(
        Pair(f"Trig: a black peg on {name}", PALETTE["black"], PLAYING[shade])
        for shade, name in ((1, "pink"), (2, "green"))
    ),
    *(
        Pair(f"Trig: a white peg on {name}", PALETTE["white"], PLAYING[shade], OUTLINED)
        for shade, name in ((1, "pink"), (2, "green"))
    ),
    Pair(
        "Trig: separators and playing cells",
        SEPARATOR,
        PLAYING[1],
        "a playing cell shows its number or a peg, a separator nothing",
    ),
    Pair("Trig: Pillars and playing cells", PILLAR, PLAYING[2]),
    # Triggle: the four seats' claims, on the board and between them
    *(
        Pair(f"Triggle: {a} and {b} claims", SEAT_COLOURS[a], SEAT_COLOURS[b], INITIALS)
        for i, a in enumerate(SEATS)
        for b in SEATS[i + 1 :]
    ),
    *(
        Pair(
            f"Triggle: a {seat} claim on the board", SEAT_COLOURS[seat], PALETTE["board"], INITIALS
        )
        for seat in SEATS
    ),
    # Tricolor: the three colours of lozenges
    *(
        Pair(
            f"Tricolor: colours {i} and {j}",
            TRICOLOR_FILLS[i],
            TRICOLOR_FILLS[j],
            "each colour lies at its own angle, outlined",
        )
        for i, j in ((0, 1), (0, 2), (1, 2))
    ),
    *(
        Pair(f"Tricolor: colour {i} on the board", fill, PALETTE["board"], OUTLINED)
        for i, fill in enumerate(TRICOLOR_FILLS)
    ),
    Pair(
        "Tricolor: an empty triangle on the board",
        PALETTE["faint"],
        PALETTE["board"],
        "an empty triangle has a dot",
    ),
    Pair(
        "Tricolor: a place to click and an orange lozenge",
        LIGHT["target"],
        TRICOLOR_FILLS[0],
        TARGET_RING,
    ),
    # Trugo: the two players and the tiles' two areas
    Pair("Trugo: White and Blue", TRUGO_FILLS[0], TRUGO_FILLS[1]),
    Pair("Trugo: the light and dark areas", LIGHT_AREA, DARK_AREA),
    Pair("Trugo: Blue on a light area", TRUGO_FILLS[1], LIGHT_AREA),
    Pair("Trugo: White on a dark area", TRUGO_FILLS[0], DARK_AREA),
    Pair("Trugo: White on a light area", TRUGO_FILLS[0], LIGHT_AREA, OUTLINED),
    Pair(
        "Trugo: Blue on a dark area",
        TRUGO_FILLS[1],
        DARK_AREA,
        "a piece is ringed in black, then in the light of the tiles",
    ),
    # TRANGLAR: the two players and the neutral pieces
    Pair("TRANGLAR: petrol and acid green", TRANGLAR_FILLS[0], TRANGLAR_FILLS[1]),
    Pair("TRANGLAR: petrol and neutral", TRANGLAR_FILLS[0], TRANGLAR_FILLS[2]),
    Pair("TRANGLAR: petrol on the board", TRANGLAR_FILLS[0], PALETTE["board"]),
    Pair(
        "TRANGLAR: acid green and neutral",
        TRANGLAR_FILLS[1],
        TRANGLAR_FILLS[2],
        "outlined in dark olive and in grey; the neutral pieces are kinds of their own",
    ),
    Pair("TRANGLAR: acid green on the board", TRANGLAR_FILLS[1], PALETTE["board"], OUTLINED),
    Pair("TRANGLAR: neutral on the board", TRANGLAR_FILLS[2], PALETTE["board"], OUTLINED),
]


@pytest.mark.parametrize("pair", PAIRS, ids=lambda pair: pair.what)
def test_a_pair_is_apart_for_every_eye_or_marked(pair: Pair) -> None:
    """3:1 under normal vision and each simulation, or a mark (checked below) as well."""
    ratios = {vision: round(contrast(pair.a, pair.b, vision), 2) for vision in VISIONS}
    if pair.mark is None:
        assert min(ratios.values()) >= 3, f"{pair.what}: {pair.a} and {pair.b}: {ratios}"


def test_the_pages_light_colours_are_the_drawings_own() -> None:
    """The page recolours a drawing by role, and in the light theme leaves it as it was."""
    for role in THEMED_ROLES:
        assert LIGHT[f"svg-{role}"] == PALETTE[role], role
    assert (LIGHT["trig-pink"], LIGHT["trig-green"]) == (PLAYING[1], PLAYING[2])
    assert (LIGHT["trig-pillar"], LIGHT["trig-separator"]) == (PILLAR, SEPARATOR)


def test_every_dark_colour_of_the_drawings_has_a_rule() -> None:
    """Each role's dark colour is given to the elements of that role."""
    style = STYLE.read_text()
    for role in THEMED_ROLES:
        assert f"fill: var(--svg-{role})" in style or f"stroke: var(--svg-{role})" in style, role


def test_trigs_green_cells_are_hatched() -> None:
    state = trigames.load_game("trig").new_initial_state()
    picture = state.game.render_svg(state)
    hatched = picture.count('fill="url(#trig-hatch)"')
    pink = picture.count(f'fill="{PLAYING[1]}"')
    assert picture.count('<pattern id="trig-hatch"') == 1
    assert hatched
    assert abs(hatched - pink) <= 2  # a third of the playing cells each way


def played(spec: str, moves: int) -> str:
    """The picture of a seeded random game of ``spec`` after ``moves`` moves."""
    state = trigames.load_game(spec).new_initial_state()
    rng = random.Random(5)
    for _ in range(moves):
        if state.is_over():
            break
        state.play(rng.choice(state.legal_moves()))
    picture: str = state.game.render_svg(state)
    return picture


def test_triggle_claims_carry_their_owners_initials() -> None:
    picture = played("triggle(players=4)", 60)
    claims = re.findall(r'data-piece="claim" data-owner="\d" data-owner-name="(\w+)"', picture)
    marks = re.findall(r'class="claim-mark"[^>]*>(\w)</text>', picture)
    assert claims
    assert sorted(marks) == sorted(name[0] for name in claims)


def test_trugo_pieces_are_ringed_in_the_light_of_the_tiles() -> None:
    picture = played("trugo", 40)
    pieces = len(re.findall(r'data-piece="(?:piece|stack|pinned)"', picture))
    rings = picture.count(f'fill="none" stroke="{LIGHT_AREA}"')
    assert pieces
    assert rings == pieces


def test_tricolor_and_tranglar_pieces_are_outlined() -> None:
    lozenges = re.findall(r"<polygon [^>]*data-piece=\"lozenge\"", played("tricolor", 10))
    assert lozenges
    assert all('stroke="#' in lozenge for lozenge in lozenges)
    tranglar = played("tranglar", 6)
    assert "data-piece=" in tranglar
    assert "tranglar-outline-" in tranglar
