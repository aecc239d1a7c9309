"""Auroria Codex: the full rules engine (turns, combat, chain and Counters, mirrored windows,
keywords, items, Planted cards and Bloom), pure and data-driven."""

from bot.games.auroria.game import Auroria

GAME = Auroria()

__all__ = ["GAME", "Auroria"]
