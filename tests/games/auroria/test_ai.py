"""The normal AI against the leader-attack exploit and its other former blind spots."""

from __future__ import annotations

from bot.engine import Rng
from bot.engine.playout import run_playout
from bot.games.auroria import GAME
from bot.games.auroria.derived import leader
from bot.games.auroria.state import State
from tests.games.auroria.helpers import do, keys, scen, uid


def normal(s: State) -> tuple[str, ...]:
    d = GAME.pending(s)[0]
    return GAME.ai_choose("normal", GAME.view(s, d.player), d, Rng(0)).choice


def test_a_leader_attack_no_longer_ties_up_the_blocker_for_the_creature_behind_it() -> None:
    # The exploit: attack with the leader (power 2) so the Shield Bearer (3) blocks and is
    # exhausted, then attack freely with the Gate Spear (3).
    s = scen([{"leader": "l_white", "front": ["spearman"]}, {"back": ["guard"]}],
             phase="battle")
    s = do(s, f"atk:{leader(s, 0)}", f"tgt:{leader(s, 1)}")
    assert f"blk:{uid(s, 'guard')}" in keys(s, 1)
    assert normal(s) == ("none",)
    s = do(s, "none", f"atk:{uid(s, 'spearman')}", f"tgt:{leader(s, 1)}")
    assert normal(s) == (f"blk:{uid(s, 'guard')}",)
    s = do(s, normal(s))
    assert s.influence[1] == 20 - 2  # only the leader's hit got through


def test_no_chump_block_against_a_stronger_leader_unless_the_hit_is_lethal() -> None:
    # Ember Marshal has power 3: a Road Squire (1 in the Backline) would die for nothing.
    s = scen([{"leader": "l_red"}, {"back": ["squire"]}], phase="battle")
    s = do(s, f"atk:{leader(s, 0)}", f"tgt:{leader(s, 1)}")
    assert normal(s) == ("none",)
    s = scen([{"leader": "l_red"}, {"back": ["squire"], "influence": 3}], phase="battle")
    s = do(s, f"atk:{leader(s, 0)}", f"tgt:{leader(s, 1)}")
    assert normal(s) == (f"blk:{uid(s, 'squire')}",)


def test_a_leader_attack_is_blocked_when_nothing_is_left_to_use_the_opening() -> None:
    s = scen([{"leader": "l_white"}, {"back": ["guard"]}], phase="battle")
    s = do(s, f"atk:{leader(s, 0)}", f"tgt:{leader(s, 1)}")
    assert normal(s) == (f"blk:{uid(s, 'guard')}",)


def test_the_leader_attacks_last_and_finishes_an_exhausted_blocker() -> None:
    s = scen([{"leader": "l_white", "front": ["brute"]},
              {"front": [{"id": "squire", "exhausted": True}]}], phase="battle")
    assert normal(s) == (f"atk:{uid(s, 'brute')}",)
    s = do(s, f"atk:{uid(s, 'brute')}", f"tgt:{leader(s, 1)}")
    assert normal(s) == (f"atk:{leader(s, 0)}",)
    s = do(s, f"atk:{leader(s, 0)}")
    assert normal(s) == (f"tgt:{uid(s, 'squire')}",)


def test_the_dearest_card_is_not_played_when_it_does_nothing_now() -> None:
    # Wildfire (3) deals 3 damage: it cannot kill the Ash Brute (5), a Road Squire (1) helps.
    s = scen([{"hand": ["wildfire", "squire"], "energy": 3}, {"front": ["brute"]}])
    assert normal(s) == (f"play:{uid(s, 'squire')}",)
    s = scen([{"hand": ["wildfire", "squire"], "energy": 3}, {"front": ["spearman"]}])
    assert normal(s) == (f"play:{uid(s, 'wildfire')}",)


def test_normal_beats_random() -> None:
    wins = 0.0
    for seed in range(40):
        levels = ["normal", "random"] if seed % 2 == 0 else ["random", "normal"]
        out = run_playout(GAME, 2, seed, levels=levels, check=False)
        assert out.result is not None
        wins += out.result.scores[levels.index("normal")]
    assert wins >= 38
