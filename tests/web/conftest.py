"""A real ``trigames serve`` process on 127.0.0.1, for the web API tests."""

from __future__ import annotations

import itertools
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from trigames.web.pg_temp import NoPostgresError, TempCluster


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """``trigames serve`` in a subprocess, on a free port, storing games in ``db``."""

    def __init__(
        self,
        db: str | Path,
        env: dict[str, str] | None = None,
        workers: int = 1,
        args: list[str] | None = None,
    ) -> None:
        self.db = db
        self.env = env or {}
        self.workers = workers
        #: More options of ``trigames serve`` (limits).
        self.args = args or []
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Server:
        env = {**os.environ, "PYTHONUNBUFFERED": "1", **self.env}
        command = [sys.executable, "-m", "trigames.cli.main", "serve", "--port", str(self.port)]
        command += ["--db", str(self.db), "--workers", str(self.workers), *self.args]
        self.process = subprocess.Popen(
            command,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("trigames serve exited at start")
            try:
                httpx.get(f"{self.url}/api/games", timeout=1).raise_for_status()
                return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("trigames serve did not start in time")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for a test module."""
    running = Server(tmp_path_factory.mktemp("web") / "games.sqlite3").start()
    yield running
    running.stop()


@pytest.fixture
def client(server: Server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=10) as http:
        yield http


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[TempCluster]:
    """A throwaway PostgreSQL server for the session (skipped where PostgreSQL's server
    programs are not installed)."""
    try:
        cluster = TempCluster(durable=False)
    except NoPostgresError as error:
        pytest.skip(f"PostgreSQL tests skipped: {error}")
    with cluster:
        yield cluster


_databases = itertools.count()


@pytest.fixture
def pg_url(pg_cluster: TempCluster) -> str:
    """The URL of a new empty database on the throwaway server."""
    return pg_cluster.create_database(f"test{next(_databases)}")


@pytest.fixture(params=["sqlite", "postgres"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new empty database of each kind: an SQLite file, then a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite3")
    url: str = request.getfixturevalue("pg_url")
    return url
