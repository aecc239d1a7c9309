"""Layer 6: items (equip, drop, Discover, under the leader, destruction), Planted cards,
Bloom, Overgrowth and a card-specific win condition."""

from __future__ import annotations

from typing import Any

from bot.games.auroria.derived import energy_available, item_on, leader
from tests.games.auroria.helpers import do, keys, pw, result, scen, uid, view, where


def battle(players: list[dict[str, Any]]) -> Any:
    return scen(players, phase="battle")


# ----- Items --------------------------------------------------------------------------------
def test_an_item_equips_to_a_chosen_creature_and_gives_its_bonus() -> None:
    s = scen([{"hand": ["sword"], "energy": 1, "front": ["squire", "spearman"]}])
    sp = uid(s, "spearman")
    s = do(s, f"play:{uid(s, 'sword')}")
    assert sorted(keys(s)) == sorted([f"host:{uid(s, 'squire')}", f"host:{sp}", "back"])
    s = do(s, f"host:{sp}")
    assert item_on(s, sp) == uid(s, "sword") and pw(s, sp) == 5


def test_leader_items_equip_to_the_leader() -> None:
    s = scen([{"hand": ["crown"], "energy": 1}])
    s = do(s, f"play:{uid(s, 'crown')}")
    assert item_on(s, leader(s, 0)) == uid(s, "crown") and pw(s, leader(s, 0)) == 3


def test_an_item_needs_an_eligible_carrier() -> None:
    s = scen([{"hand": ["sword"], "energy": 1, "back": [{"id": "squire", "planted": True}]}])
    assert keys(s) == ["battle"]  # no creature (a Planted card cannot equip)


def test_an_equipped_item_drops_onto_the_slot_when_its_creature_dies() -> None:
    s = battle([{"front": ["brute"]},
                {"front": ["guard", {"id": "squire", "exhausted": True, "item": "sword"}]}])
    sw = uid(s, "sword")
    s = do(s, f"atk:{uid(s, 'brute')}", f"tgt:{uid(s, 'squire', 1)}", "none")
    assert where(s, uid(s, "squire", 1)) == (1, "grave")
    assert s.zones[1]["front"] == [uid(s, "guard"), sw] and s.perms[sw].role == "dropped"
    assert pw(s, uid(s, "guard")) == 2  # a dropped item gives nothing


def test_dropped_items_cannot_be_attacked_or_block() -> None:
    s = battle([{"front": ["squire"]}, {"front": [{"id": "sword", "dropped": True}]}])
    s = do(s, f"atk:{uid(s, 'squire')}")
    assert keys(s) == [f"tgt:{leader(s, 1)}", "back"]
    s = do(s, f"tgt:{leader(s, 1)}")
    assert s.influence[1] == 18


def test_discover_by_the_owners_creature_in_the_same_line_costs_nothing() -> None:
    s = scen([{"front": ["squire", {"id": "sword", "dropped": True}], "back": ["spearman"]}])
    sq, sw = uid(s, "squire"), uid(s, "sword")
    assert [k for k in keys(s) if k.startswith("disc:")] == [f"disc:{sq}:{sw}"]
    s = do(s, f"disc:{sq}:{sw}")
    assert item_on(s, sq) == sw and pw(s, sq) == 4 and energy_available(s, 0) == 0


def test_only_the_original_owner_may_discover() -> None:
    s = scen([{"front": ["squire"]}, {"front": [{"id": "sword", "dropped": True}]}])
    assert not any(k.startswith("disc:") for k in keys(s))


def test_a_creature_already_carrying_an_item_cannot_discover() -> None:
    s = scen([{"front": [{"id": "squire", "item": "cloak"}, {"id": "sword", "dropped": True}]}])
    assert not any(k.startswith("disc:") for k in keys(s))


def test_gold_coin_goes_under_the_leader_and_cannot_be_discovered() -> None:
    s = scen([{"hand": ["coin"], "front": ["squire"]}])
    s = do(s, f"play:{uid(s, 'coin')}")
    c = uid(s, "coin")
    assert where(s, c) == (0, "under") and item_on(s, leader(s, 0)) is None
    assert pw(s, leader(s, 0)) == 3
    assert not any(k.startswith("disc:") for k in keys(s))


def test_item_destruction_hits_equipped_dropped_and_under_items() -> None:
    for board in ({"front": [{"id": "squire", "item": "sword"}]},
                  {"front": [{"id": "sword", "dropped": True}]}, {"under": ["sword"]}):
        s = scen([{"hand": ["shatter"], "energy": 1}, board], slow=True)
        s = do(s, f"play:{uid(s, 'shatter')}")
        assert where(s, uid(s, "sword")) == (1, "grave")
    s = scen([{"hand": ["shatter"], "energy": 1},
              {"front": [{"id": "squire", "item": "sword"}]}], slow=True)
    s = do(s, f"play:{uid(s, 'shatter')}")
    assert pw(s, uid(s, "squire", 1)) == 2  # the effect ends at once


