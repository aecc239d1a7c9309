"""Layer 5: keywords — Quickness, Ranger, Stealth, Structure, Swift, Defender, Dual Attack,
Piercing, On Death (and its ordering)."""

from __future__ import annotations

from typing import Any

from bot.games.auroria.derived import leader
from tests.games.auroria.helpers import do, keys, scen, uid, where, who

BIG = {"id": "giant", "name": "Hill Giant", "type": "creature", "cost": 1, "front": 6,
       "back": 6}
WALL = {"id": "wall3", "name": "Wall", "type": "creature", "cost": 1, "front": 3, "back": 3}


def battle(players: list[dict[str, Any]], **kw: Any) -> Any:
    return scen(players, phase="battle", **kw)


# ----- Quickness / Ranger -------------------------------------------------------------------
def test_quickness_attacks_the_turn_it_is_played() -> None:
    s = scen([{"hand": ["raider", "squire"], "energy": 3}])
    s = do(s, f"play:{uid(s, 'raider')}", "line:front", f"play:{uid(s, 'squire')}",
           "line:front", "battle")
    assert f"atk:{uid(s, 'raider')}" in keys(s) and f"atk:{uid(s, 'squire')}" not in keys(s)


def test_quickness_still_needs_a_ready_creature_and_grants_no_extra_attack() -> None:
    s = battle([{"front": [{"id": "raider", "new": True}]}])
    r = uid(s, "raider")
    s = do(s, f"atk:{r}", f"tgt:{leader(s, 1)}")
    assert f"atk:{r}" not in keys(s)


def test_ranger_attacks_from_the_backline_but_not_when_new() -> None:
    s = battle([{"back": ["archer", {"id": "archer", "new": True}], "front": []}])
    assert keys(s) == [f"atk:{uid(s, 'archer', 0)}", f"atk:{leader(s, 0)}", "end"]


# ----- Stealth ------------------------------------------------------------------------------
def test_stealth_cannot_be_attacked_by_non_stealth_even_when_exhausted() -> None:
    s = battle([{"front": ["spearman", "shade"]}, {"front": [{"id": "shade", "exhausted": True}]}])
    s = do(s, f"atk:{uid(s, 'spearman')}")
    assert f"tgt:{uid(s, 'shade', 1)}" not in keys(s)
    s = do(s, "back", f"atk:{uid(s, 'shade', 0)}")
    assert f"tgt:{uid(s, 'shade', 1)}" in keys(s)  # Stealth may attack Stealth


def test_stealth_cannot_be_blocked_by_non_stealth_not_even_a_defender() -> None:
    s = battle([{"front": ["shade"]}, {"front": ["spearman", "shade"], "back": ["guard"]}])
    s = do(s, f"atk:{uid(s, 'shade', 0)}", f"tgt:{leader(s, 1)}")
    assert keys(s) == [f"blk:{uid(s, 'shade', 1)}", "none"]


def test_stealth_does_not_stop_effects() -> None:
    s = scen([{"hand": ["bolt"], "energy": 1}, {"front": ["shade"]}])
    s = do(s, f"play:{uid(s, 'bolt')}", "pass")
    assert where(s, uid(s, "shade")) == (1, "grave")


# ----- Structure ----------------------------------------------------------------------------
def test_structure_blocks_while_exhausted_and_readies_after_declaring() -> None:
    s = battle([{"front": ["squire", "squire"]},
                {"back": [{"id": "palisade", "exhausted": True}]}])
    pal = uid(s, "palisade")
    s = do(s, f"atk:{uid(s, 'squire', 0)}", f"tgt:{leader(s, 1)}", f"blk:{pal}")
    assert not s.perms[pal].exhausted and s.perms[pal].damage == 2
    s = do(s, f"atk:{uid(s, 'squire', 0, nth=1)}", f"tgt:{leader(s, 1)}")
    assert f"blk:{pal}" in keys(s)  # may block again this turn


def test_structure_keeps_damage_and_dies_when_it_reaches_its_power() -> None:
    s = battle([{"front": ["spearman"]}, {"back": [{"id": "palisade", "damage": 2}]}])
    pal = uid(s, "palisade")
    s = do(s, f"atk:{uid(s, 'spearman')}", f"tgt:{leader(s, 1)}", f"blk:{pal}")
    assert where(s, pal) == (1, "grave")  # 2 + 3 >= 4


def test_structure_does_not_block_stealth() -> None:
    s = battle([{"front": ["shade"]}, {"back": ["palisade"]}])
    s = do(s, f"atk:{uid(s, 'shade')}", f"tgt:{leader(s, 1)}")
    assert s.influence[1] == 18


