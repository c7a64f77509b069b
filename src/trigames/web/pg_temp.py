"""A throwaway PostgreSQL server in a temporary folder, for the tests and the load benchmark.

It needs PostgreSQL's server programs (``initdb``, ``pg_ctl``: Debian's ``postgresql``
package puts them in ``/usr/lib/postgresql/VERSION/bin``), found on ``$PATH``, in
``$TRIGAMES_PG_BIN`` or there. They refuse to run as root: as root, the cluster belongs to the
``postgres`` user and the programs run as it (``runuser``). It listens on 127.0.0.1 at a free
port with its Unix socket in its own folder, lets local users in without a password, and is
removed when stopped.

    with TempCluster() as cluster:
        url = cluster.create_database("games")  # postgresql://postgres@127.0.0.1:PORT/games
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from types import TracebackType

#: The environment variable naming the folder of PostgreSQL's server programs.
BIN_ENV = "TRIGAMES_PG_BIN"


class NoPostgresError(Exception):
    """No PostgreSQL server programs on this machine."""


def find_bin() -> Path:
    """The folder of ``initdb`` and ``pg_ctl`` (the newest version installed)."""
    configured = os.environ.get(BIN_ENV)
    candidates = [configured] if configured else []
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(str(Path(on_path).parent))
    installed = glob.glob("/usr/lib/postgresql/*/bin")
    candidates += sorted(installed, key=lambda path: int(Path(path).parent.name), reverse=True)
    for folder in candidates:
        if folder and (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    raise NoPostgresError(
        f"no PostgreSQL server programs (initdb, pg_ctl) on $PATH, in ${BIN_ENV} or in "
        "/usr/lib/postgresql/*/bin: install PostgreSQL's server (Debian: apt-get install "
        "postgresql)"
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class TempCluster:
    """A PostgreSQL server of its own; ``durable=False`` (for tests) skips fsync."""

    def __init__(self, durable: bool = True) -> None:
        self.bin = find_bin()
        self.durable = durable
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="trigames-pg-"))
        self._as_postgres = os.geteuid() == 0
        self.user = "postgres"
        self.started = False

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bin / program), *args]
        if self._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed: {done.stdout}{done.stderr}")

    def start(self) -> TempCluster:
        if self._as_postgres:
            shutil.chown(self.folder, "postgres", "postgres")
        data = self.folder / "data"
        self._run("initdb", "-D", str(data), "-U", self.user, "-A", "trust", "-E", "UTF8",
                  "--no-sync", "--locale=C")  # fmt: skip
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
        options += " -c max_connections=200"
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run("pg_ctl", "-D", str(data), "-l", str(self.folder / "server.log"), "-w",
                  "-t", "60", "-o", options, "start")  # fmt: skip
        self.started = True
        return self

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        """A new empty database; its URL."""
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        if self.started:
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop")
            self.started = False
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> TempCluster:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()
