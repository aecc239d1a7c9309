"""A mutable working copy of one state, so a move can change many fields and freeze once.

``apply`` copies the state into a ``Draft``, runs the rules on it, and freezes a new
``AuraState``. The input state is never touched. The per-seat containers the rules change
one seat at a time (``Copied`` fields) become lists on first use only, so a move pays for
the fields it touches; their inner tuples are shared, never mutated.

Copying and freezing go by ``AuraState._fields``, so no field can be forgotten or put in
the wrong place; the annotations below type the fields for the rules (a test checks that
they name every field of the state, and nothing else).
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Generic, TypeVar, cast, overload

from bot.engine import Event, Rng
from bot.games.aura.state import AuraState

T = TypeVar("T")
FIELDS = AuraState._fields


class Copied(Generic[T]):
    """A per-seat field read as a list, copied from the state on first use.

    A non-data descriptor: once copied, the list sits in the draft's ``__dict__`` and later
    reads and writes go straight to it.
    """

    def __set_name__(self, owner: type, name: str) -> None:
        self.at = FIELDS.index(name)
        self.name = name

    @overload
    def __get__(self, draft: None, owner: type) -> Copied[T]: ...
    @overload
    def __get__(self, draft: Draft, owner: type) -> list[T]: ...
    def __get__(self, draft: Draft | None, owner: type) -> Any:
        if draft is None:
            return self
        copy = list(cast("tuple[T, ...]", draft.source[self.at]))
        draft.__dict__[self.name] = copy
        return copy


class Draft:
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
    hands: Copied[tuple[int, ...]] = Copied()
    decks: Copied[tuple[int, ...]] = Copied()
    discards: Copied[tuple[int, ...]] = Copied()
    secret: Copied[tuple[int, ...]] = Copied()
    surfaced: Copied[int] = Copied()
    ending: bool
    table: Copied[tuple[int, ...]] = Copied()
    cursor: Copied[int] = Copied()
    wilds: Copied[tuple[int, ...]] = Copied()
    resolver: int
    stage: str
    todo: tuple[int, ...]
    trade_colour: int
    marks: tuple[tuple[int, ...], ...]
    owes: tuple[int, ...]
    owing: Copied[int] = Copied()
    doubled: bool
    reversed: bool
    earned: bool
    stacking: Copied[bool] = Copied()
    window: int
    opening: tuple[tuple[int, ...], ...]

    def __init__(self, s: AuraState) -> None:
        self.source = s
        self.__dict__.update(zip(_PLAIN, _PLAIN_OF(s), strict=True))
        self._rand: Rng | None = None
        self.events: list[Event] = []

    @property
    def rand(self) -> Rng:
        """The state's generator, made on first use (most moves draw nothing)."""
        if self._rand is None:
            self._rand = Rng(self.rng)
        return self._rand

    def freeze(self) -> AuraState:
        # Each field's value in the draft, else (a list never used) the state's own.
        values = list(map(self.__dict__.get, FIELDS, self.source))
        for i in _LIST_AT:
            if values[i].__class__ is list:
                values[i] = tuple(values[i])
        if self._rand is not None:
            values[_RNG_AT] = self._rand.state
        return AuraState._make(values)

    def say(self, kind: str, text: str, audience: tuple[int, ...] | None = None,
            **data: object) -> None:
        self.events.append(Event(kind, text, audience, data))


LISTS = tuple(name for name in FIELDS if isinstance(vars(Draft).get(name), Copied))
"""The per-seat fields the rules change one seat at a time: lists while a move runs."""
_PLAIN = tuple(name for name in FIELDS if name not in LISTS)
_PLAIN_OF = attrgetter(*_PLAIN)
_LIST_AT = tuple(FIELDS.index(name) for name in LISTS)
_RNG_AT = FIELDS.index("rng")
