"""A new Zura game: the travel deal, the search area, the discard pile, and the first turn."""

from __future__ import annotations

from bot.engine import Rng
from bot.games.zura import rules
from bot.games.zura.cards import CARDS
from bot.games.zura.state import ZState


def new_game(players: int, seed: int) -> ZState:
    rng = Rng(seed)
    travel = list(range(len(CARDS.travel)))
    rng.shuffle(travel)
    deal = CARDS.deal
    hands = tuple(tuple(sorted(travel[p * deal:(p + 1) * deal])) for p in range(players))
    rest = travel[players * deal:]
    tz = _mix(list(range(len(CARDS.tz))), rng)
    n = CARDS.slots
    state = ZState(players=players, rng=rng.state, step=0, turn=0, phase="act",
                   deck=tuple(rest[:-1]), discard=(rest[-1],), hands=hands,
                   tz_deck=tuple(tz[n:]), slots=tuple(tz[:n]), up=(False,) * n,
                   shown=(False,) * n, peeked=(0,) * n, stacks=((),) * players)
    rules.start_turn(state, [])
    return state


def _mix(items: list[int], rng: Rng) -> list[int]:
    """A cheap random rearrangement (rotate, swap two pairs): the checker redeals every step.

    Not a full shuffle: many tests' seeds depend on this deal, so it stays as it is.
    """
    n = len(items)
    if n < 2:
        return items
    k = rng.randrange(n)
    items = items[k:] + items[:k]
    for _ in range(2):
        i, j = rng.randrange(n), rng.randrange(n)
        items[i], items[j] = items[j], items[i]
    return items
