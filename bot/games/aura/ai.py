"""Aura AI players, from the seat's view and the open decision only (DESIGN §7).

``random`` samples uniformly among legal answers (a legal play is sampled, never guessed);
``normal`` plays by the heuristics in ``bot.games.aura.heuristics``.
"""

from __future__ import annotations

from bot.engine import ORDER, Action, Decision, Rng, View
from bot.games.aura.cards import COLOUR
from bot.games.aura.flow import PLAY_MAX, PLAY_MIN
from bot.games.aura.heuristics import choose_normal


def tag(decision: Decision) -> str:
    """The kind of decision, from the tag that ends its id (see ``decisions``)."""
    return decision.id.rsplit(".", 1)[-1]


def sample_play(hand: list[int], rng: Rng) -> list[int]:
    """A uniformly chosen kind of legal play: one colour, or all different colours."""
    by_colour: dict[int, list[int]] = {}
    for c in hand:
        by_colour.setdefault(COLOUR[c], []).append(c)
    groups = [g for g in by_colour.values() if len(g) >= PLAY_MIN]
    kinds = (["same"] if groups else []) + (["mixed"] if len(by_colour) >= PLAY_MIN else [])
    if rng.choice(kinds) == "same":
        group = rng.choice(groups)
        size = PLAY_MIN + rng.randrange(min(PLAY_MAX, len(group)) - 1)
        return [group.pop(rng.randrange(len(group))) for _ in range(size)]
    colours = list(by_colour.values())
    size = PLAY_MIN + rng.randrange(min(PLAY_MAX, len(colours)) - 1)
    chosen = [colours.pop(rng.randrange(len(colours))) for _ in range(size)]
    return [rng.choice(g) for g in chosen]


def _pick(items: list[str], k: int, rng: Rng) -> list[str]:
    """``k`` distinct items in random order, drawing only ``k`` random numbers."""
    pool = list(items)
    return [pool.pop(rng.randrange(len(pool))) for _ in range(k)]


def choose_random(decision: Decision, rng: Rng) -> Action:
    kind = tag(decision)
    options = decision.options
    if kind == "play":
        picked = sample_play([int(o.key) for o in options], rng)
        return Action(decision.id, tuple(str(c) for c in picked))
    if kind == "block":
        # Uniform over the kind of answer first (a card, leave it, stop), so stopping early
        # is explored as often as blocking.
        cards = [o.key for o in options if o.group == "hand"]
        kinds = [o.key for o in options if o.group != "hand"] + (["card"] if cards else [])
        answer = rng.choice(kinds)
        return Action(decision.id, (rng.choice(cards) if answer == "card" else answer,))
    if decision.max == 1 and decision.kind != ORDER:
        return Action(decision.id, (rng.choice(options).key,))
    count = len(options) if decision.kind == ORDER else decision.min
    return Action(decision.id, tuple(_pick([o.key for o in options], count, rng)))


def choose(level: str, view: View, decision: Decision, rng: Rng) -> Action:
    if level == "normal":
        return choose_normal(view, decision, rng)
    return choose_random(decision, rng)
