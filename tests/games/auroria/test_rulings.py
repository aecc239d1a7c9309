"""Deck construction, the codex's rulings and clarifications, views and the AI."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import Rng, parse_options, play
from bot.engine.scenario import run_scenario
from bot.games.auroria import GAME, decks
from bot.games.auroria.cards import parse_cards
from bot.games.auroria.derived import BUILTIN, leader
from tests.games.auroria.helpers import do, keys, pw, scen, uid, view, where, who


def deck_problems(*args: Any, **kwargs: Any) -> list[str]:
    """The deck's problems in English, as a log or an English reader gets them."""
    return [str(problem) for problem in decks.deck_problems(*args, **kwargs)]


def _pool(*extra: dict[str, Any]) -> dict[str, Any]:
    return {**BUILTIN, **parse_cards(list(extra))}


def _cr(cid: str, colour: str, race: str, traits: list[str]) -> dict[str, Any]:
    return {"id": cid, "name": cid, "type": "creature", "colour": colour, "race": race,
            "traits": traits, "front": 1, "back": 1}


LEADER = {"id": "lw", "name": "Bandit Chief", "type": "leader", "colour": "white",
          "race": "Human", "traits": ["Bandit"], "front": 2, "influence": 20}


# ----- Deck construction --------------------------------------------------------------------
def test_a_legal_deck_has_51_to_61_cards_with_the_leader() -> None:
    pool = _pool(LEADER)
    assert deck_problems("lw", ["energy"] * 50, pool) == []
    assert deck_problems("lw", ["energy"] * 60, pool) == []
    assert "51-61" in deck_problems("lw", ["energy"] * 49, pool)[0]
    assert "51-61" in deck_problems("lw", ["energy"] * 61, pool)[0]


def test_four_copies_except_basic_energy_and_empowered_energy_is_limited() -> None:
    pool = _pool(LEADER)
    assert deck_problems("lw", ["energy"] * 45 + ["squire"] * 5, pool) == [
        "At most 4 copies of Road Squire (5)."]
    assert deck_problems("lw", ["energy"] * 45 + ["empowered"] * 5, pool) == [
        "At most 4 copies of Bright Energy (5)."]


def test_one_leader_and_at_most_four_enhanced_cards() -> None:
    boost = {"id": "boost", "name": "Boost", "type": "spell", "colour": "white",
             "enhanced": True}
    boost2 = {**boost, "id": "boost2", "name": "Boost II"}
    pool = _pool(LEADER, boost, boost2)
    assert deck_problems("lw", ["energy"] * 45 + ["boost"] * 3 + ["boost2"] * 2, pool) == [
        "At most 4 enhanced cards (5)."]
    assert "exactly one leader" in deck_problems("lw", ["energy"] * 49 + ["l_red"], pool)[0]


def test_identity_channels_narrow_by_intersection() -> None:
    pool = _pool(LEADER, _cr("red_human", "red", "Human", []),
                 _cr("white_elf", "white", "Elf", []), _cr("white_bandit", "white", "Orc",
                                                          ["Bandit"]))
    base = ["energy"] * 46
    # a non-white Human closes white and Bandit: Human only
    assert deck_problems("lw", [*base, "red_human", "squire", "squire", "squire"], pool) == []
    assert deck_problems("lw", [*base, "red_human", "white_elf", "squire", "squire"], pool)
    # a white non-Human non-Bandit makes it mono-white
    assert deck_problems("lw", [*base, "white_elf", "squire", "squire", "squire"], pool) == []
    # a white Bandit keeps white and Bandit open
    assert deck_problems("lw", [*base, "white_bandit", "white_elf", "white_elf",
                                "white_elf"], pool) == []


def test_spell_likes_and_energy_match_the_leaders_colour() -> None:
    pool = _pool(LEADER)
    assert deck_problems("lw", ["energy"] * 49 + ["bolt"], pool) == [
        "Spark Bolt must be white like the leader."]


def test_a_side_deck_holds_exactly_ten() -> None:
    pool = _pool(LEADER)
    assert deck_problems("lw", ["energy"] * 50, pool, side=["squire"] * 9)


