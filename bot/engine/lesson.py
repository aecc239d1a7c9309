"""A first match that teaches (DESIGN §10): a fixed deal kept with each game, where every kind
of decision the game has is introduced once, in one or two plain sentences in the prompt the
first time the learner meets it.

A lesson is a scenario (``bot.engine.scenario``: the game, seed, options and set-up) plus the
learner's documented line: the answers the tests and ``python -m bench tutorial`` give from
the learner's seat in a real lesson match (``bot.match.lessons``), the opponent answering as
the lesson's AI. The learner may of course answer otherwise. Whether a decision is new to the
learner is read from what they have answered so far (the match's log), so a lesson needs
nothing stored beyond an ordinary match.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from bot.engine.datacheck import load_json
from bot.engine.errors import BadScenario
from bot.engine.said import Said
from bot.engine.scenario import run_scenario
from bot.engine.types import Decision

if TYPE_CHECKING:
    from bot.engine.game import Game

LEARNER = 0
"""The learner's seat in every lesson (the scenario's ``player 0``)."""


@dataclass(frozen=True)
class Lesson:
    """A game's tutorial: ``scenario`` deals it, ``intros`` holds each kind's introduction,
    ``line`` the learner's documented answers, ``opponent`` the AI level across the table."""

    scenario: Mapping[str, Any]
    intros: Mapping[str, Said]
    line: tuple[tuple[str, ...], ...]
    opponent: str = "normal"

    @property
    def seed(self) -> int:
        return int(self.scenario.get("seed", 0))

    @property
    def players(self) -> int:
        return int(self.scenario.get("players", 2))

    @property
    def options(self) -> Mapping[str, Any]:
        return dict(self.scenario.get("options", {}))


def load_lesson(path: Path, intros: Mapping[str, Said]) -> Lesson:
    """The lesson kept in ``path`` (a scenario with ``line`` and ``opponent`` beside it)."""
    data = load_json(path)
    if not isinstance(data, dict) or data.get("actions"):
        raise BadScenario(f"{path.name}: a lesson is a scenario that plays no actions itself.")
    line = tuple(tuple(str(key) for key in answer) for answer in data.pop("line", []))
    return Lesson(data, intros, line, str(data.pop("opponent", "normal")))


@cache
def lesson_beside(module: ModuleType) -> Lesson:
    """The lesson kept beside a game's ``module`` (its folder's ``lesson.json``), each kind
    introduced by the module's ``INTROS``."""
    return load_lesson(Path(str(module.__file__)).with_name("lesson.json"), module.INTROS)


def deal(lesson: Lesson) -> Any:
    """The lesson's first state: its scenario's set-up."""
    return run_scenario(lesson.scenario).state


def introduction(game: Game[Any, Any], lesson: Lesson, decision: Decision,
                 answered: Iterable[str]) -> Said | None:
    """What the prompt of ``decision`` says first: the introduction of its kind when the
    learner has answered no decision of that kind yet (``answered``: the ids of their
    answers so far), else nothing."""
    kind = game.kind(decision.id)
    if any(game.kind(done) == kind for done in answered):
        return None
    return lesson.intros.get(kind)
