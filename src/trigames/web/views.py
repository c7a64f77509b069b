"""What pages are shown of a game: the whole view, and the change one version makes.

- :class:`GameView` is the whole game as a page (re)loading it needs it: seats, moves, legal
  moves and how each is entered, scores, status, the board as SVG, the clock...
- The engine's words (the status line, the last move, the reason of a result, the seats'
  colours, the guide) come in English and as phrases (:class:`Said`, ``guide_said``:
  :func:`~trigames.core.phrases.said`), from which a page says them in its language
  (``static/words.js``); so one view serves the pages of every language.
- :class:`Change` is what one change tells every watcher: the moves added (or how many were
  kept, after a take-back), who is to move, scores, status, offers, clock, and the board as
  the lines of its SVG that changed (:func:`~trigames.web.pictures.patch`). The legal moves
  and how to enter them go only to the pages of the seat to move; the others need none. A page
  applies a change to the view of version ``base``; a page that holds another version reads
  the whole view again.

Both are built once per version (and audience) and encoded once for every page; the server's
time ``now`` is added as each is sent.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

import orjson

from trigames.core.phrases import Phrase, said
from trigames.core.phrases import Said as Phrased
from trigames.core.protocol import AnyState
from trigames.games import describe_games
from trigames.geometry.svg import Drawing
from trigames.web.clocks import is_open
from trigames.web.patches import Edit, changes
from trigames.web.rows import GameRow
from trigames.web.snapshot import Snapshot


class SeatView(TypedDict):
    seat: int
    name: str
    kind: str
    color: str
    swatch: str
    open: bool


class TurnView(TypedDict):
    """What the seat to move needs to enter a move: every legal move, the steps by which each
    is entered by pointing (names of places on the board, or words for buttons, each word's
    phrase in ``step_words``), the guide (in English and as a phrase)."""

    legal_moves: list[str]
    input_steps: list[Any]
    step_words: dict[str, Phrased]
    guide: str | None
    guide_said: Phrased | None


class Said(TypedDict):
    """The engine's words of a position as phrases, for a page to say in its language: the
    status line, the last move, the reason of the result and each seat's colour.

    >>> import trigames
    >>> state = trigames.load_game("trig").new_initial_state()
    >>> state.play("G6")
    >>> said = engine_words(state)["said"]
    >>> said["colors"], said["reason"]
    ([['White'], ['Black']], None)
    """

    status: Phrased
    last_move: Phrased | None
    reason: Phrased | None
    colors: list[Phrased]


class StateView(TypedDict):
    """What both a view and a change carry whole."""

    id: str
    version: int
    ply: int
    to_move: int | None
    over: bool
    thinking: bool
    in_game: list[int]
    scores: list[int]
    status: str
    last_move: str | None
    said: Said
    outcome: dict[str, Any] | None
    highlights: list[str]
    undo_request: int | None
    draw_offer: list[int] | None
    rematch: str | None
    clock: dict[str, int] | None
    deadline: float | None


class PageView(StateView):
    """The whole game but its turn (:func:`page_view`)."""

    game: str
    title: str
    seats: list[SeatView]
    moves: list[str]
    movers: list[int | None]
    svg: str
    date: str
    updated: str
    rated: bool


class GameView(PageView, TurnView):
    """The whole game, for a page that (re)loads (``GET /api/games/{id}``): made as a
    :class:`PageView` and the turn's fields, encoded apart and joined."""


class Change(StateView):
    """What changed from version ``base`` to ``version`` (see the module). The pages of the
    seat to move get the :class:`TurnView` too, in the same object; the others get its fields
    ``null``."""

    type: Literal["change"]
    base: int
    kept: int
    added: list[str]
    added_movers: list[int | None]
    seats: list[SeatView] | None
    board: list[Edit] | None


class ListedGame(TypedDict):
    id: str
    game: str
    players: list[dict[str, str]]
    ply: int
    result: dict[str, Any] | None
    date: str
    updated: str


# --- the answers of requests -------------------------------------------------------------


class CreatedSeat(TypedDict):
    seat: int
    name: str
    kind: str
    open: bool
    token: str | None


class Created(TypedDict):
    """A new game: its id, each seat with its token (``None`` for computers and open seats),
    and its view (:class:`~trigames.web.views.GameView`, encoded, with ``now``)."""

    id: str
    seats: list[CreatedSeat]
    view: str


class Listing(TypedDict):
    games: list[ListedGame]


