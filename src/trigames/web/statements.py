"""What every SQL store runs its statements with, whichever database it is: the base of the
stores' parts (:mod:`~trigames.web.store`, :mod:`~trigames.web.account_store`,
:mod:`~trigames.web.player_store`), each written once for both databases."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any


class Statements:
    """Statements with ``?`` placeholders, run by a store (SQLite's or PostgreSQL's)."""

    def _query(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Mapping[str, Any]]:
        """The rows a statement returns."""
        raise NotImplementedError

    def _change(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement that changes rows; how many it changed."""
        raise NotImplementedError

    def _transaction(self) -> AbstractContextManager[None]:
        """The statements run in this block (in this thread) commit together, or not at all
        (an exception rolls them back)."""
        raise NotImplementedError
