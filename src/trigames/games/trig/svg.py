"""The Summer-House Floor drawn as SVG: hexagon cells, Pillars, separators and pegs.

Pillars are black, separators cream, playing cells pink or green as on the floor itself; pegs
are white or black discs. The last peg placed is ringed in the last-move colour and the peg it
captured (now the mover's) is crossed in that colour. Every cell carries its name
(``data-name="G6"``) and its role (``data-cell``: ``pillar``, ``separator`` or ``playing``);
vacant playing cells show their number in the row, and row letters stand on both sides.
"""

from __future__ import annotations

from collections.abc import Sequence

from trigames.core.errors import TrigamesError
from trigames.core.protocol import ChoicePicture
from trigames.games.trig.board import TrigMove
from trigames.games.trig.rules import TrigState
from trigames.geometry.hexcells import cell_corners, to_plane
from trigames.geometry.svg import PALETTE, SvgCanvas, game_attributes, piece_attributes

PILLAR = "#262626"
SEPARATOR = "#f3ead2"
#: Playing cells by ``(q - r) % 3``: pink and green.
PLAYING = {1: "#eba9bd", 2: "#a6d39a"}
PEG_FILLS = (PALETTE["white"], PALETTE["black"])


def render(state: TrigState, *, labels: bool = True) -> str:
    """The position as a standalone SVG document, the last placement and capture marked.

    >>> import trigames
    >>> state = trigames.load_game("trig").new_initial_state()
    >>> state.play("G6")
    >>> picture = render(state)
    >>> picture.count('data-spot="cell"'), picture.count('data-piece="peg"')
    (127, 1)
    """
    board = state.board
    game = state.game
    canvas = SvgCanvas(scale=22)
    last = state.last_move
    placed, captured = board.move_parts(last) if last is not None else (-1, None)
    pillars = set(board.pillar_bits)
    for i, cell in enumerate(board.cells):
        q, r = cell
        if i in pillars:
            role, fill = "pillar", PILLAR
        elif board.playing_mask >> i & 1:
            role, fill = "playing", PLAYING[(q - r) % 3]
        else:
            role, fill = "separator", SEPARATOR
        canvas.polygon(
            cell_corners(cell),
            fill=fill,
            stroke=PALETTE["line"],
            width=0.05,
            attrs={"data-name": board.names.name(cell), "data-spot": "cell", "data-cell": role},
        )
    for i, cell in enumerate(board.cells):
        centre = to_plane(cell)
        name = board.names.name(cell)
        for seat in (0, 1):
            if state.pegs[seat] >> i & 1:
                canvas.circle(
                    centre,
                    0.62,
                    fill=PEG_FILLS[seat],
                    stroke=PALETTE["ink"],
                    width=0.08,
                    attrs=piece_attributes(
                        "peg", seat, game.player_name(seat), name, last=i == placed
                    ),
                )
        if i == placed:
            canvas.circle(centre, 0.8, stroke=PALETTE["last"], width=0.16)
        elif i == captured:
            x, y = centre
            for dx in (-0.45, 0.45):
                canvas.line(
                    (x - dx, y - 0.45), (x + dx, y + 0.45), stroke=PALETTE["last"], width=0.14
                )
    if labels:
        occupied = state.occupied
        for letter, row in board.names.rows:
            for number, cell in enumerate(row, start=1):
                i = board.index[cell]
                if board.playing_mask >> i & 1 and not occupied >> i & 1 and i != captured:
                    canvas.text(to_plane(cell), str(number), size=0.7, fill=PALETTE["ink"])
            left, y = to_plane(row[0])
            right, _ = to_plane(row[-1])
            canvas.text((left - 1.8, y), letter, size=0.95, bold=True)
            canvas.text((right + 1.8, y), letter, size=0.95, bold=True)
    return canvas.document(
        title=f"{game.title}: {str(last) if last else 'start'}",
        attrs=game_attributes(str(game.spec), state.current_player, last),
    )


def choice_pictures(state: TrigState, moves: Sequence[TrigMove]) -> dict[TrigMove, ChoicePicture]:
    """Each placement among ``moves`` as a ghost peg, and a capture as the triangle it takes:
    its outline through the three pegs at its corners (the new one among them) and the captured
    peg at its centre crossed, so that the choice is seen before it is made.

    >>> import trigames
    >>> game = trigames.load_game("trig")
    >>> state = game.state_from_json({"white": ["F7", "H7"], "black": ["G8", "H6"], "to_move": 0})
    >>> found = choice_pictures(state, [state.parse_move("G9xG8"), state.parse_move("G9")])
    >>> [picture.ghost.count("<polygon") for picture in found.values()]
    [1, 0]
    """
    board = state.board
    player = state.to_move
    if player is None:
        return {}
    mine = state.pegs[player]
    found = {}
    for move in moves:
        try:
            cell, centre = board.move_parts(move)
        except TrigamesError:
            continue
        canvas = SvgCanvas(scale=22, margin=0.9)
        if centre is not None:
            for a, b, m in board.corner_of[cell]:
                if m == centre and mine >> a & 1 and mine >> b & 1:
                    corners = [to_plane(board.cells[i]) for i in (cell, a, b)]
                    canvas.polygon(
                        corners, fill=PALETTE["last"], stroke=PALETTE["last"], width=0.22,
                        attrs={"fill-opacity": "0.18", "stroke-linejoin": "round"},
                    )  # fmt: skip
                    for corner in corners[1:]:
                        canvas.circle(corner, 0.85, stroke=PALETTE["last"], width=0.14)
            x, y = to_plane(board.cells[centre])
            canvas.circle((x, y), 0.85, stroke=PALETTE["last"], width=0.14)
            for dx in (-0.45, 0.45):
                canvas.line(
                    (x - dx, y - 0.45), (x + dx, y + 0.45), stroke=PALETTE["last"], width=0.18
                )
        canvas.circle(
            to_plane(board.cells[cell]),
            0.62,
            fill=PEG_FILLS[player],
            stroke=PALETTE["ink"],
            width=0.08,
            attrs={"fill-opacity": "0.75"},
        )
        ghost, box = canvas.fragment()
        found[move] = ChoicePicture(ghost, box)
    return found
