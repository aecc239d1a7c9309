"""Seeded games pinned move for move: a speed-up of the engine must not change one answer.

Each case plays a few seeded games through the public loop (``run_playout``) and hashes the
action log and the final state; a change of rules, of the AIs or of the random draws breaks
the digest. Update a digest only for a deliberate change of the rules or the AIs.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from bot.engine.playout import run_playout
from bot.games.auroria import GAME

CASES: dict[str, tuple[list[str], dict[str, Any], str]] = {
    "random city v overgrowth": (
        ["random", "random"], {"deck_1": "city", "deck_2": "overgrowth"}, "ae368f1e20a92911"),
    "normal city v overgrowth": (
        ["normal", "normal"], {"deck_1": "city", "deck_2": "overgrowth"}, "f3b05f7c3bccade5"),
    "random v normal, slow mode": (
        ["random", "normal"], {"deck_1": "valley", "deck_2": "potions", "slow_mode": True},
        "fa596a0662653c29"),
    "normal v random, test decks": (
        ["normal", "random"], {"deck_1": "test", "deck_2": "test"}, "0ced7e5353f48fa7"),
    "random best of three": (
        ["random", "random"], {"deck_1": "city", "deck_2": "valley", "best_of": "3"},
        "592c2172213c765f"),
    "strong v normal": (
        ["strong", "normal"], {"deck_1": "potions", "deck_2": "valley"}, "267b3ccbd4e49109"),
}
SEEDS = range(3)


def digest(levels: list[str], options: dict[str, Any]) -> str:
    log: list[Any] = []
    for seed in SEEDS:
        out = run_playout(GAME, 2, seed, options=options, levels=levels, check=False)
        log += [[p, a.decision, list(a.choice)] for p, a in out.actions]
        log.append(GAME.to_json(out.final))
    return hashlib.sha256(json.dumps(log, sort_keys=True).encode()).hexdigest()[:16]


@pytest.mark.parametrize("case", CASES)
def test_seeded_games_play_the_same_moves(case: str) -> None:
    levels, options, pinned = CASES[case]
    assert digest(levels, options) == pinned
