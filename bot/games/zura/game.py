"""Zura on the engine protocol: wires the modules of this folder to ``Game`` (thin)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from bot.engine import Action, Decision, Event, Game, Result, Rng, Turn, placings_from_scores
from bot.engine.help import Topic
from bot.engine.lesson import Lesson, lesson_beside
from bot.engine.search import STRONG
from bot.engine.text import Say
from bot.games.zura import ai, decisions, hidden, knowledge, lessons, rules, strong, text
from bot.games.zura.help import topics
from bot.games.zura.scenario import build_scenario
from bot.games.zura.scoring import score
from bot.games.zura.setup import new_game
from bot.games.zura.state import ZState, invariants, state_from_json, state_to_json
from bot.games.zura.view import ZView, view


class Zura(Game[ZState, ZView]):
    name = "zura"
    title = "Zura"
    min_players = 2
    max_players = 4
    schema_version = 1
    rules_version = "1"
    max_steps = 20_000
    kinds = decisions.KINDS
    ai_levels: ClassVar[tuple[str, ...]] = (*ai.LEVELS, STRONG)

    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> ZState:
        return new_game(players, seed)

    def kind(self, decision_id: str) -> str:
        return decisions.kind(decision_id)

    def lesson(self) -> Lesson | None:
        return lesson_beside(lessons)

    def scenario(self, players: int, options: Mapping[str, Any], seed: int,
                 setup: Mapping[str, Any]) -> ZState:
        """A fixed table; the ``setup`` fields are documented in ``bot.games.zura.scenario``."""
        return build_scenario(players, seed, setup)

    def pending(self, state: ZState) -> list[Decision]:
        if state.cache is None:
            state.cache = decisions.pending(state)
        return list(state.cache)

    def apply(self, state: ZState, player: int, action: Action) -> tuple[ZState, list[Event]]:
        """An answer ``bot.engine.play`` has checked against the open decision."""
        s = state.clone()
        ev: list[Event] = []
        if rules.answer(s, player, action.choice, ev):
            s.step += 1  # a sealed swap answer keeps the partner's decision id
        return s, ev

    def turn(self, state: ZState) -> Turn | None:
        return Turn(state.turns, state.turn)

    def view(self, state: ZState, viewer: int | None) -> ZView:
        return view(state, viewer)

    def result(self, state: ZState) -> Result | None:
        if state.phase != "over":
            return None
        scores = [score(stack, state.players) for stack in state.stacks]
        return Result(tuple(float(x) for x in scores),
                      placings_from_scores([(x,) for x in scores]))

    def to_json(self, state: ZState) -> dict[str, Any]:
        return {"schema": self.schema_version, "rules": self.rules_version,
                **state_to_json(state)}

    def from_json(self, data: Mapping[str, Any]) -> ZState:
        if data.get("schema") != self.schema_version:
            raise ValueError(f"Saved Zura state has schema {data.get('schema')!r}; "
                             f"this version reads {self.schema_version}.")
        # Saved before turns were counted, or before seats' knowledge was kept.
        return state_from_json({"turns": 0, "known": [], "marked": [], "cap": [], **data})

    def ai_choose(self, level: str, view: ZView, decision: Decision, rng: Rng) -> Action:
        return ai.choose(level, view, decision, rng)

    def invariants(self, state: ZState) -> None:
        invariants(state)
        knowledge.check(state)

    def topics(self) -> Mapping[str, Topic[ZView]]:
        return topics()

    def describe(self, view: ZView, names: Sequence[str], *, full: bool = False,
                 say: Say = str) -> str:
        return text.describe(view, names, full=full, say=say)

    def redeal_hidden(self, state: ZState, viewer: int | None, rng: Rng) -> ZState | None:
        return hidden.redeal_hidden(state, viewer, rng)

    def playout_estimate(self, start: ZState, state: ZState, seat: int) -> float | None:
        return strong.playout_estimate(start, state, seat)

    def search_candidates(self, view: ZView, decision: Decision, rng: Rng
                          ) -> list[tuple[str, ...]] | None:
        return strong.search_candidates(view, decision)
