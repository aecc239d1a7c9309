"""Starting a game: the draw for the starting player, the deal, who starts.

``initial_state`` is the one place a state is first built, for a dealt game here and for a
table fixed card by card in ``scenario``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import Rng
from bot.games.aura.cards import AURA, BEGINNER_DECK, FULL_DECK, draw_value
from bot.games.aura.rules import HAND_LIMIT, NO_WILDS
from bot.games.aura.state import PLAY, AuraState


def deck_cards(beginner: bool) -> tuple[int, ...]:
    """One player's cards, the Aura card excluded."""
    return (BEGINNER_DECK if beginner else FULL_DECK)[:-1]


def initial_state(players: int, options: Mapping[str, Any], rng: Rng,
                  hands: list[tuple[int, ...]], decks: list[tuple[int, ...]],
                  discards: list[tuple[int, ...]], active: int, surfaced: tuple[int, ...],
                  opening: tuple[tuple[int, ...], ...]) -> AuraState:
    none = (0,) * players
    return AuraState(
        players=players, beginner=bool(options["beginner"]), advanced=bool(options["advanced"]),
        simultaneous=bool(options["simultaneous_blocks"]), rng=rng.state, step=0, turn=1,
        active=active, bonus=False, phase=PLAY, hands=tuple(hands), decks=tuple(decks),
        discards=tuple(discards), secret=((),) * players, surfaced=surfaced, ending=False,
        table=(), cursor=none, wilds=(NO_WILDS,) * players, resolver=-1, stage="", todo=(),
        trade_colour=-1, marks=(), owes=(), owing=none, doubled=False, reversed=False,
        earned=False, stacking=(False,) * players, window=0, opening=opening)


def draw_for_start(players: int, cards: Sequence[int], rng: Rng
                   ) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """Everyone draws; the highest starts; tied players draw again (actions count highest)."""
    pools = [list(cards) for _ in range(players)]
    contenders = list(range(players))
    rounds: list[tuple[int, ...]] = []
    for _ in range(len(cards)):
        draws = tuple(pools[s].pop(rng.randrange(len(pools[s]))) if s in contenders else -1
                      for s in range(players))
        rounds.append(draws)
        best = max(draw_value(draws[s]) for s in contenders)
        contenders = [s for s in contenders if draw_value(draws[s]) == best]
        if len(contenders) == 1:
            break
    return contenders[rng.randrange(len(contenders))], tuple(rounds)


def new_game(players: int, options: Mapping[str, Any], seed: int) -> AuraState:
    rng = Rng(seed)
    cards = deck_cards(bool(options["beginner"]))
    start, opening = draw_for_start(players, cards, rng)
    hands, decks = [], []
    for _ in range(players):
        order = list(cards)
        rng.shuffle(order)
        hands.append(tuple(sorted(order[:HAND_LIMIT])))
        decks.append((*order[HAND_LIMIT:], AURA))
    return initial_state(players, options, rng, hands, decks, [()] * players, start,
                         (0,) * players, opening)