# ----- Swift --------------------------------------------------------------------------------
def test_swift_attacker_that_survives_moves_to_the_backline_without_readying() -> None:
    s = battle([{"front": ["runner"]}])
    r = uid(s, "runner")
    s = do(s, f"atk:{r}", f"tgt:{leader(s, 1)}")
    assert where(s, r) == (0, "back") and s.perms[r].exhausted


def test_swift_blocker_that_survives_moves_to_the_frontline() -> None:
    s = battle([{"front": ["archer"]}, {"back": ["runner"]}])
    r = uid(s, "runner")
    s = do(s, f"atk:{uid(s, 'archer')}", f"tgt:{leader(s, 1)}", f"blk:{r}")
    assert where(s, r) == (1, "front") and s.perms[r].exhausted


def test_swift_into_a_full_line_makes_its_controller_destroy_a_card_there() -> None:
    s = battle([{"front": ["runner"], "back": ["squire"] * 5}])
    s = do(s, f"atk:{uid(s, 'runner')}", f"tgt:{leader(s, 1)}")
    assert who(s) == 0 and len(keys(s)) == 5
    victim = uid(s, "squire", 0, "back")
    s = do(s, str(victim))
    assert where(s, victim) == (0, "grave") and where(s, uid(s, "runner")) == (0, "back")


# ----- Defender -----------------------------------------------------------------------------
def test_defender_blocks_an_attack_on_a_creature() -> None:
    s = battle([{"front": ["squire"]},
                {"front": [{"id": "spearman", "exhausted": True}], "back": ["guard"]}])
    s = do(s, f"atk:{uid(s, 'squire')}", f"tgt:{uid(s, 'spearman')}")
    assert keys(s) == [f"blk:{uid(s, 'guard')}", "none"]
    s = do(s, f"blk:{uid(s, 'guard')}")
    assert s.perms[uid(s, "spearman")].damage == 0
    assert s.perms[uid(s, "guard")].exhausted and s.perms[uid(s, "guard")].damage == 2


def test_an_exhausted_defender_cannot_block_and_blocks_once() -> None:
    s = battle([{"front": ["squire", "squire"]}, {"front": ["guard"]}])
    g = uid(s, "guard")
    s = do(s, f"atk:{uid(s, 'squire', 0)}", f"tgt:{leader(s, 1)}", f"blk:{g}")
    s = do(s, f"atk:{uid(s, 'squire', 0, 'front')}", f"tgt:{leader(s, 1)}")
    assert s.influence[1] == 18  # no second block


# ----- Dual Attack --------------------------------------------------------------------------
def test_dual_attack_readies_after_the_first_and_moves_back_after_the_second() -> None:
    s = battle([{"front": ["twinblade"]}])
    t = uid(s, "twinblade")
    s = do(s, f"atk:{t}", f"tgt:{leader(s, 1)}")
    assert not s.perms[t].exhausted and where(s, t) == (0, "front")
    s = do(s, f"atk:{t}", f"tgt:{leader(s, 1)}")
    assert s.perms[t].exhausted and where(s, t) == (0, "back")
    assert s.influence[1] == 14
    assert f"atk:{t}" not in keys(s)


def test_dual_attack_without_a_second_attack_does_not_move() -> None:
    s = battle([{"front": ["twinblade"]}])
    t = uid(s, "twinblade")
    s = do(s, f"atk:{t}", f"tgt:{leader(s, 1)}", "end")
    assert where(s, t) == (0, "front")


def test_dual_attack_does_not_give_quickness() -> None:
    s = battle([{"front": [{"id": "twinblade", "new": True}]}])
    assert f"atk:{uid(s, 'twinblade')}" not in keys(s)


# ----- Piercing (the codex's formulas) ------------------------------------------------------
def _pierce(target: dict[str, Any], attacker: dict[str, Any] | None = None,
            line: str = "front") -> Any:
    s = battle([{"front": [attacker or "lancer"]}, {line: [target]}], cards=[BIG, WALL])
    return do(s, f"atk:{uid(s, 'lancer')}", f"tgt:{uid(s, target['id'], 1)}")


def test_piercing_excess_over_remaining_power_costs_influence() -> None:
    s = _pierce({"id": "squire", "exhausted": True})
    assert s.influence[1] == 18 and s.inf_log[-1] == [1, -2, "piercing"]


def test_piercing_counts_marked_damage() -> None:
    s = _pierce({"id": "squire", "exhausted": True, "damage": 1})
    assert s.influence[1] == 17