def test_a_countered_item_never_arrives() -> None:
    s = scen([{"hand": ["sword"], "energy": 1, "front": ["squire"]},
              {"hand": ["deny"], "energy": 2}])
    s = do(s, f"play:{uid(s, 'sword')}", f"ctr:{uid(s, 'deny')}")
    assert where(s, uid(s, "sword")) == (0, "grave") and pw(s, uid(s, "squire")) == 2


# ----- Planted cards ------------------------------------------------------------------------
def test_planted_cards_cannot_attack_block_or_be_attacked() -> None:
    s = battle([{"front": [{"id": "squire", "planted": True}, "spearman"]},
                {"front": [{"id": "squire", "planted": True, "exhausted": True}]}])
    assert f"atk:{uid(s, 'squire', 0)}" not in keys(s)
    s = do(s, f"atk:{uid(s, 'spearman')}")
    assert keys(s) == [f"tgt:{leader(s, 1)}", "back"]
    s = do(s, f"tgt:{leader(s, 1)}")
    assert s.influence[1] == 17  # the Planted card could not block


def test_planted_cards_are_face_down_in_the_leaders_colour() -> None:
    s = scen([{"leader": "l_green", "back": [{"id": "brute", "planted": True}]}])
    mine, theirs = view(s, 0)["players"][0]["back"][0], view(s, 1)["players"][0]["back"][0]
    assert mine["kind"] == theirs["kind"] == "planted"
    assert theirs["colour"] == "green" and "card" not in theirs
    assert mine["card"]["name"] == "Ash Brute"
    assert "Ash Brute" not in str(view(s, None))


def test_planted_cards_do_not_die_to_zero_power() -> None:
    s = scen([{"back": [{"id": "brute", "planted": True}]}])
    assert where(s, uid(s, "brute")) == (0, "back")


# ----- Bloom --------------------------------------------------------------------------------
def test_bloom_pays_with_planted_cards_which_go_to_the_graveyard() -> None:
    s = scen([{"hand": ["thornback"], "energy": 2,
               "back": [{"id": "squire", "planted": True}] * 3}])
    s = do(s, f"play:{uid(s, 'thornback')}", "line:front")
    assert keys(s) == ["bloom:2", "bloom:3", "back"]  # at least 2 from Planted
    s = do(s, "bloom:3")
    assert where(s, uid(s, "thornback")) == (0, "front")
    assert len(s.zones[0]["grave"]) == 3 and energy_available(s, 0) == 1


def test_bloom_cannot_reduce_below_zero() -> None:
    s = scen([{"hand": ["wildfire"], "back": [{"id": "squire", "planted": True}] * 5},
              {"front": ["brute"]}], slow=True)
    s = do(s, f"play:{uid(s, 'wildfire')}")
    assert len(s.zones[0]["grave"]) == 4  # 3 Planted used for a cost of 3, + Wildfire
    assert len(s.zones[0]["back"]) == 2


def test_non_bloom_cards_cannot_use_planted_cards() -> None:
    s = scen([{"hand": ["spearman"], "back": [{"id": "squire", "planted": True}] * 3}])
    assert keys(s) == ["battle"]


# ----- Overgrowth ---------------------------------------------------------------------------
def test_overgrowth_plants_cards_from_the_graveyard() -> None:
    s = scen([{"hand": ["gravekeeper"], "energy": 3, "grave": ["bolt", "squire", "rally"]}])
    s = do(s, f"play:{uid(s, 'gravekeeper')}", "line:front")
    assert len(keys(s)) == 3  # choose 2 of 3
    s = do(s, (str(uid(s, "bolt")), str(uid(s, "rally"))))
    assert s.perms[uid(s, "bolt")].role == "planted"
    assert where(s, uid(s, "squire")) == (0, "grave")


# ----- Winning ------------------------------------------------------------------------------
def test_a_card_specific_win_condition() -> None:
    s = scen([{"hand": ["hoard"], "energy": 2, "under": ["coin"] * 3}])
    s = do(s, f"play:{uid(s, 'hoard')}")
    r = result(s)
    assert r is not None and r.winners == (0,) and r.reason == "card effect"
    s = scen([{"hand": ["hoard"], "energy": 2, "under": ["coin"] * 2}])
    assert result(do(s, f"play:{uid(s, 'hoard')}")) is None
