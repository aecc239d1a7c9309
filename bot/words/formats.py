"""Lists, numbers, ordinals, durations and dates as a language writes them, from Babel's CLDR
data (no hand-written joining or suffixes). Pure functions of the value and a Babel locale.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Final, Literal

from babel import Locale
from babel.dates import format_datetime, format_timedelta
from babel.lists import format_list
from babel.numbers import format_decimal
from babel.units import format_unit

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


@lru_cache(maxsize=4096, typed=True)
def number(value: float, locale: Locale, places: int | None = None) -> str:
    """``1,234.5`` / ``1.234,5``; with ``places``, exactly that many decimals (``2.0``).
    Remembered: a prompt writes a score or a count a few dozen times, at 12 µs each."""
    if places is None:
        return format_decimal(value, locale=locale)
    return format_decimal(value, format="#,##0." + "0" * places, locale=locale,
                          decimal_quantization=True)


def ordinal_form(n: int, locale: Locale) -> Said:
    """The catalogue message that writes ``n`` as an ordinal in ``locale``'s category."""
    return ORDINALS.get(locale.ordinal_form(n), ORDINALS["other"])


def duration(seconds: float, locale: Locale, *, direction: bool = False) -> str:
    """``3 hours`` (``in 3 hours`` with ``direction``, ``3 hours ago`` when negative)."""
    return format_timedelta(timedelta(seconds=seconds), threshold=1.0,
                            add_direction=direction, locale=locale)


SPAN_UNITS: Final = (("duration-day", 86400), ("duration-hour", 3600),
                    ("duration-minute", 60), ("duration-second", 1))


def span(seconds: float, locale: Locale) -> str:
    """A length of time exactly, coarsest units first and at most two: ``1 hr, 30 min``,
    ``2 days, 2 hr`` (``1 Std., 30 Min.``, ``1 h e 30 min``)."""
    left = max(0, round(seconds))
    parts: list[str] = []
    for unit, size in SPAN_UNITS:
        amount, left = divmod(left, size)
        if amount and len(parts) < 2:
            parts.append(format_unit(amount, unit, length="short", locale=locale))
        elif parts:
            break
    if not parts:
        return format_unit(0, "duration-second", length="short", locale=locale)
    return format_list(parts, style="unit-short", locale=locale)


def moment(when: datetime, locale: Locale) -> str:
    """A date and time, medium length: ``Dec 7, 2026, 2:30:00 AM`` / ``07.12.2026, 02:30:00``."""
    return format_datetime(when, format="medium", locale=locale)
