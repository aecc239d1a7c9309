"""Which games exist. Built-in games are imported on first use by name; tests may add more."""

from __future__ import annotations

import importlib
from typing import Any

from bot.engine.errors import GameError
from bot.engine.game import Game

_GAMES: dict[str, Game[Any, Any]] = {}
BUILTIN = ("zura", "aura", "auroria")


def register(game: Game[Any, Any]) -> None:
    _GAMES[game.name] = game


def _load(name: str) -> None:
    """Import ``bot.games.<name>`` and register its ``GAME``; absent or unfinished is skipped."""
    if name in _GAMES or name not in BUILTIN:
        return
    try:
        module = importlib.import_module(f"bot.games.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"bot.games.{name}":
            return
        raise
    game = getattr(module, "GAME", None)
    if isinstance(game, Game):
        register(game)


def get(name: str) -> Game[Any, Any]:
    _load(name)
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(names()) or "none"
        raise GameError(f"There is no game called `{name}`. Games: {known}.") from None


def names() -> list[str]:
    for name in BUILTIN:
        _load(name)
    return sorted(_GAMES)
