"""What a Zura seat cannot see, dealt again: the playout leak test and the strong AI use it.

Hidden are the other hands (but a trade partner's answer already given), the travel deck, a
card being scried by someone else, and search cards this seat never saw; collections are
public, so the clone keeps their tally.
"""

from __future__ import annotations

from bot.engine import Rng
from bot.games.zura.state import ZState


def redeal_hidden(state: ZState, viewer: int | None, rng: Rng) -> ZState:
    """Shuffle what ``viewer`` cannot see: other hands, the decks, unseen search cards."""
    s = state.clone()
    keep = {viewer} | ({s.swap_with} if s.swap_give[1] >= 0 else set())
    if s.swap_give[0] >= 0:
        keep.add(s.turn)
    seats = [p for p in range(s.players) if p not in keep]
    pool = list(s.deck)
    for p in seats:
        pool += s.hands[p]
    hidden_scry = s.scried >= 0 and viewer != s.turn
    if hidden_scry:
        pool.append(s.scried)
    pool = rng.deal(pool)
    hands = list(s.hands)
    for p in seats:
        size = len(hands[p])
        hands[p], pool = tuple(sorted(pool[:size])), pool[size:]
    if hidden_scry:
        s.scried = pool.pop()
    s.hands, s.deck = tuple(hands), tuple(pool)
    bit = 0 if viewer is None else 1 << viewer
    unseen = [i for i, c in enumerate(s.slots)
              if c >= 0 and not s.shown[i] and not s.peeked[i] & bit]
    tz = list(s.tz_deck) + [s.slots[i] for i in unseen]
    tz = rng.deal(tz)
    slots = list(s.slots)
    for i in unseen:
        slots[i] = tz.pop()
    s.slots, s.tz_deck = tuple(slots), tuple(tz)
    return s
