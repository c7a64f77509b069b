"""A game's pictures: the board as it changes, earlier positions, previews and shared images.

- **The board now** is drawn once per version (:class:`~trigames.web.views.Shown`), and
  pages get each change as its edits (:mod:`~trigames.web.patches`).
- **Earlier positions.** :class:`Checkpoints` keep the position every few plies (taken while a
  game is read from the store), so that a picture of ply N replays at most
  :data:`~trigames.web.limits.CHECKPOINT_PLIES` moves from the nearest one, never the whole
  game; the last pictures asked for are kept.
- **Previews and shared images** are kept per version. A shared image (Open Graph
  ``og:image``, for the links people share) is a PNG: the engine draws SVG, and resvg (through
  ``resvg-py``, a wheel with no system library to install) turns it into PNG, in a worker
  thread, a few at a time.
"""

from __future__ import annotations

import asyncio
import re
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, TypedDict

import resvg_py

from trigames.core.errors import TrigamesError
from trigames.core.phrases import Phrase
from trigames.core.protocol import AnyState
from trigames.games import load_game
from trigames.web.errors import BadRequestError, ConflictError, RejectedMoveError, words_of
from trigames.web.limits import CHECKPOINT_PLIES, PICTURES_KEPT
from trigames.web.requests import BoardQuery
from trigames.web.snapshot import Snapshot
from trigames.web.views import Shown


class Checkpoints:
    """The positions of one game every :data:`CHECKPOINT_PLIES` plies (ply 0 included), each a
    state nobody changes."""

    def __init__(self, spec: str) -> None:
        self.spec = spec
        self._states: dict[int, AnyState] = {0: load_game(spec).new_initial_state()}

    def note(self, state: AnyState) -> None:
        """Keep ``state`` if its ply is a checkpoint's (a clone: ``state`` may change)."""
        ply = len(state.history)
        if ply % CHECKPOINT_PLIES == 0 and ply not in self._states:
            self._states[ply] = state.clone()

    def forget_after(self, ply: int) -> None:
        """Moves after ``ply`` were taken back: the positions kept past it are gone."""
        for kept in [kept for kept in self._states if kept > ply]:
            del self._states[kept]

    def position(self, moves: Sequence[str], ply: int) -> AnyState:
        """The position after the first ``ply`` of ``moves`` (which the game played), from the
        nearest checkpoint at or before it."""
        if not 0 <= ply <= len(moves):
            raise BadRequestError(Phrase("ply must be between 0 and {most}", most=len(moves)))
        start = max(kept for kept in self._states if kept <= ply)
        state = self._states[start].clone()
        for move in moves[start:ply]:
            state.play(move)
            self.note(state)
        return state


#: What a kept picture shows: ``("ply", N, labels)`` an earlier position, ``("after",
#: version, move)`` a preview.
PictureKey = tuple[str, int, str]


class Pictures:
    """What one game's pictures cost once: the last few earlier positions and previews drawn
    (by what they show), and the shared image of the latest version."""

    def __init__(self, checkpoints: Checkpoints) -> None:
        self.checkpoints = checkpoints
        self._drawn: OrderedDict[PictureKey, str] = OrderedDict()
        self._png: tuple[int, bytes] | None = None

    def drawn(self, key: PictureKey) -> str | None:
        """A picture drawn before under ``key``, if it is still kept."""
        found = self._drawn.get(key)
        if found is not None:
            self._drawn.move_to_end(key)
        return found

    def keep(self, key: PictureKey, svg: str) -> str:
        self._drawn[key] = svg
        while len(self._drawn) > PICTURES_KEPT:
            self._drawn.popitem(last=False)
        return svg

    def forget_after(self, ply: int) -> None:
        """Moves after ``ply`` were taken back: pictures of later plies show another game now."""
        self.checkpoints.forget_after(ply)
        for key in [key for key in self._drawn if key[0] == "ply" and key[1] > ply]:
            del self._drawn[key]

    async def png(self, version: int, svg: str, slots: asyncio.Semaphore) -> bytes:
        """The board of ``version`` as a PNG picture, drawn in a worker thread (``slots``: a
        few at a time for the whole server), and kept until the game changes."""
        if self._png is None or self._png[0] != version:
            async with slots:
                self._png = (version, await asyncio.to_thread(png_of, svg))
        return self._png[1]


