"""Messages that sit in tables rather than in ``said(...)`` calls, for the catalogues.

A game's log sentences are ``Sentence`` objects in its ``sentences.py``: their forms are a
positional argument each and the values of a mapping (``by``), which Babel's keyword
extractor cannot address (one keyword names one message among a call's arguments), so the
forms are read from the objects themselves, as the slash commands are read from the command
trees. Each form carries a comment saying who reads it, for the translator.

Aura's and Zura's card names come from their card sets (``cards.json``): a name in a
sentence is a ``Said`` whose message is the card's English name, listed here from the set
(as are Zura's ability texts and search-area places).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from bot.engine import Sentence

BOT: Final = Path(__file__).resolve().parents[1]


def sentence_modules() -> Iterator[str]:
    """The dotted names of every ``sentences.py`` under ``bot/``, in a stable order."""
    for path in sorted(BOT.rglob("sentences.py")):
        parts = path.relative_to(BOT.parent).with_suffix("").parts
        yield ".".join(parts)


def sentence_forms() -> Iterator[tuple[str, str, str]]:
    """``(English form, where, who reads it)`` for every form of every log sentence."""
    for name in sentence_modules():
        module = importlib.import_module(name)
        for attribute, value in vars(module).items():
            if not isinstance(value, Sentence):
                continue
            where = f"{name}.{attribute}"
            for part, form in value.parts().items():
                if not form:
                    continue  # told to nobody (a replay's record)
                reader = f"read by the seat in {{{part.replace('+', '} and {')}}}" if part \
                    else "read by anyone the sentence is not about"
                yield form, where, reader


def card_names() -> Iterator[tuple[str, str]]:
    """``(English name, where)`` for every card name of Aura's and Zura's card sets (and
    Aura's colours, which its menus name; Zura's ability texts, which its big cards and its
    table in words print, and its search area's places, "A1" …)."""
    from bot.games.aura.cards import CARDS as AURA
    from bot.games.aura.cards import NAMED
    from bot.games.zura.board import SLOT_NAMES
    from bot.games.zura.cards import CARDS

    for named in NAMED:
        yield named.msgid, "bot/games/aura/cards.json"
    for colour in AURA.colours:
        yield colour.capitalize(), "bot/games/aura/cards.json"
    for land in CARDS.landscapes:
        yield land.name, "bot/games/zura/cards.json"
    for kind in CARDS.types:
        yield kind.name, "bot/games/zura/cards.json"
    for text in CARDS.abilities.values():
        yield text, "bot/games/zura/cards.json"
    for place in SLOT_NAMES:
        yield place, "bot/games/zura/board.py"
