"""Which games exist. Games register themselves by name; tests may add their own."""

from __future__ import annotations

import importlib
from typing import Any

from bot.engine.errors import GameError
from bot.engine.game import Game

_GAMES: dict[str, Game[Any]] = {}
_BUILTIN = ("zura", "aura", "auroria")


def register(game: Game[Any]) -> None:
    _GAMES[game.name] = game


def _load_builtin() -> None:
    for name in _BUILTIN:
        if name in _GAMES:
            continue
        try:
            module = importlib.import_module(f"bot.games.{name}")
        except ModuleNotFoundError as exc:
            if exc.name in (f"bot.games.{name}",):
                continue  # not written yet
            raise
        register(module.GAME)


def get(name: str) -> Game[Any]:
    _load_builtin()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise GameError(f"There is no game called `{name}`. Games: {known}.") from None


def names() -> list[str]:
    _load_builtin()
    return sorted(_GAMES)
