"""Which store a ``--db`` target names, opened: the one place that knows both kinds of store
(:mod:`trigames.web.store` for SQLite, :mod:`trigames.web.postgres`, loaded only when asked
for, since its driver is an optional extra).

>>> store = open_store(":memory:")
>>> type(store).__name__
'SQLiteStore'
>>> store.close()
"""

from __future__ import annotations

from pathlib import Path

from trigames.web.store import GameStore, SQLiteStore, StoreError, is_postgres


def open_store(target: str | Path) -> GameStore:
    """The store ``target`` names: a ``postgresql://USER@HOST:PORT/DBNAME`` URL (with the
    ``trigames[postgres]`` extra installed), else an SQLite file."""
    if not is_postgres(target):
        return SQLiteStore(target)
    try:
        from trigames.web.postgres import PostgresStore
    except ImportError:
        raise StoreError(
            "a PostgreSQL database needs the driver: pip install 'trigames[postgres]'"
        ) from None
    return PostgresStore(str(target))
