"""Playing the games of a match as tasks on a Ray cluster (the optional ``ray`` extra).

Every game carries its own seed (see :mod:`trigames.ai.match`), so a game gives the same
result on a cluster as in a local process. The workers must be able to import ``trigames``:
on a local instance they share this Python; on a remote cluster install it there too.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from trigames.ai.match import GameResult, Task, play_game
from trigames.extras import require_extra

#: The address that starts a Ray instance on this machine instead of joining a cluster.
LOCAL = "local"
#: How long to wait for a cluster's address to answer.
CONNECT_SECONDS = 5.0


@contextmanager
def ray_session(address: str) -> Iterator[Any]:
    """Ray joined to the cluster at ``address`` (``local``: a new instance on this machine),
    shut down at the end; if Ray is already set up in this process, that one is used as is."""
    ray: Any = require_extra("ray", "ray")
    if ray.is_initialized():
        yield ray
        return
    _check_reachable(address)
    try:
        ray.init(
            address=None if address == LOCAL else address,
            include_dashboard=False,
            logging_level=logging.ERROR,
            log_to_driver=False,
        )
    except (ConnectionError, RuntimeError) as error:
        raise ValueError(f"cannot start Ray at {address}: {error}") from None
    try:
        yield ray
    finally:
        ray.shutdown()


def _check_reachable(address: str) -> None:
    """Fail at once for a ``host:port`` nobody listens on (Ray itself would retry for minutes)."""
    host, _, port = address.rpartition(":")
    if address == LOCAL or not port.isdigit() or "://" in address:
        return
    try:
        socket.create_connection((host, int(port)), timeout=CONNECT_SECONDS).close()
    except OSError as error:
        raise ValueError(f"cannot reach the Ray cluster at {address}: {error}") from None


def play_on_ray(
    tasks: Sequence[Task], address: str, finished: Callable[[GameResult], None]
) -> None:
    """Play ``tasks`` as Ray tasks, calling ``finished`` with each result as it arrives.

    On Ctrl-C the games in progress are cancelled and ``KeyboardInterrupt`` goes on up.
    """
    with ray_session(address) as ray:
        remote = ray.remote(play_game)
        pending = [remote.remote(task) for task in tasks]
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                finished(ray.get(done[0]))
        except KeyboardInterrupt:
            for ref in pending:
                ray.cancel(ref, force=True)
            raise
