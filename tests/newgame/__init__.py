"""A game added the way ``bot/games/README.md`` says: its folders here are installed as
``bot.games.laydown`` and ``bot.render.laydown`` (appended to those packages' ``__path__``), so a
test plays it through the registry, the service and the fake Discord with no other change."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import bot.games
import bot.render

HERE = Path(__file__).parent


@contextmanager
def installed() -> Iterator[None]:
    """Laydown is a game of the bot for the block, as if its folders were under ``bot/``."""
    saved = [(package, list(package.__path__)) for package in (bot.games, bot.render)]
    bot.games.__path__.append(str(HERE / "games"))
    bot.render.__path__.append(str(HERE / "render"))
    try:
        yield
    finally:
        for package, path in saved:
            package.__path__[:] = path
        for name in [n for n in sys.modules
                     if n.startswith(("bot.games.laydown", "bot.render.laydown"))]:
            del sys.modules[name]
