"""What the tests of phrases share: the templates of a phrase that have no French (a phrase
whose template is missing from the catalogue stays English on a French page)."""

from __future__ import annotations

from trigames.core.phrases import Phrase, Value
from trigames.web.i18n import CATALOGUES


def templates(text: Value) -> list[str | tuple[str, str]]:
    """The templates of ``text`` and of the phrases among its values, outermost first."""
    if not isinstance(text, Phrase):
        return []
    found: list[str | tuple[str, str]] = [text.plural or text.template]
    for value in text.values.values():
        found += templates(value)
    return found


def untranslated(text: Value) -> list[str | tuple[str, str]]:
    """The templates of ``text`` that have no French."""
    french = CATALOGUES["fr"]
    return [
        template
        for template in templates(text)
        if (template[0] not in french.plurals if isinstance(template, tuple)
            else template not in french.words)
    ]  # fmt: skip