class Joined(TypedDict):
    seat: int
    token: str


class JoinedLink(Joined):
    """A seat joined, with the link of its page."""

    link: str


class HeldSeats(TypedDict):
    """The seats a token holds in a game."""

    seats: list[int]


class Rematch(TypedDict):
    id: str


class About(TypedDict):
    title: str
    about: str
    version: int


class Hint(TypedDict):
    """A hint: the move, and why it is worth playing, in English (``why``) and as a phrase
    (``why_said``) that a page says in its language."""

    move: str
    why: str
    why_said: Phrased


def hint(move: str, why: str) -> Hint:
    """The answer of a hint for ``move``, whose explanation ``why`` is a phrase (or, from a
    game that has no words for it, plain English).

    >>> hint("G6", Phrase("{why}; {proven}", why=Phrase("a"), proven="b"))
    {'move': 'G6', 'why': 'a; b', 'why_said': ['{why}; {proven}', {'why': ['a'], 'proven': 'b'}]}
    """
    return {"move": move, "why": why, "why_said": said(why)}


class Players(TypedDict):
    """Who may sit at a game: a person, a level of the computer's, or a kind of player."""

    human: str
    levels: list[str]
    kinds: list[str]


class Catalog(TypedDict):
    """What the lobby's menus offer: every game and its options (:func:`catalog_games`),
    players, seat colours."""

    games: list[dict[str, Any]]
    players: Players
    colours: dict[str, str]


class GameSpec(TypedDict):
    """A spec made canonical, with its title, seats (their colours, in English and as phrases)
    and their swatches."""

    game: str
    title: str
    seats: list[str]
    seats_said: list[Phrased]
    swatches: list[str]


def catalog_games() -> list[dict[str, Any]]:
    """Every game as :func:`~trigames.games.describe_games` says it, with its summary and its
    options' help also as phrases (``summary_said``, each option's ``help_said``), which the
    lobby says in its page's language.

    >>> trig = next(game for game in catalog_games() if game["name"] == "trig")
    >>> trig["summary"]
    'place pegs from the Pillar outwards; capture inside triangles'
    >>> trig["summary_said"] == [trig["summary"]], trig["options"][0]["help_said"]
    (True, ['trig (one Pillar), trigger (two) or triggest (three)'])
    """
    return [
        {
            **entry,
            "summary_said": said(entry["summary"]),
            "options": [
                {**option, "help_said": said(option["help"])} for option in entry["options"]
            ],
        }
        for entry in describe_games()
    ]


def created(row: GameRow, tokens: list[str | None], view: str) -> Created:
    """A new game's answer: its seats, each with its token, and its view (encoded)."""
    seats: list[CreatedSeat] = [
        {"seat": n, "name": s.name, "kind": s.kind, "open": is_open(s), "token": t}
        for n, (s, t) in enumerate(zip(row.seats, tokens, strict=True))
    ]
    return {"id": row.id, "seats": seats, "view": view}


def seat_views(snapshot: Snapshot) -> list[SeatView]:
    game = snapshot.game
    return [
        {
            "seat": number,
            "name": seat.name,
            "kind": seat.kind,
            "color": game.player_name(number),
            "swatch": game.seat_colours[number],
            "open": is_open(seat),
        }
        for number, seat in enumerate(snapshot.row.seats)
    ]


def turn_view(snapshot: Snapshot) -> TurnView:
    return turn_of(snapshot.state)


def turn_of(state: AnyState) -> TurnView:
    """The turn of ``state``: empty once the game is over."""
    game = state.game
    if state.is_over():
        return {
            "legal_moves": [],
            "input_steps": [],
            "step_words": {},
            "guide": None,
            "guide_said": None,
        }
    legal = state.legal_moves()
    steps = [game.input_steps(state, move) for move in legal]
    words = {name for entered in steps for step in entered for name in step}
    guide = game.input_guide(state)
    return {
        "legal_moves": [str(move) for move in legal],
        "input_steps": steps,
        "step_words": {str(word): said(word) for word in words if isinstance(word, Phrase)},
        "guide": guide,
        "guide_said": said(guide),
    }


class EngineWords(TypedDict):
    """The engine's words of a position: its status line and last move in English, and all
    its words as phrases (:class:`Said`)."""

    status: str
    last_move: str | None
    said: Said


