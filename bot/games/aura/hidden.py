"""What a seat cannot see, as a state transformation: the leak test of the playout checker.

``redeal`` moves every card a viewer cannot see to another hidden place of the same deck
(shuffled from sorted order, so the result tells nothing of where each card really was:
the strong AI searches such redeals):
another player's hand, face-down cards, secret discards and deck, and the order of the
viewer's own deck. The active player's face-down cards are redealt as a play the colour rule
allows, which every seat knows they are. A view or decision that changes under it shows
something it should not.

``lay_out`` keeps the places of a play from telling what lies there (``Game.lay_out``).
"""

from __future__ import annotations

from bot.engine import Rng
from bot.games.aura.cards import AURA, COLOUR, EMPTY
from bot.games.aura.state import BLOCK, PLAY, AuraState, evolve


def _with_aura(cards: list[int], at: int) -> tuple[int, ...]:
    cards.insert(at, AURA)
    return tuple(cards)


def _legal_play(cards: list[int], k: int, rng: Rng) -> list[int]:
    """``k`` of ``cards`` in random order, uniform among those the colour rule allows as a
    play (one colour, or all different): the active player's face-down cards are one."""
    pool = sorted(cards)
    while True:
        left = list(pool)
        picked = [left.pop(rng.randrange(len(left))) for _ in range(k)]
        if len({COLOUR[c] for c in picked}) in (1, k):
            return picked


def redeal(state: AuraState, viewer: int | None, rng: Rng) -> AuraState:
    face_down = state.phase in (PLAY, BLOCK) and bool(state.table)
    hands, decks = list(state.hands), list(state.decks)
    discards, secret, table = list(state.discards), list(state.secret), list(state.table)
    for seat in range(state.players):
        deck = list(state.decks[seat])
        at = deck.index(AURA)
        del deck[at]
        if seat == viewer:
            decks[seat] = _with_aura(rng.deal(deck), at)
            continue
        row = state.table[seat] if face_down else ()
        slots = [i for i, c in enumerate(row) if c != EMPTY]
        hand = state.hands[seat]
        hidden = state.secret[seat]
        n, k, h = len(hand), len(slots), len(hidden)
        cards = [*hand, *(row[i] for i in slots), *hidden, *deck]
        if seat == state.active and slots:
            play = _legal_play(cards, k, rng)
            rest = rng.deal([c for c in cards if c not in play])
            pool = [*rest[:n], *play, *rest[n:]]
        else:
            pool = rng.deal(cards)
        hands[seat] = tuple(sorted(pool[:n]))
        if slots:
            new_row = list(row)
            for i, c in zip(slots, pool[n:n + k], strict=True):
                new_row[i] = c
            table[seat] = tuple(new_row)
        if hidden:
            swap = dict(zip(hidden, pool[n + k:n + k + h], strict=True))
            pile = state.discards[seat]
            discards[seat] = tuple(map(swap.get, pile, pile))
            secret[seat] = tuple(swap[c] for c in hidden)
        decks[seat] = _with_aura(pool[n + k + h:], at)
    return evolve(state, hands=tuple(hands), decks=tuple(decks), discards=tuple(discards),
                  secret=tuple(secret), table=tuple(table))


def lay_out(decision_id: str, choice: tuple[str, ...], rng: Rng) -> tuple[str, ...]:
    """A play laid face down in an order drawn from ``rng``, from which cards alone: in hand
    order (by colour, which everyone knows the ranking of) its places would tell the
    blockers every card's colour. Other answers lie as given."""
    if decision_id.rsplit(".", 1)[-1] != PLAY:
        return choice
    return tuple(rng.deal(choice))
