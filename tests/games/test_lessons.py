"""Each game's lesson (``/learn``): the kinds of decision come from the game's decisions
module (``KINDS``), seeded random playouts check that no decision falls outside them (so a
new kind of decision without an introduction fails here), and every kind has its
introduction. The lesson played along its line as a match: ``tests/match/test_lessons.py``.
"""

from __future__ import annotations

import importlib

import pytest

from bot.engine import Rng, registry
from bot.engine.autoplay import ai_moves, new_game
from bot.engine.lesson import LEARNER, deal, introduction

GAMES = ("aura", "zura", "auroria")
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
def test_every_kind_has_its_introduction_and_the_line_fits_the_deal(name: str) -> None:
    game = registry.get(name)
    lesson = game.lesson()
    assert lesson is not None and set(lesson.intros) == set(game.kinds)
    assert all(str(said).startswith("Lesson: ") for said in lesson.intros.values())
    first = game.pending(deal(lesson))
    assert any(d.player == LEARNER for d in first) and lesson.line


def test_an_introduction_is_said_only_until_its_kind_is_answered() -> None:
    game = registry.get("aura")
    lesson = game.lesson()
    assert lesson is not None
    first = game.pending(deal(lesson))[0]
    assert first.player == LEARNER and game.kind(first.id) == "play"
    assert introduction(game, lesson, first, []) == lesson.intros["play"]
    assert introduction(game, lesson, first, ["a7.block"]) == lesson.intros["play"]
    assert introduction(game, lesson, first, ["a1.play"]) is None
