"""What a Zura seat cannot see, dealt again: the playout leak test, undo and the strong AI
use it.

Hidden are the other hands (but a trade partner's answer already given), the travel deck, a
card being scried by someone else, and search cards this seat never saw; collections are
public, so the clone keeps their tally. A seat's redeal also agrees with what it saw earlier
(``knowledge``): cards it saw go into a hand stay there, cards it saw in the deck keep their
places, and after a reshuffle the deck holds only what the pile shuffled in can hold. The
spectator's redeal ignores that (it needs only agree with the table).
"""

from __future__ import annotations

from bot.engine import Rng
from bot.games.zura import knowledge
from bot.games.zura.cards import CARDS
from bot.games.zura.knowledge import LANDS, UNBOUNDED
from bot.games.zura.state import ZState

_TRAVEL = CARDS.travel


def redeal_hidden(state: ZState, viewer: int | None, rng: Rng) -> ZState:
    """Shuffle what ``viewer`` cannot see: other hands, the decks, unseen search cards."""
    s = state.clone()
    keep = {viewer} | ({s.swap_with} if s.swap_give[1] >= 0 else set())
    if s.swap_give[0] >= 0:
        keep.add(s.turn)
    seats = [p for p in range(s.players) if p not in keep]
    hidden_scry = s.scried >= 0 and viewer != s.turn
    # The deck as the viewer pictures it, bottom first: a card scried by another seat on top.
    deck = list(s.deck) + ([s.scried] if hidden_scry else [])
    pool = rng.deal(deck + [c for p in seats for c in s.hands[p]])
    deck, hands = _deal(s, viewer, seats, deck, pool)
    if hidden_scry:
        s.scried = deck.pop()
    s.deck, s.hands = tuple(deck), hands
    _redeal_search(s, viewer, rng)
    return s


def _deal(s: ZState, viewer: int | None, seats: list[int], deck: list[int],
          pool: list[int]) -> tuple[list[int], tuple[tuple[int, ...], ...]]:
    """``pool`` (shuffled) dealt to the deck's places and the ``seats``' hands, as the viewer
    knows them; the world keeps the viewer's knowledge (on the cards dealt in place of the
    ones it knew) and forgets the other seats' (the viewer does not know it)."""
    places: dict[int, int] = {}  # deck index → the landscape the viewer saw there
    wants = {p: [0] * LANDS for p in seats}
    room: list[int] | None = None
    if viewer is not None:
        mine = {card for v, card in s.marked if v == viewer}
        places = {i: _TRAVEL[c] for i, c in enumerate(deck) if c in mine}
        wants = {p: knowledge.held(s, viewer, p) for p in seats}
        room = knowledge.deck_room(s, viewer)
    need = [0] * LANDS
    for land in places.values():
        need[land] += 1
    for counts in wants.values():
        need = [a + b for a, b in zip(need, counts, strict=True)]
    forced: list[list[int]] = [[] for _ in range(LANDS)]
    free: list[int] = []
    for card in pool:
        land = _TRAVEL[card]
        if need[land]:
            need[land] -= 1
            forced[land].append(card)
        else:
            free.append(card)
    new_deck = [-1] * len(deck)
    for i, land in places.items():
        new_deck[i] = forced[land].pop()
        if room is not None:
            room[land] -= 1
    open_places = len(deck) - len(places)
    to_deck: list[int] = []
    to_hands: list[int] = []
    for card in free:  # the deck's open places first, within what it can hold
        land = _TRAVEL[card]
        if len(to_deck) < open_places and (room is None or room[land] > 0):
            to_deck.append(card)
            if room is not None:
                room[land] -= 1
        else:
            to_hands.append(card)
    fill = iter(to_deck)
    new_deck = [c if c >= 0 else next(fill) for c in new_deck]
    hands = list(s.hands)
    for p in seats:
        hand = [forced[land].pop() for land in range(LANDS) for _ in range(wants[p][land])]
        extra = len(hands[p]) - len(hand)
        hands[p], to_hands = tuple(sorted(hand + to_hands[:extra])), to_hands[extra:]
    _keep_knowledge(s, viewer, [new_deck[i] for i in places])
    return new_deck, tuple(hands)


def _keep_knowledge(s: ZState, viewer: int | None, marked: list[int]) -> None:
    """The world's knowledge: the viewer's own (its marks on the cards now in those places),
    nothing of the other seats'."""
    if viewer is None:
        s.known, s.marked, s.cap = (), (), ()
        return
    n = s.players
    if s.known:
        known = [0] * (n * n * LANDS)
        mine = slice(viewer * n * LANDS, (viewer + 1) * n * LANDS)
        known[mine] = s.known[mine]
        s.known = tuple(known)
    s.marked = tuple((viewer, card) for card in marked)
    if s.cap:
        cap = [UNBOUNDED] * (n * LANDS)
        cap[viewer * LANDS:(viewer + 1) * LANDS] = s.cap[viewer * LANDS:(viewer + 1) * LANDS]
        s.cap = tuple(cap)


def _redeal_search(s: ZState, viewer: int | None, rng: Rng) -> None:
    """The Tzerzurian pile and the search cards the viewer never saw, shuffled together."""
    bit = 0 if viewer is None else 1 << viewer
    unseen = [i for i, c in enumerate(s.slots)
              if c >= 0 and not s.shown[i] and not s.peeked[i] & bit]
    tz = rng.deal(list(s.tz_deck) + [s.slots[i] for i in unseen])
    slots = list(s.slots)
    for i in unseen:
        slots[i] = tz.pop()
    s.slots, s.tz_deck = tuple(slots), tuple(tz)
