"""The pseudo-locale: English with every letter accented, about 40 % longer and bracketed,
``[Ŷôû ďŕåŵ 2 çåŕďš ·····]``. A string that reaches Discord without brackets did not come
from the catalogues; one that overflows shows where a longer language will.

Placeholders (``{who}``), Discord markup (``<@1>``, ``<#2>``, ``<t:3:R>``, ``:emoji:``),
slash commands (``/play``), inline code and links stay as they are, so names, numbers and
commands survive untouched and the result still formats.
"""

from __future__ import annotations

import re
from typing import Final

ACCENTS: Final = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçďéƒĝĥîĵķļɱñöƥʠŕšţûṽŵẋýžÅƁÇĎÉƑĜĤÎĴĶĻṀÑÖƤɊŔŠŢÛṼŴẊÝŽ")

KEEP: Final = re.compile(
    r"\{[^{}]*\}|\{\{|\}\}"       # placeholders and escaped braces
    r"|<[^<>\s]+>"                # mentions, channels, timestamps, custom emoji
    r"|`[^`]*`"                   # inline code
    r"|https?://\S+"              # links
    r"|(?<![\w/])/[a-z][\w-]*"    # slash commands
    r"|:[a-z_]+:")                # emoji shortcodes

PAD: Final = "·"
GROWTH: Final = 0.4
OPEN, CLOSE = "[", "]"


def pseudo(text: str) -> str:
    """``text`` accented outside what must stay, padded by 40 % of its letters, bracketed."""
    if not text:
        return text
    out: list[str] = []
    letters = 0
    at = 0
    for kept in KEEP.finditer(text):
        plain = text[at:kept.start()]
        out.append(plain.translate(ACCENTS))
        letters += sum(c.isalpha() for c in plain)
        out.append(kept.group())
        at = kept.end()
    plain = text[at:]
    out.append(plain.translate(ACCENTS))
    letters += sum(c.isalpha() for c in plain)
    pad = max(1, round(letters * GROWTH))
    return f"{OPEN}{''.join(out)} {PAD * pad}{CLOSE}"


def accented(text: str) -> str:
    """``text``'s letters accented, nothing added: the words Babel's formatters write (a
    list's ``and``, ``3 days``) under the pseudo-locale, inside a sentence already bracketed."""
    return text.translate(ACCENTS)


def is_pseudo(text: str) -> bool:
    """Whether ``text`` came through ``pseudo`` (its brackets and padding)."""
    return text.startswith(OPEN) and text.endswith(PAD + CLOSE)
