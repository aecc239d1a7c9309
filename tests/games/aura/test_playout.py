"""The engine's random-playout checker over 500 seeds for each player count.

Every step: JSON round trip, card conservation (each player's cards in exactly one place),
views and decisions unchanged when hidden cards move (no leaks), a decision open until the
end, and a replay that reproduces the game. Seeds cycle through the variants.
"""

from __future__ import annotations

import pytest

from bot.engine.playout import run_playout
from bot.games.aura import GAME

VARIANTS = ({}, {"beginner": True}, {"advanced": True}, {"simultaneous_blocks": True})
SEEDS = 500
CHUNKS = 5


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_every_invariant(players: int, chunk: int) -> None:
    size = SEEDS // CHUNKS
    for seed in range(chunk * size, (chunk + 1) * size):
        out = run_playout(GAME, players, seed, options=VARIANTS[seed % len(VARIANTS)])
        assert out.result is not None and len(out.result.placings) == players
