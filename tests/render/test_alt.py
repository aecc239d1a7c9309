"""Alt text for images (``bot.render.alt``): the game's text, fitted to Discord's limit."""

from __future__ import annotations

from typing import Any

from bot.engine import Game, Rng, parse_options, registry
from bot.engine.autoplay import final, new_game
from bot.engine.text import ALT_TEXT_MAX
from bot.render.alt import alt_text
from bot.words import english


def _finished_aura() -> tuple[Game[Any, Any], Any]:
    game = registry.get("aura")
    return game, final(game, new_game(game, 4, 8), Rng(8))


def test_a_summary_names_placings_first_and_fits() -> None:
    game, state = _finished_aura()
    result = game.result(state)
    assert result is not None
    names = ["Ann Lee", "Bo", "Cy Young", "Dee"]
    text = alt_text("aura", game.view(state, None), names, result)
    assert len(text) <= ALT_TEXT_MAX
    first, *_ = text.split("\n")
    assert first.startswith("Final result: ") and all(n in first for n in names)
    winner = names[result.placings.index(1)]
    assert first.startswith(f"Final result: {winner} first with ")


def test_a_board_and_a_hand_carry_the_games_text() -> None:
    game = registry.get("zura")
    state = game.setup(2, parse_options(game.options, {}), 3)
    names = ["Ann", "Bo"]
    board, hand = game.view(state, None), game.view(state, 1)
    assert alt_text("zura", board, names) == game.describe(board, names, say=english().say)
    assert "Your hand: " in alt_text("zura", hand, names)
    assert "Your hand" not in alt_text("zura", board, names)
