"""Words for people that remember how they were made, so that a page can say them in its
language.

What the engines tell people (a status line, the last move, why a game ended, a seat's colour,
what to tap) is a :class:`Phrase`: a ``str`` of the English words, as before, which also keeps
its template and values. ``pybabel extract`` finds the templates (``Phrase("...")`` and
``counted("...", "...")``: see ``babel.cfg``), the web server's catalogues translate them, and
:func:`said` gives the JSON from which a page says them in its language (``words.js``'s
``say``). Names and notation (``"Ann"``, ``"G6"``) are plain strings: they stay as they are.

>>> seat = Phrase("White")
>>> line = Phrase("{seat} places a peg on {cell}", seat=seat, cell="G6")
>>> line
'White places a peg on G6'
>>> said(line)
['{seat} places a peg on {cell}', {'seat': ['White'], 'cell': 'G6'}]
>>> said(counted("{count} peg", "{count} pegs", 3))
[['{count} peg', '{count} pegs'], {'count': 3}]
>>> said("Ann")
'Ann'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias

#: What a phrase's value may be: a phrase (said in the page's language), a name or notation
#: (kept as it is) or a number.
Value: TypeAlias = "str | int"

#: The JSON of a phrase (see :func:`said`).
Said: TypeAlias = "str | int | list[Any]"


class Phrase(str):
    """English words (the ``str`` itself) made from ``template`` and ``values``; a plural
    phrase (:func:`counted`) keeps both of its templates in ``plural``.

    >>> Phrase("{name} resigns", name="Ann") == "Ann resigns"
    True
    >>> import pickle
    >>> said(pickle.loads(pickle.dumps(Phrase("{n} left", n=2))))
    ['{n} left', {'n': 2}]
    """

    template: str
    values: Mapping[str, Value]
    plural: tuple[str, str] | None

    def __new__(cls, template: str, /, **values: Value) -> Phrase:
        phrase = super().__new__(cls, template.format_map(values) if values else template)
        phrase.template = template
        phrase.values = values
        phrase.plural = None
        return phrase

    def __getnewargs_ex__(self) -> tuple[tuple[str], dict[str, Value]]:
        return (self.template,), dict(self.values)

    def capitalised(self) -> Phrase:
        """The phrase with its first letter a capital (its template's too, so translations
        start with one where the template did).

        >>> said(Phrase("{seat} resigns", seat=Phrase("black")).capitalised())
        ['{seat} resigns', {'seat': ['Black']}]
        """
        first = self.template[:1]
        if first == "{":
            name = self.template[1 : self.template.index("}")]
            value = self.values[name]
            if isinstance(value, Phrase):
                return self._with({**self.values, name: value.capitalised()})
            if isinstance(value, str):
                return self._with({**self.values, name: value[:1].upper() + value[1:]})
            return self
        return self._with(self.values, self.template[:1].upper() + self.template[1:])

    def _with(self, values: Mapping[str, Value], template: str | None = None) -> Phrase:
        made = Phrase(template or self.template, **values)
        made.plural = self.plural
        return made


def counted(one: str, many: str, count: int, /, **values: Value) -> Phrase:
    """A phrase about ``count`` things: ``one``'s words when there is one, ``many``'s
    otherwise (in English; a catalogue gives each language its own forms). The templates
    name the number ``{count}``.

    >>> counted("{count} peg", "{count} pegs", 1), counted("{count} peg", "{count} pegs", 0)
    ('1 peg', '0 pegs')
    """
    phrase = Phrase(one if count == 1 else many, count=count, **values)
    phrase.plural = (one, many)
    return phrase


def said(text: Value) -> Said:
    """The JSON from which a page says ``text`` in its language: a phrase is a list, its
    template first (a pair of them for a plural) and then its values, if it has any; anything
    else (a name, notation, a number) is itself.

    >>> said(Phrase("Draw")), said(7)
    (['Draw'], 7)
    """
    if not isinstance(text, Phrase):
        return text
    template: str | list[str] = text.template if text.plural is None else list(text.plural)
    if not text.values:
        return [template]
    return [template, {name: said(value) for name, value in text.values.items()}]


def words_of(error: BaseException) -> str:
    """The message of ``error``: the phrase it was raised with, if it was one (``str(error)``
    would be plain words).

    >>> words_of(ValueError(Phrase("{seat} resigned", seat=Phrase("White")))).values
    {'seat': 'White'}
    >>> words_of(ValueError("bad"))
    'bad'
    """
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, Phrase) else str(error)


def phrase_of(error: BaseException) -> Phrase:
    """The message of ``error`` as a phrase: the one it was raised with, else its plain words
    (kept as they are).

    >>> said(phrase_of(ValueError("bad"))), said(phrase_of(ValueError(Phrase("Draw"))))
    (['{error}', {'error': 'bad'}], ['Draw'])
    """
    words = words_of(error)
    return words if isinstance(words, Phrase) else Phrase("{error}", error=words)


def joined(items: list[Value], conjunction: str | None = "and") -> Phrase:
    """Items in a list: ``A``, ``A and B``, ``A, B and C`` (``conjunction`` ``"and"`` or
    ``"or"``; ``None``: commas only), as a phrase.

    >>> joined(["Ann", "Bob", "Cy"]), joined([Phrase("White"), Phrase("Black")], "or")
    ('Ann, Bob and Cy', 'White or Black')
    >>> joined(["Blue 3", "Red 2"], None)
    'Blue 3, Red 2'
    """
    if len(items) == 1:
        return Phrase("{item}", item=items[0])
    head: Value = items[0]
    for item in items[1:-1]:
        head = Phrase("{first}, {second}", first=head, second=item)
    if conjunction is None:
        return Phrase("{first}, {second}", first=head, second=items[-1])
    if conjunction == "or":
        return Phrase("{first} or {last}", first=head, last=items[-1])
    return Phrase("{first} and {last}", first=head, last=items[-1])


__all__ = ["Phrase", "Said", "Value", "counted", "joined", "phrase_of", "said", "words_of"]