def engine_words(state: AnyState) -> EngineWords:
    """The engine's words of ``state``, each made once (see :class:`EngineWords`)."""
    game, outcome = state.game, state.outcome()
    status = game.status(state)
    last = game.describe_last(state) if state.history else None
    return {
        "status": status,
        "last_move": last,
        "said": {
            "status": said(status),
            "last_move": None if last is None else said(last),
            "reason": None if outcome is None else said(outcome.reason),
            "colors": [said(game.player_name(seat)) for seat in range(game.num_players)],
        },
    }


def state_view(snapshot: Snapshot) -> StateView:
    game, state, row = snapshot.game, snapshot.state, snapshot.row
    outcome = state.outcome()
    return {
        "id": row.id,
        "version": snapshot.version,
        "ply": snapshot.ply,
        "to_move": snapshot.to_move,
        "over": snapshot.over,
        "thinking": snapshot.computer_to_move,
        "in_game": list(state.seats_in_game()),
        "scores": list(state.scores()),
        **engine_words(state),
        "outcome": None if outcome is None else outcome.to_json(),
        "highlights": [] if outcome is None else game.result_places(state),
        "undo_request": row.undo_request,
        "draw_offer": row.draw_offer,
        "rematch": row.rematch,
        "clock": row.clock,
        "deadline": row.deadline,
    }


def page_view(snapshot: Snapshot, state: StateView, svg: str) -> PageView:
    row = snapshot.row
    return {
        **state,
        "game": row.spec,
        "title": snapshot.game.title,
        "seats": seat_views(snapshot),
        "moves": list(row.moves),
        "movers": list(snapshot.state.movers),
        "svg": svg,
        "date": row.date,
        "updated": row.updated,
        "rated": row.rated,
    }


def change_view(
    before: Snapshot, after: Snapshot, state: StateView, board: list[Edit] | None
) -> Change:
    """The change from ``before`` to ``after`` (``state``: :func:`state_view` of ``after``);
    ``board`` the edits of the board's lines (``None``: not known)."""
    old, new = before.row.moves, after.row.moves
    kept = 0
    while kept < min(len(old), len(new)) and old[kept] == new[kept]:
        kept += 1
    same_seats = before.row.seats == after.row.seats
    return {
        **state,
        "type": "change",
        "base": before.version,
        "kept": kept,
        "added": new[kept:],
        "added_movers": list(after.state.movers[kept:]),
        "seats": None if same_seats else seat_views(after),
        "board": board,
    }


def about(now: Snapshot) -> About:
    """What a shared link of the game's page shows: title, a line about the game, version (the
    words as phrases, which the page says in its language: :func:`~trigames.web.i18n.say`).

    A computer's seat keeps its default name, ``Computer: easy``, as a phrase of its level.
    """
    names = [seat_name(seat.name, seat.kind) for seat in now.row.seats]
    players = names[0]
    for name in names[1:]:
        players = Phrase("{first} vs {second}", first=players, second=name)
    title = Phrase("{game}: {players}", game=now.game.title, players=players)
    status = now.game.status(now.state)
    if now.over:
        line = Phrase("{spec}, finished. {status}", spec=now.row.spec, status=status)
    else:
        line = Phrase("{spec}, move {number}. {status}", spec=now.row.spec, number=now.ply + 1,
                      status=status)  # fmt: skip
    return {"title": title, "about": line, "version": now.version}


def seat_name(name: str, kind: str) -> str:
    """A seat's name for people: a computer's default name (``Computer: easy``) as a phrase
    of its level (as ``words.js``'s ``seatName`` shows it), any other name as it is.

    >>> from trigames.web.i18n import say
    >>> say(seat_name("Computer: easy", "easy"), "fr"), seat_name("Ann", "human")
    ('Ordinateur : facile', 'Ann')
    """
    if kind == "human" or name != f"Computer: {kind}" or kind not in LEVEL_WORDS:
        return name
    return Phrase("Computer: {kind}", kind=LEVEL_WORDS[kind])


#: The names of the computer's levels and kinds, as phrases (the lobby's words).
LEVEL_WORDS = {
    "easy": Phrase("easy"),
    "medium": Phrase("medium"),
    "hard": Phrase("hard"),
    "expert": Phrase("expert"),
    "random": Phrase("random"),
    "greedy": Phrase("greedy"),
    "casual": Phrase("casual"),
    "strong": Phrase("strong"),
}


