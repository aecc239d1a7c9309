"""Messages that sit in tables rather than in ``said(...)`` calls, for the catalogues.

A game's log sentences are ``Sentence`` objects in its ``sentences.py``: their forms are a
positional argument each and the values of a mapping (``by``), which Babel's keyword
extractor cannot address (one keyword names one message among a call's arguments), so the
forms are read from the objects themselves, as the slash commands are read from the command
trees. Each form carries a comment saying who reads it, for the translator.
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
