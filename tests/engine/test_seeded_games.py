"""Seeded games are move for move what they were: a digest of each pinned game's action log.

Speed-ups of the engine loop, the types or a game's rules must not change a single move of a
seeded game (saved matches replay, and AI-strength figures measured before stay valid). A
digest that changes on purpose (a rules fix, a new AI) is updated here with the reason in the
commit message.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from bot.engine import registry
from bot.engine.playout import run_playout

PINNED = {
    # (game, players, seat levels, seed): the action log's sha256, first 16 hex digits.
    # A strong seat searches with the checked playouts' small budget.
    ("aura", 2, "random,random", 1): "cf5c580059ff49c4",
    ("aura", 2, "random,random", 2): "40d2b0158503db04",
    ("aura", 2, "normal,normal", 3): "b5f3dbc09bf02007",
    ("aura", 2, "normal,random", 4): "6e02ae7411c45e09",
    ("aura", 2, "strong,normal", 5): "d22a5200be7ffffb",
    ("aura", 3, "random,random,random", 6): "5d816943ced867a2",
    ("aura", 4, "normal,normal,normal,normal", 7): "8f82e4722d59a30f",
    ("aura", 4, "strong,normal,normal,normal", 8): "c7577ec0156de56e",
    ("zura", 2, "random,random", 1): "d85e0896ebacd3e7",
    ("zura", 2, "random,random", 2): "ce2569758ac468cd",
    ("zura", 2, "normal,normal", 3): "6b67bedf274092fb",
    ("zura", 2, "normal,random", 4): "cba88aef3d896cc0",
    ("zura", 2, "strong,normal", 5): "d1f859d7de667580",
    ("zura", 3, "random,random,random", 6): "cd54c27afb3f91b9",
    ("zura", 4, "normal,normal,normal,normal", 7): "b11d5ab237e03893",
    ("zura", 4, "strong,normal,normal,normal", 8): "37d49d211d326f20",
    ("auroria", 2, "random,random", 1): "3baf1a9ae1c18f7d",
    ("auroria", 2, "random,random", 2): "44efcea9087e1567",
    ("auroria", 2, "normal,normal", 3): "6de10c8b9ab1cf54",
    ("auroria", 2, "normal,random", 4): "5cf7cbdcd1d6888f",
    ("auroria", 2, "strong,normal", 5): "fcea5711a2d5c2a4",
}


def digest(game_name: str, players: int, levels: str, seed: int) -> str:
    game = registry.get(game_name)
    out = run_playout(game, players, seed, levels=levels.split(","), check=False)
    assert out.result is not None
    log = {"actions": [[seat, a.decision, list(a.choice)] for seat, a in out.actions],
           "result": out.result.to_json()}
    text = json.dumps(log, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("key", sorted(PINNED), ids=lambda k: "-".join(map(str, k)))
def test_a_seeded_game_plays_the_same_moves(key: tuple[str, int, str, int]) -> None:
    assert digest(*key) == PINNED[key]
