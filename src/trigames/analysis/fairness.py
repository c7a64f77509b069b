"""Fairness maps: the first player's score after each first move, and the board coloured by it.

``trigames fairness`` plays a number of games after every legal first move, both seats given
to one player, and scores them for seat 0 (a win 1, a win shared by ``k`` seats ``1/k``, as the
balance metric counts it). The map is the game's own picture of the start with each first
move's places (:mod:`trigames.core.places`) coloured by that score, from red (the second player
wins them all) through white (even) to blue (the first player wins them all), as swap maps for
Hex are drawn; a place that several first moves name (a Triggle peg ends several bands, a
TRANGLAR cell lies under many pieces) takes the mean of their scores.

>>> colour(0.0), colour(0.5), colour(1.0)
('#b2182b', '#f7f7f7', '#2166ac')
"""

from __future__ import annotations

import html
import re
from collections import defaultdict
from collections.abc import Sequence
from typing import TypedDict

from trigames.ai.match import GameResult
from trigames.analysis.metrics import credits
from trigames.analysis.stats import wilson
from trigames.core.places import Places
from trigames.core.protocol import AnyGame

#: The colours of a score of 0, 1/2 and 1 (ColorBrewer's red-blue, readable by most people
#: with a colour vision deficiency).
SCALE = ((0xB2, 0x18, 0x2B), (0xF7, 0xF7, 0xF7), (0x21, 0x66, 0xAC))
#: The narrowest picture (room for the caption and the key) and the key's width, in the
#: picture's units.
LEGEND_WIDTH = 400.0
KEY_WIDTH = 300.0


class FirstMove(TypedDict):
    """The games after one first move: seat 0's score with its 95 % Wilson interval."""

    move: str
    games: int
    first_player_score: float | None
    low: float
    high: float


class FairnessReport(TypedDict):
    game: str
    player: str
    games_per_move: int
    seed: int
    first_moves: list[FirstMove]


def first_move_rows(
    moves: Sequence[str], results: Sequence[GameResult], games_per_move: int, seats: int
) -> list[FirstMove]:
    """A row for each first move, in the order given; game ``index`` followed move
    ``index // games_per_move``."""
    scores: dict[int, list[float]] = defaultdict(list)
    for result in results:
        scores[result.index // games_per_move].append(credits(result.winners, seats)[0])
    rows: list[FirstMove] = []
    for i, move in enumerate(moves):
        got = scores.get(i, [])
        low, high = wilson(sum(got), len(got))
        value = round(sum(got) / len(got), 4) if got else None
        rows.append(
            {"move": move, "games": len(got), "first_player_score": value, "low": low, "high": high}
        )
    return rows


def colour(score: float) -> str:
    """The colour of a score from 0 to 1 on :data:`SCALE`."""
    low, high, t = (
        (SCALE[0], SCALE[1], score * 2) if score < 0.5 else (SCALE[1], SCALE[2], score * 2 - 1)
    )
    return "#" + "".join(f"{round(a + (b - a) * t):02x}" for a, b in zip(low, high, strict=True))


def place_scores(game: AnyGame, rows: Sequence[FirstMove]) -> dict[str, float]:
    """Each place's score: the mean over the first moves that name it (moves without games
    left out)."""
    state = game.new_initial_state()
    legal = state.legal_moves()
    named = dict(zip((str(move) for move in legal), Places(game).of(state, legal), strict=True))
    gathered: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        score = row["first_player_score"]
        if score is None:
            continue
        for place in named[row["move"]]:
            gathered[place].append(score)
    return {place: sum(values) / len(values) for place, values in sorted(gathered.items())}


_SIZE = re.compile(r'<svg\b[^>]*?\bwidth="([0-9.]+)"[^>]*?\bheight="([0-9.]+)"')


def _css_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def fairness_svg(game: AnyGame, rows: Sequence[FirstMove], caption: Sequence[str]) -> str:
    """The game's picture of the start with each first move's places coloured by
    :func:`place_scores`, the lines of ``caption`` and the colour key below it: one SVG
    document."""
    board = game.render_svg(game.new_initial_state())
    size = _SIZE.search(board)
    assert size is not None, "a game's picture gives its width and height"
    width, height = float(size.group(1)), float(size.group(2))
    total = max(width, LEGEND_WIDTH)
    rules = "\n".join(
        f"[data-name={_css_string(place)}]:not(g), [data-name={_css_string(place)}] > "
        f":not(text) {{ fill: {colour(score)}; fill-opacity: 1; }}"
        for place, score in place_scores(game, rows).items()
    )
    inner = board.replace("<svg ", f'<svg x="{(total - width) / 2:g}" y="0" ', 1)
    texts = [
        (total / 2, height + 18 + 16 * i, "middle", 12, line) for i, line in enumerate(caption)
    ]
    top = height + 18 + 16 * len(caption)
    left = (total - KEY_WIDTH) / 2
    texts += [
        (left + KEY_WIDTH * share, top + 24, anchor, 10, words)
        for share, anchor, words in ((0.0, "start", "0"), (0.5, "middle", "0.5"), (1.0, "end", "1"))
    ]
    texts += [
        (left, top + 38, "start", 10, "the second player wins all"),
        (left + KEY_WIDTH, top + 38, "end", 10, "the first player wins all"),
    ]
    key = "".join(
        f'<text x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}" fill="#2b2b2b">'
        f"{html.escape(words)}</text>\n"
        for x, y, anchor, size, words in texts
    )
    stops = "".join(
        f'<stop offset="{share:g}" stop-color="{colour(share)}"/>' for share in (0.0, 0.5, 1.0)
    )
    full = top + 48
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {total:g} {full:g}" '
        f'width="{total:g}" height="{full:g}" '
        'font-family="DejaVu Sans, Helvetica, Arial, sans-serif" '
        f'data-game="{html.escape(str(game.spec))}">\n'
        f"<title>{html.escape(' '.join(caption))}</title>\n"
        f'<defs><linearGradient id="fairness-key">{stops}</linearGradient></defs>\n'
        f"<style>\n{rules}\n</style>\n"
        f'<rect width="{total:g}" height="{full:g}" fill="#f6f1e4"/>\n'
        f"{inner}\n"
        f'<rect x="{left:g}" y="{top:g}" width="{KEY_WIDTH:g}" height="12" '
        'fill="url(#fairness-key)" stroke="#8a7f70" stroke-width="0.5"/>\n'
        f"{key}</svg>\n"
    )
