"""Codex bullets, sections 1-10: set-up, winning, the turn's phases, Energy, the Main Phase,
declaring attacks and mirrored windows (the bullet map is codex_bullets.json)."""

from __future__ import annotations

from bot.games.auroria.derived import leader
from tests.games.auroria.helpers import do, keys, result, scen, uid, view, who

TINKER_AURA = {"id": "beacon", "name": "Beacon", "type": "aura", "cost": 0,
               "effects": [{"trigger": "activate", "ops": [{"op": "draw", "n": 1}]}]}


# ----- winning and Influence ----------------------------------------------------------------
def test_influence_reduced_to_exactly_zero_loses() -> None:
    s = scen([{"front": ["spearman"]}, {"influence": 3}], phase="battle")
    s = do(s, f"atk:{uid(s, 'spearman')}", f"tgt:{leader(s, 1)}")
    r = result(s)
    assert s.influence[1] == 0 and r is not None and r.winners == (0,)


def test_starting_influence_is_the_leaders_printed_value() -> None:
    s = scen([{"leader": "l_blue"}, {"leader": "l_green"}])
    assert s.influence == [22, 21]


def test_the_leader_shows_its_power_and_its_influence() -> None:
    s = scen([{"leader": "l_red"}])
    lead = view(s, None)["players"][0]
    assert lead["leader"]["power"] == 3 and lead["influence"] == 20


def test_an_effect_may_raise_influence_above_the_start() -> None:
    s = scen([{"hand": ["crossroads"], "energy": 1}])
    s = do(s, f"play:{uid(s, 'crossroads')}", "1")
    assert s.influence[0] == 22 and result(s) is None


def test_an_exhausted_leader_can_still_be_attacked() -> None:
    s = scen([{"front": ["squire"]}, {"leader": {"id": "l_white", "exhausted": True}}],
             phase="battle")
    lead = leader(s, 1)
    assert s.perms[lead].exhausted
    s = do(s, f"atk:{uid(s, 'squire')}")
    assert f"tgt:{lead}" in keys(s)


# ----- the turn's phases --------------------------------------------------------------------
def test_the_main_phase_offers_creatures_spells_auras_items_and_activate() -> None:
    s = scen([{"hand": ["squire", "rally", "banner", "sword"], "energy": 3,
               "front": ["tinker"]}])
    ks = keys(s)
    for cid in ("squire", "rally", "banner", "sword"):
        assert f"play:{uid(s, cid)}" in ks, cid
    assert f"act:{uid(s, 'tinker')}" in ks


def test_the_end_phase_resets_attack_and_block_usage() -> None:
    s = scen([{"front": [{"id": "squire", "attacks": 1}]},
              {"front": [{"id": "spearman", "blocks": 1}]}], phase="battle")
    s = do(s, "end")
    assert s.perms[uid(s, "squire")].attacks == 0
    assert s.perms[uid(s, "spearman")].blocks == 0


def test_any_number_of_cards_while_energy_lasts() -> None:
    s = scen([{"hand": ["squire", "squire", "bolt", "spearman"], "energy": 3},
              {"front": ["squire"]}], slow=True)
    s = do(s, f"play:{uid(s, 'squire', 0, 'hand')}", "line:front",
           f"play:{uid(s, 'squire', 0, 'hand', nth=1)}", "line:front", f"play:{uid(s, 'bolt')}")
    assert len(s.zones[0]["front"]) == 2 and s.zones[1]["front"] == []
    assert f"play:{uid(s, 'spearman')}" not in keys(s)  # no Energy left for it


# ----- declaring attacks --------------------------------------------------------------------
def test_combat_waits_for_the_block_decision() -> None:
    s = scen([{"front": ["spearman"]}, {"back": ["guard"]}], phase="battle")
    s = do(s, f"atk:{uid(s, 'spearman')}", f"tgt:{leader(s, 1)}")
    assert s.prompt is not None and s.prompt["k"] == "block" and who(s) == 1
    assert s.influence[1] == 20 and s.perms[uid(s, "guard")].damage == 0
    s = do(s, "none")
    assert s.influence[1] == 17


def test_the_battle_phase_ends_when_the_turn_player_is_done() -> None:
    s = scen([{"front": ["squire"]}], phase="battle")
    s = do(s, f"atk:{uid(s, 'squire')}", f"tgt:{leader(s, 1)}",
           f"atk:{leader(s, 0)}", f"tgt:{leader(s, 1)}")
    assert keys(s) == ["end"]  # every attack used: only ending is left
    s = do(s, "end")
    assert s.active == 1 and s.phase == "draw"


# ----- mirrored windows ---------------------------------------------------------------------
def test_a_mirrored_window_may_use_an_aura_activate_effect() -> None:
    s = scen([{"hand": ["squire"], "energy": 1}, {"auras": ["beacon"]}], cards=[TINKER_AURA])
    s = do(s, f"play:{uid(s, 'squire')}", "line:front")
    assert who(s) == 1 and f"act:{uid(s, 'beacon')}" in keys(s)
    hand = len(s.zones[1]["hand"])
    s = do(s, f"act:{uid(s, 'beacon')}")
    assert len(s.zones[1]["hand"]) == hand + 1
