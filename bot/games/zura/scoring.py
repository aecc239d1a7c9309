"""Adventure points: printed points, variable (X) cards, and Imps counting against."""

from __future__ import annotations

from collections.abc import Iterable

from bot.games.zura.cards import CARDS, TzType


def colour_counts(cards: Iterable[int]) -> list[int]:
    """How many cards of each landscape a collection holds."""
    counts = [0] * len(CARDS.landscapes)
    for card in cards:
        land = CARDS.types[CARDS.tz[card]].landscape
        if land >= 0:
            counts[land] += 1
    return counts


def card_value(kind: TzType, counts: list[int], players: int) -> int:
    """A card's worth in a collection with ``counts``; X = players + cards of its colour."""
    if kind.points is not None:
        return kind.points
    return players + counts[kind.landscape]


def score(cards: Iterable[int], players: int) -> int:
    cards = tuple(cards)
    counts = colour_counts(cards)
    return sum(card_value(CARDS.types[CARDS.tz[c]], counts, players) for c in cards)
