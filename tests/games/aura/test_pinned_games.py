"""Seeded games stay move-for-move the same: the engine's speed-ups must not change a game.

Each digest covers four seeded games, one per variant (random and normal AIs at 2–4
players, the strong AI at 2 with the checks' small budget): the actions, every event, the
acting seat's view at each step and the final state. A changed digest means some game now
plays or reads differently; if that is intended (a rules fix), print the new digests with
``python -m tests.games.aura.test_pinned_games``.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from bot.engine import Rng
from bot.engine.autoplay import ai_moves, by_level, new_game
from bot.games.aura import GAME

VARIANTS: tuple[dict[str, bool], ...] = (
    {}, {"beginner": True}, {"advanced": True}, {"simultaneous_blocks": True})
CASES = [*((level, players) for level in ("random", "normal") for players in (2, 3, 4)),
         ("strong", 2)]
PINNED = {
    ("random", 2): "e0098bbb09c8282394702c734ead4e5cf98ef16a5cce10dadb1e23d8a4df89f1",
    ("random", 3): "2b3d2a16043289f64ca7c421823589101b1e2641db7e7d9b68af37b485765547",
    ("random", 4): "96fe4a0ef286c5b0418b1086d63b006e7ad4a8afe7882356e56b5185499e09d0",
    ("normal", 2): "77aec569a39d726929d7df523e69335831cf65104ad53f25dde15791477c66fb",
    ("normal", 3): "929e849fd7fae23c250b0fc17c622d2720aaee505fc2663918b0170c02284e69",
    ("normal", 4): "fa50a4e207c01a49b7dcf990ac6d2bd4511909b483c442786e5859531a4574f8",
    ("strong", 2): "1801ee2322c87f1ab7dea56add221d5760774af599d2b783bf512063c19c9423",
}


def digest(level: str, players: int) -> str:
    """One hash over four seeded games, one per variant."""
    out = hashlib.sha256()
    for seed, options in enumerate(VARIANTS):
        state = new_game(GAME, players, seed, options)
        for move in ai_moves(GAME, state, Rng(seed ^ 0x5EED), by_level(level), any_open=True):
            seat = move.decision.player
            out.update(json.dumps([seat, move.action.to_json(),
                                   GAME.view(move.before, seat),
                                   [e.to_json() for e in move.events]],
                                  sort_keys=True).encode())
            state = move.after
        out.update(json.dumps(GAME.to_json(state), sort_keys=True).encode())
    return out.hexdigest()


@pytest.mark.parametrize(("level", "players"), CASES)
def test_seeded_games_play_exactly_as_pinned(level: str, players: int) -> None:
    assert digest(level, players) == PINNED[level, players]


if __name__ == "__main__":
    for case in CASES:
        print(f"    {case}: \"{digest(*case)}\",")
