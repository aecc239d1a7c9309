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
        "active", "advanced", "beginner", "bonus", "cursor", "decks", "discards", "doubled",
        "earned", "ending", "events", "hands", "marks", "opening", "owes", "owing", "phase",
        "players", "rand", "resolver", "reversed", "secret", "simultaneous", "stacking", "stage",
        "step", "surfaced", "table", "todo", "trade_colour", "turn", "wilds", "window",
    )

    def __init__(self, s: AuraState) -> None:
        self.players = s.players
        self.beginner = s.beginner
        self.advanced = s.advanced
        self.simultaneous = s.simultaneous
        self.rand = Rng(s.rng)
        self.step = s.step
        self.turn = s.turn
        self.active = s.active
        self.bonus = s.bonus
        self.phase = s.phase
        self.hands = list(s.hands)
        self.decks = list(s.decks)
        self.discards = list(s.discards)
        self.secret = list(s.secret)
        self.surfaced = list(s.surfaced)
        self.ending = s.ending
        self.table = list(s.table)
        self.cursor = list(s.cursor)
        self.wilds = list(s.wilds)
        self.resolver = s.resolver
        self.stage = s.stage
        self.todo = s.todo
        self.trade_colour = s.trade_colour
        self.marks = s.marks
        self.owes = s.owes
        self.owing = list(s.owing)
        self.doubled = s.doubled
        self.reversed = s.reversed
        self.earned = s.earned
        self.stacking = list(s.stacking)
        self.window = s.window
        self.opening = s.opening
        self.events: list[Event] = []

    def freeze(self) -> AuraState:
        return AuraState(
            self.players, self.beginner, self.advanced, self.simultaneous, self.rand.state,
            self.step, self.turn, self.active, self.bonus, self.phase, tuple(self.hands),
            tuple(self.decks), tuple(self.discards), tuple(self.secret), tuple(self.surfaced),
            self.ending, tuple(self.table), tuple(self.cursor), tuple(self.wilds), self.resolver,
            self.stage, self.todo, self.trade_colour, self.marks, self.owes, tuple(self.owing),
            self.doubled, self.reversed, self.earned, tuple(self.stacking), self.window,
            self.opening)

    def say(self, kind: str, text: str, audience: tuple[int, ...] | None = None,
            **data: object) -> None:
        self.events.append(Event(kind, text, audience, data))
