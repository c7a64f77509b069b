"""A throwaway PostgreSQL server in a temporary folder, for the tests and the load benchmark.

It needs PostgreSQL's server programs (``initdb``, ``pg_ctl``: Debian's ``postgresql``
package puts them in ``/usr/lib/postgresql/VERSION/bin``), found on ``$PATH``, in
``$TRIGAMES_PG_BIN`` or there. They refuse to run as root: as root, the cluster belongs to the
``postgres`` user and the programs run as it (``runuser``). It listens on 127.0.0.1 at a free
port with its Unix socket in its own folder, lets local users in without a password, and is
removed when stopped.

    with TempCluster() as cluster:
        url = cluster.create_database("games")  # postgresql://postgres@127.0.0.1:PORT/games

For the fault tests, a cluster can be made to fail and then mended: :meth:`TempCluster.halt`
stops the server and keeps its folder (its clients find nobody at the port: a database down),
:meth:`TempCluster.restart` starts it again on the same port; :meth:`TempCluster.freeze` stops
the server's processes where they stand (``SIGSTOP``: a hung database, which takes connections
and answers nothing), :meth:`TempCluster.thaw` lets them go on (``SIGCONT``).
"""

from __future__ import annotations

import glob
import os
import shutil
import signal
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
        #: Stopped by :meth:`halt` (the folder kept), until :meth:`restart`.
        self.halted = False
        #: The processes :meth:`freeze` stopped, until :meth:`thaw`.
        self._frozen: list[int] = []
        self._options = ""

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
        self._options = options
        self._start_server()
        self.started = True
        return self

    def _start_server(self) -> None:
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-l", str(self.folder / "server.log"),
                  "-w", "-t", "60", "-o", self._options, "start")  # fmt: skip

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
            self.thaw()  # a stopped process would not hear the order to end
            if not self.halted:
                self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w",
                          "stop")  # fmt: skip
            self.started = False
            self.halted = False
        shutil.rmtree(self.folder, ignore_errors=True)

    # --- faults, for the tests -----------------------------------------------------------

    def halt(self) -> None:
        """Stop the server (``pg_ctl stop -m fast``: its sessions are ended), keeping its folder
        and port for :meth:`restart`. Nothing happens if it is halted already."""
        if not self.started or self.halted:
            return
        self.thaw()
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "fast", "-w", "-t", "60",
                  "stop")  # fmt: skip
        self.halted = True

    def restart(self) -> None:
        """Start a halted server again, on the same port, with its databases as they were.
        Nothing happens if it runs already."""
        if not self.started or not self.halted:
            return
        self._start_server()
        self.halted = False

    def processes(self) -> list[int]:
        """The server's processes: the postmaster (from ``data/postmaster.pid``) first, then
        its children and theirs (from ``/proc/PID/task/*/children``, Linux only)."""
        pid_file = self.folder / "data" / "postmaster.pid"
        try:
            postmaster = int(pid_file.read_text().split("\n", 1)[0])
        except (OSError, ValueError):
            return []
        found = [postmaster]
        for pid in found:  # grows as children are found: breadth first
            for listing in glob.glob(f"/proc/{pid}/task/*/children"):
                try:
                    children = Path(listing).read_text().split()
                except OSError:  # the task ended meanwhile
                    continue
                found += [int(child) for child in children if int(child) not in found]
        return found

    def freeze(self) -> None:
        """Stop every process of the server where it stands (``SIGSTOP``): connections are
        still taken by the kernel, and nothing answers. The postmaster first, so that it starts
        no process meanwhile; :meth:`thaw` undoes it."""
        if not self.started or self.halted or self._frozen:
            return
        for _ in range(2):  # again for any child started before the postmaster stopped
            for pid in self.processes():
                if pid not in self._frozen and _signal(pid, signal.SIGSTOP):
                    self._frozen.append(pid)

    def thaw(self) -> None:
        """Let the processes :meth:`freeze` stopped go on (``SIGCONT``)."""
        frozen, self._frozen = self._frozen, []
        for pid in reversed(frozen):
            _signal(pid, signal.SIGCONT)

    @property
    def frozen(self) -> bool:
        return bool(self._frozen)

    def __enter__(self) -> TempCluster:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()


def _signal(pid: int, number: signal.Signals) -> bool:
    """Send signal ``number`` to process ``pid``; whether it was still there."""
    try:
        os.kill(pid, number)
    except ProcessLookupError:
        return False
    return True
