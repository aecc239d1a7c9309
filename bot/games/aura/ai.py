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
        return rng.sample(group, PLAY_MIN + rng.randrange(min(PLAY_MAX, len(group)) - 1))
    colours = list(by_colour.values())
    size = PLAY_MIN + rng.randrange(min(PLAY_MAX, len(colours)) - 1)
    return [rng.choice(g) for g in rng.sample(colours, size)]


def choose_random(decision: Decision, rng: Rng) -> Action:
    keys = [o.key for o in decision.options]
    if tag(decision) == "play":
        picked = sample_play([int(k) for k in keys], rng)
        return Action(decision.id, tuple(str(c) for c in picked))
    if decision.kind == ORDER:
        rng.shuffle(keys)
        return Action(decision.id, tuple(keys))
    if tag(decision) == "block":
        # Uniform over the kind of answer first (a card, leave it, stop), so stopping early
        # is explored as often as blocking.
        cards = [k for k in keys if k not in ("none", "done")]
        kinds = [k for k in keys if k in ("none", "done")] + (["card"] if cards else [])
        kind = rng.choice(kinds)
        return Action(decision.id, (rng.choice(cards) if kind == "card" else kind,))
    if decision.max == 1:
        return Action(decision.id, (rng.choice(keys),))
    return Action(decision.id, tuple(rng.sample(keys, decision.min)))


def choose(level: str, view: View, decision: Decision, rng: Rng) -> Action:
    if level == "normal":
        return choose_normal(view, decision, rng)
    return choose_random(decision, rng)
