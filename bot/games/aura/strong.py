"""Aura's hooks for the strong AI's search (``bot.engine.search``).

A playout stops a few turns on and scores the cards each seat has left: Aura's score is
that count, a turn's discards are where a play or a block pays off, and a playout to the
end (forty-odd turns) costs some twenty times as much, so a second's search would weigh
only a handful of worlds and could not tell answers apart.
"""

from __future__ import annotations

import math

from bot.games.aura.scoring import cards_left
from bot.games.aura.state import AuraState

HORIZON = 2
"""Turns begun after the searched one before a playout stops (the rest of this turn and
the next: a play's discards, and what it left in hand for the next blocks)."""
SCALE = 4.0
"""Cards of lead that make a win about 73 % likely (the logistic's scale)."""


def playout_estimate(start: AuraState, state: AuraState, seat: int) -> float | None:
    """``seat``'s expected placing once ``HORIZON`` turns have begun: against each other seat,
    the chance its lead in cards left holds (a logistic of the lead), averaged."""
    if state.turn < start.turn + HORIZON:
        return None
    mine = cards_left(state, seat)
    others = [cards_left(state, s) for s in range(state.players) if s != seat]
    return sum(1 / (1 + math.exp((o - mine) / SCALE)) for o in others) / len(others)
