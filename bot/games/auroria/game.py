"""Auroria Codex on the engine protocol: the ``Game`` subclass wiring the modules together.

Set-up is ``setup``, the open decisions ``decisions``, answers and the turn ``rules``, the
end ``scoring``, the view ``view``, its text ``text``, redeals ``hidden``; this class only
connects them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from bot.engine import (
    Action,
    BadScenario,
    Decision,
    Event,
    Game,
    OptionSpec,
    Result,
    Rng,
    Turn,
)
from bot.engine.decks import DeckBook
from bot.engine.help import Topic
from bot.engine.lesson import Lesson, lesson_beside
from bot.engine.said import Said, said
from bot.engine.text import Say
from bot.games.auroria import (
    ai,
    decisions,
    hidden,
    invariants,
    lessons,
    rules,
    scoring,
    series,
    setup,
    text,
)
from bot.games.auroria.deckbook import DECKS
from bot.games.auroria.decklist import deck_option
from bot.games.auroria.help import TOPICS
from bot.games.auroria.scenario import build_scenario
from bot.games.auroria.state import State
from bot.games.auroria.view import AuroriaView, build_view


class Auroria(Game[State, AuroriaView]):
    name = "auroria"
    title = "Auroria Codex"
    min_players = 2
    max_players = 2
    max_steps = 6000
    kinds = decisions.KINDS
    endings: ClassVar[Mapping[str, Said]] = {
        "influence": said("won on Influence"), "deck-out": said("won by deck-out"),
        "card effect": said("won by a card's effect")}
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("slow_mode", "bool", False,
                   said("Slow Mode: no mirrored Draw, Energy or Main Phase windows.")),
        deck_option("deck_1", said("The host's deck: a structure deck (city, valley, potions, "
                                   "overgrowth), random, test, or a deck code.")),
        deck_option("deck_2", said("The second player's (or the AI's) deck: a structure deck "
                                   "(city, valley, potions, overgrowth), random, test, or a "
                                   "deck code.")),
        series.OPTION,
    )

    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> State:
        return setup.new_game(options, seed)

    def kind(self, decision_id: str) -> str:
        return decisions.kind(decision_id)

    def lesson(self) -> Lesson | None:
        return lesson_beside(lessons)

    def scenario(self, players: int, options: Mapping[str, Any], seed: int,
                 setup: Mapping[str, Any]) -> State:
        """See ``scenario.build_scenario`` for the documented format."""
        if options["best_of"] != "1":
            raise BadScenario("A scenario sets up a single game, not a best-of-three match.")
        s = build_scenario(bool(options["slow_mode"]), seed, setup)
        rules.start_of_phase(s, [])
        rules.advance(s, [])
        return s

    def decks(self) -> DeckBook:
        return DECKS

    def turn(self, state: State) -> Turn | None:
        return None if state.phase == "mulligan" else Turn(state.turn, state.active)

    def pending(self, state: State) -> list[Decision]:
        if state.decisions is None:
            state.decisions = decisions.pending(state)
        return list(state.decisions)

    def apply(self, state: State, player: int, action: Action) -> tuple[State, list[Event]]:
        return rules.apply(state, player, action)

    def view(self, state: State, viewer: int | None) -> AuroriaView:
        pending = state.decisions
        if pending is None:
            pending = state.decisions = decisions.pending(state)
        # one open decision but during the mulligans: no set to build and sort
        waiting = ([pending[0].player] if len(pending) == 1
                   else sorted({d.player for d in pending}))
        return build_view(state, viewer, waiting)

    def result(self, state: State) -> Result | None:
        return scoring.result(state)

    def to_json(self, state: State) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> State:
        return State.from_json(dict(data))

    def ai_choose(self, level: str, view: AuroriaView, decision: Decision, rng: Rng) -> Action:
        return ai.choose(level, view, decision, rng)

    def invariants(self, state: State) -> None:
        invariants.check(state)

    def topics(self) -> Mapping[str, Topic[AuroriaView]]:
        return TOPICS

    def describe(self, view: AuroriaView, names: Sequence[str], *, full: bool = False,
                 say: Say = str) -> str:
        return text.describe(view, names, full=full, say=say)

    def redeal_hidden(self, state: State, viewer: int | None, rng: Rng) -> State | None:
        return hidden.redeal(state, viewer, rng)
