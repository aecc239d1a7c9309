"""A mutable working copy of one state, so a move can change many fields and freeze once.

``apply`` copies the state into a ``Draft`` (per-seat containers become lists; the inner
tuples are shared, never mutated), runs the rules on it, and freezes a new ``AuraState``.
The input state is never touched.
"""

from __future__ import annotations

from bot.engine import Event, Rng
from bot.games.aura.state import AuraState


class Draft:
    __slots__ = (
        "_rand",
        "_seed",
        "active",
        "advanced",
        "beginner",
        "bonus",
        "cursor",
        "decks",
        "discards",
        "doubled",
        "earned",
        "ending",
        "events",
        "hands",
        "marks",
        "opening",
        "owes",
        "owing",
        "phase",
        "players",
        "resolver",
        "reversed",
        "secret",
        "simultaneous",
        "stacking",
        "stage",
        "step",
        "surfaced",
        "table",
        "todo",
        "trade_colour",
        "turn",
        "wilds",
        "window",
    )

    def __init__(self, s: AuraState) -> None:
        (self.players, self.beginner, self.advanced, self.simultaneous, rng, self.step,
         self.turn, self.active, self.bonus, self.phase, hands, decks, discards, secret,
         surfaced, self.ending, table, cursor, wilds, self.resolver, self.stage, self.todo,
         self.trade_colour, self.marks, self.owes, owing, self.doubled, self.reversed,
         self.earned, stacking, self.window, self.opening) = s
        self._seed = rng
        self._rand: Rng | None = None
        self.hands = list(hands)
        self.decks = list(decks)
        self.discards = list(discards)
        self.secret = list(secret)
        self.surfaced = list(surfaced)
        self.table = list(table)
        self.cursor = list(cursor)
        self.wilds = list(wilds)
        self.owing = list(owing)
        self.stacking = list(stacking)
        self.events: list[Event] = []

    @property
    def rand(self) -> Rng:
        """The state's generator, made on first use (most moves draw nothing)."""
        if self._rand is None:
            self._rand = Rng(self._seed)
        return self._rand

    def freeze(self) -> AuraState:
        return AuraState._make((
            self.players, self.beginner, self.advanced, self.simultaneous,
            self._seed if self._rand is None else self._rand.state,
            self.step, self.turn, self.active, self.bonus, self.phase, tuple(self.hands),
            tuple(self.decks), tuple(self.discards), tuple(self.secret), tuple(self.surfaced),
            self.ending, tuple(self.table), tuple(self.cursor), tuple(self.wilds), self.resolver,
            self.stage, self.todo, self.trade_colour, self.marks, self.owes, tuple(self.owing),
            self.doubled, self.reversed, self.earned, tuple(self.stacking), self.window,
            self.opening))

    def say(self, kind: str, text: str, audience: tuple[int, ...] | None = None,
            **data: object) -> None:
        self.events.append(Event(kind, text, audience, data))
