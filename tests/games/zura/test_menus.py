"""Every decision fits a Discord menu, has a legal default, and goes stale once answered."""

from __future__ import annotations

import pytest

from bot.engine import ORDER, Action, Rng, StaleDecision, play
from bot.engine.playout import run_playout
from bot.games.zura import GAME
from tests.games.zura.helpers import SIX, do, table


@pytest.mark.parametrize("players", [2, 4])
def test_every_menu_fits_discord_and_every_default_is_legal(players: int) -> None:
    seen = set()
    for seed in range(12):
        out = run_playout(GAME, players, seed, check=False)
        state = GAME.setup(players, {}, seed)
        rng = Rng(seed)
        for player, action in out.actions:
            for d in GAME.pending(state):
                seen.add(d.id.split(".")[1])
                assert 1 <= len(d.options) <= 25, d
                assert all(0 < len(o.label) <= 80 for o in d.options), d
                assert len({o.key for o in d.options}) == len(d.options)
                assert d.default is not None
                if rng.randrange(4) == 0:  # the clock's choice must be accepted
                    play(GAME, state, d.player, Action(d.id, d.default))
                if d.kind == ORDER:
                    assert sorted(d.default) == sorted(o.key for o in d.options)
            before = GAME.to_json(state)
            after, _ = play(GAME, state, player, action)
            assert GAME.to_json(state) == before  # apply never mutates its input
            state = after
    assert seen >= {"draw", "act", "peek", "flip", "steal", "order", "extra", "scry", "swap",
                    "restack"}


def test_an_answered_decision_is_stale() -> None:
    s = table(hands=[["forest"] * 3 + ["cave"] * 3, SIX])
    old = GAME.pending(s)[0]
    s2 = do(s, "forest:3")
    with pytest.raises(StaleDecision):
        play(GAME, s2, 0, Action(old.id, ("forest:3",)))
    assert GAME.pending(s2)[0].id != old.id
    assert GAME.pending(s) == [old]  # the old state is untouched
