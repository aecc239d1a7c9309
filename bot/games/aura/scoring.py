"""The end of the game: cards left, then the printed tie-breaks on the discard pile."""

from __future__ import annotations

from bot.engine import Result, placings_from_scores
from bot.engine.names import player
from bot.games.aura.cards import AURA, TIE_BREAK_SPECIAL, VALUE
from bot.games.aura.state import AuraState


def _count(n: int, thing: str) -> str:
    """'1 card', '3 cards' for the result's detail, which a stored result keeps in English
    (the log's counts are catalogue sentences, ``rules.count``)."""
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def cards_left(state: AuraState, seat: int) -> int:
    """Draw deck plus hand, the Aura card not counted (everyone has one)."""
    return len(state.decks[seat]) - (AURA in state.decks[seat]) + len(state.hands[seat])


def standings(state: AuraState) -> Result:
    """Most cards left wins; then fewest wilds and actions discarded; then the lowest sum."""
    keys = []
    for seat in range(state.players):
        pile = state.discards[seat]
        specials = sum(TIE_BREAK_SPECIAL[c] for c in pile)
        keys.append((cards_left(state, seat), -specials, -sum(VALUE[c] for c in pile)))
    detail = "; ".join(f"{player(s)}: {_count(k[0], 'card')} left, "
                       f"{_count(-k[1], 'wild or action card')} and {_count(-k[2], 'point')} "
                       "discarded" for s, k in enumerate(keys))
    return Result(tuple(float(k[0]) for k in keys), placings_from_scores(keys), "normal", detail)
