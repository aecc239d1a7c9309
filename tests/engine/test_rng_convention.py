"""Every game keeps its generator position under the state JSON's "rng" key (undo relies on it)."""

import pytest

from bot.engine import Rng, parse_options, registry


@pytest.mark.parametrize("name", ["zura", "aura", "auroria"])
def test_state_json_exposes_the_generator_position(name: str) -> None:
    game = registry.get(name)
    state = game.setup(2, parse_options(game.options, {}), 7)
    position = game.to_json(state)["rng"]
    assert isinstance(position, int)
    assert position != Rng(7).state, "set-up shuffled, so the generator has moved"
