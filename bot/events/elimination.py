"""Single elimination seeded by rating: 1 meets n, and the top seeds meet as late as they can.

With a field that is not a power of two the bracket is filled to the next one with empty
places, which the standard seeding puts against the top seeds: they have the first-round byes.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.events.records import Entrant

Slot = int | None
"""A place in the bracket: a player, or empty (the player facing it advances)."""


def seed_order(size: int) -> list[int]:
    """Seeds (1-based) in bracket order for a bracket of ``size`` (a power of two):
    1, 8, 4, 5, 2, 7, 3, 6 for 8, so every round pairs the best with the worst left."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def bracket(entrants: Sequence[Entrant]) -> list[tuple[Slot, Slot]]:
    """Round one's places, two by two, seeded by rating (ties by player id)."""
    ranked = sorted(entrants, key=lambda e: (-e.rating, e.player))
    size = 1
    while size < len(ranked):
        size *= 2
    seeds: list[Slot] = [e.player for e in ranked] + [None] * (size - len(ranked))
    order = seed_order(size)
    return [(seeds[order[i] - 1], seeds[order[i + 1] - 1]) for i in range(0, size, 2)]


def next_bracket(winners: Sequence[Slot]) -> list[tuple[Slot, Slot]]:
    """The next round's places: the winners of tables 1 and 2 meet, 3 and 4, and so on."""
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]
