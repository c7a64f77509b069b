"""The differential tests need the kernels: they are skipped where none is built, or under
TRIGAMES_PURE=1 (the second pass of ``make test``)."""

from __future__ import annotations

import pytest

from trigames.core import native


@pytest.fixture(autouse=True)
def _kernels_running() -> None:
    if native.mode() != "native":
        pytest.skip(native.describe())
