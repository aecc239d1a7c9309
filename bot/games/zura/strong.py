"""Zura's hooks for the strong AI's search (``bot.engine.search``).

A playout stops a few turns on and scores the standing: Zura's points are the cards claimed,
a choice pays off within the next turns (a search's claims, a hand gathered for a bigger
discard, an Imp left for the opponent), and a playout to the end (some 300 decisions) costs
many times as much, so a second's search would weigh only a dozen worlds.

Candidates: face-down cards this seat does not know are alike to it (the redeal deals any of
them the same way), so flipping or peeking at one of them is weighed once, not once per slot;
they differ only in who else peeked at them (an opponent may be counting on that card).
Claimed cards are ordered by which one goes on top (the only one whose power counts).
"""

from __future__ import annotations

import math

from bot.engine import ORDER, Decision
from bot.games.zura.scoring import score
from bot.games.zura.state import ZState
from bot.games.zura.view import ZView

TURNS = 2
"""Rounds of turns after the searched one before a playout stops: the next search this seat
makes, and what the opponents do with what it left them."""
SCALE_END = 3.0
SCALE_PER_CARD = 0.25
"""The logistic's scale (points of lead that make a win about 73 % likely): fitted on games
between normal AIs, about 3 points when the Tzerzurian pile is empty, 0.25 more for each
card left in it (more turns to catch up)."""


def playout_estimate(start: ZState, state: ZState, seat: int) -> float | None:
    """``seat``'s chance of first place once ``TURNS`` rounds have begun: the chance its lead
    in points over each other seat holds (a logistic of the lead), multiplied as if the seats
    raced independently. A win is what counts: in four players, being ahead of two seats but
    well behind a third is worth little, which an average of the three chances hid."""
    if state.turns < start.turns + TURNS * state.players:
        return None
    points = [score(stack, state.players) for stack in state.stacks]
    scale = SCALE_END + SCALE_PER_CARD * len(state.tz_deck)
    mine = points[seat]
    return math.prod(1 / (1 + math.exp((p - mine) / scale))
                     for i, p in enumerate(points) if i != seat)


def search_candidates(view: ZView, decision: Decision) -> list[tuple[str, ...]] | None:
    """One slot per kind of face-down card for a flip or a peek; each claimed card on top
    for an order; None (every answer) otherwise."""
    if decision.kind == ORDER:
        keys = [o.key for o in decision.options]
        return [(k, *(o for o in keys if o != k)) for k in keys]
    if view["phase"] not in ("flip", "peek"):
        return None
    offered = {o.key for o in decision.options}
    kinds: dict[object, str] = {}
    for slot in view["search"]["slots"]:
        if slot["name"] not in offered:
            continue
        seen = slot.get("seen")
        kind = ((seen["key"], slot["public"]) if seen is not None else None,
                tuple(slot["peeked_by"]))
        kinds.setdefault(kind, slot["name"])
    return [(name,) for name in kinds.values()]
