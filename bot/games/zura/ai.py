"""Zura AI players, deciding from the seat's view only (DESIGN §7)."""

from __future__ import annotations

from bot.engine import ORDER, Action, Decision, Rng, View

LEVELS = ("random", "normal")


def choose(level: str, view: View, decision: Decision, rng: Rng) -> Action:
    keys = [o.key for o in decision.options]
    if decision.kind == ORDER:
        rng.shuffle(keys)
        return Action(decision.id, tuple(keys))
    return Action(decision.id, (rng.choice(keys),))
