"""Faults for the fault tests (``test_faults.py``): a full disk under an SQLite store, and a
PostgreSQL server that is down (stopped) or hung (its processes stopped with ``SIGSTOP``).

- **A full disk.** The SQLite file lives on a small tmpfs of its own (:func:`tmpfs`, mounted as
  root, or through ``sudo -n``; the test is skipped when neither may mount). :meth:`FullDisk.fail`
  fills what is left of it, to the last byte, with a filler file; :meth:`FullDisk.heal` deletes
  the filler. SQLite in WAL mode appends each commit to its ``-wal`` file, which needs new
  blocks on a full disk and fails (``database or disk is full``), *unless* the WAL was
  checkpointed meanwhile: the next commit then starts the WAL over, in blocks it has already,
  and succeeds on a full disk. So the WAL is checkpointed and truncated to nothing first
  (``PRAGMA wal_checkpoint(TRUNCATE)``, from a connection of the test's own): every commit
  after that needs new blocks.
- **A database down.** :meth:`DownDatabase.fail` stops the test cluster's server
  (``pg_ctl stop -m fast``) and :meth:`DownDatabase.heal` starts it again on the same port
  (:class:`~trigames.web.pg_temp.TempCluster`).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import sqlite3
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Protocol, TypeVar

import pytest

from trigames.web.database import Database
from trigames.web.errors import UnavailableError
from trigames.web.pg_temp import TempCluster
from trigames.web.postgres import PostgresStore
from trigames.web.store import GameStore, SQLiteStore

T = TypeVar("T")

#: The size of a test's tmpfs: room for a few games' SQLite file, little to fill.
TMPFS_SIZE = "4m"
#: The sizes of the filler's writes, largest first: each is written until the disk refuses it,
#: so that the last one fills the last bytes.
FILLER_WRITES = (1 << 20, 64 << 10, 4 << 10, 512, 1)


class Fault(Protocol):
    """A store that can be broken and mended."""

    #: What ``trigames serve --db`` is given: an SQLite file or a PostgreSQL URL.
    target: str

    def open_store(self) -> GameStore: ...

    def fail(self) -> None:
        """Break the store: every write fails from now on, until :meth:`heal`."""

    def heal(self) -> None:
        """Mend the store (nothing happens if it is not broken)."""


# --- a full disk -------------------------------------------------------------------------------


def _mount_commands(folder: Path) -> list[list[str]]:
    mount = ["mount", "-t", "tmpfs", "-o", f"size={TMPFS_SIZE}", "tmpfs", str(folder)]
    return [mount] if os.geteuid() == 0 else [["sudo", "-n", *mount]]


def _unmount(folder: Path) -> None:
    """Unmount ``folder``; lazily (``umount -l``) if something still holds a file there."""
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
    for command in (["umount", str(folder)], ["umount", "-l", str(folder)]):
        done = subprocess.run([*sudo, *command], capture_output=True, text=True, check=False)
        if done.returncode == 0:
            return
    raise RuntimeError(f"cannot unmount the test's tmpfs at {folder}: {done.stderr.strip()}")


@contextlib.contextmanager
def tmpfs(folder: Path) -> Iterator[Path]:
    """A tmpfs of :data:`TMPFS_SIZE` mounted at ``folder`` (made if need be; anyone may write
    to a new tmpfs), unmounted at the end whatever happens; the test is skipped when this user
    may not mount one."""
    folder.mkdir(parents=True, exist_ok=True)
    errors = []
    for command in _mount_commands(folder):
        try:
            done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=30)
        except (OSError, subprocess.TimeoutExpired) as error:
            errors.append(f"{command[0]}: {error}")
            continue
        if done.returncode == 0:
            break
        program = " ".join(command[: 2 if command[0] == "sudo" else 1])
        errors.append(f"{program}: {' '.join(done.stderr.split()) or done.returncode}")
    else:
        pytest.skip(
            "the disk-full tests mount a tmpfs, which needs root or password-less sudo: "
            + "; ".join(errors)
        )
    try:
        yield folder
    finally:
        _unmount(folder)


def fill(filler: Path) -> int:
    """Write ``filler`` until the disk it is on refuses even one more byte; the bytes
    written."""
    written = 0
    descriptor = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        for size in FILLER_WRITES:
            chunk = b"\0" * size
            while True:
                try:
                    count = os.write(descriptor, chunk)
                except OSError as error:
                    if error.errno != errno.ENOSPC:
                        raise
                    break
                written += count
    finally:
        os.close(descriptor)
    return written


def truncate_wal(path: Path, seconds: float = 10.0) -> None:
    """Checkpoint the SQLite database at ``path`` and truncate its WAL to nothing, so that the
    next commit appends to an empty file (needing new blocks) instead of writing over frames
    of an older, checkpointed WAL (which would succeed on a full disk)."""
    deadline = time.monotonic() + seconds
    connection = sqlite3.connect(path, timeout=seconds)
    try:
        while True:
            busy, frames, _ = connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            if busy == 0 and frames == 0:
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"the WAL of {path} cannot be truncated: a reader holds it")
            time.sleep(0.05)
    finally:
        connection.close()


class FullDisk:
    """An SQLite file on the test's tmpfs (``folder``), whose disk :meth:`fail` fills."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / "games.sqlite3"
        self.filler = folder / "filler"
        self.target = str(self.path)

    def open_store(self) -> GameStore:
        return SQLiteStore(self.path)

    def fail(self) -> None:
        truncate_wal(self.path)
        fill(self.filler)
        free = os.statvfs(self.folder)
        assert free.f_bavail == 0, f"the tmpfs still has {free.f_bavail} blocks free"

    def heal(self) -> None:
        self.filler.unlink(missing_ok=True)


# --- a database down ---------------------------------------------------------------------------


class DownDatabase:
    """A database of the test module's own cluster, whose server :meth:`fail` stops."""

    def __init__(self, cluster: TempCluster, target: str) -> None:
        self.cluster = cluster
        self.target = target

    def open_store(self) -> GameStore:
        return PostgresStore(self.target)

    def fail(self) -> None:
        self.cluster.halt()

    def heal(self) -> None:
        self.cluster.thaw()
        self.cluster.restart()


# --- watching the service's database calls -----------------------------------------------------


class Failures:
    """Counts the database calls of a service that failed (``UnavailableError``): put
    :meth:`run` in the place of its :meth:`Database.run <trigames.web.database.Database.run>`
    (``monkeypatch.setattr(service.database, "run", failures.run)``)."""

    def __init__(self, database: Database) -> None:
        self._run = database.run
        self.count = 0

    async def run(self, call: Callable[[GameStore], T]) -> T:
        try:
            return await self._run(call)
        except UnavailableError:
            self.count += 1
            raise


async def until(condition: Callable[[], bool], what: str, seconds: float = 15) -> None:
    """Wait (polling) until ``condition()`` holds; fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"waited {seconds} s in vain for {what}"
        await asyncio.sleep(0.02)
