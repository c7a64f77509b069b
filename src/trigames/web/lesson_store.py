"""Where the server keeps the lessons each account finished (SQLite or PostgreSQL alike:
:class:`LessonRows` is mixed into both stores).

- ``lessons_finished``: one row per account and lesson it finished (its id, ``triggle-2``),
  with when the server first heard of it. A browser keeps its own list too; the two are merged
  when a learner logs in (``POST /api/account/lessons``).

>>> from trigames.web.store import SQLiteStore
>>> store = SQLiteStore(":memory:")
>>> store.finish_lessons("a", ["trig-1", "triggle-2"], at=1.0)
>>> store.finish_lessons("a", ["trig-1"], at=2.0)  # known already: nothing changes
>>> store.finished_lessons("a"), store.finished_lessons("b")
(['trig-1', 'triggle-2'], [])
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Protocol

from trigames.web.statements import Statements

#: The schema, as one migration step of each store (``{real}``: the name of a float).
LESSON_TABLES = (
    """CREATE TABLE lessons_finished (
        account TEXT NOT NULL,
        lesson TEXT NOT NULL,
        at {real} NOT NULL,
        PRIMARY KEY (account, lesson)
    )""",
)


def lesson_tables(real: str) -> tuple[str, ...]:
    """:data:`LESSON_TABLES` with ``real`` the type of a float."""
    return tuple(statement.replace("{real}", real) for statement in LESSON_TABLES)


class LessonStore(Protocol):
    """What the lessons need of a store (every method runs in a worker thread)."""

    def finished_lessons(self, account_id: str) -> list[str]:
        """The ids of the lessons the account finished, in order."""

    def finish_lessons(self, account_id: str, lessons: Collection[str], at: float) -> None:
        """Note that the account finished ``lessons`` (those noted already stay as they were)."""


class LessonRows(Statements):
    """:class:`LessonStore` in SQL both databases run."""

    def finished_lessons(self, account_id: str) -> list[str]:
        found = self._query(
            "SELECT lesson FROM lessons_finished WHERE account = ? ORDER BY lesson", (account_id,)
        )
        return [str(row["lesson"]) for row in found]

    def finish_lessons(self, account_id: str, lessons: Collection[str], at: float) -> None:
        with self._transaction():
            for lesson in lessons:
                self._change(
                    "INSERT INTO lessons_finished (account, lesson, at) VALUES (?, ?, ?)"
                    " ON CONFLICT (account, lesson) DO NOTHING",
                    (account_id, lesson, at),
                )
