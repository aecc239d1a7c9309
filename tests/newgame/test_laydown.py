"""A game package dropped under ``bot/games`` is a game everywhere: the registry finds it,
its renderer is found by name, and the engine's checked playouts accept it."""

from __future__ import annotations

import pytest

from bot import render
from bot.engine import GameError, registry
from bot.engine.playout import run_playout


def test_the_registry_and_the_renderers_find_an_added_package(laydown: None) -> None:
    assert "laydown" in registry.names() and "laydown" in registry.packaged()
    assert registry.get("laydown").title == "Laydown"
    assert "laydown" in render.drawn()


def test_without_the_package_there_is_no_such_game() -> None:
    assert "laydown" not in registry.names()
    assert render.renderer("laydown") is None
    with pytest.raises(GameError, match="no game called `laydown`"):
        registry.get("laydown")


def test_a_module_path_is_not_a_game_name() -> None:
    with pytest.raises(GameError, match="no game called"):
        registry.get("aura.game")


@pytest.mark.parametrize("seed", range(20))
def test_checked_playouts_hold_every_invariant(laydown: None, seed: int) -> None:
    game = registry.get("laydown")
    out = run_playout(game, 2, seed, levels=["random", "normal"])
    assert out.result is not None and len(out.actions) == 6


def test_each_image_draws_from_its_view(laydown: None) -> None:
    game = registry.get("laydown")
    state = game.setup(2, {}, 3)
    board = render.render_board(game.view(state, None), ["Ann", "Bo"])
    hand = render.render_hand(game.view(state, 1), 1, ["Ann", "Bo"])
    assert board.startswith(b"\x89PNG") and hand.startswith(b"\x89PNG") and board != hand
