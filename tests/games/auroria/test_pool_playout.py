"""The random-playout checker with the four structure decks in every pairing: 320 seeds.

Each of the 16 ordered pairings (mirrors included) plays 20 checked games, mixing AI levels
and Slow Mode; every step checks the JSON round trip, the invariants, the leak test and, at
the end, the replay (``bot.engine.playout``).
"""

from __future__ import annotations

import itertools

import pytest

from bot.engine.playout import run_playout
from bot.games.auroria import GAME
from bot.games.auroria.pool import POOL

SEEDS_PER_PAIRING = 20
LEVELS = (["random", "random"], ["random", "normal"], ["normal", "random"], ["normal", "normal"])
"""Normal against normal now finishes its games (about 110-210 decisions, see
bench/auroria_balance.py), so the checker covers it too."""
PAIRINGS = list(itertools.product(POOL.decks, repeat=2))


@pytest.mark.parametrize(("first", "second"), PAIRINGS)
def test_checked_playouts_in_every_pairing(first: str, second: str) -> None:
    base = PAIRINGS.index((first, second)) * SEEDS_PER_PAIRING
    leaders = {POOL.decks[first].leader, POOL.decks[second].leader}
    for seed in range(base, base + SEEDS_PER_PAIRING):
        out = run_playout(GAME, 2, seed, levels=LEVELS[seed % 4],
                          options={"deck_1": first, "deck_2": second,
                                   "slow_mode": seed % 5 == 4})
        assert out.result is not None
        assert out.result.reason in {"influence", "deck-out"}
        kinds = out.final.kinds
        assert {kinds[out.final.zones[p]["leader"][0]] for p in (0, 1)} == leaders


def test_the_checker_covers_enough_seeds() -> None:
    assert len(PAIRINGS) * SEEDS_PER_PAIRING >= 300
