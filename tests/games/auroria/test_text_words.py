"""The Auroria table read as text (alt text, terminal) speaks the reader's language: every
line is a catalogue sentence, card names and texts are card words."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import Rng
from bot.engine.autoplay import new_game, states
from bot.games.auroria import GAME
from bot.words import language

NAMES = ["Ann", "Bo"]


def _views(seed: int) -> list[Any]:
    return [GAME.view(state, 0) for state in states(GAME, new_game(GAME, 2, seed), Rng(seed))]


@pytest.mark.parametrize("seed", [3, 7])
def test_every_line_is_a_sentence_of_the_pseudo_locale(seed: int) -> None:
    say = language("pseudo").say
    for view in _views(seed)[::9]:
        for full in (False, True):
            text = GAME.describe(view, NAMES, full=full, say=say)
            for line in text.split("\n"):
                assert line.lstrip().startswith("[") or line.endswith("…"), line
                assert "{" not in line


def test_german_reads_german_and_english_stays_the_default() -> None:
    views = _views(7)
    german = "\n".join(GAME.describe(v, NAMES, full=True, say=language("de").say)
                       for v in views[::9])
    english = "\n".join(GAME.describe(v, NAMES, full=True) for v in views[::9])
    assert "Einfluss; Anführer Vesk, Kriegsherr der Glut" in german
    assert "Deine Hand: Talplünderer (Kosten 2; Stärke 3 vorne, 1 hinten)" in german
    for word in ("Influence", "leader", "Your hand", " in deck", "Waiting for"):
        assert word not in german and word in english
