"""Single codex bullets not covered elsewhere, one test each."""

from __future__ import annotations

from bot.games.auroria.derived import item_on, keywords
from tests.games.auroria.helpers import do, keys, pw, scen, uid, view, where, who

SUMMON_ONLY = {"id": "nope", "name": "Nope", "type": "counter", "cost": 0,
               "counters": ["summon"]}
SKITTER = {"id": "skitter", "name": "Skitter", "type": "creature", "cost": 0, "front": 3,
           "back": 0, "keywords": ["Swift"]}
SPIKES = {"id": "spikes", "name": "Spikes", "type": "item", "cost": 0, "equip": "creature",
          "effects": [{"trigger": "static", "ops": [{"op": "grant", "kw": "Piercing",
                                                     "to": "host"}]}]}


def test_playing_an_item_is_not_a_summon() -> None:
    s = scen([{"hand": ["sword"], "energy": 1, "front": ["squire"]},
              {"hand": ["nope"]}], cards=[SUMMON_ONLY], slow=True)
    s = do(s, f"play:{uid(s, 'sword')}")
    assert item_on(s, uid(s, "squire")) == uid(s, "sword")  # no window: nothing to counter


def test_readying_keeps_attachments_and_lasting_effects() -> None:
    s = scen([{"front": [{"id": "squire", "exhausted": True, "item": "sword"}],
               "auras": ["banner"]}], phase="battle")
    s = do(s, "end", "skip", "battle", "end")
    sq = uid(s, "squire")
    assert not s.perms[sq].exhausted and item_on(s, sq) is not None and pw(s, sq) == 5


def test_several_aura_spells_work_at_once() -> None:
    s = scen([{"auras": ["banner", "banner"], "front": ["spearman"]},
              {"auras": ["blight"]}])
    assert pw(s, uid(s, "spearman")) == 3 + 2 - 1


def test_graveyards_are_face_up_for_everyone() -> None:
    s = scen([{"grave": ["bolt"]}])
    assert view(s, 1)["players"][0]["grave"][0]["name"] == "Spark Bolt"
    assert view(s, None)["players"][0]["grave"][0]["name"] == "Spark Bolt"


def test_piercing_from_two_sources_does_not_stack() -> None:
    s = scen([{"front": [{"id": "lancer", "item": "spikes"}]},
              {"front": [{"id": "squire", "exhausted": True}]}], phase="battle",
             cards=[SPIKES])
    assert "Piercing" in keywords(s, uid(s, "lancer"))
    s = do(s, f"atk:{uid(s, 'lancer')}", f"tgt:{uid(s, 'squire', 1)}")
    assert s.influence[1] == 18  # 4 - 2, once


def test_swift_movement_follows_line_power() -> None:
    s = scen([{"front": ["skitter"]}], phase="battle", cards=[SKITTER])
    s = do(s, f"atk:{uid(s, 'skitter')}", f"tgt:{s.zones[1]['leader'][0]}")
    assert where(s, uid(s, "skitter")) == (0, "grave")  # 0 power in the Backline


def test_a_discarded_creature_does_not_trigger_on_death() -> None:
    s = scen([{"hand": ["harrow"], "energy": 2}, {"hand": ["martyr"]}])
    s = do(s, f"play:{uid(s, 'harrow')}")
    assert where(s, uid(s, "martyr")) == (1, "grave") and s.influence == [20, 20]


def test_slow_mode_still_allows_counters() -> None:
    s = scen([{"hand": ["bolt"], "energy": 1}, {"front": ["squire"], "hand": ["negate"],
                                                "energy": 1}], slow=True)
    s = do(s, f"play:{uid(s, 'bolt')}")
    assert who(s) == 1 and keys(s) == [f"ctr:{uid(s, 'negate')}", "pass"]


def test_slow_mode_still_allows_blocks() -> None:
    s = scen([{"front": ["squire"]}, {"back": ["guard"]}], slow=True, phase="battle")
    s = do(s, f"atk:{uid(s, 'squire')}", f"tgt:{s.zones[1]['leader'][0]}")
    assert who(s) == 1 and f"blk:{uid(s, 'guard')}" in keys(s)


def test_an_exhausted_creature_keeps_its_on_death() -> None:
    s = scen([{"front": ["brute"]}, {"front": [{"id": "martyr", "exhausted": True}]}],
             phase="battle")
    s = do(s, f"atk:{uid(s, 'brute')}", f"tgt:{uid(s, 'martyr')}")
    assert s.influence[0] == 19


def test_leader_influence_loss_is_permanent() -> None:
    s = scen([{"front": ["spearman"]}], phase="battle")
    s = do(s, f"atk:{uid(s, 'spearman')}", f"tgt:{s.zones[1]['leader'][0]}", "end", "skip",
           "battle", "end")
    assert s.influence[1] == 17


def test_an_exhausted_creature_cannot_use_its_activate_effect() -> None:
    s = scen([{"front": [{"id": "tinker", "exhausted": True}], "energy": 1}])
    assert f"act:{uid(s, 'tinker')}" not in keys(s)
