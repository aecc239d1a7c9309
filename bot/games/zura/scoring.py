"""Adventure points: printed points, variable (X) cards, and Imps counting against."""

from __future__ import annotations

from bot.games.zura.cards import CARDS, TzType

_LAND = tuple(CARDS.types[t].landscape for t in CARDS.tz)
"""Tzerzurian card id → landscape index (-1: none)."""
_POINTS = tuple(CARDS.types[t].points for t in CARDS.tz)
"""Tzerzurian card id → printed points (None: X)."""


def colour_counts(cards: tuple[int, ...]) -> list[int]:
    """How many cards of each landscape a collection holds."""
    counts = [0] * len(CARDS.landscapes)
    for card in cards:
        land = _LAND[card]
        if land >= 0:
            counts[land] += 1
    return counts


def card_value(kind: TzType, counts: list[int], players: int) -> int:
    """A card's worth in a collection with ``counts``; X = players + cards of its colour."""
    if kind.points is not None:
        return kind.points
    return players + counts[kind.landscape]


def score(cards: tuple[int, ...], players: int, counts: list[int] | None = None) -> int:
    """Total points of a collection (``counts`` may be passed when already known)."""
    counts = colour_counts(cards) if counts is None else counts
    total = 0
    for card in cards:
        points = _POINTS[card]
        total += points if points is not None else players + counts[_LAND[card]]
    return total
