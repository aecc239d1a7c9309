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
    ("random", 2): "ab0c46dda75e113ce263659855a61c090f702c3d77f56d81ed604fedabeb5360",
    ("random", 3): "fa01021cf3315b04f7c8a58af52d8e9d317a5eec2d6f689fbadcb025706ae926",
    ("random", 4): "ccf74e8202610a5970669741f3ec4799ba19d768d41951392f57918a34e6555b",
    ("normal", 2): "e577ba7fa3749e8d4e162bc48e5b0e4846d943e4ebfe242d120ee90b64023302",
    ("normal", 3): "cc90dd78d788f8038173c2ac5f3bf70aa527dc26b1a7d393edd2304adab68c9a",
    ("normal", 4): "af4805b7d542f2820580cd5decf8b17ffc89177920c100a9ec82aaf91b04d609",
    ("strong", 2): "338ab3f7a433aeb11f4d3b9495455ef154c716143c71844417030ea320d435b9",
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
