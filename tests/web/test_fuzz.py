"""A standing fuzz suite against a real server: random requests to every route, with random
JSON, headers and query strings, never get a 5xx, and the server keeps serving.

``TRIGAMES_FUZZ_EXAMPLES`` raises the number of requests (the suite sends a few hundred)."""

from __future__ import annotations

import json
import os
from typing import Any

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.conftest import Server
from tests.web.helpers import create, play, token

EXAMPLES = int(os.environ.get("TRIGAMES_FUZZ_EXAMPLES", "150"))

TEXT = st.text(max_size=30) | st.sampled_from(
    ["D1-D4", "G6", "resign", "draw agreed", "trig", "triggle(size=3)", "mcts(c=nan)",
     "\ud800", "\x00", "1e400", "-1", "true", "x" * 300]
)  # fmt: skip
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=10,
)
FIELDS = st.sampled_from(["token", "move", "ply", "game", "seats", "hotseat", "name", "kind"])
BODIES = (
    st.dictionaries(FIELDS, JSON, max_size=5)
    | JSON
    | st.binary(max_size=64)
    | st.sampled_from([b"[" * 3000 + b"]" * 3000, b'{"ply": ' + b"7" * 5000 + b"}", b"\xff\xfe"])
)
ROUTES = [
    ("GET", "/api/catalog"), ("GET", "/api/spec"), ("GET", "/api/games"),
    ("POST", "/api/games"), ("GET", "/api/games/{id}"), ("POST", "/api/games/{id}/moves"),
    ("POST", "/api/games/{id}/undo"), ("POST", "/api/games/{id}/undo/accept"),
    ("POST", "/api/games/{id}/undo/decline"), ("POST", "/api/games/{id}/resign"),
    ("POST", "/api/games/{id}/draw"), ("POST", "/api/games/{id}/draw/accept"),
    ("POST", "/api/games/{id}/draw/decline"), ("GET", "/api/games/{id}/seats"),
    ("GET", "/api/games/{id}/hint"), ("GET", "/api/games/{id}/record"),
    ("GET", "/api/games/{id}/svg"), ("GET", "/games/{id}"), ("GET", "/rules/{id}"),
]  # fmt: skip
#: Text a client can put in a URL or a header (no lone surrogates; headers printable ASCII).
URL_TEXT = TEXT.filter(lambda text: not any(0xD800 <= ord(c) <= 0xDFFF for c in text))
HEADER_TEXT = st.from_regex(r"[!-~]{1,80}", fullmatch=True)
QUERY = st.dictionaries(st.sampled_from(["game", "ply", "after", "labels", "status", "token"]),
                        URL_TEXT, max_size=3)  # fmt: skip


def test_random_requests_never_get_a_server_error(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=20) as client:
        game = create(client, [{"name": "Ann"}, {"name": "Bob"}])
        ann = token(game, 0)
        play(client, game["id"], ann, "D1-D4")

        @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
        @given(
            route=st.sampled_from(ROUTES),
            game_id=st.sampled_from([game["id"], "nosuchgame", "x" * 200, "%00", "triggle"]),
            body=BODIES,
            query=QUERY,
            bearer=st.none() | st.sampled_from([ann, "forged"]) | HEADER_TEXT,
        )
        def request(
            route: tuple[str, str], game_id: str, body: Any, query: dict[str, str],
            bearer: str | None,
        ) -> None:  # fmt: skip
            method, path = route
            headers = {} if bearer is None else {"Authorization": f"Bearer {bearer}"}
            # JSON written by hand: ASCII, so lone surrogates travel as \ud800 escapes
            content = body if isinstance(body, bytes) else json.dumps(body).encode()
            sent = client.request(
                method, path.format(id=game_id), params=query, headers=headers, content=content
            )
            assert sent.status_code < 500, (method, path, body, query, sent.text)
            if path.startswith("/api/") and sent.status_code >= 400:
                assert isinstance(sent.json()["error"], str)

        request()
        assert client.get("/api/games").status_code == 200
        assert client.get(f"/api/games/{game['id']}").status_code == 200
