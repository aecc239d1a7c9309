"""Placeholder replaced below."""

from __future__ import annotations

from bot.engine import Action, Decision, Rng, View


def choose_normal(view: View, decision: Decision, rng: Rng) -> Action:
    from bot.games.aura.ai import choose_random
    return choose_random(decision, rng)
