"""One language's words: sentences from its catalogue with their values filled in, and the
values (numbers, lists, ordinals, durations, dates) written as that language writes them.

Whoever sends a message picks the ``Language`` of its reader (``language(code)``) and says
``Said`` sentences through it. A sentence that cannot be said in the language (a translation
that does not format) is said in English and logged once; nothing here raises for words.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime
from functools import cache
from typing import Literal

from babel import Locale
from babel.support import NullTranslations

from bot.engine.said import Said, Value
from bot.words import formats
from bot.words.catalogues import translations
from bot.words.locales import ENGLISH, PSEUDO, nearest
from bot.words.pseudo import accented, pseudo

log = logging.getLogger(__name__)

_VALUE = "\0"
"""Marks where a value begins and ends in a sentence being cut (``Language.within``)."""


class Language:
    """The words and formats of one shipped language (``en``, ``de``, ``pt_BR``, ``pseudo``)."""

    def __init__(self, code: str, words: NullTranslations | None = None) -> None:
        """``words`` replaces the shipped catalogue (tests of faulty translations)."""
        self.code = code
        source = ENGLISH if code == PSEUDO else code
        self.locale = Locale.parse(source)
        self._translations = words if words is not None else translations(source)
        self._warned: set[str] = set()

    def __repr__(self) -> str:
        return f"Language({self.code!r})"

    def say(self, sentence: Said) -> str:
        """``sentence`` in this language, its values filled in (numbers in local digits)."""
        values = {key: self._value(value) for key, value in sentence.values.items()}
        text = self._text(sentence)
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError, AttributeError) as exc:
            if sentence.msgid not in self._warned:
                self._warned.add(sentence.msgid)
                log.warning("%s: %r does not format (%s); said in English", self.code,
                            sentence.msgid, exc)
            return english().say(sentence)

    def within(self, sentence: Said, limit: int) -> str:
        """``sentence`` in at most ``limit`` characters for a label: when too long, cut in its
        own words and ended with "…", never inside a value (a name, a card, a number), which
        is left out whole rather than cut."""
        whole = self.say(sentence)
        if len(whole) <= limit:
            return whole
        try:
            marked = self._text(sentence).format(
                **{key: f"{_VALUE}{self._value(v)}{_VALUE}" for key, v in sentence.values.items()})
        except (KeyError, IndexError, ValueError, AttributeError):
            marked = whole  # said in English above: cut anywhere
        room, out = limit - 1, ""
        for i, part in enumerate(marked.split(_VALUE)):
            if i % 2 and len(out) + len(part) > room:
                break
            out += part[:room - len(out)]
            if len(out) >= room:
                break
        return out.rstrip() + "…"

    def _text(self, sentence: Said) -> str:
        text: str
        if sentence.context is not None:
            text = str(self._translations.pgettext(sentence.context, sentence.msgid))
        elif sentence.plural is None:
            text = self._translations.gettext(sentence.msgid)
        else:
            text = self._translations.ngettext(sentence.msgid, sentence.plural, sentence.n)
        return pseudo(text) if self.code == PSEUDO else text

    def _value(self, value: Value) -> str:
        if isinstance(value, Said):
            return self.say(value)
        if isinstance(value, tuple):
            return self.listing([self._value(item) for item in value])
        if isinstance(value, bool) or not isinstance(value, int | float):
            return str(value)
        return formats.number(value, self.locale)

    def listing(self, items: Sequence[str], *, alternatives: bool = False) -> str:
        """``a, b and c`` (or ``a, b or c``) as this language joins them."""
        style: Literal["standard", "or"] = "or" if alternatives else "standard"
        if self.code != PSEUDO or len(items) < 2:
            return formats.listing(items, self.locale, style)
        # The pseudo-locale accents the words that join the items, not the items.
        holes = [f"\0{i}\0" for i in range(len(items))]
        glued = accented(formats.listing(holes, self.locale, style))
        for hole, item in zip(holes, items, strict=True):
            glued = glued.replace(hole, item)
        return glued

    def number(self, value: float, places: int | None = None) -> str:
        """``value`` in this language's digits; ``places``: exactly that many decimals."""
        return formats.number(value, self.locale, places)

    def ordinal(self, n: int) -> str:
        """``1st`` / ``1.`` / ``1º``."""
        return self.say(formats.ordinal_form(n, self.locale).with_values(n=n))

    def duration(self, seconds: float, *, direction: bool = False) -> str:
        """``3 hours``; ``in 3 hours`` with ``direction``."""
        return self._formatted(formats.duration(seconds, self.locale, direction=direction))

    def span(self, seconds: float) -> str:
        """``1 hr, 30 min``: a clock's time per turn, exactly."""
        return self._formatted(formats.span(seconds, self.locale))

    def moment(self, when: datetime) -> str:
        return self._formatted(formats.moment(when, self.locale))

    def _formatted(self, text: str) -> str:
        """A formatter's words (Babel's, English under the pseudo-locale), accented there."""
        return accented(text) if self.code == PSEUDO else text


def language(code: str | None) -> Language:
    """The language for a shipped code or any Discord locale (the nearest shipped one)."""
    return _shipped(nearest(code))


@cache
def _shipped(code: str) -> Language:
    return Language(code)


def english() -> Language:
    return language(ENGLISH)
