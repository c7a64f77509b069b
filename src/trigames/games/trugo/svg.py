"""The Trugo layout drawn as SVG: two-coloured tiles with the pieces on their corners.

Tiles are flat-topped hexagons, their light and dark areas drawn from the geometry in
:mod:`trigames.geometry.honeycomb` (light cap, dark band, light band, dark cap). Pieces are White or
Blue discs on the junctions, each ringed in ink and then in the light of the tiles (a piece stands
out from the dark areas as well as the light ones); in a stack the pinned piece shows as a ring
round the top one. While the pool lasts, the empty cells where a tile may go are dashed outlines
with their names. The last tile placed is outlined in the last-move colour, the two ends of the last
piece move are ringed in it. Columns are lettered on top and rows numbered on the sides, as in the
text drawing: the letters and numbers of the game's fixed frame, over the part of it in use, so
every name stays where it is for the whole game. Tiles (``data-spot="tile"``), empty cells
(``data-spot="cell"``) and the junctions of the layout (``data-spot="junction"``) carry their names.

Every tile, cell, junction and name is drawn once per game in each way it can look, and kept
(:func:`_parts`, in bounded tables, as the layout may wander far): drawing a position joins
them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from trigames.core.protocol import ChoicePicture
from trigames.games.trugo.board import ORIENTATION_NAMES, PLACE, TrugoMove, column_name
from trigames.games.trugo.rules import TrugoRules, TrugoState
from trigames.games.trugo.text import _last_spots, view
from trigames.geometry.honeycomb import Memo, area_outlines, grid_to_plane, tile_outline
from trigames.geometry.svg import (
    PALETTE,
    Block,
    Drawing,
    SvgCanvas,
    draw_position,
    piece_attributes,
)

LIGHT_AREA = "#f1e8d2"
DARK_AREA = "#4b5263"
PIECE_FILLS = (PALETTE["white"], "#2f6fd0")
#: The pieces' outline: black, not the paper's ink, as the tiles keep their colours in a
#: page's dark theme.
PIECE_OUTLINE = PALETTE["black"]
SCALE = 40
#: The most entries each table of :class:`_Parts` keeps (it starts afresh when full): a game
#: of the default size reaches a few hundred cells and junctions, each drawn in a few ways,
#: and an entry is well under a kilobyte of text.
PARTS_KEPT = 2048


def drawing(state: TrugoState, *, labels: bool = True) -> Drawing:
    """The layout drawn (a :class:`~trigames.geometry.svg.Drawing`: an SVG document in blocks), the
    last move marked.

    >>> import trigames
    >>> state = trigames.load_game("trugo").new_initial_state()
    >>> state.play("dg74e")
    >>> picture = drawing(state).text()
    >>> picture.count('data-spot="tile"'), picture.count('data-spot="junction"')
    (1, 6)
    """
    w = state.window
    game = state.game
    parts = _parts(game)
    last_tile, last_junctions = _last_spots(state)
    present = sorted(state.present)
    blocks = [parts.tiles[t, state.orient[t], t == last_tile] for t in present]
    if state.pool > 0:
        blocks += [parts.cells[t, labels] for t in sorted(state.frontier)]
    if last_tile is not None and last_tile in state.present:
        blocks.append(parts.last_tiles[last_tile])
    if state.pool == 0 and labels:
        blocks += [parts.tile_names[t] for t in present]
    full, top, bottom = state.full, state.top, state.bottom
    blocks += [
        parts.junctions[j, full[j] == 3, top[j], bottom[j], j in last_junctions]
        for j in sorted({j for t in present for j in w.tile_corners[t]})
    ]
    if labels and (state.present or state.frontier):
        x0, y0, x1, y1 = view(state)
        blocks += [parts.columns[x, y0] for x in range(x0, x1 + 1)]
        blocks += [parts.rows[y, x0, x1] for y in range(y0, y1 + 1)]
    return draw_position(state, blocks, scale=SCALE)


class _Parts:
    """The parts of one game's pictures, each drawn when first needed, by window id: the
    ``tiles[t, orientation, last]`` placed (their ``areas[t, orientation]`` drawn once for both
    values of ``last``); the empty ``cells[t, labels]`` where a tile may go; the outline of the
    ``last_tiles[t]`` placed; the ``tile_names[t]`` of the waning phase; ``junctions[j, full,
    top, bottom, last]`` with their pieces; and the frame's ``columns[x, y]`` letters (above
    row ``y``) and ``rows[y, x0, x1]`` numbers (beside columns ``x0`` and ``x1``). Each table
    keeps at most :data:`PARTS_KEPT` entries."""

    def __init__(self, game: TrugoRules) -> None:
        self.game = game
        self.tiles: Memo[tuple[int, int, bool], Block] = Memo(lambda k: self._tile(*k), PARTS_KEPT)
        self.areas: Memo[tuple[int, int], Block] = Memo(lambda k: self._areas(*k), PARTS_KEPT)
        self.cells: Memo[tuple[int, bool], Block] = Memo(lambda k: self._cell(*k), PARTS_KEPT)
        self.last_tiles: Memo[int, Block] = Memo(self._last_tile, PARTS_KEPT)
        self.tile_names: Memo[int, Block] = Memo(self._tile_name, PARTS_KEPT)
        self.junctions: Memo[tuple[int, bool, int, int, bool], Block] = Memo(
            lambda k: self._junction(*k), PARTS_KEPT
        )
        self.columns: Memo[tuple[int, int], Block] = Memo(lambda k: self._column(*k), PARTS_KEPT)
        self.rows: Memo[tuple[int, int, int], Block] = Memo(lambda k: self._row(*k), PARTS_KEPT)

    def _tile(self, t: int, o: int, last: bool) -> Block:
        """Tile ``t`` turned ``o``, named (its areas drawn once for both values of ``last``)."""
        canvas = SvgCanvas(scale=SCALE)
        canvas.open_group(
            {
                "data-name": self.game.names.tile_names[t],
                "data-spot": "tile",
                "data-orientation": ORIENTATION_NAMES[o],
                **({"data-last": "true"} if last else {}),
            }
        )
        canvas.add(self.areas[t, o])
        canvas.close_group()
        return canvas.block()

    def _areas(self, t: int, o: int) -> Block:
        """The light and dark areas of tile ``t`` turned ``o``, and its outline."""
        tile = self.game.window.tiles[t]
        canvas = SvgCanvas(scale=SCALE)
        canvas.polygon(tile_outline(tile), fill=LIGHT_AREA)
        half, light_cap, dark_cap = area_outlines(tile, o)
        canvas.polygon(half, fill=DARK_AREA)
        canvas.polygon(light_cap, fill=LIGHT_AREA)
        canvas.polygon(dark_cap, fill=DARK_AREA)
        canvas.polygon(tile_outline(tile), stroke=PALETTE["ink"], width=0.04)
        return canvas.block()

    def _cell(self, t: int, labels: bool) -> Block:
        """Empty cell ``t``, where a tile may go, with its name if ``labels``."""
        w, name = self.game.window, self.game.names.tile_names[t]
        canvas = SvgCanvas(scale=SCALE)
        canvas.polygon(
            tile_outline(w.tiles[t]),
            fill=PALETTE["board"],
            stroke=PALETTE["line"],
            width=0.03,
            attrs={
                "data-name": name,
                "data-spot": "cell",
                "stroke-dasharray": "4 3",
                "fill-opacity": "0.6",
            },
        )
        if labels:
            canvas.text(grid_to_plane(*w.tile_xy[t]), name, size=0.3)
        return canvas.block()

    def _last_tile(self, t: int) -> Block:
        canvas = SvgCanvas(scale=SCALE)
        canvas.polygon(tile_outline(self.game.window.tiles[t]), stroke=PALETTE["last"], width=0.1)
        return canvas.block()

    def _tile_name(self, t: int) -> Block:
        """Tile ``t``'s name on a disc, both letting clicks through to the tile under them."""
        centre = grid_to_plane(*self.game.window.tile_xy[t])
        canvas = SvgCanvas(scale=SCALE)
        canvas.circle(
            centre,
            0.34,
            fill=LIGHT_AREA,
            stroke=DARK_AREA,
            width=0.02,
            attrs={"pointer-events": "none"},
        )
        canvas.text(centre, self.game.names.tile_names[t], size=0.19, fill=DARK_AREA)
        return canvas.block()

    def _junction(self, j: int, full: bool, top: int, bottom: int, last: bool) -> Block:
        """Junction ``j`` (``full``: three tiles meet there) with its ``top`` piece and the one
        pinned under it (seats, -1 for none), ringed if the ``last`` move went there."""
        game = self.game
        w = game.window
        at = grid_to_plane(*w.junction_xy[j])
        name = game.names.junction_names[j]
        light = w.light[j]
        spot = {
            "data-name": name,
            "data-spot": "junction",
            "data-junction": "light" if light else "dark",
            "data-full": "true" if full else "false",
        }
        canvas = SvgCanvas(scale=SCALE)
        canvas.open_group(spot)
        canvas.hit_circle(at, 0.45)  # junctions are one edge apart, cells' centres farther
        if not full:
            canvas.circle(at, 0.08, fill=PALETTE["line"])
        else:
            canvas.circle(
                at,
                0.16,
                fill=LIGHT_AREA if light else DARK_AREA,
                stroke=DARK_AREA if light else LIGHT_AREA,
                width=0.04,
            )
        canvas.close_group()
        pieces = (
            (bottom, 0.3, 0.03, "pinned", False),
            (top, 0.21, 0.04, "stack" if bottom >= 0 else "piece", last),
        )
        for seat, radius, width, kind, marked in pieces:
            if seat >= 0:
                canvas.circle(at, radius + 0.045, stroke=LIGHT_AREA, width=0.05)
                canvas.circle(
                    at,
                    radius,
                    fill=PIECE_FILLS[seat],
                    stroke=PIECE_OUTLINE,
                    width=width,
                    attrs=piece_attributes(kind, seat, game.player_name(seat), name, last=marked),
                )
        if last:
            canvas.circle(at, 0.36, stroke=PALETTE["last"], width=0.07)
        return canvas.block()

    def _column(self, x: int, y: int) -> Block:
        """The letter of the frame's column ``x``, over grid row ``y``."""
        canvas = SvgCanvas(scale=SCALE)
        canvas.text(grid_to_plane(x, y - 1.2), column_name(x - self.game.names.left), size=0.26)
        return canvas.block()

    def _row(self, y: int, x0: int, x1: int) -> Block:
        """The number of the frame's row ``y``, left of grid column ``x0`` and right of ``x1``."""
        number = str(y - self.game.names.top + 1)
        canvas = SvgCanvas(scale=SCALE)
        canvas.text(grid_to_plane(x0 - 1.6, y), number, size=0.26)
        canvas.text(grid_to_plane(x1 + 1.6, y), number, size=0.26)
        return canvas.block()


