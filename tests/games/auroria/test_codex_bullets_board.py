"""Codex bullets, sections 11-23: line power, the two lines, moving, combat damage, blocking,
leaders, readiness, zones, Aura Spells and marked damage (the map is codex_bullets.json)."""

from __future__ import annotations

from typing import Any

from tests.games.auroria.helpers import do, keys, pw, scen, uid, view, where, who

OWN = {"kind": "creature", "side": "own"}
WEAKEN = {"id": "weaken", "name": "Weaken", "type": "spell", "cost": 0, "effects": [
    {"trigger": "resolve", "targets": [{"kind": "creature", "side": "enemy"}],
     "ops": [{"op": "power", "n": -2, "to": "t0", "until": "turn"}]}]}
SHOVE = {"id": "shove", "name": "Shove", "type": "spell", "cost": 0, "effects": [
    {"trigger": "resolve", "targets": [OWN], "ops": [{"op": "move", "to": "t0"}]}]}
WARD = {"id": "ward", "name": "Ward", "type": "spell", "cost": 0, "effects": [
    {"trigger": "resolve", "targets": [OWN],
     "ops": [{"op": "grant", "kw": "Protected", "to": "t0", "until": "turn"}]}]}
DRUMMER = {"id": "drummer", "name": "Drummer", "type": "creature", "cost": 1, "front": 1,
           "back": 1, "effects": [{"trigger": "static",
                                   "ops": [{"op": "power", "n": 1, "to": "own_creatures"}]}]}
HYMN = {"id": "hymn", "name": "Hymn", "type": "aura", "cost": 0,
        "effects": [{"trigger": "on_play", "ops": [{"op": "draw", "n": 1}]}]}


def battle(players: list[dict[str, Any]], **kw: Any) -> Any:
    return scen(players, phase="battle", **kw)


# ----- line power ---------------------------------------------------------------------------
def test_a_five_tilde_zero_card_has_five_in_front_and_dies_moving_back() -> None:
    s = scen([{"front": ["brute"]}])
    b = uid(s, "brute")
    assert pw(s, b) == 5
    s = do(s, f"move:{b}")
    assert where(s, b) == (0, "grave")


def test_protection_saves_a_card_moved_into_a_zero_power_line() -> None:
    s = scen([{"front": ["brute"], "hand": ["ward"]}], cards=[WARD], slow=True)
    b = uid(s, "brute")
    s = do(s, f"play:{uid(s, 'ward')}", f"move:{b}")
    assert where(s, b) == (0, "back") and pw(s, b) == 0


def test_spells_auras_items_and_effects_all_change_power() -> None:
    s = scen([{"front": ["tinker"], "hand": ["rally", "banner", "sword"], "energy": 5}],
             slow=True)
    t = uid(s, "tinker")
    s = do(s, f"play:{uid(s, 'rally')}")
    assert pw(s, t) == 4
    s = do(s, f"play:{uid(s, 'banner')}")
    assert pw(s, t) == 5
    s = do(s, f"play:{uid(s, 'sword')}")
    assert pw(s, t) == 7
    s = do(s, f"act:{t}")
    assert pw(s, t) == 8


# ----- the two lines ------------------------------------------------------------------------
def test_each_player_has_a_frontline_and_a_backline() -> None:
    s = scen([{"hand": ["squire"], "energy": 1}])
    s = do(s, f"play:{uid(s, 'squire')}")
    assert keys(s) == ["line:front", "line:back", "back"]
    players = view(s, None)["players"]
    assert all("front" in pl and "back" in pl for pl in players)


# ----- moving -------------------------------------------------------------------------------
def test_moving_keeps_damage_modifiers_and_exhaustion() -> None:
    s = scen([{"front": [{"id": "spearman", "exhausted": True, "damage": 1}],
               "hand": ["rally"], "energy": 1}], slow=True)
    sp = uid(s, "spearman")
    s = do(s, f"play:{uid(s, 'rally')}", f"move:{sp}")
    perm = s.perms[sp]
    assert where(s, sp) == (0, "back") and perm.exhausted and perm.damage == 1
    assert pw(s, sp) == 1 + 2  # the +2 of this turn came along


