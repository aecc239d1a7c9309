"""What must hold in every Auroria state, checked after each step of a random playout:
card conservation, play records, cards and equipped items on their owner's side, Influence
only through logged causes, line sizes, state checks done, and the best-of-three
bookkeeping."""

from __future__ import annotations

from bot.games.auroria import series
from bot.games.auroria.derived import card, catalog, has, power
from bot.games.auroria.state import LINES, State

INFLUENCE_CAUSES = ("leader_attack", "piercing", "effect")


def check(s: State) -> None:
    """Raise AssertionError naming the first broken invariant."""
    seen: list[int] = [u for z in s.zones for cards in z.values() for u in cards]
    seen += s.limbo
    assert sorted(seen) == list(range(len(s.kinds))), "a card is lost or in two zones"
    in_play = {u for z in s.zones for name in (*LINES, "energy", "auras", "gear", "under",
                                               "leader") for u in z[name]}
    assert set(s.perms) == in_play, "play records do not match the cards in play"
    for p in (0, 1):
        z = s.zones[p]
        # what the copy-on-write sides and the views' per-side parts rely on
        assert all(s.owner[u] == p for cards in z.values() for u in cards), \
            "a card is on the other player's side"
        carriers = {u for name in (*LINES, "leader") for u in z[name]}
        assert all(s.perms[u].host in carriers for u in z["gear"]), \
            "an item is equipped to a card of another side"
    for p in (0, 1):
        start = card(s, s.zones[p]["leader"][0]).influence
        log = [d for q, d, cause in s.inf_log if q == p and cause in INFLUENCE_CAUSES]
        assert s.influence[p] == start + sum(log), "Influence changed without a cause"
        for line in LINES:
            assert len(s.zones[p][line]) <= 5, "a line holds more than 5 cards"
    if s.winners is None and s.prompt is not None:
        for p in (0, 1):
            for line in LINES:
                for u in s.zones[p][line]:
                    if s.perms[u].role == "creature" and not has(s, u, "Protected"):
                        assert power(s, u) > 0, "a 0-power creature stayed in a line"
                        assert s.perms[u].damage < power(s, u), "a dead creature stayed"
    for uid in s.zones[0]["energy"] + s.zones[1]["energy"]:
        assert card(s, uid).type in ("energy", "potion"), "a non-Energy in the Energy Zone"
    assert catalog(s)
    if s.series is not None:
        series.invariants(s)
