"""Zura: travel cards, a search area of sealed Tzerzurians, and stacks whose top card rules."""

from bot.games.zura.game import Zura

GAME = Zura()
"""The registry's entry point."""
