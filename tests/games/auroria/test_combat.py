"""Layer 3: attacks, targets, blocking and simultaneous damage (codex combat sections)."""

from __future__ import annotations

from bot.games.auroria.derived import leader
from tests.games.auroria.helpers import do, keys, result, scen, uid, where, who


def battle(players: list[dict[str, object]]) -> object:
    return scen(players, phase="battle")


# ----- Declaring attacks --------------------------------------------------------------------
def test_only_ready_frontline_creatures_and_the_leader_may_attack() -> None:
    s = battle([{"front": ["squire", {"id": "spearman", "exhausted": True}], "back": ["guard"]}])
    assert keys(s) == [f"atk:{uid(s, 'squire')}", f"atk:{leader(s, 0)}", "end"]


def test_attack_targets_are_the_leader_or_exhausted_enemy_creatures() -> None:
    s = battle([{"front": ["spearman"]},
                {"front": ["squire", {"id": "guard", "exhausted": True}],
                 "back": [{"id": "archer", "exhausted": True}]}])
    s = do(s, f"atk:{uid(s, 'spearman')}")
    assert keys(s) == [f"tgt:{leader(s, 1)}", f"tgt:{uid(s, 'guard')}",
                       f"tgt:{uid(s, 'archer')}", "back"]  # Backline too; not the ready one


def test_declaring_an_attack_exhausts_the_attacker_at_once() -> None:
    s = battle([{"front": ["spearman"]}, {"hand": ["parry"], "energy": 1}])
    sp = uid(s, "spearman")
    s = do(s, f"atk:{sp}", f"tgt:{leader(s, 1)}")
    assert who(s) == 1 and "ctr:" + str(uid(s, "parry")) in keys(s)  # response window
    assert s.perms[sp].exhausted


def test_a_creature_attacks_once_per_turn() -> None:
    s = battle([{"front": ["spearman"]}])
    sp = uid(s, "spearman")
    s = do(s, f"atk:{sp}", f"tgt:{leader(s, 1)}")
    assert f"atk:{sp}" not in keys(s)


def test_unblocked_leader_attack_costs_influence_equal_to_power() -> None:
    s = battle([{"front": ["spearman"]}])
    s = do(s, f"atk:{uid(s, 'spearman')}", f"tgt:{leader(s, 1)}")
    assert s.influence[1] == 20 - 3
    assert s.inf_log[-1] == [1, -3, "leader_attack"]


def test_leaders_attack_once_without_exhausting() -> None:
    s = battle([{}])
    lead = leader(s, 0)
    s = do(s, f"atk:{lead}", f"tgt:{leader(s, 1)}")
    assert s.influence[1] == 18 and not s.perms[lead].exhausted
    assert f"atk:{lead}" not in keys(s)


def test_a_leader_attacking_a_creature_needs_it_exhausted_and_takes_no_damage() -> None:
    s = battle([{}, {"front": [{"id": "squire", "exhausted": True}, "spearman"]}])
    s = do(s, f"atk:{leader(s, 0)}")
    assert f"tgt:{uid(s, 'spearman')}" not in keys(s)
    s = do(s, f"tgt:{uid(s, 'squire')}")
    assert where(s, uid(s, "squire")) == (1, "grave")  # 2 damage on 2 power
    assert s.influence == [20, 20]


def test_a_leader_can_always_be_attacked() -> None:
    s = battle([{"front": ["squire"]}, {"front": ["spearman", "guard"]}])
    s = do(s, f"atk:{uid(s, 'squire')}")
    assert f"tgt:{leader(s, 1)}" in keys(s)


def test_influence_zero_or_less_loses() -> None:
    s = battle([{"front": ["brute"]}, {"influence": 5}])
    s = do(s, f"atk:{uid(s, 'brute')}", f"tgt:{leader(s, 1)}")
    r = result(s)
    assert r is not None and r.winners == (0,) and r.reason == "influence"


# ----- Blocking -----------------------------------------------------------------------------
def test_blocking_a_leader_attack_with_a_front_or_back_creature() -> None:
    s = battle([{"front": ["squire"]}, {"front": ["spearman"], "back": ["guard"]}])
    s = do(s, f"atk:{uid(s, 'squire')}", f"tgt:{leader(s, 1)}")
    assert who(s) == 1
    assert keys(s) == [f"blk:{uid(s, 'spearman')}", f"blk:{uid(s, 'guard')}", "none"]


def test_blocker_exhausts_and_no_leader_damage_when_blocked() -> None:
    s = battle([{"front": ["squire"]}, {"back": ["guard"]}])
    g = uid(s, "guard")
    s = do(s, f"atk:{uid(s, 'squire')}", f"tgt:{leader(s, 1)}", f"blk:{g}")
    assert s.influence[1] == 20
    assert s.perms[g].exhausted and s.perms[g].damage == 2
    assert where(s, uid(s, "squire")) == (0, "grave")  # 3 back on 2 power


def test_a_blocker_stays_exhausted_and_can_then_be_attacked() -> None:
    s = battle([{"front": ["squire", "spearman"]}, {"back": ["guard"]}])
    g = uid(s, "guard")
    s = do(s, f"atk:{uid(s, 'squire')}", f"tgt:{leader(s, 1)}", f"blk:{g}")
    s = do(s, f"atk:{uid(s, 'spearman')}")
    assert f"tgt:{g}" in keys(s)


