"""Optional extras: libraries that only some commands need, with a clear message when missing.

>>> require_extra("json", "none").__name__
'json'
>>> require_extra("no_such_module_here", "analysis")
Traceback (most recent call last):
...
trigames.extras.MissingExtraError: this needs no_such_module_here: pip install 'trigames[analysis]'
"""

from __future__ import annotations

import importlib
from types import ModuleType

from trigames.core.errors import TrigamesError


class MissingExtraError(TrigamesError, ImportError):
    """An optional library is not installed; the message says which extra brings it."""


def missing_extra(module: str, extra: str) -> MissingExtraError:
    """The error for ``module`` not being installed, naming the extra that brings it."""
    return MissingExtraError(f"this needs {module}: pip install 'trigames[{extra}]'")


def require_extra(module: str, extra: str) -> ModuleType:
    """Import ``module``, or raise :class:`MissingExtraError` naming the extra to install."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise missing_extra(module, extra) from None