class ChoicePictures(TypedDict):
    """Ghosts of moves to lay over the board, by move, for the page of ``version``."""

    version: int
    pictures: dict[str, dict[str, Any]]


def board(now: Snapshot, pictures: Pictures, shown: Shown, query: BoardQuery) -> str:
    """The board ``query`` asks for: now (drawn once per version), after ``ply`` moves (from
    the nearest checkpoint), or the preview of a legal move ``after``, asked for at ``ply`` (409
    when the game has moved on since: a late preview is never a refused move)."""
    if query.after is not None:
        if query.ply is not None and query.ply != now.ply:
            raise ConflictError(Phrase("the game has moved on: it is at ply {ply}", ply=now.ply))
        if now.over:
            raise ConflictError(Phrase("the game is over: there is no move to preview"))
        key = ("after", now.version, f"{query.labels}:{query.after}")
        drawn = pictures.drawn(key)
        if drawn is None:
            preview = now.state.clone()
            try:
                preview.play(query.after)
            except TrigamesError as error:
                raise RejectedMoveError(words_of(error)) from None
            drawn = pictures.keep(key, now.game.render_svg(preview, labels=query.labels))
        return drawn
    ply = now.ply if query.ply is None else query.ply
    if ply == now.ply and query.labels:
        return shown.drawing(now).text()
    key = ("ply", ply, str(query.labels))
    drawn = pictures.drawn(key)
    if drawn is None:
        state = pictures.checkpoints.position(now.row.moves, ply)
        drawn = pictures.keep(key, now.game.render_svg(state, labels=query.labels))
    return drawn


def choices(now: Snapshot, moves: list[str], version: int) -> ChoicePictures:
    """Pictures of legal ``moves`` now (:meth:`Game.choice_pictures`), by move, for the page
    of ``version``: 409 when the game has moved on (or is over), 400 for a move not legal."""
    if version != now.version or now.over:
        raise ConflictError(Phrase("the game has moved on: these choices are no longer open"))
    legal = {str(move): move for move in now.state.legal_moves()}
    for text in moves:
        if text not in legal:
            raise BadRequestError(Phrase("{move} is not a legal move now", move=repr(text[:40])))
    drawn = now.game.choice_pictures(now.state, [legal[text] for text in moves])
    found = {str(move): picture.to_json() for move, picture in drawn.items()}
    return {"version": now.version, "pictures": found}


#: Size of a shared picture in pixels (what link previews show best); a board of another shape
#: is drawn as large as fits, in the middle.
WIDTH, HEIGHT = 1200, 630
#: The background behind the board (the pages' own).
BACKGROUND = "#f6f1e4"
_ROOT_SIZE = re.compile(r'\s(width|height)="[^"]*"')


def framed(svg: str, width: int = WIDTH, height: int = HEIGHT) -> str:
    """``svg`` (a standalone document with a ``viewBox``, as the games draw) scaled to fit a
    ``width`` x ``height`` picture, centred on the background.

    >>> tall = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 2" width="1" height="2"/>'
    >>> print(framed(tall, 120, 63).replace("><", ">\\n<"))
    <svg xmlns="http://www.w3.org/2000/svg" width="120" height="63" viewBox="0 0 120 63">
    <rect width="120" height="63" fill="#f6f1e4"/>
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 2" width="120" height="63"/>
    </svg>
    """
    head_end = svg.index(">", svg.index("<svg"))
    if svg[head_end - 1] == "/":  # an empty document: <svg .../>
        head_end -= 1
    root = _ROOT_SIZE.sub("", svg[:head_end])
    inner = f'{root} width="{width}" height="{height}"{svg[head_end:]}'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}"><rect width="{width}" height="{height}" '
        f'fill="{BACKGROUND}"/>{inner}</svg>'
    )


def png_of(svg: str, width: int = WIDTH, height: int = HEIGHT) -> bytes:
    """``svg`` drawn to fit ``width`` x ``height`` pixels, as PNG bytes."""
    picture = resvg_py.svg_to_bytes(svg_string=framed(svg, width, height), background=BACKGROUND)
    return bytes(picture)
