"""The Zura game state: plain integers and tuples, JSON round-trippable, cheap to copy.

Every field holds an immutable value (int, bool, str, tuple), so ``clone`` is a shallow copy
and a rule step may reassign fields of its own clone without touching the caller's state.
Cards are ids from ``cards.CARDS``; ``-1`` means "none" wherever an id or seat is expected.
Piles keep their top card last (travel deck, discard pile, Tzerzurian deck, stacks).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from bot.engine import Decision
from bot.games.zura.cards import CARDS

if TYPE_CHECKING:
    from bot.games.zura.view import Tally


@dataclass(eq=False)
class ZState:
    players: int
    rng: int
    step: int
    turn: int
    phase: str
    deck: tuple[int, ...]
    """Travel draw deck, top last."""
    discard: tuple[int, ...]
    """Travel discard pile, top last."""
    hands: tuple[tuple[int, ...], ...]
    """Each hand sorted by id, hence by landscape: the order menus and hand images use."""
    tz_deck: tuple[int, ...]
    slots: tuple[int, ...]
    """The search area, row by row; -1 is an empty slot (only once the deck has run out)."""
    up: tuple[bool, ...]
    """Face up right now: flipped this turn and not claimed, or a lone Imp."""
    shown: tuple[bool, ...]
    """Face up at some time since it was placed in that slot, so everyone knows it."""
    peeked: tuple[int, ...]
    """Per slot, a bit mask of the seats that peeked at the card since it was placed."""
    stacks: tuple[tuple[int, ...], ...]
    """Claimed Tzerzurians per seat, bottom first; only the top one's ability counts."""
    # What the current turn has done so far (reset when a turn starts).
    taken: int = 0
    """Cards taken from the discard pile this turn."""
    used: tuple[str, ...] = ()
    """Once-a-turn abilities already used this turn (``swap``, ``restack``)."""
    land: int = -1
    """Landscape discarded this turn."""
    count: int = 0
    """Cards of ``land`` discarded this turn (the extra card of ``extra12`` not included)."""
    peeks: int = 0
    flips: int = 0
    steals: int = 0
    gained: tuple[int, ...] = ()
    """Cards claimed this turn that still wait to be put on the stack."""
    scried: int = -1
    """The travel card taken off the deck to be looked at (``scry``)."""
    swap_with: int = -1
    swap_give: tuple[int, int] = (-1, -1)
    """Landscapes chosen by the active seat and its swap partner; -1 while unanswered."""
    ending: int = -1
    """The seat whose refill emptied the Tzerzurian deck; -1 before that."""
    final_left: int = 0
    """Final turns still to play once ``ending`` is set."""
    turns: int = 0
    """Turns begun so far, the current one included: the public turn number."""
    # What each seat has seen of hidden travel cards (``knowledge``; never in a view).
    known: tuple[int, ...] = ()
    """Per (viewer, seat, landscape): the fewest cards of it the viewer knows the seat holds."""
    marked: tuple[tuple[int, int], ...] = ()
    """(viewer, card): a card in the deck whose place the viewer knows."""
    cap: tuple[int, ...] = ()
    """Per (viewer, landscape): the most cards of it the deck can hold (since a reshuffle)."""
    cache: list[Decision] | None = field(default=None, repr=False)
    """Pending decisions, computed once per state (not part of the game data)."""
    tally: tuple[tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int], Tally] | None = field(
        default=None, repr=False)
    """The collections as views show them, with the (stacks, gained, turn) they were computed
    from: clones keep it while those stay the same objects."""

    def clone(self) -> ZState:
        new = object.__new__(ZState)
        data = self.__dict__.copy()  # a dict copy is much cheaper than filling a new one
        data["cache"] = None
        new.__dict__ = data
        return new


_DATA = tuple(f.name for f in fields(ZState) if f.name not in ("cache", "tally"))
_NESTED = frozenset(("hands", "stacks", "marked"))


def state_to_json(state: ZState) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in _DATA:
        value = getattr(state, name)
        if name in _NESTED:
            value = [list(v) for v in value]
        elif type(value) is tuple:
            value = list(value)
        out[name] = value
    return out


def state_from_json(data: Mapping[str, Any]) -> ZState:
    """The inverse of ``state_to_json``; missing fields raise ``KeyError`` naming them."""
    state = object.__new__(ZState)
    values = state.__dict__
    for name in _DATA:
        value = data[name]
        if name in _NESTED:
            value = tuple(tuple(v) for v in value)
        elif type(value) is list:
            value = tuple(value)
        values[name] = value
    values["cache"] = values["tally"] = None
    return state


def invariants(state: ZState) -> None:
    """What every reachable state holds (the playout checker asks after each step)."""
    travel = [*state.deck, *state.discard, *(c for h in state.hands for c in h)]
    if state.scried >= 0:
        travel.append(state.scried)
    assert sorted(travel) == list(range(len(CARDS.travel))), "travel cards lost or doubled"
    tz = [*state.tz_deck, *(c for c in state.slots if c >= 0), *state.gained,
          *(c for st in state.stacks for c in st)]
    assert sorted(tz) == list(range(len(CARDS.tz))), "Tzerzurians lost or doubled"
    for i, card in enumerate(state.slots):
        if card < 0:
            assert not (state.up[i] or state.shown[i] or state.peeked[i]), "empty slot marked"
        assert not state.up[i] or state.shown[i], "face-up card not shown"
    assert all(h == tuple(sorted(h)) for h in state.hands), "hand out of order"
    assert all(len(h) <= CARDS.hand_size + 1 for h in state.hands), "hand too big"
    if state.land < 0 and state.tz_deck:
        assert all(c >= 0 for c in state.slots), "search area not refilled"
