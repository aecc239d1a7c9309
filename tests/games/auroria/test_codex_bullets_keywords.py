"""Codex bullets, sections 37-51: Defender, Discarded, Dual Attack, On Death, Piercing,
Potions, Quickness, Ranger, Stealth, Structure and Swift (the map is codex_bullets.json)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.auroria.derived import leader
from tests.games.auroria.helpers import do, keys, scen, uid, view, where

ENEMY = {"kind": "creature", "side": "enemy"}
PIKE = {"id": "pike", "name": "Pike Sage", "type": "creature", "cost": 1, "front": 4,
        "back": 1, "keywords": ["Piercing"], "effects": [
            {"trigger": "activate", "targets": [ENEMY],
             "ops": [{"op": "damage", "n": 5, "to": "t0"}]}]}
WEAKEN = {"id": "weaken", "name": "Weaken", "type": "spell", "cost": 0, "effects": [
    {"trigger": "resolve", "targets": [ENEMY],
     "ops": [{"op": "power", "n": -2, "to": "t0", "until": "turn"}]}]}


def battle(players: list[dict[str, Any]], **kw: Any) -> Any:
    return scen(players, phase="battle", **kw)


def attack_targets(s: Any, attacker: str) -> list[str]:
    return [k for k in keys(do(s, f"atk:{uid(s, attacker, 0)}")) if k.startswith("tgt:")]


# ----- Defender -----------------------------------------------------------------------------
def test_a_planted_defender_cannot_block() -> None:
    s = battle([{"front": ["squire"]}, {"back": [{"id": "guard", "planted": True}]}])
    s = do(s, f"atk:{uid(s, 'squire')}", f"tgt:{leader(s, 1)}")
    assert s.influence[1] == 18  # no block was offered


def test_defender_does_not_shield_other_creatures_from_attacks() -> None:
    s = battle([{"front": ["spearman"]},
                {"front": [{"id": "squire", "exhausted": True}], "back": ["guard"]}])
    s = do(s, f"atk:{uid(s, 'spearman')}")
    assert f"tgt:{uid(s, 'squire', 1)}" in keys(s)
    s = do(s, f"tgt:{uid(s, 'squire', 1)}", "none")
    assert where(s, uid(s, "squire", 1)) == (1, "grave")


# ----- Discarded ----------------------------------------------------------------------------
def test_a_card_destroyed_in_play_is_not_discarded() -> None:
    s = scen([{"hand": ["bolt"], "energy": 1}, {"front": ["wisp"]}], slow=True)
    hand = len(s.zones[1]["hand"])
    s = do(s, f"play:{uid(s, 'bolt')}")
    assert where(s, uid(s, "wisp")) == (1, "grave") and len(s.zones[1]["hand"]) == hand


# ----- Dual Attack --------------------------------------------------------------------------
def test_dual_attack_keeps_the_target_rules() -> None:
    enemy = {"front": ["squire", {"id": "shade", "exhausted": True},
                      {"id": "spearman", "planted": True, "exhausted": True},
                      {"id": "guard", "exhausted": True}]}
    s = battle([{"front": ["twinblade"]}, enemy])
    assert attack_targets(s, "twinblade") == [f"tgt:{leader(s, 1)}", f"tgt:{uid(s, 'guard')}"]
    t = uid(s, "twinblade")
    s = do(s, f"atk:{t}", f"tgt:{leader(s, 1)}", "none", f"atk:{t}", f"tgt:{leader(s, 1)}",
           "none")
    assert f"atk:{t}" not in keys(s)  # exhausted after the second attack


# ----- On Death -----------------------------------------------------------------------------
def test_on_death_triggers_on_spell_destruction() -> None:
    s = scen([{"hand": ["rot"], "energy": 2}, {"front": [{"id": "martyr", "exhausted": True}]}],
             slow=True)
    s = do(s, f"play:{uid(s, 'rot')}")
    assert where(s, uid(s, "martyr")) == (1, "grave") and s.influence[0] == 19


# ----- Piercing -----------------------------------------------------------------------------
@pytest.mark.parametrize(("power", "marked", "lost"),
                         [(3, 0, 1), (3, 2, 3), (4, 0, 0), (6, 3, 1), (6, 0, 0), (2, 1, 3)])
def test_piercing_follows_the_codex_formula(power: int, marked: int, lost: int) -> None:
    target = {"id": "t", "name": "Target", "type": "creature", "front": power, "back": power}
    s = battle([{"front": ["lancer"]},
                {"front": [{"id": "t", "exhausted": True, "damage": marked}]}], cards=[target])
    s = do(s, f"atk:{uid(s, 'lancer')}", f"tgt:{uid(s, 't')}")
    needed = max(0, power - marked)
    assert lost == max(0, 4 - needed)  # the codex's two formulas
    assert s.influence[1] == 20 - lost


def test_a_power_reduction_increases_piercing() -> None:
    s = scen([{"front": ["lancer"], "hand": ["weaken"]},
              {"front": [{"id": "spearman", "exhausted": True}]}], cards=[WEAKEN], slow=True)
    sp = uid(s, "spearman")
    s = do(s, f"play:{uid(s, 'weaken')}", "battle", f"atk:{uid(s, 'lancer')}", f"tgt:{sp}")
    assert s.influence[1] == 20 - (4 - 1)


def test_piercing_uses_the_power_of_the_line_after_a_move() -> None:
    s = scen([{"front": ["lancer", "squire"]},
              {"front": [{"id": "spearman", "exhausted": True}]}])
    sp = uid(s, "spearman")
    s = do(s, f"move:{uid(s, 'squire')}", f"move:{sp}", "battle")  # mirrored move: 3 -> 1
    s = do(s, f"atk:{uid(s, 'lancer')}", f"tgt:{sp}")
    assert where(s, sp) == (1, "grave") and s.influence[1] == 20 - (4 - 1)


def test_no_piercing_from_the_piercing_creatures_own_ability_damage() -> None:
    s = scen([{"front": ["pike"]}, {"front": ["squire"]}], cards=[PIKE], slow=True)
    s = do(s, f"act:{uid(s, 'pike')}")
    assert where(s, uid(s, "squire", 1)) == (1, "grave") and s.influence[1] == 20


# ----- Potions ------------------------------------------------------------------------------
def test_a_potion_sits_in_the_energy_zone_face_up() -> None:
    s = scen([{"hand": ["potion"]}], slow=True)
    s = do(s, f"play:{uid(s, 'potion')}")
    row = view(s, 1)["players"][0]["energy"][0]
    assert row["potion"] is True and row["name"] == "Flask of Sparks" and row["exhausted"]


# ----- Quickness / Ranger / Stealth / Swift -------------------------------------------------
def test_an_exhausted_quickness_creature_cannot_attack() -> None:
    s = battle([{"front": [{"id": "raider", "new": True, "exhausted": True}]}])
    assert f"atk:{uid(s, 'raider')}" not in keys(s)


def test_a_quickness_attacker_exhausts_and_still_needs_an_exhausted_target() -> None:
    s = battle([{"front": [{"id": "raider", "new": True}]}, {"front": ["squire"]}])
    r = uid(s, "raider")
    s = do(s, f"atk:{r}")
    assert keys(s) == [f"tgt:{leader(s, 1)}", "back"]
    s = do(s, f"tgt:{leader(s, 1)}")
    assert s.perms[r].exhausted


def test_quickness_keeps_the_other_attack_restrictions() -> None:
    s = battle([{"front": [{"id": "raider", "planted": True},
                           {"id": "raider", "new": True, "attacks": 1}]}])
    assert not any(k.startswith("atk:") and int(k[4:]) != leader(s, 0) for k in keys(s))


def test_ranger_keeps_the_targeting_restrictions_and_attacks_once() -> None:
    enemy = {"front": ["squire", {"id": "shade", "exhausted": True},
                      {"id": "spearman", "planted": True, "exhausted": True},
                      {"id": "guard", "exhausted": True}]}
    s = battle([{"back": ["archer"]}, enemy])
    assert attack_targets(s, "archer") == [f"tgt:{leader(s, 1)}", f"tgt:{uid(s, 'guard')}"]
    a = uid(s, "archer")
    s = do(s, f"atk:{a}", f"tgt:{leader(s, 1)}")
    assert f"atk:{a}" not in keys(s) and where(s, a) == (0, "back")


@pytest.mark.parametrize("cid", ["shade", "runner"])
def test_stealth_and_swift_give_no_quickness(cid: str) -> None:
    s = battle([{"front": [{"id": cid, "new": True}]}])
    assert f"atk:{uid(s, cid)}" not in keys(s)


# ----- Structure ----------------------------------------------------------------------------
def test_structure_keeps_the_other_blocking_restrictions() -> None:
    s = battle([{"front": ["spearman", "squire"]},
                {"front": [{"id": "squire", "exhausted": True}],
                 "back": ["palisade", {"id": "palisade", "planted": True}]}])
    s = do(s, f"atk:{uid(s, 'spearman')}", f"tgt:{uid(s, 'squire', 1)}")
    assert where(s, uid(s, "squire", 1)) == (1, "grave")  # no Defender: no block offered
    s = do(s, f"atk:{uid(s, 'squire', 0)}", f"tgt:{leader(s, 1)}")
    assert keys(s) == [f"blk:{uid(s, 'palisade', 1)}", "none"]  # not the Planted one
