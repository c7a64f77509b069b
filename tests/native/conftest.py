"""The differential tests need the kernels: they are skipped under TRIGAMES_PURE=1 (the second
pass of ``make test``) and where no C compiler could build them, and fail where a compiler is
there but a kernel did not build (they must run, not skip)."""

from __future__ import annotations

import shutil

import pytest

from trigames.core import native


def compiler() -> str | None:
    """The C compiler the install would have used, if the machine has one."""
    return shutil.which("cc") or shutil.which("gcc")


@pytest.fixture(autouse=True)
def _kernels_running() -> None:
    if native.forced_pure():
        pytest.skip(native.describe())
    if native.mode() != "native" or native.built() != list(native.KERNEL_GAMES):
        if compiler() is not None:
            pytest.fail(f"{compiler()} is here but the kernels did not build: {native.describe()}")
        pytest.skip(native.describe())
