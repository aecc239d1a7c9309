"""A mutable working copy of one state, so a move can change many fields and freeze once.

``apply`` copies the state into a ``Draft`` (the per-seat containers most moves change become
lists; the inner tuples are shared, never mutated), runs the rules on it, and freezes a new
``AuraState``. The input state is never touched. The per-seat fields few moves change
(``secret``, ``surfaced``, ``wilds``, ``stacking``) stay tuples, replaced whole with
``replace_at`` when they do: copying them to lists and back cost every move more.

Copying and freezing name every field by hand, once each, for speed; the tests check that
every field of the state goes through in its place, and that the annotations below, which
type the fields for the rules, name every field and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine import Event, Rng, Sentence
from bot.engine.types import NO_DATA
from bot.games.aura.state import AuraState

_new = tuple.__new__


class Draft:
    __slots__ = (*AuraState._fields, "_rand", "events")

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
    secret: tuple[tuple[int, ...], ...]
    surfaced: tuple[int, ...]
    ending: bool
    table: list[tuple[int, ...]]
    cursor: list[int]
    wilds: tuple[tuple[int, ...], ...]
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
    stacking: tuple[bool, ...]
    window: int
    opening: tuple[tuple[int, ...], ...]

    def __init__(self, s: AuraState) -> None:
        # One unpacking statement, not a loop over the fields: this is every move's fixed
        # cost (the tests check that every field lands in its own attribute).
        (self.players, self.beginner, self.advanced, self.simultaneous, self.rng, self.step,
         self.turn, self.active, self.bonus, self.phase, hands, decks, discards, self.secret,
         self.surfaced, self.ending, table, cursor, self.wilds, self.resolver, self.stage,
         self.todo, self.trade_colour, self.marks, self.owes, owing, self.doubled,
         self.reversed, self.earned, self.stacking, self.window, self.opening) = s
        # ``[*t]`` rather than ``list(t)``: no call, a third cheaper for these short tuples.
        self.hands, self.decks, self.discards = [*hands], [*decks], [*discards]
        self.table, self.cursor, self.owing = [*table], [*cursor], [*owing]
        self._rand: Rng | None = None
        self.events: list[Event] = []

    @property
    def rand(self) -> Rng:
        """The state's generator, made on first use (most moves draw nothing)."""
        if self._rand is None:
            self._rand = Rng(self.rng)
        return self._rand

    def freeze(self) -> AuraState:
        rng = self.rng if self._rand is None else self._rand.state
        # The named tuple's own ``__new__`` is a Python function taking 32 arguments: building
        # the tuple directly halves a move's cost of making its new state.
        return _new(AuraState, (
            self.players, self.beginner, self.advanced, self.simultaneous, rng, self.step,
            self.turn, self.active, self.bonus, self.phase, tuple(self.hands),
            tuple(self.decks), tuple(self.discards), self.secret, self.surfaced, self.ending,
            tuple(self.table), tuple(self.cursor), self.wilds, self.resolver, self.stage,
            self.todo, self.trade_colour, self.marks, self.owes, tuple(self.owing),
            self.doubled, self.reversed, self.earned, self.stacking, self.window,
            self.opening))

    def say(self, kind: str, sentence: Sentence, args: Mapping[str, object],
            data: Mapping[str, object] = NO_DATA,
            audience: tuple[int, ...] | None = None) -> None:
        """Log an event (public unless ``audience`` names the seats): ``sentence`` told with
        ``args``. ``data`` and ``args`` are dicts the caller builds, not keyword arguments:
        packing those cost a third of every event."""
        self.events.append(_new(Event, (kind, sentence, args, audience, data)))
