"""The Aura game state: one named tuple of ints, bools and tuples, cheap to copy.

A ``NamedTuple`` rather than a frozen dataclass: a move builds a new state, and a frozen
dataclass's ``__init__`` (one ``object.__setattr__`` per field) cost several times as much.

Per-seat fields are tuples indexed by seat. Cards are deck-local ids (see ``cards``); whose
card it is follows from the field it sits in. ``table[s]`` holds seat ``s``'s cards on the
table by position: for the active player the cards played, for a blocker the blocks placed
in front of each of those cards (``EMPTY`` where there is none).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

PLAY, BLOCK, REVEAL, DISCARD, CLEANUP, EXTRA, OVER = (
    "play", "block", "reveal", "discard", "cleanup", "extra", "over")
PHASES = (PLAY, BLOCK, REVEAL, DISCARD, CLEANUP, EXTRA, OVER)

# Stages of one player's turn to resolve their revealed cards (phase REVEAL).
ORDERING, ACTING, NAMING = "order", "act", "name"

# Bits of one table cell's mark once the cards are revealed (see ``outcome``).
HOW_MASK, BY_TRUMP, BY_HIGHER, BY_BLOCK = 3, 1, 2, 3
BLOCKED, DISCARDS = 4, 8


class AuraState(NamedTuple):
    players: int
    beginner: bool
    advanced: bool
    simultaneous: bool
    rng: int
    step: int
    """Bumped by every applied action; decision ids derive from it."""
    turn: int
    active: int
    bonus: bool
    """This turn is an additional turn (which can never earn another)."""
    phase: str
    hands: tuple[tuple[int, ...], ...]
    """Sorted, so a hand reads by colour then value, in the order of every menu."""
    decks: tuple[tuple[int, ...], ...]
    """Top card first; the Aura card is somewhere inside."""
    discards: tuple[tuple[int, ...], ...]
    secret: tuple[tuple[int, ...], ...]
    """Discarded cards whose faces only their owner saw (taken from the top of the deck)."""
    surfaced: tuple[int, ...]
    """How often each Aura card has reached the top of its deck (2 ends the game)."""
    ending: bool
    """The game ends once the current turn is over."""
    table: tuple[tuple[int, ...], ...]
    cursor: tuple[int, ...]
    """Block phase: the position each blocker decides next (the play's size once finished)."""
    wilds: tuple[tuple[int, ...], ...]
    """Per seat and colour, the number named for that wild this turn (0: not named)."""
    resolver: int
    """Reveal phase: the seat resolving its cards now."""
    stage: str
    todo: tuple[int, ...]
    """The resolver's action cards still to resolve, in the order they chose."""
    trade_colour: int
    """Trade from a long discard pile: the colour chosen first (-1 before that)."""
    marks: tuple[tuple[int, ...], ...]
    """The outcome fixed when discarding starts: per seat and position, ``outcome`` bits."""
    owes: tuple[int, ...]
    """The discards each seat owes by that outcome."""
    owing: tuple[int, ...]
    """Discard phase: cards each seat must still choose now (0: done or nothing to give)."""
    doubled: bool
    reversed: bool
    earned: bool
    """A blocker stopped every active card: the active player may play again."""
    stacking: tuple[bool, ...]
    """Cleanup in the advanced game: seats still ordering their cards under their deck."""
    window: int
    """The step at which the open simultaneous phase began (its decision ids keep it)."""
    opening: tuple[tuple[int, ...], ...]
    """The draws for the starting player, round by round (-1: that seat no longer drew)."""


_FIELDS = AuraState._fields
_NESTED = ("hands", "decks", "discards", "secret", "table", "wilds", "marks", "opening")
_FLAT = ("surfaced", "cursor", "todo", "owes", "owing", "stacking")
_SCALAR = tuple(n for n in _FIELDS if n not in _NESTED + _FLAT)


def state_to_json(state: AuraState) -> dict[str, Any]:
    out = {name: getattr(state, name) for name in _SCALAR}
    for name in _FLAT:
        out[name] = list(getattr(state, name))
    for name in _NESTED:
        out[name] = [list(row) for row in getattr(state, name)]
    return out


def state_from_json(data: Mapping[str, Any]) -> AuraState:
    fields = {name: data[name] for name in _SCALAR}
    for name in _FLAT:
        fields[name] = tuple(data[name])
    for name in _NESTED:
        fields[name] = tuple(tuple(row) for row in data[name])
    return AuraState(**fields)


def evolve(state: AuraState, **changes: Any) -> AuraState:
    """``state`` with some fields changed."""
    return state._replace(**changes)


def replace_at(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``items`` with one entry changed (per-seat updates of immutable state)."""
    return (*items[:index], value, *items[index + 1:])


_BLOCKERS = tuple(tuple(tuple((a + k) % n for k in range(1, n)) for a in range(n))
                  for n in range(5))
"""``_BLOCKERS[players][active]`` (nested tuples: no key tuple to build and hash)."""


def blockers(state: AuraState) -> tuple[int, ...]:
    """The blocking players in turn order from the active player."""
    return _BLOCKERS[state.players][state.active]


def placing(state: AuraState) -> list[int]:
    """Block phase: the seats choosing a block now (all at once in the simultaneous variant)."""
    active = state.active
    size = len(state.table[active])
    cursor = state.cursor
    behind = _BLOCKERS[state.players][active]  # ``blockers``, inline: asked at every block
    if state.simultaneous:
        return [s for s in behind if cursor[s] < size]
    # One at a time (the usual game): the first blocker still placing, found without a list
    # of all of them (views and menus ask this at every block).
    for s in behind:
        if cursor[s] < size:
            return [s]
    return []


def waiting(state: AuraState) -> list[int]:
    """The seats with an open decision, in seat order."""
    phase = state.phase
    if phase in (PLAY, EXTRA):
        return [state.active]
    if phase == BLOCK:
        return sorted(placing(state)) if state.simultaneous else placing(state)
    if phase == REVEAL:
        return [state.resolver]
    if phase == DISCARD:
        return [s for s, owing in enumerate(state.owing) if owing]
    if phase == CLEANUP:
        return [s for s, stacking in enumerate(state.stacking) if stacking]
    return []
