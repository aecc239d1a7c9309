"""What each seat has seen of the travel cards it cannot see now, kept in the state.

The strong AI's worlds (``hidden.redeal_hidden``) must agree with everything a seat saw, not
only with what its view shows now: a card an opponent took from the discard pile is in that
hand until a discard of its landscape may have carried it away; a card given in a swap is in
the partner's hand; a card seen with ``scry`` keeps its known place in the deck (and tells
who drew it); after a reshuffle the deck holds only cards of the pile shuffled in. The
knowledge follows from public events and the seat's own private ones, so it never reaches
a view: only the redeal for that same seat reads it.

Three fields of ``ZState`` hold it (empty tuples while nobody knows anything):

- ``known``: per (viewer, seat, landscape), the fewest cards of that landscape the viewer
  knows the seat holds, at ``(viewer * players + seat) * LANDS + landscape``;
- ``marked``: (viewer, card) for a card in the deck whose place the viewer knows;
- ``cap``: per (viewer, landscape), the most cards of that landscape the deck can hold since
  the last reshuffle: the pile shuffled in, less what the viewer saw leave the deck.
"""

from __future__ import annotations

from bot.games.zura.cards import CARDS
from bot.games.zura.state import ZState

LANDS = len(CARDS.landscapes)
UNBOUNDED = len(CARDS.travel)
"""A ``cap`` no deck can reach: nothing known of the deck's make-up."""
_TRAVEL = CARDS.travel


def held(s: ZState, viewer: int, seat: int) -> list[int]:
    """Per landscape, the fewest cards ``viewer`` knows ``seat`` holds."""
    if not s.known:
        return [0] * LANDS
    base = (viewer * s.players + seat) * LANDS
    return list(s.known[base:base + LANDS])


def deck_room(s: ZState, viewer: int) -> list[int] | None:
    """Per landscape, the most cards the deck can hold as ``viewer`` knows; None: any."""
    return list(s.cap[viewer * LANDS:(viewer + 1) * LANDS]) if s.cap else None


def _known(s: ZState) -> list[int]:
    return list(s.known) if s.known else [0] * (s.players * s.players * LANDS)


def took(s: ZState, seat: int, land: int) -> None:
    """``seat`` took a card of ``land`` from the discard pile, in everyone's sight."""
    known = _known(s)
    for viewer in range(s.players):
        if viewer != seat:
            known[(viewer * s.players + seat) * LANDS + land] += 1
    s.known = tuple(known)


def played(s: ZState, seat: int, land: int, n: int) -> None:
    """``seat`` discarded ``n`` cards of ``land``: any of them may have been a known one."""
    if not s.known:
        return
    known = list(s.known)
    for viewer in range(s.players):
        i = (viewer * s.players + seat) * LANDS + land
        known[i] = max(0, known[i] - n)
    s.known = tuple(known)


def traded(s: ZState, a: int, b: int, gave_a: int, gave_b: int) -> None:
    """``a`` gave ``b`` a card of ``gave_a`` and got one of ``gave_b``: the two traders saw
    both cards, every other seat only that one card left each hand and another came."""
    known = _known(s)
    for viewer in range(s.players):
        for seat, gave, got in ((a, gave_a, gave_b), (b, gave_b, gave_a)):
            if viewer == seat:
                continue
            base = (viewer * s.players + seat) * LANDS
            if viewer in (a, b):
                known[base + gave] = max(0, known[base + gave] - 1)
                known[base + got] += 1
            else:
                for i in range(base, base + LANDS):
                    known[i] = max(0, known[i] - 1)
    s.known = tuple(known)


def looked(s: ZState, seat: int, card: int) -> None:
    """``seat`` saw ``card`` (the top of the deck) and put it back where it knows."""
    if (seat, card) not in s.marked:
        s.marked += ((seat, card),)


def reshuffled(s: ZState, pile: list[int]) -> None:
    """The discard pile became the deck: everyone knows its make-up, nobody its order."""
    counts = [0] * LANDS
    for card in pile:
        counts[_TRAVEL[card]] += 1
    s.cap = tuple(counts) * s.players
    s.marked = ()


def drew(s: ZState, seat: int, cards: tuple[int, ...]) -> None:
    """``seat`` drew ``cards`` from the deck: a card some viewer had marked is now known to
    be in that hand; each viewer who knows a card left the deck lowers its ``cap``."""
    if not (s.marked or s.cap):
        return
    cap = list(s.cap)
    seen = [(seat, card) for card in cards]
    if s.marked:
        known = _known(s)
        keep = []
        for viewer, card in s.marked:
            if card not in cards:
                keep.append((viewer, card))
            elif viewer != seat:
                known[(viewer * s.players + seat) * LANDS + _TRAVEL[card]] += 1
                seen.append((viewer, card))
        s.known, s.marked = tuple(known), tuple(keep)
    if cap:
        for viewer, card in seen:
            cap[viewer * LANDS + _TRAVEL[card]] -= 1
        s.cap = tuple(cap)


def check(s: ZState) -> None:
    """The knowledge is true of the real cards (an invariant: a wrong fact would let the
    strong AI's worlds go astray, or leave no world at all)."""
    n = s.players
    for viewer in range(n):
        for seat in range(n):
            counts = [0] * LANDS
            for card in s.hands[seat]:
                counts[_TRAVEL[card]] += 1
            assert all(k <= c for k, c in zip(held(s, viewer, seat), counts, strict=True)), \
                "a known card is not in its hand"
        room = deck_room(s, viewer)
        if room is not None:
            for card in (*s.deck, *((s.scried,) if s.scried >= 0 else ())):
                room[_TRAVEL[card]] -= 1
            assert min(room) >= 0, "the deck holds more of a landscape than it can"
    assert all(card in s.deck or card == s.scried for _, card in s.marked), \
        "a marked card left the deck"
