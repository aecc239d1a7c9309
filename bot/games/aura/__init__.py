"""Aura: 2–4 players each with their own deck, face-down plays and blocks, Aura cards."""

from bot.games.aura.game import GAME

__all__ = ["GAME"]
