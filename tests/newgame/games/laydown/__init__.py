"""Laydown: a two-player test game, written as a new game is (``bot/games/README.md``).

Each player is dealt three cards numbered 1–9 and keeps them hidden; players take turns
laying one face up; when every card is down, the higher total wins (equal totals share).
``tests/newgame`` installs this folder as ``bot.games.laydown`` to prove that adding a game
needs no change outside ``bot/games/<name>/`` and ``bot/render/<name>.py``.
"""

from bot.games.laydown.game import Laydown

GAME = Laydown()

__all__ = ["GAME"]