# ----- Rulings ------------------------------------------------------------------------------
WARD = {"id": "ward", "name": "Ward", "type": "spell", "colour": "white", "cost": 0,
        "effects": [{"trigger": "resolve", "targets": [{"kind": "creature", "side": "own"}],
                     "ops": [{"op": "grant", "kw": "Protected", "to": "t0"}]}]}
ZERO_HERALD = {"id": "zh", "name": "Hollow Herald", "type": "creature", "cost": 0,
               "front": 0, "back": 2, "effects": [{"trigger": "on_play", "ops": [
                   {"op": "draw", "n": 1, "who": "you"}]}]}
PUSH = {"id": "push", "name": "Shove", "type": "spell", "cost": 0, "effects": [
    {"trigger": "resolve", "targets": [{"kind": "creature"}], "ops": [{"op": "move",
                                                                       "to": "t0"}]}]}
WEED = {"id": "weed", "name": "Weed Out", "type": "spell", "cost": 0, "effects": [
    {"trigger": "resolve", "targets": [{"kind": "planted", "side": "enemy"}],
     "ops": [{"op": "destroy", "to": "t0"}]}]}
ZAP = {"id": "zap", "name": "Zap", "type": "spell", "cost": 0, "effects": [
    {"trigger": "resolve", "targets": [{"kind": "creature", "side": "enemy"}],
     "ops": [{"op": "destroy", "to": "t0"}]}]}


def test_protection_does_what_it_says() -> None:
    s = scen([{"hand": ["ward"], "front": ["squire"]}, {"hand": ["zap"]}],
             cards=[WARD, ZAP], slow=True)
    s = do(s, f"play:{uid(s, 'ward')}", "battle", "end", "skip")
    s = do(s, f"play:{uid(s, 'zap')}")
    assert where(s, uid(s, "squire", 0)) == (0, "grave")  # the protection ended with the turn
    s = scen([{"hand": ["ward", "zap"], "front": ["squire"]}], cards=[WARD, ZAP])
    s = do(s, f"play:{uid(s, 'ward')}")
    assert s.mods and s.mods[0].kw == "Protected"


def test_zero_power_on_placement_destroys_before_on_play() -> None:
    s = scen([{"hand": ["zh"]}], cards=[ZERO_HERALD])
    s = do(s, f"play:{uid(s, 'zh')}", "line:front")
    assert where(s, uid(s, "zh")) == (0, "grave") and s.zones[0]["hand"] == []


def test_effect_moves_keep_damage_and_follow_the_full_line_rule() -> None:
    s = scen([{"hand": ["push"]}, {"front": [{"id": "guard", "damage": 1}],
                                   "back": ["squire"] * 5}], cards=[PUSH], slow=True)
    sp = uid(s, "guard")
    s = do(s, f"play:{uid(s, 'push')}", f"tg:{sp}")
    assert who(s) == 1  # the moved card's controller makes room
    s = do(s, str(uid(s, "squire", 1, "back")))
    assert where(s, sp) == (1, "back") and s.perms[sp].damage == 1  # damage stays


def test_a_destroyed_planted_card_goes_to_the_graveyard_without_effects() -> None:
    s = scen([{"hand": ["weed"]}, {"back": [{"id": "martyr", "planted": True}]}],
             cards=[WEED], slow=True)
    s = do(s, f"play:{uid(s, 'weed')}")
    assert where(s, uid(s, "martyr")) == (1, "grave") and s.influence == [20, 20]


def test_planted_cards_cannot_discover() -> None:
    s = scen([{"front": [{"id": "squire", "planted": True}, {"id": "sword", "dropped": True}]}])
    assert not any(k.startswith("disc:") for k in keys(s))


def test_the_non_turn_player_never_attacks() -> None:
    s = scen([{"front": ["squire"]}, {"front": ["spearman"]}], phase="battle")
    s = do(s, f"atk:{uid(s, 'squire')}", f"tgt:{leader(s, 1)}", "none")
    assert who(s) == 0 and all(not k.startswith("atk:") or int(k[4:]) in (
        uid(s, "squire"), leader(s, 0)) for k in keys(s))