def test_only_defenders_block_attacks_on_creatures() -> None:
    s = battle([{"front": ["brute"]},
                {"front": [{"id": "squire", "exhausted": True}, "spearman"],
                 "back": ["archer"]}])
    s = do(s, f"atk:{uid(s, 'brute')}", f"tgt:{uid(s, 'squire')}")
    assert s.prompt is None or s.prompt["k"] != "block"
    assert where(s, uid(s, "squire")) == (1, "grave")


def test_an_exhausted_creature_cannot_block() -> None:
    s = battle([{"front": ["squire"]}, {"front": [{"id": "spearman", "exhausted": True}]}])
    s = do(s, f"atk:{uid(s, 'squire')}", f"tgt:{leader(s, 1)}")
    assert s.influence[1] == 18  # no block was possible


def test_a_creature_blocks_once_per_turn() -> None:
    s = battle([{"front": ["squire", "squire"]}, {"back": [{"id": "guard", "blocks": 1}]}])
    s = do(s, f"atk:{uid(s, 'squire', 0)}", f"tgt:{leader(s, 1)}")
    assert s.influence[1] == 18


def test_declining_to_block() -> None:
    s = battle([{"front": ["squire"]}, {"back": ["guard"]}])
    s = do(s, f"atk:{uid(s, 'squire')}", f"tgt:{leader(s, 1)}", "none")
    assert s.influence[1] == 18


# ----- Damage -------------------------------------------------------------------------------
def test_higher_power_survives_with_marked_damage() -> None:
    s = battle([{"front": ["brute"]}, {"front": [{"id": "spearman", "exhausted": True}]}])
    b = uid(s, "brute")
    s = do(s, f"atk:{b}", f"tgt:{uid(s, 'spearman')}")
    assert where(s, uid(s, "spearman")) == (1, "grave")
    assert s.perms[b].damage == 3 and where(s, b) == (0, "front")
    assert s.influence == [20, 20]  # destroying a creature costs no Influence


def test_equal_power_destroys_both_and_costs_no_influence() -> None:
    s = battle([{"front": ["spearman"]}, {"front": [{"id": "spearman", "exhausted": True}]}])
    s = do(s, f"atk:{uid(s, 'spearman', 0)}", f"tgt:{uid(s, 'spearman', 1)}")
    assert where(s, uid(s, "spearman", 0)) == (0, "grave")
    assert where(s, uid(s, "spearman", 1)) == (1, "grave")
    assert s.influence == [20, 20]


def test_marked_damage_lowers_the_power_a_creature_fights_with() -> None:
    # 5-power brute with 3 damage deals 2 and dies to the 2 it takes back
    s = battle([{"front": [{"id": "brute", "damage": 3}]},
                {"front": [{"id": "squire", "exhausted": True}]}])
    s = do(s, f"atk:{uid(s, 'brute')}", f"tgt:{uid(s, 'squire')}")
    assert where(s, uid(s, "brute")) == (0, "grave")
    assert where(s, uid(s, "squire")) == (1, "grave")


def test_an_exhausted_creature_still_deals_its_power_when_attacked() -> None:
    s = battle([{"front": ["spearman"]}, {"front": [{"id": "squire", "exhausted": True}]}])
    sp = uid(s, "spearman")
    s = do(s, f"atk:{sp}", f"tgt:{uid(s, 'squire')}")
    assert s.perms[sp].damage == 2


def test_backline_power_is_used_in_the_backline() -> None:
    s = battle([{"front": ["spearman"]}, {"back": [{"id": "guard", "exhausted": True}]}])
    s = do(s, f"atk:{uid(s, 'spearman')}", f"tgt:{uid(s, 'guard')}")
    assert where(s, uid(s, "guard")) == (1, "grave")  # 3 damage on 3 Backline power
    assert where(s, uid(s, "spearman")) == (0, "grave")


def test_readying_makes_a_creature_an_illegal_target_again() -> None:
    s = battle([{"front": ["squire"]}, {"front": [{"id": "spearman", "exhausted": True}]}])
    s = do(s, "end", "skip", "battle", "end", "skip", "battle")
    s = do(s, f"atk:{uid(s, 'squire')}")
    assert f"tgt:{uid(s, 'spearman')}" not in keys(s)


def test_an_exhaust_effect_makes_a_ready_creature_attackable() -> None:
    s = scen([{"front": ["brute"], "hand": ["snare"], "energy": 1}, {"front": ["spearman"]}])
    sp = uid(s, "spearman")
    s = do(s, f"play:{uid(s, 'snare')}", "pass", "battle", f"atk:{uid(s, 'brute')}")
    assert f"tgt:{sp}" in keys(s)


def test_back_from_target_choice_keeps_the_attacker_ready() -> None:
    s = battle([{"front": ["squire"]}])
    sq = uid(s, "squire")
    s = do(s, f"atk:{sq}", "back")
    assert not s.perms[sq].exhausted and f"atk:{sq}" in keys(s)
