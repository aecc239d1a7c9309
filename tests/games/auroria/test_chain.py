"""Layer 4: spells, Aura Spells, the chain (last in, first out) and Counters."""

from __future__ import annotations

import pytest

from bot.engine import Action, IllegalAction, play
from bot.games.auroria import GAME
from bot.games.auroria.derived import leader
from tests.games.auroria.helpers import do, keys, pw, scen, uid, where, who


def test_a_spell_resolves_then_goes_to_the_graveyard() -> None:
    s = scen([{"hand": ["bolt"], "energy": 1}, {"front": ["squire"]}])
    s = do(s, f"play:{uid(s, 'bolt')}")
    assert s.chain and where(s, uid(s, "bolt")) == (-1, "limbo")  # on the chain
    s = do(s, "pass")
    assert where(s, uid(s, "squire")) == (1, "grave")
    assert where(s, uid(s, "bolt")) == (0, "grave")


def test_the_chain_resolves_last_in_first_out() -> None:
    s = scen([{"hand": ["rally"], "energy": 1, "front": ["squire"]},
              {"hand": ["bolt"], "energy": 1}])
    sq = uid(s, "squire")
    s = do(s, f"play:{uid(s, 'rally')}")
    s = do(s, f"play:{uid(s, 'bolt')}")  # player 2's mirrored spell goes on top
    assert [e["kind"] for e in s.chain] == []  # player 1 had no response: all resolved
    assert where(s, sq) == (0, "grave")  # 2 damage first, before +2 power


def test_a_counter_negates_a_spell() -> None:
    s = scen([{"hand": ["bolt"], "energy": 1}, {"front": ["squire"], "hand": ["negate"],
                                                "energy": 1}])
    s = do(s, f"play:{uid(s, 'bolt')}")
    assert who(s) == 1
    s = do(s, f"ctr:{uid(s, 'negate')}")
    assert where(s, uid(s, "squire")) == (1, "front")
    assert where(s, uid(s, "bolt")) == (0, "grave")
    assert where(s, uid(s, "negate")) == (1, "grave")


def test_after_a_counter_only_counters_may_respond() -> None:
    s = scen([{"hand": ["bolt", "rebuke", "squire"], "energy": 2},
              {"front": ["squire"], "hand": ["negate"], "energy": 1}])
    s = do(s, f"play:{uid(s, 'bolt')}", f"ctr:{uid(s, 'negate')}")
    assert who(s) == 0
    assert keys(s) == [f"ctr:{uid(s, 'rebuke')}", "pass"]


def test_a_counter_can_be_countered() -> None:
    s = scen([{"hand": ["bolt", "rebuke"], "energy": 1},
              {"front": ["squire"], "hand": ["negate"], "energy": 1}])
    s = do(s, f"play:{uid(s, 'bolt')}", f"ctr:{uid(s, 'negate')}", f"ctr:{uid(s, 'rebuke')}")
    assert where(s, uid(s, "squire", 1)) == (1, "grave")  # the bolt resolved


def test_a_countered_summon_was_never_played_so_no_on_play() -> None:
    s = scen([{"hand": ["herald"], "energy": 2}, {"hand": ["deny"], "energy": 2}])
    s = do(s, f"play:{uid(s, 'herald')}", "line:front", f"ctr:{uid(s, 'deny')}")
    assert where(s, uid(s, "herald")) == (0, "grave")
    assert len(s.zones[0]["hand"]) == 0  # no draw


def test_on_play_can_be_countered() -> None:
    s = scen([{"hand": ["herald"], "energy": 2}, {"hand": ["deny"], "energy": 2}])
    s = do(s, f"play:{uid(s, 'herald')}", "line:front", "pass")
    assert who(s) == 1 and s.chain[-1]["kind"] == "trigger"
    s = do(s, f"ctr:{uid(s, 'deny')}")
    assert where(s, uid(s, "herald")) == (0, "front")
    assert len(s.zones[0]["hand"]) == 0


def test_on_play_resolves_when_not_countered() -> None:
    s = scen([{"hand": ["herald"], "energy": 2}])
    s = do(s, f"play:{uid(s, 'herald')}", "line:front")
    assert len(s.zones[0]["hand"]) == 1


def test_counters_only_answer_the_opponent() -> None:
    s = scen([{"hand": ["bolt"], "energy": 1}, {"front": ["squire"], "hand": ["negate"],
                                                "energy": 1}])
    s = do(s, f"play:{uid(s, 'bolt')}", "pass")
    # player 2's own spells are never Counter targets for player 2
    assert not s.chain


def test_no_window_without_energy_for_the_counter() -> None:
    s = scen([{"hand": ["bolt"], "energy": 1}, {"front": ["squire"], "hand": ["negate"]}],
             slow=True)
    s = do(s, f"play:{uid(s, 'bolt')}")
    assert where(s, uid(s, "squire")) == (1, "grave")


def test_an_attack_can_be_countered() -> None:
    s = scen([{"front": ["spearman"]}, {"hand": ["parry"], "energy": 1}], phase="battle")
    sp = uid(s, "spearman")
    s = do(s, f"atk:{sp}", f"tgt:{leader(s, 1)}", f"ctr:{uid(s, 'parry')}")
    assert s.influence[1] == 20 and s.perms[sp].exhausted
    assert who(s) == 0 and s.prompt is not None and s.prompt["k"] == "battle"


def test_an_activate_effect_can_be_countered() -> None:
    s = scen([{"front": ["tinker"], "energy": 1}, {"hand": ["deny"], "energy": 2}])
    t = uid(s, "tinker")
    s = do(s, f"act:{t}", f"ctr:{uid(s, 'deny')}")
    assert pw(s, t) == 2 and s.perms[t].used


