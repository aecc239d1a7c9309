"""What a seat cannot see, as a redeal: the playout leak test and the strong AI use it.

Hidden are the other player's hand, both decks and, in a best-of-three break, the other
player's deck and side deck. A redeal permutes exactly those, so a seat's view of the
redealt state is its view of the real one.
"""

from __future__ import annotations

from bot.engine import Rng
from bot.games.auroria import series
from bot.games.auroria.state import State


def redeal(state: State, viewer: int | None, rng: Rng) -> State:
    """Permute what ``viewer`` cannot see: other hands with their decks, and own deck."""
    kinds = list(state.kinds)
    prompt = state.prompt
    building = prompt["b"]["uid"] if prompt is not None and prompt["k"] == "build" else -1
    for p in (0, 1):
        pool = list(state.zones[p]["deck"])
        if p != viewer:
            pool += [u for u in state.zones[p]["hand"] if u != building]
        if len(pool) < 2:
            continue
        # shuffled from sorted order: the strong AI searches these redeals
        for u, v in zip(pool, rng.deal([kinds[u] for u in pool]), strict=True):
            kinds[u] = v
    out = state.clone()
    out.kinds = kinds
    out.memo = {}
    if state.series is not None:
        out.series = series.hide(state.series, viewer)
    return out
