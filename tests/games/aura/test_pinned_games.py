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
    ("random", 2): "13e5906f04539e70f507a79ce07602480ef04cfbdd67ecb09310f9fee54acdff",
    ("random", 3): "6e5714791ca834b99796f0b5e50ef670deec7890e433fff86409a8599edd915e",
    ("random", 4): "9dc5c146b09dc92d94c4021d906a70f710cc758955da648bd06e435467909e22",
    ("normal", 2): "a70383c6c4cd9021f9cf1581ba0d2a885b46f802f5e390d49326ac348d0acd1d",
    ("normal", 3): "2c0470a99d310c4c495357fbb238a91957c1d530fcc80c400b9bfd57cb1a7030",
    ("normal", 4): "93b8be23dce4ed8b47e39e500c7a0b90f69a1bd3d8ef6c3fa638975e1f972521",
    ("strong", 2): "eec7b15baa2c0d4a6925c1c5198180a5563d06e326fbb78b524744d93c818188",
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
