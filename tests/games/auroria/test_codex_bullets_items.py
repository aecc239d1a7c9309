"""Codex bullets, sections 24-36: enhanced cards, items (equip, drop, Discover, under the
leader, destruction), Planted cards with items, Bloom and Activate: Main (the map is
codex_bullets.json)."""

from __future__ import annotations

import pytest

from bot.engine import IllegalAction
from bot.games.auroria.derived import energy_available, item_on, leader
from tests.games.auroria.helpers import act, do, keys, pw, scen, uid, where, who


# ----- items --------------------------------------------------------------------------------
def test_an_item_is_not_a_creature() -> None:
    s = scen([{"front": [{"id": "squire", "item": "sword"}]}], phase="battle")
    sw = uid(s, "sword")
    assert f"atk:{sw}" not in keys(s) and s.perms[sw].role == "equipped"
    s = scen([{"hand": ["bolt"], "energy": 1}, {"front": [{"id": "squire", "item": "sword"}]}])
    s = do(s, f"play:{uid(s, 'bolt')}")
    assert f"tg:{uid(s, 'sword')}" not in keys(s)  # only the squire would be a target


def test_a_dropped_item_takes_a_line_slot() -> None:
    s = scen([{"front": ["squire"] * 4 + [{"id": "sword", "dropped": True}],
               "hand": ["spearman"], "energy": 2}])
    s = do(s, f"play:{uid(s, 'spearman')}")  # the Frontline is full: Backline only
    assert where(s, uid(s, "spearman")) == (0, "back")


def test_an_item_costs_its_energy() -> None:
    s = scen([{"hand": ["sword"], "energy": 2, "front": ["squire"]}])
    s = do(s, f"play:{uid(s, 'sword')}")
    assert energy_available(s, 0) == 1 and item_on(s, uid(s, "squire")) == uid(s, "sword")


def test_a_leader_never_discovers() -> None:
    s = scen([{"front": [{"id": "sword", "dropped": True}], "back": ["squire"]}])
    assert not any(k.startswith("disc:") for k in keys(s))


def test_a_dropped_item_stays_until_discovered_or_destroyed() -> None:
    s = scen([{"front": [{"id": "sword", "dropped": True}]}], phase="battle")
    s = do(s, "end", "skip", "battle", "end")
    sw = uid(s, "sword")
    assert s.active == 0 and where(s, sw) == (0, "front") and s.perms[sw].role == "dropped"


def test_an_item_under_the_leader_is_not_equipped() -> None:
    s = scen([{"under": ["coin"], "hand": ["crown"], "energy": 1}])
    lead = leader(s, 0)
    assert item_on(s, lead) is None
    s = do(s, f"play:{uid(s, 'crown')}")  # the leader is still free to carry an item
    assert item_on(s, lead) == uid(s, "crown") and pw(s, lead) == 2 + 1 + 1


def test_equipping_a_planted_card_is_rejected() -> None:
    s = scen([{"hand": ["sword"], "energy": 1,
               "front": ["squire", "spearman", {"id": "seedling", "planted": True}]}])
    s = do(s, f"play:{uid(s, 'sword')}")
    planted = uid(s, "seedling")
    assert f"host:{planted}" not in keys(s)
    with pytest.raises(IllegalAction):
        act(s, f"host:{planted}")


def test_bloom_payment_leaves_items_alone() -> None:
    s = scen([{"hand": ["thornback"], "energy": 2,
               "front": [{"id": "squire", "item": "sword"}, {"id": "cloak", "dropped": True}],
               "back": [{"id": "seedling", "planted": True}] * 2}])
    s = do(s, f"play:{uid(s, 'thornback')}", "line:back")
    assert where(s, uid(s, "thornback")) == (0, "back")
    assert item_on(s, uid(s, "squire")) == uid(s, "sword")
    assert s.perms[uid(s, "cloak")].role == "dropped"
    assert energy_available(s, 0) == 0 and not any(
        s.perms[u].role == "planted" for u in s.zones[0]["back"])


# ----- Activate: Main -----------------------------------------------------------------------
def test_no_free_activate_for_the_non_turn_player() -> None:
    s = scen([{}, {"front": ["tinker"], "energy": 1}])
    s = do(s, "battle")
    assert who(s) == 0 and s.phase == "battle"
    assert s.perms[uid(s, "tinker")].used is False


def test_an_activate_cost_is_paid_when_activating() -> None:
    s = scen([{"front": ["tinker"], "energy": 2}], slow=True)
    s = do(s, f"act:{uid(s, 'tinker')}")
    assert energy_available(s, 0) == 1 and pw(s, uid(s, "tinker")) == 3