def test_an_aura_may_have_an_activate_effect() -> None:
    totem = {"id": "totem", "name": "Totem", "type": "aura", "cost": 0, "effects": [
        {"trigger": "activate", "cost": 0, "ops": [{"op": "influence", "n": 1, "who": "you"}]}]}
    s = scen([{"auras": ["totem"]}], cards=[totem])
    s = do(s, f"act:{uid(s, 'totem')}")
    assert s.influence[0] == 21 and f"act:{uid(s, 'totem')}" not in keys(s)


# ----- Views --------------------------------------------------------------------------------
def test_views_hide_the_other_hand_and_face_down_energy() -> None:
    s = scen([{"hand": ["bolt"], "energy": 1}, {"hand": ["smite"], "energy": 2}])
    v0, v1, pub = view(s, 0), view(s, 1), view(s, None)
    assert "hand" in v0["players"][0] and "hand" not in v0["players"][1]
    assert v0["players"][1]["hand_count"] == 1
    assert "Searing Word" not in str(v0) and "Spark Bolt" not in str(pub)
    assert "name" in v0["players"][0]["energy"][0] and "name" not in v1["players"][0]["energy"][0]


def test_view_shape_for_the_renderer() -> None:
    s = scen([{"front": [{"id": "squire", "item": "sword", "damage": 1, "exhausted": True}],
               "under": ["coin"], "auras": ["banner"], "grave": ["bolt"]}])
    v = view(s, None)
    p0 = v["players"][0]
    assert set(v) >= {"turn", "active", "phase", "players", "chain", "combat", "result",
                      "waiting", "slow"}
    assert p0["leader"]["power"] == 3 and p0["leader"]["under"][0]["name"] == "Gold Coin"
    slot = p0["front"][0]
    assert (slot["power"], slot["damage"], slot["exhausted"]) == (5, 1, True)
    assert p0["grave_count"] == 1 and p0["auras"][0]["id"] == "banner"
    assert v["waiting"] == [0]


def test_the_chain_is_visible_to_everyone() -> None:
    s = scen([{"hand": ["bolt"], "energy": 1}, {"front": ["squire"], "hand": ["negate"],
                                                "energy": 1}])
    s = do(s, f"play:{uid(s, 'bolt')}")
    chain = view(s, None)["chain"]
    assert [(e["kind"], e["card"]["name"], e["controller"]) for e in chain] == [
        ("spell", "Spark Bolt", 0)]


# ----- AI -----------------------------------------------------------------------------------
@pytest.mark.parametrize("level", ["random", "normal"])
def test_ai_answers_are_always_legal(level: str) -> None:
    opts = parse_options(GAME.options, {})
    for seed in range(3):
        s = GAME.setup(2, opts, seed)
        rng = Rng(seed)
        while GAME.result(s) is None:
            d = GAME.pending(s)[0]
            s, _ = play(GAME, s, d.player, GAME.ai_choose(level, GAME.view(s, d.player), d, rng))


def test_normal_blocks_when_it_wins_the_fight_and_attacks_what_it_can_kill() -> None:
    s = scen([{"front": ["squire"]}, {"back": ["guard"]}], phase="battle")
    s = do(s, f"atk:{uid(s, 'squire')}", f"tgt:{leader(s, 1)}")
    d = GAME.pending(s)[0]
    assert GAME.ai_choose("normal", GAME.view(s, 1), d, Rng(0)).choice == (
        f"blk:{uid(s, 'guard')}",)
    s = scen([{"front": ["brute"]}, {"front": [{"id": "squire", "exhausted": True}]}],
             phase="battle")
    s = do(s, f"atk:{uid(s, 'brute')}")
    d = GAME.pending(s)[0]
    assert GAME.ai_choose("normal", GAME.view(s, 0), d, Rng(0)).choice == (
        f"tgt:{uid(s, 'squire')}",)
    assert pw(s, uid(s, "brute")) == 5


def test_the_same_destruction_effect_cannot_aim_twice_at_one_card_in_a_chain() -> None:
    s = scen([{"hand": ["rot"], "energy": 2, "front": [{"id": "squire", "exhausted": True}]},
              {"hand": ["rot"], "energy": 2, "front": [{"id": "spearman", "exhausted": True}]}])
    s = do(s, f"play:{uid(s, 'rot', 0)}", f"tg:{uid(s, 'spearman')}")
    assert who(s) == 1
    s = do(s, f"play:{uid(s, 'rot', 1)}")  # its only choice left is the squire: no prompt
    assert where(s, uid(s, "squire")) == (0, "grave")
    assert where(s, uid(s, "spearman")) == (1, "grave")


