"""What one player offers the others: taking back moves, a draw, a rematch.

- **Undo.** A player whose opponents are all computers (or who holds every human seat: hot
  seat) takes back at once, by the rule the terminal uses too
  (:func:`trigames.core.takeback.take_back`); otherwise the undo is a request the other side
  accepts or declines, and a move played meanwhile cancels it.
- **Draws.** An offer waits for every other human seat still in the game to accept it; a
  computer seat accepts at once when it does not think itself ahead
  (:func:`trigames.ai.players.accepts_draw`) and otherwise declines it; a move cancels it.
- **Answers name what they answer**: accepting or declining carries the ply the request was
  made at, so that a request a move has cancelled is not answered by mistake.
- **Rematch.** Any player of a finished game may ask for its rematch: the same game and players,
  each seat moved on by one (with two players, the colours swap), every token holding its
  player's new seat. Its id follows from the game's, so the first request creates it and later
  ones (from any process) find the same game.

Like :mod:`trigames.web.turns`, these are pure decisions on a snapshot.
"""

from __future__ import annotations

import hashlib

from trigames.ai.players import accepts_draw
from trigames.core.endings import AgreedDraw
from trigames.core.errors import UndoError
from trigames.core.phrases import Phrase
from trigames.core.takeback import take_back, why_not
from trigames.web.clocks import HUMAN
from trigames.web.errors import ConflictError, words_of
from trigames.web.rows import GameRow, StoredSeat
from trigames.web.snapshot import Actor, Snapshot, advance, amend
from trigames.web.turns import check_ply, seat_label, seats_held, seats_in_game


def undo(snapshot: Snapshot, actor: Actor, now: float) -> Snapshot:
    """Take back at once against computers and in hot seat; else ask the other side (never
    in a rated game)."""
    seats = seats_held(snapshot, actor)
    if snapshot.row.rated:
        raise ConflictError(Phrase("a rated game has no take-backs"))
    reason = why_not(snapshot.state, seats)
    if reason is not None:
        raise ConflictError(reason)
    others = [seat for seat in snapshot.humans() if seat not in seats]
    if not others:
        return _taken_back(snapshot, seats, now)
    if snapshot.row.undo_request is not None:
        raise ConflictError(Phrase("an undo request is already waiting for an answer"))
    return amend(snapshot, now, undo_request=seats[0])


def answer_undo(snapshot: Snapshot, actor: Actor, accept: bool, ply: int, now: float) -> Snapshot:
    """Accept or decline the other side's undo request, made at ``ply``."""
    seats = seats_held(snapshot, actor)
    check_ply(snapshot, ply)
    asker = snapshot.row.undo_request
    if asker is None:
        raise ConflictError(Phrase("no undo request is waiting"))
    if asker in seats:
        raise ConflictError(Phrase("the other side must answer your undo request"))
    if accept:
        return _taken_back(snapshot, [asker], now)
    return amend(snapshot, now, undo_request=None)


def offer_draw(snapshot: Snapshot, actor: Actor, now: float) -> Snapshot:
    """Offer a draw to the other seats still in the game; computer seats answer at once (a
    ``ConflictError`` if one declines), humans through :func:`answer_draw`."""
    offering = seats_in_game(snapshot, actor)
    if snapshot.row.draw_offer is not None:
        raise ConflictError(Phrase("a draw offer is already waiting for an answer"))
    for seat in snapshot.state.seats_in_game():
        if snapshot.is_computer(seat) and not accepts_draw(snapshot.state, seat):
            raise ConflictError(Phrase("{seat} declines the draw", seat=seat_label(snapshot, seat)))
    return _settle_draw(snapshot, offering, now)


def answer_draw(snapshot: Snapshot, actor: Actor, accept: bool, ply: int, now: float) -> Snapshot:
    """Accept or decline the draw another seat offered at ``ply``."""
    seats = seats_held(snapshot, actor)
    check_ply(snapshot, ply)
    offer = snapshot.row.draw_offer
    if offer is None:
        raise ConflictError(Phrase("no draw offer is waiting"))
    in_game = snapshot.state.seats_in_game()
    answering = [seat for seat in seats if seat not in offer and seat in in_game]
    if not answering:
        raise ConflictError(Phrase("the draw offer waits for the other players' answer"))
    if accept:
        return _settle_draw(snapshot, [*offer, *answering], now)
    return amend(snapshot, now, draw_offer=None)


def rematch_id(game_id: str) -> str:
    """The id of a game's rematch: the same in every process, so two asking at once make one."""
    return hashlib.sha256(f"rematch:{game_id}".encode()).hexdigest()[:12]


def rematch_row(snapshot: Snapshot, actor: Actor) -> GameRow:
    """The new game a player of the finished game asks for (not stored yet): each seat moved on
    by one, with its kind, name (a colour for a name follows the seat), token and account."""
    seats_held(snapshot, actor)
    if not snapshot.over:
        raise ConflictError(Phrase("the game is not over yet: a rematch follows a finished game"))
    old, game = snapshot.row.seats, snapshot.game
    count = len(old)
    seats = []
    for number in range(count):
        before = old[(number - 1) % count]
        name = before.name
        if name == game.player_name((number - 1) % count):
            name = game.player_name(number)
        seats.append(StoredSeat(name, before.kind, before.token_hash, before.account))
    return GameRow(rematch_id(snapshot.id), snapshot.row.spec, seats, clock=snapshot.row.clock)


def note_rematch(snapshot: Snapshot, rematch: str, now: float) -> Snapshot:
    """The finished game, naming its rematch for every page."""
    return amend(snapshot, now, rematch=rematch)


def _taken_back(snapshot: Snapshot, seats: list[int], now: float) -> Snapshot:
    state = snapshot.state.clone()
    try:
        take_back(state, seats)
    except UndoError as error:
        raise ConflictError(words_of(error)) from None
    return advance(snapshot, state, now)


def _settle_draw(snapshot: Snapshot, agreed: list[int], now: float) -> Snapshot:
    """Keep the offer, or end the game once every human seat in the game agreed."""
    waiting = [
        seat
        for seat in snapshot.state.seats_in_game()
        if snapshot.row.seats[seat].kind == HUMAN and seat not in agreed
    ]
    if waiting:
        return amend(snapshot, now, draw_offer=agreed)
    state = snapshot.state.clone()
    state.play(AgreedDraw())
    return advance(snapshot, state, now)
