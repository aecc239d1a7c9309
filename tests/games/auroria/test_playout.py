"""The random-playout checker over 300 seeds with varied test decks and AI levels.

Each step checks: JSON round trip, the game's invariants (every card in exactly one zone,
Influence changes only through unblocked leader attacks, Piercing or effects, no creature
left at 0 power after state checks), views unchanged when hidden cards are redealt, and a
replay of seed + actions reproduces the final state.
"""

from __future__ import annotations

import pytest

from bot.engine.playout import run_playout
from bot.games.auroria import GAME

LEVELS = (["random", "random"], ["random", "normal"], ["normal", "normal"])
TEST_DECKS = {"deck_1": "test", "deck_2": "test"}
"""The test set's varied decks (the structure decks have their own checker, test_pool_playout)."""


@pytest.mark.parametrize("block", range(10))
def test_checked_random_playouts(block: int) -> None:
    reasons = set()
    for seed in range(block * 30, block * 30 + 30):
        out = run_playout(GAME, 2, seed, options={"slow_mode": seed % 4 == 3, **TEST_DECKS},
                          levels=LEVELS[seed % 3])
        assert out.result is not None
        reasons.add(out.result.reason)
    assert reasons <= {"influence", "deck-out", "card effect"}


def test_games_end_both_ways() -> None:
    reasons = {run_playout(GAME, 2, seed, TEST_DECKS,  # type: ignore[union-attr]
                           check=False).result.reason for seed in range(20)}
    assert "influence" in reasons
