"""Lists, numbers, ordinals, durations and dates as a language writes them, from Babel's CLDR
data (no hand-written joining or suffixes). Pure functions of the value and a Babel locale.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Final, Literal

from babel import Locale
from babel.dates import format_datetime, format_timedelta
from babel.lists import format_list
from babel.numbers import format_decimal

from bot.engine.said import Said, said

Style = Literal["standard", "or"]

ORDINALS: Final[dict[str, Said]] = {
    "one": said("{n}st"), "two": said("{n}nd"), "few": said("{n}rd"), "other": said("{n}th"),
}
"""One message per CLDR ordinal category (English has four; German and Portuguese one), so
each catalogue writes its own ``1st`` / ``1.`` / ``1º``."""


def listing(items: Sequence[str], locale: Locale, style: Style = "standard") -> str:
    """``a, b and c`` (``a, b und c``, ``a, b e c``); ``or`` joins alternatives."""
    return format_list(list(items), style=style, locale=locale)


def number(value: float, locale: Locale) -> str:
    """``1,234.5`` / ``1.234,5``."""
    return format_decimal(value, locale=locale)


def ordinal_form(n: int, locale: Locale) -> Said:
    """The catalogue message that writes ``n`` as an ordinal in ``locale``'s category."""
    return ORDINALS.get(locale.ordinal_form(n), ORDINALS["other"])


def duration(seconds: float, locale: Locale, *, direction: bool = False) -> str:
    """``3 hours`` (``in 3 hours`` with ``direction``, ``3 hours ago`` when negative)."""
    return format_timedelta(timedelta(seconds=seconds), threshold=1.0,
                            add_direction=direction, locale=locale)


def moment(when: datetime, locale: Locale) -> str:
    """A date and time, medium length: ``Dec 7, 2026, 2:30:00 AM`` / ``07.12.2026, 02:30:00``."""
    return format_datetime(when, format="medium", locale=locale)
