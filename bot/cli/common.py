"""Small pieces the developer commands share."""

from __future__ import annotations

import argparse
import importlib
import sys

from bot.engine import GameError, registry
from bot.words import CHOOSABLE, ENGLISH

MESSAGE_MAX = 300
"""An error names the problem; it never echoes a whole (possibly hostile) file."""


def add_lang_flag(parser: argparse.ArgumentParser) -> None:
    """``--lang``: the language of the words printed or drawn (English by default)."""
    parser.add_argument("--lang", default=ENGLISH, choices=CHOOSABLE,
                        help="the language of the words: " + ", ".join(CHOOSABLE))


def add_game_module_flag(parser: argparse.ArgumentParser) -> None:
    """A hidden flag to register a game kept outside ``bot/games`` (e.g. a test game)."""
    parser.add_argument("--game-module", action="append", default=[], help=argparse.SUPPRESS)


def register_game_modules(names: list[str]) -> None:
    """Import each module and register its ``GAME``; a bad name is a ``GameError``."""
    for name in names:
        try:
            module = importlib.import_module(name)
        except ImportError as exc:
            raise GameError(f"cannot import game module `{name}`: {exc}") from None
        game = getattr(module, "GAME", None)
        if game is None:
            raise GameError(f"module `{name}` has no GAME")
        registry.register(game)


def fail(message: str) -> int:
    """Report a problem on stderr as one line; the exit code for a refused request."""
    line = " ".join(message.split())
    if len(line) > MESSAGE_MAX:
        line = line[: MESSAGE_MAX - 1] + "…"
    print(f"error: {line}", file=sys.stderr)
    return 1
