"""Each game's lesson (``/learn``): every kind of decision the game has is introduced, once,
the first time the learner meets it, and the lesson's documented line ends within its bound.

The kinds come from the game's decisions module (``KINDS``); seeded random playouts check
that no decision falls outside them, so a new kind of decision without an introduction fails
here. The deal, the line and the AI are deterministic, so the bound is a property of the deal.
"""

from __future__ import annotations

import importlib
from collections import Counter

import pytest

from bot.engine import Rng, registry
from bot.engine.autoplay import ai_moves, new_game
from bot.engine.lesson import LEARNER, deal, introduction, walk

GAMES = ("aura", "zura", "auroria")
DECISIONS_AT_MOST = {"aura": 25, "zura": 25, "auroria": 60}
"""The learner's decisions in a whole lesson (issue 31)."""
PLAYOUTS = 3


@pytest.mark.parametrize("name", GAMES)
def test_the_kinds_are_the_decisions_modules_and_cover_every_decision(name: str) -> None:
    game = registry.get(name)
    module = importlib.import_module(f"bot.games.{name}.decisions")
    assert game.kinds == module.KINDS and len(set(game.kinds)) == len(game.kinds)
    for seed in range(PLAYOUTS):
        for move in ai_moves(game, new_game(game, 2, seed), Rng(seed)):
            assert game.kind(move.decision.id) in game.kinds, move.decision.id


@pytest.mark.parametrize("name", GAMES)
def test_the_lesson_introduces_each_kind_exactly_once(name: str) -> None:
    game = registry.get(name)
    lesson = game.lesson()
    assert lesson is not None and set(lesson.intros) == set(game.kinds)
    played = walk(game, lesson)
    assert played.result is not None, "the line ends before the game does"
    by_kind = Counter(kind for _, kind in played.introduced)
    assert sorted(by_kind) == sorted(game.kinds), "kinds never introduced: " + ", ".join(
        sorted(set(game.kinds) - set(by_kind)))
    assert set(by_kind.values()) == {1}, by_kind


@pytest.mark.parametrize("name", GAMES)
def test_the_lesson_ends_within_its_bound(name: str) -> None:
    game = registry.get(name)
    lesson = game.lesson()
    assert lesson is not None
    played = walk(game, lesson)
    assert played.result is not None
    assert played.learner_decisions <= DECISIONS_AT_MOST[name]
    again = walk(game, lesson)  # the same every time
    assert [(m.decision.id, m.action) for m in again.moves] == [
        (m.decision.id, m.action) for m in played.moves]


def test_an_introduction_is_said_only_until_its_kind_is_answered() -> None:
    game = registry.get("aura")
    lesson = game.lesson()
    assert lesson is not None
    first = game.pending(deal(lesson))[0]
    assert first.player == LEARNER and game.kind(first.id) == "play"
    assert introduction(game, lesson, first, []) == lesson.intros["play"]
    assert introduction(game, lesson, first, ["a7.block"]) == lesson.intros["play"]
    assert introduction(game, lesson, first, ["a1.play"]) is None