def _enemy_moves(exhausted: bool) -> Any:
    """Player 1 moves a creature in the mirrored window of Player 0's move."""
    s = scen([{"front": ["squire", "guard"]},
              {"back": [{"id": "spearman", "exhausted": exhausted}]}])
    s = do(s, f"move:{uid(s, 'guard')}", f"move:{uid(s, 'spearman')}", "battle",
           f"atk:{uid(s, 'squire')}")
    assert where(s, uid(s, "spearman")) == (1, "front")
    return s


def test_a_ready_creature_does_not_become_a_target_by_moving() -> None:
    s = _enemy_moves(False)
    assert f"tgt:{uid(s, 'spearman')}" not in keys(s)


def test_an_exhausted_creature_stays_a_target_after_moving() -> None:
    s = _enemy_moves(True)
    assert f"tgt:{uid(s, 'spearman')}" in keys(s)


def test_an_effect_moves_a_card_after_its_manual_move() -> None:
    s = scen([{"front": ["squire"], "hand": ["shove"]}], cards=[SHOVE], slow=True)
    sq = uid(s, "squire")
    s = do(s, f"move:{sq}")
    assert f"move:{sq}" not in keys(s)
    s = do(s, f"play:{uid(s, 'shove')}")
    assert where(s, sq) == (0, "front")


# ----- combat -------------------------------------------------------------------------------
def test_destroying_a_creature_costs_its_controller_no_influence() -> None:
    s = battle([{"front": ["brute"]}, {"back": [{"id": "squire", "exhausted": True}]}])
    s = do(s, f"atk:{uid(s, 'brute')}", f"tgt:{uid(s, 'squire')}")
    assert where(s, uid(s, "squire")) == (1, "grave")
    assert s.influence == [20, 20] and s.inf_log == []


def test_combat_uses_current_power_with_modifiers() -> None:
    s = scen([{"front": ["squire"], "hand": ["rally"], "energy": 1},
              {"front": [{"id": "spearman", "exhausted": True}]}], slow=True)
    sq = uid(s, "squire")
    s = do(s, f"play:{uid(s, 'rally')}", "battle", f"atk:{sq}", f"tgt:{uid(s, 'spearman')}")
    assert where(s, uid(s, "spearman")) == (1, "grave")  # 4 against 3
    assert where(s, sq) == (0, "front") and s.perms[sq].damage == 3


def test_a_creature_dies_when_marked_damage_reaches_its_power() -> None:
    s = scen([{"hand": ["bolt", "bolt"], "energy": 2},
              {"front": ["squire", "spearman"]}], slow=True)
    sq, sp = uid(s, "squire"), uid(s, "spearman")
    s = do(s, f"play:{uid(s, 'bolt')}", f"tg:{sp}")
    assert where(s, sp) == (1, "front") and s.perms[sp].damage == 2  # 2 of 3
    s = do(s, f"play:{uid(s, 'bolt', 0, 'hand')}", f"tg:{sq}")
    assert where(s, sq) == (1, "grave")  # 2 of 2


def test_a_creature_killed_in_combat_triggers_its_on_death() -> None:
    s = battle([{"front": ["spearman"]}, {"front": [{"id": "martyr", "exhausted": True}]}])
    s = do(s, f"atk:{uid(s, 'spearman')}", f"tgt:{uid(s, 'martyr')}")
    assert where(s, uid(s, "martyr")) == (1, "grave")
    assert s.influence[0] == 19 and s.inf_log[-1] == [0, -1, "effect"]


