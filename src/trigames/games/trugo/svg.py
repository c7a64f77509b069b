"""The Trugo layout drawn as SVG: two-coloured tiles with the pieces on their corners.

Tiles are flat-topped hexagons, their light and dark areas drawn from the geometry in
:mod:`trigames.geometry.honeycomb` (light cap, dark band, light band, dark cap). Pieces are
White or Blue discs on the junctions; in a stack the pinned piece shows as a ring round the top
one. While the pool lasts, the empty cells where a tile may go are dashed outlines with their
names. The last tile placed is outlined in the last-move colour, the two ends of the last piece
move are ringed in it. Columns are lettered on top and rows numbered on the sides, as in the
text drawing: the letters and numbers of the game's fixed frame, over the part of it in use, so
every name stays where it is for the whole game. Tiles (``data-spot="tile"``), empty cells
(``data-spot="cell"``) and the junctions of the layout (``data-spot="junction"``) carry their
names.
"""

from __future__ import annotations

from collections.abc import Sequence

from trigames.core.protocol import ChoicePicture
from trigames.games.trugo.board import ORIENTATION_NAMES, PLACE, TrugoMove, column_name
from trigames.games.trugo.rules import TrugoState
from trigames.games.trugo.text import _last_spots, view
from trigames.geometry.honeycomb import area_outlines, grid_to_plane, tile_outline
from trigames.geometry.svg import PALETTE, SvgCanvas, game_attributes, piece_attributes

LIGHT_AREA = "#f1e8d2"
DARK_AREA = "#4b5263"
PIECE_FILLS = (PALETTE["white"], "#2f6fd0")


def render(state: TrugoState, *, labels: bool = True) -> str:
    """The layout as a standalone SVG document, the last move marked.

    >>> import trigames
    >>> state = trigames.load_game("trugo").new_initial_state()
    >>> state.play("dg74e")
    >>> picture = render(state)
    >>> picture.count('data-spot="tile"'), picture.count('data-spot="junction"')
    (1, 6)
    """
    w = state.window
    game = state.game
    canvas = SvgCanvas(scale=40)
    last_tile, last_junctions = _last_spots(state)
    for t in sorted(state.present):
        tile = w.tiles[t]
        o = state.orient[t]
        canvas.open_group(
            {
                "data-name": state.tile_name(t),
                "data-spot": "tile",
                "data-orientation": ORIENTATION_NAMES[o],
                **({"data-last": "true"} if t == last_tile else {}),
            }
        )
        canvas.polygon(tile_outline(tile), fill=LIGHT_AREA)
        half, light_cap, dark_cap = area_outlines(tile, o)
        canvas.polygon(half, fill=DARK_AREA)
        canvas.polygon(light_cap, fill=LIGHT_AREA)
        canvas.polygon(dark_cap, fill=DARK_AREA)
        canvas.polygon(tile_outline(tile), stroke=PALETTE["ink"], width=0.04)
        canvas.close_group()
    if state.pool > 0:
        for t in sorted(state.frontier):
            canvas.polygon(
                tile_outline(w.tiles[t]),
                fill=PALETTE["board"],
                stroke=PALETTE["line"],
                width=0.03,
                attrs={
                    "data-name": state.tile_name(t),
                    "data-spot": "cell",
                    "stroke-dasharray": "4 3",
                    "fill-opacity": "0.6",
                },
            )
            if labels:
                canvas.text(grid_to_plane(*w.tile_xy[t]), state.tile_name(t), size=0.3)
    if last_tile is not None and last_tile in state.present:
        canvas.polygon(tile_outline(w.tiles[last_tile]), stroke=PALETTE["last"], width=0.1)
    if state.pool == 0 and labels:
        for t in sorted(state.present):
            centre = grid_to_plane(*w.tile_xy[t])
            canvas.circle(centre, 0.34, fill=LIGHT_AREA, stroke=DARK_AREA, width=0.02)
            canvas.text(centre, state.tile_name(t), size=0.19, fill=PALETTE["ink"])
    corners = sorted({j for t in state.present for j in w.tile_corners[t]})
    for j in corners:
        _junction(canvas, state, j, last=j in last_junctions)
    if labels and (state.present or state.frontier):
        _frame(canvas, state)
    last = state.last_move
    return canvas.document(
        title=f"{game.title}: {str(last) if last else 'start'}",
        attrs=game_attributes(str(game.spec), state.current_player, last),
    )


def _junction(canvas: SvgCanvas, state: TrugoState, j: int, *, last: bool) -> None:
    w = state.window
    game = state.game
    at = grid_to_plane(*w.junction_xy[j])
    name = state.junction_name(j)
    light = w.light[j]
    full = state.full[j] == 3
    spot = {
        "data-name": name,
        "data-spot": "junction",
        "data-junction": "light" if light else "dark",
        "data-full": "true" if full else "false",
    }
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
    top, bottom = state.top[j], state.bottom[j]
    if bottom >= 0:
        canvas.circle(
            at,
            0.3,
            fill=PIECE_FILLS[bottom],
            stroke=PALETTE["ink"],
            width=0.03,
            attrs=piece_attributes("pinned", bottom, game.player_name(bottom), name),
        )
    if top >= 0:
        canvas.circle(
            at,
            0.21,
            fill=PIECE_FILLS[top],
            stroke=PALETTE["ink"],
            width=0.04,
            attrs=piece_attributes(
                "stack" if bottom >= 0 else "piece", top, game.player_name(top), name, last=last
            ),
        )
    if last:
        canvas.circle(at, 0.36, stroke=PALETTE["last"], width=0.07)


def _frame(canvas: SvgCanvas, state: TrugoState) -> None:
    """Column letters on top, row numbers on both sides, over the part of the frame shown."""
    x0, y0, x1, y1 = view(state)
    names = state.names
    for x in range(x0, x1 + 1):
        canvas.text(grid_to_plane(x, y0 - 1.2), column_name(x - names.left), size=0.26)
    for y in range(y0, y1 + 1):
        number = str(y - names.top + 1)
        canvas.text(grid_to_plane(x0 - 1.6, y), number, size=0.26)
        canvas.text(grid_to_plane(x1 + 1.6, y), number, size=0.26)


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
        canvas = SvgCanvas(scale=40, margin=0.1)
        canvas.polygon(tile_outline(tile), fill=LIGHT_AREA)
        half, light_cap, dark_cap = area_outlines(tile, o)
        canvas.polygon(half, fill=DARK_AREA)
        canvas.polygon(light_cap, fill=LIGHT_AREA)
        canvas.polygon(dark_cap, fill=DARK_AREA)
        canvas.polygon(tile_outline(tile), stroke=PALETTE["last"], width=0.08)
        ghost, box = canvas.fragment()
        found[move] = ChoicePicture(ghost, box)
    return found