@lru_cache(maxsize=8)
def _parts(game: TrugoRules) -> _Parts:
    """The parts of ``game``'s pictures, shared: those of the 8 games drawn last are kept."""
    return _Parts(game)


def choice_pictures(
    state: TrugoState, moves: Sequence[TrugoMove]
) -> dict[TrugoMove, ChoicePicture]:
    """Each placement among ``moves`` as a ghost tile on its cell, turned as the move turns it
    (a page shows the three ways round before one is chosen); other moves have no picture.

    >>> import trigames
    >>> game = trigames.load_game("trugo")
    >>> state = game.new_initial_state()
    >>> found = choice_pictures(state, [state.parse_move(m) for m in ("dg74e", "dg74nw")])
    >>> [picture.ghost.count("<polygon") for picture in found.values()]
    [5, 5]
    """
    table = state._legal_table()
    w = state.window
    found = {}
    for move in moves:
        code = table.get(move)
        if code is None or code[0] != PLACE:
            continue
        _, t, o = code
        tile = w.tiles[t]
        canvas = SvgCanvas(scale=SCALE, margin=0.1)
        canvas.polygon(tile_outline(tile), fill=LIGHT_AREA)
        half, light_cap, dark_cap = area_outlines(tile, o)
        canvas.polygon(half, fill=DARK_AREA)
        canvas.polygon(light_cap, fill=LIGHT_AREA)
        canvas.polygon(dark_cap, fill=DARK_AREA)
        canvas.polygon(tile_outline(tile), stroke=PALETTE["last"], width=0.08)
        ghost, box = canvas.fragment()
        found[move] = ChoicePicture(ghost, box)
    return found
