"""Names in pictures: what the shipped fonts cannot draw is replaced or left out, never drawn
as boxes; a name with nothing readable left is drawn as "Seat N"."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.games.zura import GAME
from bot.render import render_board
from bot.render.drawable import drawable, has_glyph
from tests.render.playing import state_at

BOXED = ["张伟", "🔥🔥", "क्षि", "\U0010fffd"]


@pytest.mark.parametrize("name", BOXED)
def test_a_script_the_fonts_lack_is_not_drawn_as_boxes(name: str) -> None:
    assert not all(map(has_glyph, name))
    assert drawable(name) == ""


def test_what_can_be_drawn_stays_and_lookalike_letters_are_read_plainly() -> None:
    assert drawable("Zoë Ωμέγα Жанна") == "Zoë Ωμέγα Жанна"
    assert drawable("张伟 (Zhang)") == "(Zhang)"
    assert drawable("𝓐𝓵𝓲𝓬𝓮") == "Alice"
    assert drawable("Ann 🔥") == "Ann"
    assert drawable("!!!") == "", "punctuation alone reads as nothing"


def test_a_board_with_an_undrawable_name_is_the_board_with_the_neutral_label() -> None:
    view = GAME.view(state_at(GAME, 2, 4, 6), None)
    neutral = ["Ann", "Bo"]
    boxed, fallback = list(neutral), list(neutral)
    boxed[1], fallback[1] = "张伟🔥", ""
    drawn = render_board(view, boxed)
    assert drawn == render_board(view, fallback)
    assert drawn != render_board(view, neutral)
    assert Image.open(io.BytesIO(drawn)).size[0] > 0