def listed(row: GameRow) -> ListedGame:
    """A game in a listing (the lobby's recent games), without tokens."""
    return {
        "id": row.id,
        "game": row.spec,
        "players": [{"name": seat.name, "kind": seat.kind} for seat in row.seats],
        "ply": len(row.moves),
        "result": None if row.result is None else row.result.to_json(),
        "date": row.date,
        "updated": row.updated,
    }


class Shown:
    """What the pages of one game were shown, made once per version: the board (the latest
    drawn), the state, the turn, the whole view and the last change, encoded."""

    def __init__(self) -> None:
        self.board: tuple[int, Drawing] | None = None
        self._state: tuple[int, StateView] | None = None
        #: The turn's fields, encoded as the end of an object: ``,"legal_moves":...}`` (kept
        #: as text only: the lists of legal moves and steps would cost the garbage collector).
        self._turn: tuple[int, str] | None = None
        self._whole: tuple[int, str] | None = None
        #: The last change: its base and version, the board's edits, and its messages by
        #: audience (the pages of the seat to move, the others), each encoded.
        self._change: tuple[int, int, list[Edit] | None, dict[bool, str]] | None = None

    def drawing(self, snapshot: Snapshot) -> Drawing:
        """The board of ``snapshot`` (drawn once per version)."""
        if self.board is None or self.board[0] != snapshot.version:
            self.board = (snapshot.version, snapshot.game.drawing(snapshot.state))
        return self.board[1]

    def state(self, snapshot: Snapshot) -> StateView:
        if self._state is None or self._state[0] != snapshot.version:
            self._state = (snapshot.version, state_view(snapshot))
        return self._state[1]

    def turn(self, snapshot: Snapshot) -> str:
        """The turn's fields, encoded as the end of an object: ``,"legal_moves":...}``."""
        if self._turn is None or self._turn[0] != snapshot.version:
            self._turn = (snapshot.version, "," + encode(turn_view(snapshot))[1:])
        return self._turn[1]

    def whole(self, snapshot: Snapshot) -> str:
        """The whole view, encoded (without ``now``)."""
        if self._whole is None or self._whole[0] != snapshot.version:
            view = page_view(snapshot, self.state(snapshot), self.drawing(snapshot).text())
            self._whole = (snapshot.version, encode(view)[:-1] + self.turn(snapshot))
        return self._whole[1]

    def changed(self, before: Snapshot, after: Snapshot) -> None:
        """A change was made while pages watch: draw the new board, and the edits from the
        board of ``before`` (if that one was drawn) for :meth:`change`."""
        drawn = self.board
        now = self.drawing(after)
        edits = None if drawn is None or drawn[0] != before.version else changes(drawn[1], now)
        self._change = (before.version, after.version, edits, {})

    def change(self, before: Snapshot, after: Snapshot, mover: bool) -> str:
        """The change from ``before`` to ``after`` for the pages of the seat to move
        (``mover``: with the turn) or for the others, encoded (without ``now``). Its board is
        the edits :meth:`changed` made, else ``None``: a page that shows the board reads it
        again. The change is encoded once, and the turn's fields put at its end."""
        known = self._change
        if known is None or known[:2] != (before.version, after.version):
            known = self._change = (before.version, after.version, None, {})
        messages = known[3]
        mover = mover and after.to_move is not None
        if mover not in messages:
            common = messages.get(False)
            if common is None:
                edits = [] if before is after else known[2]
                view = change_view(before, after, self.state(after), edits)
                common = messages[False] = encode(view)[:-1] + NO_TURN
            if mover:
                messages[True] = common[: -len(NO_TURN)] + self.turn(after)
        return messages[mover]


#: The turn's fields in a change sent to pages of other seats than the one to move.
NO_TURN = ',"legal_moves":null,"input_steps":null,"step_words":null,"guide":null,"guide_said":null}'


def encode(value: object) -> str:
    """Compact JSON text of a view or change (``now`` not yet in it), by orjson: the server
    encodes one for every change.

    >>> encode({"moves": ["D1-D4"], "ply": 1, "seat": "Éric"})
    '{"moves":["D1-D4"],"ply":1,"seat":"Éric"}'
    """
    return orjson.dumps(value).decode()


def with_now(encoded: str, now: float) -> str:
    """An encoded object with the server's time ``now`` added as its last field.

    >>> with_now('{"ply":1}', 12.5)
    '{"ply":1,"now":12.5}'
    """
    return f'{encoded[:-1]},"now":{round(now, 3)}}}'
