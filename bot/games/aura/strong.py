"""Aura's hooks for the strong AI's search (``bot.engine.search``).

A playout stops a round on and scores the cards each seat has left: Aura's score is that
count, a turn's discards are where a play or a block pays off, and a playout to the end
costs many times as much, so a second's search would weigh only a handful of worlds and
could not tell answers apart.
"""

from __future__ import annotations

import math
from itertools import combinations, islice

from bot.engine import ORDER, Decision, Rng
from bot.games.aura.ai import legal_plays, play_score, ranked_discards, ranked_plays, tag
from bot.games.aura.cards import AURA, COLOUR
from bot.games.aura.hidden import redeal
from bot.games.aura.scoring import cards_left
from bot.games.aura.state import BLOCK, AuraState, evolve, replace_at
from bot.games.aura.view import AuraView

HORIZON = {2: 2, 3: 3, 4: 4}
"""Turns begun after the searched one before a playout stops, by player count: one round,
every seat active once more. Two players: the rest of this turn and the next (a play's
discards, and what it left in hand for the next blocks). More: a seat blocks in most of a
round's turns, and what a block or a play spends shows only in the turns after it (a
playout to the end of this turn alone saw every card spent now as free)."""
SCALE = 4.0
"""Cards of lead that make a win about 73 % likely (the logistic's scale)."""


def playout_estimate(start: AuraState, state: AuraState, seat: int) -> float | None:
    """``seat``'s chance to finish first once the ``HORIZON`` turns have begun: against each
    other seat, the chance its lead in cards left holds (a logistic of the lead), all of
    them at once. Only first place wins, so a card taken from the leader counts for more
    than one taken from the last (an average of the chances counted them alike)."""
    if state.turn < start.turn + HORIZON[state.players]:
        return None
    mine = cards_left(state, seat)
    chance = 1.0
    for other in range(state.players):
        if other != seat:
            chance /= 1 + math.exp((cards_left(state, other) - mine) / SCALE)
    return chance


WEIGHED = 12
"""Answers weighed for one play or discard: for a play the best of each size and kind,
then the next best."""
DISCARD_SPARE = 2
"""A discard of ``k`` weighs choices of ``k`` among its ``k + DISCARD_SPARE`` cheapest
options."""


def search_candidates(view: AuraView, decision: Decision) -> list[tuple[str, ...]] | None:
    """Answers close to the normal AI's for the many-card decisions: random plays and
    discards are almost all far worse (an action card thrown away), so the search weighs
    variants of the normal AI's instead."""
    if decision.kind != ORDER and decision.max <= 1:
        return None  # one card: the search weighs every one
    kind = tag(decision)
    if kind == "play":
        ranked = ranked_plays(view, decision)
        best: dict[tuple[int, bool], tuple[int, ...]] = {}
        for combo in ranked:
            best.setdefault((len(combo), len({COLOUR[c] for c in combo}) == 1), combo)
        chosen = list(dict.fromkeys([*best.values(), *ranked]))[:WEIGHED]
        return [tuple(map(str, combo)) for combo in chosen]
    if kind == "discard":
        cheap = ranked_discards(view, decision)[:decision.min + DISCARD_SPARE]
        return list(islice(combinations(cheap, decision.min), WEIGHED))
    return None


TRIES = 8
"""Hands dealt to the active player, looking for one from which the normal AI plays as many
cards as lie face down, before a world settles for any legal play of that size."""


def search_world(state: AuraState, seat: int, rng: Rng) -> AuraState:
    """A redeal for ``seat``, in which the active player's face-down cards (while ``seat``
    blocks) are the play the normal AI would make from the hand they came from: the playouts
    model the other seats as the normal AI, so a world should too, or the search blocks
    cards nobody plays (the normal AI plays high ones, hard to block)."""
    world = redeal(state, seat, rng)
    active = world.active
    if world.phase != BLOCK or seat == active:
        return world
    k = len(world.table[active])
    n = len(world.hands[active])
    deck = [c for c in world.decks[active] if c != AURA]
    at = world.decks[active].index(AURA)
    cards = [*world.hands[active], *world.table[active], *deck]
    can_trade = bool(world.discards[active])
    for _ in range(TRIES):
        dealt = rng.deal(cards)
        hand = dealt[:n + k]
        best = max(legal_plays(sorted(hand)), key=lambda combo: play_score(combo, can_trade))
        if len(best) == k:
            row = rng.deal(best)
            rest = dealt[n + k:]
            rest.insert(at, AURA)
            return evolve(world,
                          hands=replace_at(world.hands, active,
                                           tuple(sorted(c for c in hand if c not in best))),
                          table=replace_at(world.table, active, tuple(row)),
                          decks=replace_at(world.decks, active, tuple(rest)))
    return world