def test_exactly_lethal_and_nonlethal_damage_do_not_pierce() -> None:
    assert _pierce({"id": "palisade", "exhausted": True}, line="back").influence[1] == 20
    assert _pierce({"id": "giant", "exhausted": True}).influence[1] == 20


def test_piercing_uses_the_backline_power() -> None:
    s = _pierce({"id": "spearman", "exhausted": True}, line="back")
    assert s.influence[1] == 17  # 4 - 1


def test_power_increases_reduce_piercing() -> None:
    s = scen([{"front": ["lancer"]}, {"front": [{"id": "squire", "exhausted": True}],
                                      "hand": ["rally"], "energy": 1}], phase="battle")
    s = do(s, f"atk:{uid(s, 'lancer')}", f"tgt:{uid(s, 'squire', 1)}")
    assert s.influence[1] == 18  # no Counter in hand: no window; baseline
    s = scen([{"front": ["lancer"]}, {"front": [{"id": "squire", "exhausted": True}],
                                      "auras": ["banner"]}], phase="battle")
    s = do(s, f"atk:{uid(s, 'lancer')}", f"tgt:{uid(s, 'squire', 1)}")
    assert s.influence[1] == 19  # squire at 3: 4 - 3


def test_piercing_through_a_blocked_leader_attack() -> None:
    s = battle([{"front": ["lancer"]}, {"back": ["guard"]}])
    s = do(s, f"atk:{uid(s, 'lancer')}", f"tgt:{leader(s, 1)}", f"blk:{uid(s, 'guard')}")
    assert s.influence[1] == 19


def test_piercing_needs_an_exhausted_target() -> None:
    s = battle([{"front": ["lancer"]}, {"front": ["squire"]}])
    s = do(s, f"atk:{uid(s, 'lancer')}")
    assert f"tgt:{uid(s, 'squire', 1)}" not in keys(s)


def test_no_piercing_from_spell_destruction() -> None:
    s = scen([{"front": ["lancer"], "hand": ["bolt"], "energy": 1}, {"front": ["squire"]}])
    s = do(s, f"play:{uid(s, 'bolt')}", "pass")
    assert s.influence[1] == 20


def test_a_negated_attack_does_not_pierce() -> None:
    s = battle([{"front": ["lancer"]}, {"front": [{"id": "squire", "exhausted": True}],
                                        "hand": ["parry"], "energy": 1}])
    s = do(s, f"atk:{uid(s, 'lancer')}", f"tgt:{uid(s, 'squire', 1)}", f"ctr:{uid(s, 'parry')}")
    assert s.influence[1] == 20 and where(s, uid(s, "squire", 1)) == (1, "front")


# ----- On Death -----------------------------------------------------------------------------
def test_on_death_resolves_before_the_card_reaches_the_graveyard() -> None:
    s = battle([{"front": ["brute"], "hand": ["deny"], "energy": 2},
                {"front": [{"id": "martyr", "exhausted": True}]}])
    m = uid(s, "martyr")
    s = do(s, f"atk:{uid(s, 'brute')}", f"tgt:{m}")
    assert who(s) == 0 and where(s, m) == (-1, "limbo")  # the window: not yet in the grave
    s = do(s, "pass")
    assert where(s, m) == (1, "grave") and s.influence[0] == 19


def test_simultaneous_on_death_effects_are_ordered_by_the_active_player() -> None:
    s = battle([{"front": ["martyr"]}, {"front": [{"id": "martyr", "exhausted": True}]}])
    s = do(s, f"atk:{uid(s, 'martyr', 0)}", f"tgt:{uid(s, 'martyr', 1)}")
    assert who(s) == 0 and s.prompt is not None and s.prompt["k"] == "order"
    s = do(s, tuple(keys(s)))
    assert s.influence == [19, 19]


def test_on_death_can_plant_the_dying_card() -> None:
    s = battle([{"front": ["brute"]}, {"front": [{"id": "seedling", "exhausted": True}]}])
    sd = uid(s, "seedling")
    s = do(s, f"atk:{uid(s, 'brute')}", f"tgt:{sd}")
    assert where(s, sd) == (1, "back") and s.perms[sd].role == "planted"


def test_returning_to_hand_is_not_a_death() -> None:
    s = scen([{"hand": ["recall"], "energy": 1}, {"front": ["martyr"]}])
    s = do(s, f"play:{uid(s, 'recall')}", "pass")
    assert where(s, uid(s, "martyr")) == (1, "hand") and s.influence == [20, 20]
