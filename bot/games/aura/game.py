"""Aura on the engine protocol: the ``Game`` object that wires the role modules together."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from bot.engine import Decision, Game, OptionSpec, Result, Rng, Turn
from bot.engine.help import Topic
from bot.engine.lesson import Lesson, lesson_beside
from bot.engine.said import said
from bot.engine.text import Say
from bot.games.aura import ai, lessons, strong, text
from bot.games.aura.cards import AURA, EMPTY
from bot.games.aura.decisions import KINDS, kind, pending
from bot.games.aura.help import TOPICS
from bot.games.aura.hidden import lay_out, redeal
from bot.games.aura.rules import apply_action
from bot.games.aura.scenario import scenario_state
from bot.games.aura.scoring import standings
from bot.games.aura.setup import deck_cards, new_game
from bot.games.aura.state import OVER, AuraState, state_from_json, state_to_json
from bot.games.aura.view import AuraView, build_view


class Aura(Game[AuraState, AuraView]):
    name = "aura"
    title = "Aura"
    min_players = 2
    max_players = 4
    rules_version = "1"
    max_steps = 6_000
    kinds = KINDS
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("beginner", "bool", False,
                   said("First game: the action cards stay in the box.")),
        OptionSpec("advanced", "bool", False,
                   said("No shuffle when an Aura card surfaces; you order cards going under "
                        "your deck.")),
        OptionSpec("simultaneous_blocks", "bool", False,
                   said("All blocking players place their blocks at the same time.")),
    )

    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> AuraState:
        return new_game(players, options, seed)

    kind = staticmethod(kind)

    def lesson(self) -> Lesson | None:
        return lesson_beside(lessons)

    def scenario(self, players: int, options: Mapping[str, Any], seed: int,
                 setup: Mapping[str, Any]) -> AuraState:
        return scenario_state(players, options, seed, setup)

    # The protocol's methods asked once per decision are the role modules' functions
    # themselves, not methods that call them: one call layer less on every move.
    pending = staticmethod(pending)
    apply = staticmethod(apply_action)
    view = staticmethod(build_view)
    ai_choose = staticmethod(ai.choose)

    def turn(self, state: AuraState) -> Turn | None:
        return Turn(state.turn, state.active)

    def result(self, state: AuraState) -> Result | None:
        return standings(state) if state.phase == OVER else None

    def to_json(self, state: AuraState) -> dict[str, Any]:
        out = state_to_json(state)
        out["schema_version"] = self.schema_version
        out["rules_version"] = self.rules_version
        return out

    def from_json(self, data: Mapping[str, Any]) -> AuraState:
        return state_from_json(data)

    def invariants(self, state: AuraState) -> None:
        """Card conservation: each of a player's cards lies in exactly one place."""
        full = sorted((*deck_cards(state.beginner), AURA))
        for seat in range(state.players):
            table = state.table[seat] if state.table else ()
            places = (state.hands[seat] + state.decks[seat] + state.discards[seat]
                      + tuple(c for c in table if c != EMPTY))
            assert sorted(places) == full, f"player {seat + 1}'s cards are not all in one place"
            assert list(state.hands[seat]) == sorted(state.hands[seat]), "hand not sorted"
            assert set(state.secret[seat]) <= set(state.discards[seat]), "secret not discarded"
            assert len(state.hands[seat]) <= 8, "more than 8 cards in hand"

    def topics(self) -> Mapping[str, Topic[AuraView]]:
        return TOPICS

    def describe(self, view: AuraView, names: Sequence[str], *, full: bool = False,
                 say: Say = str) -> str:
        return text.describe(view, names, full=full, say=say)

    def redeal_hidden(self, state: AuraState, viewer: int | None, rng: Rng) -> AuraState:
        return redeal(state, viewer, rng)

    def lay_out(self, decision_id: str, choice: tuple[str, ...], rng: Rng) -> tuple[str, ...]:
        return lay_out(decision_id, choice, rng)

    def playout_estimate(self, start: AuraState, state: AuraState, seat: int) -> float | None:
        return strong.playout_estimate(start, state, seat)

    def search_world(self, state: AuraState, seat: int, rng: Rng) -> AuraState:
        return strong.search_world(state, seat, rng)

    def search_candidates(self, view: AuraView, decision: Decision, rng: Rng
                          ) -> list[tuple[str, ...]] | None:
        return strong.search_candidates(view, decision)


GAME = Aura()
