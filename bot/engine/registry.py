"""Which games exist: every package under ``bot/games``, found by looking, plus games kept
elsewhere that are registered by hand (the test games, ``--game-module``).

Nothing else in the bot lists games, so adding a folder ``bot/games/<name>/`` whose
``__init__.py`` defines ``GAME`` is all it takes for cogs, the service, help and benches to
offer it.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from typing import Any

import bot.games
from bot.engine.errors import GameError
from bot.engine.game import Game
from bot.engine.said import said
from bot.engine.usertext import quoted

_ADDED: dict[str, Game[Any, Any]] = {}


def register(game: Game[Any, Any]) -> None:
    """Offer a game that does not live under ``bot/games``."""
    _ADDED[game.name] = game


def packaged() -> list[str]:
    """The names of the game packages under ``bot/games`` (its ``__path__``, so a test may
    add a folder)."""
    return sorted(m.name for m in pkgutil.iter_modules(bot.games.__path__) if m.ispkg)


def get(name: str) -> Game[Any, Any]:
    """The game called ``name``; its package is imported on first use."""
    if name in _ADDED:
        return _ADDED[name]
    module = sys.modules.get(f"bot.games.{name}") if name.isidentifier() else None
    if module is None:
        if name not in packaged():
            raise GameError(said("There is no game called {name}. Games: {games}.",
                                 name=quoted(name), games=tuple(names())))
        module = importlib.import_module(f"bot.games.{name}")
    game = getattr(module, "GAME", None)
    if not isinstance(game, Game):
        raise TypeError(f"bot.games.{name} defines no GAME (a Game instance).")
    return game


def known(name: str) -> bool:
    """Whether a game is called ``name``: its package imported already (or registered) is
    enough, with no look at the disk (a delivery asks this for each picture)."""
    module = sys.modules.get(f"bot.games.{name}") if name.isidentifier() else None
    return name in _ADDED or hasattr(module, "__path__") or name in packaged()


def names() -> list[str]:
    """Every game's name, sorted."""
    return sorted({*packaged(), *_ADDED})
