"""Which language a reader gets: the shipped catalogues and the way a Discord locale maps to
the nearest of them.

Discord names locales like ``en-US``, ``de`` and ``pt-BR``; catalogues are named like
gettext's (``pt_BR``). Any locale without a catalogue, including one Discord adds tomorrow,
reads English.
"""

from __future__ import annotations

from typing import Final

ENGLISH: Final = "en"
"""The source language: every message id is its English text."""

PSEUDO: Final = "pseudo"
"""Accented, longer, bracketed English (``bot.words.pseudo``): finds untranslated strings and
labels that no longer fit. Chosen like a language; Discord itself never sends it."""

TRANSLATED: Final = ("de", "pt_BR")
"""The languages with a catalogue of their own in ``bot/words/locales``."""

SHIPPED: Final = (ENGLISH, *TRANSLATED)
"""The languages a person or a server may choose, English first."""

CHOOSABLE: Final = (*SHIPPED, PSEUDO)

NAMES: Final = {ENGLISH: "English", "de": "Deutsch", "pt_BR": "Português do Brasil",
                PSEUDO: "Pseudo (test)"}
"""Each language named in itself, as a language menu shows it."""

DISCORD: Final = {"de": "de", "pt_BR": "pt-BR"}
"""The Discord locale each translated language localizes slash commands for."""


def nearest(locale: str | None) -> str:
    """The shipped language for a Discord locale (``pt-BR`` → ``pt_BR``, ``en-GB`` → ``en``,
    ``de`` → ``de``, a ``pt`` of any region → ``pt_BR``); ``pseudo`` as itself; anything
    else, or nothing, → English."""
    if not locale:
        return ENGLISH
    code = str(locale).replace("-", "_")
    if code in CHOOSABLE:
        return code
    base = code.split("_")[0].lower()
    return next((lang for lang in SHIPPED if lang.split("_")[0] == base), ENGLISH)


def chosen(preferred: str | None, latest: str | None) -> str:
    """A person's own choice when they made one, else the locale of their latest interaction."""
    return nearest(preferred) if preferred else nearest(latest)
