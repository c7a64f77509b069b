"""What one ``trigames serve`` may be set to: the limits per client, and its workers.

The defaults are :mod:`trigames.web.limits`'s; ``trigames serve`` sets them from its options,
and hands them to its worker processes (``--workers``) in ``$TRIGAMES_SETTINGS``.

>>> Settings.from_env({ENV: Settings(games_per_minute=10).to_env()}).games_per_minute
10
>>> Settings.from_env({}) == Settings()
True
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass

from trigames.web.limits import (
    NEW_GAMES_PER_MINUTE,
    THINKING_GAMES,
    WATCHERS_PER_ADDRESS,
    WATCHERS_PER_GAME,
)

#: The environment variable that carries the settings to the worker processes.
ENV = "TRIGAMES_SETTINGS"


def default_computers() -> int:
    """Worker processes for the computer's moves and hints: one per processor, at least 2."""
    return max(2, os.cpu_count() or 2)


@dataclass(frozen=True)
class Settings:
    """The limits of one server (each at least 1), the computer's workers (``computers``
    worker processes, or with ``computer_processes`` false as many threads in the server's
    own process, for tests and scripts) and its cookies."""

    watchers_per_address: int = WATCHERS_PER_ADDRESS
    watchers_per_game: int = WATCHERS_PER_GAME
    games_per_minute: int = NEW_GAMES_PER_MINUTE
    thinking_games: int = THINKING_GAMES
    computers: int = dataclasses.field(default_factory=default_computers)
    computer_processes: bool = True
    #: Whether session cookies say ``Secure`` (sent over HTTPS only): set it when the server
    #: is reached through HTTPS (a proxy in front).
    secure_cookies: bool = False
    #: The SMTP server of the email digests (:func:`trigames.web.mail.read_smtp`), if any.
    smtp: str | None = None
    #: The address players reach the site at, for the links of emails.
    site_url: str = "http://127.0.0.1:8000"
    #: Whom push services may write to about this server's pushes (``mailto:`` or ``https:``).
    contact: str = "mailto:nobody@trigames.invalid"

    def to_env(self) -> str:
        return json.dumps(dataclasses.asdict(self))

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> Settings:
        text = environ.get(ENV)
        return cls() if not text else cls(**json.loads(text))