def test_a_target_gone_before_resolution_is_skipped() -> None:
    s = scen([{"hand": ["rally"], "energy": 1, "front": ["squire"]},
              {"hand": ["recall"], "energy": 1}])
    s = do(s, f"play:{uid(s, 'rally')}", f"play:{uid(s, 'recall')}")  # one target: auto
    assert where(s, uid(s, "squire")) == (0, "hand")
    assert where(s, uid(s, "rally")) == (0, "grave") and s.mods == []


def test_influence_loss_by_effect() -> None:
    s = scen([{"hand": ["smite"], "energy": 2}])
    s = do(s, f"play:{uid(s, 'smite')}")
    assert s.influence[1] == 18 and s.inf_log[-1] == [1, -2, "effect"]


def test_destroy_and_return_effects() -> None:
    s = scen([{"hand": ["rot"], "energy": 2}, {"front": [{"id": "spearman",
                                                           "exhausted": True}]}])
    s = do(s, f"play:{uid(s, 'rot')}", "pass")
    assert where(s, uid(s, "spearman")) == (1, "grave")


def test_choose_one_creates_a_decision() -> None:
    s = scen([{"hand": ["crossroads"], "energy": 1}])
    s = do(s, f"play:{uid(s, 'crossroads')}")
    assert keys(s) == ["0", "1"]
    s = do(s, "1")
    assert s.influence[0] == 22


def test_discard_choice_and_discarded_trigger() -> None:
    s = scen([{"hand": ["insight", "wisp"], "energy": 1, "deck": ["squire"] * 3}])
    s = do(s, f"play:{uid(s, 'insight')}")
    assert len(keys(s)) == 3  # wisp + two drawn
    s = do(s, str(uid(s, "wisp")))
    assert where(s, uid(s, "wisp")) == (0, "grave")
    assert len(s.zones[0]["hand"]) == 3  # 1 + 2 drawn - 1 discarded + 1 from Discarded


def test_the_opponent_chooses_what_they_discard() -> None:
    s = scen([{"hand": ["harrow"], "energy": 2}, {"hand": ["squire", "bolt"]}])
    s = do(s, f"play:{uid(s, 'harrow')}")
    assert who(s) == 1
    s = do(s, str(uid(s, "bolt")))
    assert where(s, uid(s, "bolt")) == (1, "grave") and where(s, uid(s, "squire")) == (1, "hand")


def test_a_card_played_normally_is_not_discarded() -> None:
    s = scen([{"hand": ["wisp"], "energy": 1}])
    s = do(s, f"play:{uid(s, 'wisp')}", "line:front")
    assert len(s.zones[0]["hand"]) == 0


# ----- Aura Spells --------------------------------------------------------------------------
def test_aura_spells_persist_and_give_their_effect() -> None:
    s = scen([{"hand": ["banner"], "energy": 2, "front": ["squire"]}])
    s = do(s, f"play:{uid(s, 'banner')}")
    assert where(s, uid(s, "banner")) == (0, "auras")
    assert pw(s, uid(s, "squire")) == 3
    s = do(s, "battle", "end", "skip", "battle", "end", "skip")
    assert pw(s, uid(s, "squire")) == 3  # still there next turn


def test_only_five_aura_spell_zones() -> None:
    s = scen([{"hand": ["banner"], "energy": 2, "auras": ["banner"] * 5}])
    assert keys(s) == ["battle"]


def test_aura_spells_can_be_destroyed_and_their_effect_ends() -> None:
    s = scen([{"hand": ["unravel"], "energy": 1},
              {"auras": ["blight"], "front": ["squire"]}])
    s0 = scen([{"front": ["squire"]}, {"auras": ["blight"]}])
    assert pw(s0, uid(s0, "squire")) == 1  # the enemy's Blight
    s = do(s, f"play:{uid(s, 'unravel')}", "pass")
    assert where(s, uid(s, "blight")) == (1, "grave")


def test_an_aura_reducing_power_to_zero_destroys() -> None:
    s = scen([{"hand": ["blight"], "energy": 3}, {"back": ["squire"]}])
    s = do(s, f"play:{uid(s, 'blight')}", "pass")
    assert where(s, uid(s, "squire")) == (1, "grave")


def test_a_card_the_energy_cannot_pay_for_is_not_offered_and_refused() -> None:
    s = scen([{"hand": ["bolt", "brute"], "energy": 1}, {"front": ["squire"]}])
    d = GAME.pending(s)[0]
    assert f"play:{uid(s, 'brute')}" not in {o.key for o in d.options}
    with pytest.raises(IllegalAction, match="not one of the choices offered"):
        play(GAME, s, 0, Action(d.id, (f"play:{uid(s, 'brute')}",)))


def test_a_block_opens_a_window_where_the_blocker_is_already_exhausted() -> None:
    s = scen([{"front": ["spearman"], "hand": ["feint"], "energy": 1}, {"back": ["guard"]}],
             phase="battle")
    g = uid(s, "guard")
    s = do(s, f"atk:{uid(s, 'spearman')}", f"tgt:{leader(s, 1)}", f"blk:{g}")
    assert who(s) == 0 and s.perms[g].exhausted
    assert keys(s) == [f"ctr:{uid(s, 'feint')}", "pass"]
    s = do(s, f"ctr:{uid(s, 'feint')}")  # the block is countered: the attack goes through
    assert s.influence[1] == 17 and s.perms[g].exhausted and s.perms[g].damage == 0
