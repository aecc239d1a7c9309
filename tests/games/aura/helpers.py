"""Aura test helpers: a scenario set-up driven by moves named the way a player reads them."""

from __future__ import annotations

from typing import Any

from bot.engine import Action, Decision, Event, open_decisions, parse_options, play
from bot.games.aura import GAME
from bot.games.aura.cards import parse_card
from bot.games.aura.state import AuraState
from bot.games.aura.view import AuraView, Row


def card(name: str) -> int:
    return parse_card(name)


class Match:
    """A game from a scenario set-up; ``do`` answers a seat's open decision by labels."""

    def __init__(self, hands: list[list[str]], options: dict[str, Any] | None = None,
                 seed: int = 0, **setup: Any) -> None:
        self.state: AuraState = GAME.scenario(
            len(hands), parse_options(GAME.options, options or {}), seed,
            {"hands": hands, **setup})
        self.events: list[Event] = []

    def decision(self, seat: int) -> Decision:
        mine = open_decisions(GAME, self.state, seat)
        assert len(mine) == 1, f"player {seat + 1} has {len(mine)} open decisions"
        return mine[0]

    def has_decision(self, seat: int) -> bool:
        return bool(open_decisions(GAME, self.state, seat))

    def key(self, decision: Decision, choice: str) -> str:
        """An option by key, by label, or by the label's start before ' ('."""
        for test in (lambda o: o.key == choice, lambda o: o.label.lower() == choice.lower(),
                     lambda o: o.label.lower().startswith(choice.lower() + " (")):
            found = [o.key for o in decision.options if test(o)]
            if len(found) == 1:
                return found[0]
        raise AssertionError(f"no single option {choice!r} in {decision.options}")

    def do(self, seat: int, *choices: str) -> list[Event]:
        decision = self.decision(seat)
        keys = tuple(self.key(decision, c) for c in choices)
        self.state, events = play(GAME, self.state, seat, Action(decision.id, keys))
        self.events += events
        return events

    def block(self, seat: int, *blocks: str | None) -> None:
        """Blocks for the active player's cards in order (None: leave that one); then stop."""
        for block in blocks:
            if block is None and not self.placing(seat):
                continue   # an empty hand leaves the rest unblocked by itself
            self.do(seat, block or "none")
        while self.placing(seat):
            self.do(seat, "done" if self.decision(seat).option("done") else "none")

    def placing(self, seat: int) -> bool:
        return self.has_decision(seat) and self.decision(seat).id.endswith(".block")

    def view(self, seat: int | None) -> AuraView:
        return GAME.view(self.state, seat)

    def owes(self) -> list[int]:
        table = self.view(None)["table"]
        assert table is not None
        out = [0] * self.state.players
        for row in table["blockers"]:
            assert row["owes"] is not None
            out[row["seat"]] = row["owes"]
        return out

    def row(self, seat: int, viewer: int | None = None) -> Row:
        table = self.view(viewer)["table"]
        assert table is not None
        return next(r for r in table["blockers"] if r["seat"] == seat)
