"""Spec strings: ``name`` or ``name(key=value,...)`` name a game and its variant.

>>> import trigames
>>> spec = trigames.parse_spec("Triggle(players=3, misere=true)")
>>> spec.name, spec.options["players"], spec.options["misere"]
('triggle', 3, True)
>>> str(spec)
'triggle(players=3,misere=true)'

A spec string has at most :data:`MAX_SPEC_LENGTH` characters, checked before it is read; the
longest real one is well under 100.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from trigames.core.errors import OptionValueError, SpecSyntaxError, UnknownOptionError
from trigames.core.limits import check_length, quote

OptionValue = int | bool | str

#: The most characters a spec string (or a player spec, read the same way) may have.
MAX_SPEC_LENGTH = 200

# Both patterns are used with ``fullmatch`` on stripped text. Every repetition but one is
# possessive (``*+``, ``++``) and followed by a character it cannot match, so nothing is ever
# given back: the match is one left-to-right scan. The exception, the body's ``.*``, runs to
# the end, then backs off one character at a time to find the ``)`` that must end the text:
# one step when it is there, else one constant-time test per character.
_NAME = r"[a-z][a-z0-9_]*+"
_SPEC = re.compile(rf"({_NAME})\s*+(?:\((.*)\))?+", re.DOTALL)
_PAIR = re.compile(rf"({_NAME})\s*+=\s*+([A-Za-z0-9_.+-]++)")


@dataclass(frozen=True)
class Option:
    """One game option: its type is the type of its default.

    >>> Option("size", 4, "pegs per side", minimum=3, maximum=8).parse("5")
    5
    """

    name: str
    default: OptionValue
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()

    def describe_range(self) -> str:
        """The valid values, for help texts and error messages."""
        if isinstance(self.default, bool):
            return "true or false"
        if isinstance(self.default, int):
            return f"an integer from {self.minimum} to {self.maximum}"
        return "one of " + ", ".join(self.choices)

    def parse(self, text: str) -> OptionValue:
        """Convert the text of a value, checking it is in range."""
        value: OptionValue
        if isinstance(self.default, bool):
            lowered = text.lower()
            if lowered not in ("true", "false"):
                raise self._bad(text)
            value = lowered == "true"
        elif isinstance(self.default, int):
            try:
                value = int(text)
            except ValueError:
                raise self._bad(text) from None
        else:
            value = text.lower()
        self.check(value)
        return value

    def check(self, value: OptionValue) -> None:
        """Raise :class:`OptionValueError` unless ``value`` is a valid value."""
        if isinstance(self.default, bool):
            ok = isinstance(value, bool)
        elif isinstance(self.default, int):
            ok = (
                isinstance(value, int)
                and not isinstance(value, bool)
                and (self.minimum is None or value >= self.minimum)
                and (self.maximum is None or value <= self.maximum)
            )
        else:
            ok = value in self.choices
        if not ok:
            raise self._bad(value)

    def format(self, value: OptionValue) -> str:
        """The text of a value, as it appears in a canonical spec string."""
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)

    def _bad(self, value: object) -> OptionValueError:
        shown = self.format(value) if isinstance(value, OptionValue) else repr(value)
        return OptionValueError(
            f"option {self.name!r} cannot be {quote(shown)}: it takes {self.describe_range()}"
        )


@dataclass(frozen=True)
class GameSpec:
    """A game name with a complete set of option values.

    ``str(spec)`` is the canonical form: only options that differ from their defaults, in the
    order the game declares them.
    """

    name: str
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    declared: tuple[Option, ...] = field(default=(), compare=False, repr=False)

    @staticmethod
    def split(text: str) -> tuple[str, list[tuple[str, str]]]:
        """Split a spec string into its name and its ``(key, value)`` texts, checking syntax only.

        The length is checked first: more than :data:`MAX_SPEC_LENGTH` characters is a
        :class:`SpecSyntaxError`, whatever the text.

        >>> GameSpec.split("Triggle(size=5)")
        ('triggle', [('size', '5')])
        """
        if isinstance(text, str):
            check_length(text, MAX_SPEC_LENGTH, "a spec string", SpecSyntaxError)
        match = _SPEC.fullmatch(text.strip().lower()) if isinstance(text, str) else None
        if match is None:
            raise SpecSyntaxError(
                f"bad spec string {quote(text)}: expected name or name(key=value,...), "
                "for example 'triggle(players=3,misere=true)'"
            )
        name, body = match.group(1), match.group(2)
        pairs: list[tuple[str, str]] = []
        if body is not None and body.strip():
            for part in body.split(","):
                pair = _PAIR.fullmatch(part.strip())
                if pair is None:
                    raise SpecSyntaxError(
                        f"bad option {quote(part.strip())} in spec {quote(text)}: "
                        "expected key=value"
                    )
                pairs.append((pair.group(1), pair.group(2)))
        return name, pairs

    @classmethod
    def build(
        cls, name: str, declared: Sequence[Option], pairs: Sequence[tuple[str, str]]
    ) -> GameSpec:
        """Check option texts against the declared options and fill in defaults."""
        by_name = {option.name: option for option in declared}
        values: dict[str, OptionValue] = {option.name: option.default for option in declared}
        seen: set[str] = set()
        for key, text in pairs:
            option = by_name.get(key)
            if option is None:
                known = ", ".join(by_name) or "none"
                raise UnknownOptionError(
                    f"game {name!r} has no option {quote(key)}; its options are: {known}"
                )
            if key in seen:
                raise SpecSyntaxError(f"option {quote(key)} is given twice")
            seen.add(key)
            values[key] = option.parse(text)
        return cls(name, MappingProxyType(values), tuple(declared))

    def __str__(self) -> str:
        return self._text

    @functools.cached_property
    def _text(self) -> str:
        """The canonical form, written once (a spec never changes)."""
        changed = [
            f"{option.name}={option.format(self.options[option.name])}"
            for option in self.declared
            if self.options[option.name] != option.default
        ]
        return f"{self.name}({','.join(changed)})" if changed else self.name

    def __repr__(self) -> str:
        return f"trigames.parse_spec({str(self)!r})"

    def __hash__(self) -> int:
        return hash(str(self))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameSpec) and str(self) == str(other)

    def int_option(self, name: str) -> int:
        """The value of an integer option."""
        value = self.options[name]
        assert isinstance(value, int)
        assert not isinstance(value, bool)
        return value

    def bool_option(self, name: str) -> bool:
        """The value of a true/false option."""
        value = self.options[name]
        assert isinstance(value, bool)
        return value

    def str_option(self, name: str) -> str:
        """The value of a choice option."""
        value = self.options[name]
        assert isinstance(value, str)
        return value