# ----- blocking -----------------------------------------------------------------------------
def test_a_defender_blocks_for_a_backline_creature() -> None:
    s = battle([{"front": ["spearman"]},
                {"back": [{"id": "squire", "exhausted": True}, "guard"]}])
    s = do(s, f"atk:{uid(s, 'spearman')}", f"tgt:{uid(s, 'squire')}")
    assert keys(s) == [f"blk:{uid(s, 'guard')}", "none"]


# ----- ready and exhausted ------------------------------------------------------------------
def test_a_ready_creature_may_attack_move_and_activate() -> None:
    s = scen([{"front": ["tinker"], "energy": 1}])
    t = uid(s, "tinker")
    assert {f"act:{t}", f"move:{t}"} <= set(keys(s))
    s = do(s, "battle")
    assert f"atk:{t}" in keys(s)


def test_an_exhausted_creature_is_still_affected_by_spells() -> None:
    s = scen([{"front": [{"id": "squire", "exhausted": True}], "hand": ["rally", "bolt"],
               "energy": 2}, {"front": [{"id": "squire", "exhausted": True}]}], slow=True)
    s = do(s, f"play:{uid(s, 'rally')}", f"play:{uid(s, 'bolt')}")
    assert pw(s, uid(s, "squire", 0)) == 4
    assert where(s, uid(s, "squire", 1, "grave")) == (1, "grave")


def test_an_exhausted_creature_keeps_its_passive_effect() -> None:
    s = scen([{"front": [{"id": "drummer", "exhausted": True}, "squire"]}], cards=[DRUMMER])
    assert pw(s, uid(s, "squire")) == 3


def test_readying_does_not_clear_structure_damage() -> None:
    s = battle([{}, {"back": [{"id": "palisade", "exhausted": True, "damage": 1}]}])
    s = do(s, "end")
    pal = uid(s, "palisade")
    assert s.active == 1 and not s.perms[pal].exhausted and s.perms[pal].damage == 1


# ----- zones --------------------------------------------------------------------------------
def test_draws_come_from_the_top_of_the_deck() -> None:
    s = scen([{"deck": ["bolt", "squire", "squire"]}], phase="draw")
    s = do(s, "draw")
    assert [s.kinds[u] for u in s.zones[0]["hand"]] == ["bolt"]


def test_lines_hold_creatures_planted_cards_and_dropped_items() -> None:
    s = scen([{"front": ["squire", {"id": "seedling", "planted": True},
                        {"id": "sword", "dropped": True}]}])
    assert [slot["kind"] for slot in view(s, 1)["players"][0]["front"]] == [
        "creature", "planted", "dropped"]


# ----- Aura Spells --------------------------------------------------------------------------
def test_an_aura_stays_in_its_zone_across_turns() -> None:
    s = scen([{"hand": ["banner"], "energy": 2, "front": ["squire"]}], slow=True)
    s = do(s, f"play:{uid(s, 'banner')}", "battle", "end", "skip", "battle", "end")
    assert s.active == 0 and where(s, uid(s, "banner")) == (0, "auras")
    assert pw(s, uid(s, "squire")) == 3


def test_an_aura_may_have_an_on_play_effect() -> None:
    s = scen([{"hand": ["hymn"]}], cards=[HYMN], slow=True)
    s = do(s, f"play:{uid(s, 'hymn')}")
    assert where(s, uid(s, "hymn")) == (0, "auras") and len(s.zones[0]["hand"]) == 1


# ----- marked damage and modifiers ----------------------------------------------------------
def test_an_effect_power_reduction_lasts_until_the_end_phase() -> None:
    s = scen([{"hand": ["weaken"]}, {"front": ["spearman"]}], cards=[WEAKEN], slow=True)
    sp = uid(s, "spearman")
    s = do(s, f"play:{uid(s, 'weaken')}")
    assert pw(s, sp) == 1 and who(s) == 0
    s = do(s, "battle", "end")
    assert pw(s, sp) == 3