def test_permanent_power_changes_outlast_the_end_phase() -> None:
    grow = {"id": "grow", "name": "Grow", "type": "spell", "cost": 0, "effects": [
        {"trigger": "resolve", "targets": [{"kind": "creature", "side": "own"}],
         "ops": [{"op": "power", "n": 1, "to": "t0", "until": "perm"}]}]}
    s = scen([{"hand": ["grow"], "front": ["squire"]}], cards=[grow], slow=True)
    s = do(s, f"play:{uid(s, 'grow')}", "battle", "end")
    assert pw(s, uid(s, "squire")) == 3


def test_a_forced_discard_triggers_the_owners_discarded_effect() -> None:
    s = scen([{"hand": ["harrow"], "energy": 2}, {"hand": ["wisp"]}])
    s = do(s, f"play:{uid(s, 'harrow')}")
    assert where(s, uid(s, "wisp")) == (1, "grave") and len(s.zones[1]["hand"]) == 1


def test_readying_an_enemy_creature_makes_it_an_illegal_attack_target() -> None:
    rouse = {"id": "rouse", "name": "Rouse", "type": "spell", "cost": 0, "effects": [
        {"trigger": "resolve", "targets": [{"kind": "creature", "side": "enemy"}],
         "ops": [{"op": "ready", "to": "t0"}]}]}
    s = scen([{"hand": ["rouse"], "front": ["brute"]},
              {"front": [{"id": "squire", "exhausted": True}]}], cards=[rouse], slow=True)
    s = do(s, f"play:{uid(s, 'rouse')}", "battle", f"atk:{uid(s, 'brute')}")
    assert keys(s) == [f"tgt:{leader(s, 1)}", "back"]


def test_overgrowth_plants_feed_bloom() -> None:
    s = scen([{"hand": ["gravekeeper", "wildfire"], "energy": 4, "grave": ["bolt", "rally"]},
              {"front": ["brute"]}], slow=True)
    s = do(s, f"play:{uid(s, 'gravekeeper')}", "line:front")
    assert [s.perms[u].role for u in s.zones[0]["back"]] == ["planted", "planted"]
    s = do(s, f"play:{uid(s, 'wildfire')}")  # 1 Energy + 2 Planted pay the 3
    assert s.zones[0]["back"] == [] and s.perms[uid(s, "brute")].damage == 3


def test_an_absent_players_default_is_harmless() -> None:
    s = scen([{"hand": ["squire"], "energy": 1}])
    s = do(s, f"play:{uid(s, 'squire')}")
    assert GAME.pending(s)[0].default == ("back",)
    s = scen(phase="draw")
    assert GAME.pending(s)[0].default == ("draw",)


def test_normal_does_not_attack_into_a_bigger_ready_blocker() -> None:
    s = scen([{"front": ["squire"]}, {"front": ["brute"]}], phase="battle")
    d = GAME.pending(s)[0]
    # the brute would stop the squire, and would absorb the leader's attack for nothing
    assert GAME.ai_choose("normal", GAME.view(s, 0), d, Rng(0)).choice == ("end",)
    s = scen([{"front": ["squire"]}, {"front": [{"id": "brute", "exhausted": True}]}],
             phase="battle")
    d = GAME.pending(s)[0]
    assert GAME.ai_choose("normal", GAME.view(s, 0), d, Rng(0)).choice == (
        f"atk:{uid(s, 'squire')}",)


def test_a_whole_scenario_file_runs_through_the_registry() -> None:
    run = run_scenario({"game": "auroria", "players": 2, "setup": {"players": [
        {"hand": ["squire"], "energy": 1, "deck": ["squire"]}, {"deck": ["squire"]}]},
        "actions": [{"player": 0, "choice": ["play:1"]}, {"player": 0, "choice": ["line:back"]}]})
    assert run.state.zones[0]["back"] == [1]
    assert any(e.kind == "entered" for e in run.events)
