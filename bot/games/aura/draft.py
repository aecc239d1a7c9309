"""A mutable working copy of one state, so a move can change many fields and freeze once.

``apply`` copies the state into a ``Draft`` (the per-seat containers in ``LISTS`` become
lists; the inner tuples are shared, never mutated), runs the rules on it, and freezes a new
``AuraState``. The input state is never touched.

Copying and freezing go by ``AuraState._fields``, so no field can be forgotten or put in
the wrong place; the annotations below type the fields for the rules (a test checks that
they name every field of the state, and nothing else).
"""

from __future__ import annotations

from collections import deque
from itertools import repeat
from operator import attrgetter

from bot.engine import Event, Rng
from bot.games.aura.state import AuraState

FIELDS = AuraState._fields
LISTS = ("hands", "decks", "discards", "secret", "surfaced", "table", "cursor", "wilds",
         "owing", "stacking")
"""The per-seat fields the rules change one seat at a time: lists while a move runs."""
_ALL = attrgetter(*FIELDS)
_LISTED = attrgetter(*LISTS)
_LIST_AT = tuple(FIELDS.index(name) for name in LISTS)
_RNG_AT = FIELDS.index("rng")


class Draft:
    __slots__ = (*FIELDS, "_rand", "events")

    players: int
    beginner: bool
    advanced: bool
    simultaneous: bool
    rng: int
    """The generator's state when the move began (``rand`` draws from a copy)."""
    step: int
    turn: int
    active: int
    bonus: bool
    phase: str
    hands: list[tuple[int, ...]]
    decks: list[tuple[int, ...]]
    discards: list[tuple[int, ...]]
    secret: list[tuple[int, ...]]
    surfaced: list[int]
    ending: bool
    table: list[tuple[int, ...]]
    cursor: list[int]
    wilds: list[tuple[int, ...]]
    resolver: int
    stage: str
    todo: tuple[int, ...]
    trade_colour: int
    marks: tuple[tuple[int, ...], ...]
    owes: tuple[int, ...]
    owing: list[int]
    doubled: bool
    reversed: bool
    earned: bool
    stacking: list[bool]
    window: int
    opening: tuple[tuple[int, ...], ...]

    def __init__(self, s: AuraState) -> None:
        # Attribute by attribute in C (``map``): a Python loop would cost every move.
        deque(map(setattr, repeat(self), FIELDS, s), 0)
        deque(map(setattr, repeat(self), LISTS, map(list, _LISTED(s))), 0)
        self._rand: Rng | None = None
        self.events: list[Event] = []

    @property
    def rand(self) -> Rng:
        """The state's generator, made on first use (most moves draw nothing)."""
        if self._rand is None:
            self._rand = Rng(self.rng)
        return self._rand

    def freeze(self) -> AuraState:
        values = list(_ALL(self))
        for i in _LIST_AT:
            values[i] = tuple(values[i])
        if self._rand is not None:
            values[_RNG_AT] = self._rand.state
        return AuraState._make(values)

    def say(self, kind: str, text: str, audience: tuple[int, ...] | None = None,
            **data: object) -> None:
        self.events.append(Event(kind, text, audience, data))
