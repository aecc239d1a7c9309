"""The Auroria lines of ``shared/rules/house-rules.md``, each pinned by tests named after it.

``HOUSE`` maps every line (by its opening words) to the tests that check it, or gives the
reason it has none; ``test_every_house_rule_line_is_mapped`` reads the file (skipped when the
rulebooks are not next to the checkout) and fails on a new, changed or stale line.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest

from bot.engine import Rng, parse_options
from bot.engine.said import Said
from bot.games.auroria import GAME, decks
from bot.games.auroria.derived import BUILTIN, leader
from bot.words import language
from tests.games.auroria.helpers import act, default, do, keys, result, scen, uid, where, who

DE = language("de")


def deck_problems(*args: Any, **kwargs: Any) -> list[str]:
    """The deck's problems in English, as a log or an English reader gets them."""
    return [str(problem) for problem in decks.deck_problems(*args, **kwargs)]

RULES = Path(__file__).resolve().parents[3].parent / "shared" / "rules" / "house-rules.md"

HOUSE: dict[str, list[str] | str] = {
    "Two players. A line holds at most 5 cards": [
        "house_rules.test_a_line_holds_at_most_five_cards_creatures_planted_and_dropped_alike",
        "chain.test_only_five_aura_spell_zones",
        "house_rules.test_there_is_no_hand_size_limit"],
    "Starting player chosen at random": [
        "house_rules.test_the_starting_player_is_chosen_at_random",
        "data.test_mercy_mulligan_is_free_and_keeps_the_chosen_cards",
        "data.test_each_paid_mulligan_costs_one_card"],
    "Each Energy card pays 1": [
        "turns.test_energy_pays_by_exhausting_and_refreshes_next_turn",
        "house_rules.test_each_energy_card_pays_one_empowered_energy_included",
        "turns.test_empowered_energy_gives_its_bonus_when_placed"],
    "A Potion enters the Energy Zone exhausted": [
        "turns.test_potions_enter_exhausted_and_go_to_the_graveyard_when_used"],
    "Paying: when ready Energy and Potions": [
        "house_rules.test_paying_when_energy_and_potions_could_both_pay_the_payer_chooses",
        "house_rules.test_the_offered_default_spends_energy_first_and_keeps_potions",
        "house_rules.test_paying_asks_only_when_there_is_a_choice",
        "house_rules.test_the_normal_ai_pays_with_the_offered_default",
        "turns.test_energy_is_spent_before_potions"],
    "A creature that leaves the battlefield in any way": [
        "items_plants.test_an_equipped_item_drops_onto_the_slot_when_its_creature_dies",
        "house_rules.test_a_creature_returned_to_hand_drops_its_item_on_its_slot",
        "house_rules.test_moving_between_lines_keeps_the_item"],
    "Declaring a leader attack uses the leader's one attack": [
        "house_rules.test_a_negated_leader_attack_still_uses_the_leaders_attack"],
    "When both players' Influence reaches 0": [
        "house_rules.test_when_both_players_influence_reaches_0_at_once_the_game_is_a_draw"],
    "The 4-copy limit counts a deck and its side deck together": [
        "house_rules.test_the_four_copy_limit_counts_the_deck_and_side_deck_together"],
    "Best-of-three": [
        "best_of.test_best_of_three_the_first_player_to_win_two_games_wins_the_match",
        "best_of.test_best_of_three_a_drawn_game_counts_for_nobody_and_another_game_is_played",
        "best_of.test_best_of_three_at_most_five_games_then_the_match_is_a_draw",
        "best_of.test_best_of_three_the_loser_of_the_previous_game_chooses_who_starts_the_next",
        "best_of.test_best_of_three_after_a_drawn_game_the_player_who_did_not_start_it_chooses",
        "best_of.test_best_of_three_each_player_swaps_cards_one_for_one_with_the_side_deck",
        "best_of.test_best_of_three_sideboarding_is_refused_when_it_breaks_the_deck",
        "best_of.test_best_of_three_keep_my_deck_is_one_press_and_the_default",
        "best_of.test_best_of_three_the_four_copy_limit_counts_the_deck_and_side_deck_together",
        "best_of.test_best_of_three_swaps_stay_private_until_the_next_game",
        "best_of.test_best_of_three_random_playouts_keep_every_invariant_and_replay",
        "best_of.test_best_of_three_the_normal_ai_keeps_its_deck_and_starts"],
    "Moving cards into a full line": [
        "house_rules.test_moving_cards_into_a_full_line_the_owner_destroys_cards_already_there",
        "house_rules.test_never_one_of_the_cards_being_moved_two_cards_moved_by_one_effect",
        "house_rules.test_never_one_of_the_cards_being_moved_three_cards_moved_by_one_effect",
        "house_rules.test_never_one_of_the_cards_being_moved_an_effect_moving_the_opponents_"
        "cards",
        "house_rules.test_a_moved_card_leaving_a_line_frees_its_slot_for_the_cards_moving_in",
        "house_rules.test_a_card_that_cannot_be_destroyed_cannot_be_chosen",
        "house_rules.test_if_too_few_cards_there_can_be_destroyed_the_move_does_not_happen",
        "house_rules.test_a_manual_move_that_cannot_happen_is_not_used_up_and_the_log_says_so",
        "house_rules.test_an_equipped_creature_destroyed_for_room_drops_its_item_and_the_"
        "owner_keeps_destroying",
        "keywords.test_swift_into_a_full_line_makes_its_controller_destroy_a_card_there"],
    "Leaders: power 1–3, Influence 20–25": [
        "pool.test_leaders_open_three_channels_within_the_house_limits"],
    "Four structure decks": [
        "pool.test_the_four_structure_decks_of_the_codex",
        "pool.test_each_structure_deck_is_legal",
        "pool.test_each_structure_deck_has_its_identity"],
    "Across the pool every keyword and card type": [
        "pool.test_every_keyword_and_type_is_on_at_least_two_cards"],
    "Card names and texts are the project's own": "authorship, which no test can check",
}


def _house_lines() -> list[str]:
    """The Auroria section's top-level lines; indented lines continue the line above."""
    text = RULES.read_text(encoding="utf-8").split("## Auroria Codex", 1)[1]
    text = text.split("\n## ", 1)[0]
    out: list[str] = []
    for line in text.splitlines():
        if line.startswith("- "):
            out.append(line[2:].strip())
        elif line.startswith(" ") and out:
            out[-1] += " " + line.strip()
    return out


@pytest.mark.skipif(not RULES.exists(), reason="the rulebooks are not next to this checkout")
def test_every_house_rule_line_is_mapped() -> None:
    lines = _house_lines()
    assert [ln for ln in lines if sum(ln.startswith(k) for k in HOUSE) != 1] == []
    assert [k for k in HOUSE if not any(ln.startswith(k) for ln in lines)] == []


def test_every_mapped_test_exists() -> None:
    for entry in HOUSE.values():
        for ref in entry if isinstance(entry, list) else ():
            module, _, func = ref.partition(".")
            mod = importlib.import_module(f"tests.games.auroria.test_{module}")
            assert callable(getattr(mod, func, None)), ref


# ----- the cards these cases use ------------------------------------------------------------
BULWARK = {"id": "bulwark", "name": "Stone Bulwark", "type": "creature", "cost": 1,
           "front": 2, "back": 2, "effects": [
               {"trigger": "static", "ops": [{"op": "grant", "kw": "Protected", "to": "self"}]}]}
REGROUP = {"id": "regroup", "name": "Regroup", "type": "spell", "cost": 0, "effects": [
    {"trigger": "resolve", "ops": [{"op": "move", "to": "enemy_creatures"}]}]}
MUSTER = {"id": "muster", "name": "Muster", "type": "spell", "cost": 0, "effects": [
    {"trigger": "resolve", "ops": [{"op": "move", "to": "own_creatures"}]}]}
SHOVE = {"id": "shove", "name": "Shove", "type": "spell", "cost": 0, "effects": [
    {"trigger": "resolve", "targets": [{"kind": "creature", "side": "enemy"}],
     "ops": [{"op": "move", "to": "t0"}]}]}
OWN = {"kind": "creature", "side": "own"}
ENEMY = {"kind": "creature", "side": "enemy"}
SIDESTEP = {"id": "sidestep", "name": "Sidestep", "type": "spell", "cost": 0, "effects": [
    {"trigger": "resolve", "targets": [OWN, OWN],
     "ops": [{"op": "move", "to": "t0"}, {"op": "move", "to": "t1"}]}]}
BUGLER = {"id": "bugler", "name": "Bugler", "type": "creature", "cost": 1, "front": 1,
          "back": 1, "effects": [
              {"trigger": "activate", "cost": 0, "targets": [OWN, OWN],
               "ops": [{"op": "move", "to": "t0"}, {"op": "move", "to": "t1"},
                       {"op": "move", "to": "self"}]}]}
HERD = {"id": "herd", "name": "Herd", "type": "spell", "cost": 0, "effects": [
    {"trigger": "resolve", "targets": [ENEMY, ENEMY],
     "ops": [{"op": "move", "to": "t0"}, {"op": "move", "to": "t1"}]}]}
CATACLYSM = {"id": "cataclysm", "name": "Cataclysm", "type": "spell", "cost": 0, "effects": [
    {"trigger": "resolve", "ops": [{"op": "influence", "n": -3, "who": "opp"},
                                   {"op": "influence", "n": -3, "who": "you"}]}]}
PLANTED = {"id": "seedling", "planted": True}
DROPPED = {"id": "sword", "dropped": True}
CARDS = [BULWARK, REGROUP, MUSTER, SHOVE, SIDESTEP, BUGLER, HERD, CATACLYSM]


# ----- Two players, lines of 5, no hand-size limit ------------------------------------------
def test_a_line_holds_at_most_five_cards_creatures_planted_and_dropped_alike() -> None:
    s = scen([{"hand": ["squire"], "energy": 1,
               "front": ["squire", "squire", "squire", PLANTED, DROPPED]}])
    s = do(s, f"play:{uid(s, 'squire', 0, 'hand')}")  # only the Backline has room: no choice
    assert [s.kinds[u] for u in s.zones[0]["back"]] == ["squire"]
    assert len(s.zones[0]["front"]) == 5


def test_there_is_no_hand_size_limit() -> None:
    s = scen([{"hand": ["bolt"] * 12}], phase="battle", slow=True)
    s = do(s, "end")
    assert s.active == 1 and len(s.zones[0]["hand"]) == 12  # nothing discarded at the end


# ----- Starting player, Energy --------------------------------------------------------------
def test_the_starting_player_is_chosen_at_random() -> None:
    opts = parse_options(GAME.options, {})
    firsts = {GAME.setup(2, opts, seed).active for seed in range(20)}
    assert firsts == {0, 1}


def test_each_energy_card_pays_one_empowered_energy_included() -> None:
    s = scen([{"hand": ["spearman"], "energy": ["energy", "empowered"]}])
    s = do(s, f"play:{uid(s, 'spearman')}", "line:front")
    assert where(s, uid(s, "spearman")) == (0, "front")
    assert all(s.perms[u].exhausted for u in s.zones[0]["energy"])


# ----- Paying -------------------------------------------------------------------------------
def test_paying_when_energy_and_potions_could_both_pay_the_payer_chooses() -> None:
    s = scen([{"hand": ["squire"], "energy": ["energy", "potion"]}])
    s = do(s, f"play:{uid(s, 'squire')}", "line:front")
    d = GAME.pending(s)[0]
    assert [(o.key, o.label) for o in d.options] == [
        ("pay:0", "Pay with 1 Energy (keep your Potions)"), ("pay:1", "Pay with 1 Potion"),
        ("back", "Back")]
    s = do(s, "pay:1")
    assert where(s, uid(s, "potion")) == (0, "grave")
    assert not s.perms[uid(s, "energy", 0, "energy")].exhausted
    assert where(s, uid(s, "squire")) == (0, "front")
    # an Activate effect is paid the same way
    s = scen([{"front": ["tinker"], "energy": ["energy", "potion"]}])
    s = do(s, f"act:{uid(s, 'tinker')}", "pay:1")
    assert where(s, uid(s, "potion")) == (0, "grave")


def test_the_offered_default_spends_energy_first_and_keeps_potions() -> None:
    s = scen([{"hand": ["spearman"], "energy": ["potion", "energy", "potion"]}])
    s = do(s, f"play:{uid(s, 'spearman')}", "line:front")
    assert keys(s) == ["pay:1", "pay:2", "back"] and default(s) == ("pay:1",)
    s = do(s, default(s))
    assert [s.kinds[u] for u in s.zones[0]["energy"]] == ["energy", "potion"]
    assert s.perms[uid(s, "energy", 0, "energy")].exhausted


def test_paying_asks_only_when_there_is_a_choice() -> None:
    for energy in (["energy", "energy"], ["potion", "potion"]):
        s = scen([{"hand": ["spearman"], "energy": energy}])
        s = do(s, f"play:{uid(s, 'spearman')}", "line:front")
        assert where(s, uid(s, "spearman")) == (0, "front")
    s = scen([{"hand": ["spearman"], "energy": ["energy", "potion"]}])
    s = do(s, f"play:{uid(s, 'spearman')}", "line:front")  # it takes both
    assert where(s, uid(s, "spearman")) == (0, "front")


def test_the_normal_ai_pays_with_the_offered_default() -> None:
    s = scen([{"hand": ["squire"], "energy": ["energy", "potion"]}])
    s = do(s, f"play:{uid(s, 'squire')}", "line:front")
    d = GAME.pending(s)[0]
    assert GAME.ai_choose("normal", GAME.view(s, 0), d, Rng(0)).choice == ("pay:0",)


# ----- Leaving the battlefield drops items; moving keeps them -------------------------------
def test_a_creature_returned_to_hand_drops_its_item_on_its_slot() -> None:
    s = scen([{"hand": ["recall"], "energy": 1}, {"front": [{"id": "squire", "item": "sword"}]}])
    s = do(s, f"play:{uid(s, 'recall')}", "pass")
    sw = uid(s, "sword")
    assert where(s, uid(s, "squire", 1)) == (1, "hand")
    assert s.zones[1]["front"] == [sw] and s.perms[sw].role == "dropped"


def test_moving_between_lines_keeps_the_item() -> None:
    s = scen([{"front": [{"id": "spearman", "item": "sword"}]}])
    sp = uid(s, "spearman")
    s = do(s, f"move:{sp}")
    assert where(s, sp) == (0, "back") and s.perms[uid(s, "sword")].host == sp


# ----- Leader attacks, simultaneous defeat, side decks --------------------------------------
def test_a_negated_leader_attack_still_uses_the_leaders_attack() -> None:
    s = scen([{"front": ["squire"]}, {"hand": ["parry"], "energy": 1}], phase="battle")
    lead = leader(s, 0)
    s = do(s, f"atk:{lead}", f"tgt:{leader(s, 1)}", f"ctr:{uid(s, 'parry')}")
    assert s.influence[1] == 20 and f"atk:{lead}" not in keys(s)
    assert f"atk:{uid(s, 'squire')}" in keys(s)


def test_when_both_players_influence_reaches_0_at_once_the_game_is_a_draw() -> None:
    s = scen([{"hand": ["cataclysm"], "influence": 3}, {"influence": 3}], cards=CARDS,
             slow=True)
    s = do(s, f"play:{uid(s, 'cataclysm')}")
    r = result(s)
    assert r is not None and r.scores == (0.5, 0.5) and s.winners == []


def test_the_four_copy_limit_counts_the_deck_and_side_deck_together() -> None:
    deck = ["energy"] * 47 + ["squire"] * 3
    side = ["squire", "squire"] + ["energy"] * 8
    assert deck_problems("l_white", deck, BUILTIN, side=side) == [
        "At most 4 copies of Road Squire (5)."]
    assert deck_problems("l_white", deck, BUILTIN, side=["squire"] + ["energy"] * 9) == []


# ----- Moving cards into a full line --------------------------------------------------------
def test_moving_cards_into_a_full_line_the_owner_destroys_cards_already_there() -> None:
    s = scen([{"hand": ["regroup"]},
              {"front": ["squire", "runner"], "back": [PLANTED, PLANTED, PLANTED, DROPPED,
                                                       DROPPED]}], cards=CARDS, slow=True)
    movers = list(s.zones[1]["front"])
    there = list(s.zones[1]["back"])
    s = do(s, f"play:{uid(s, 'regroup')}")
    d = GAME.pending(s)[0]
    assert d.player == 1 and (d.min, d.max) == (2, 2)  # the line's owner, not the caster
    assert sorted(keys(s)) == sorted(str(u) for u in there)  # never a moved card
    assert "Long Sword (dropped)" in [o.label for o in d.options]
    kept = GAME.pending(GAME.from_json(json.loads(json.dumps(GAME.to_json(s)))))[0]
    assert kept == d, "the question and its labels live in the state, JSON and all"
    assert DE.say(kept.asked) == ("Deine Hinterlinie ist voll: Zerstöre dort 2 Karten, um "
                                  "Platz zu schaffen.")
    assert f"{DE.say(Said('Long Sword'))} (abgelegt)" in [DE.say(o.said) for o in kept.options]
    s = do(s, (str(there[0]), str(there[3])))
    assert s.zones[1]["back"] == [there[1], there[2], there[4], *movers]
    assert where(s, there[0]) == (1, "grave") and where(s, there[3]) == (1, "grave")


def test_never_one_of_the_cards_being_moved_two_cards_moved_by_one_effect() -> None:
    """Sidestep moves its two targets one op after the other: making room for the second,
    the first is one of the cards being moved, not a card that was already there."""
    s = scen([{"hand": ["sidestep"], "front": ["squire", "runner"],
               "back": [PLANTED, PLANTED, PLANTED, DROPPED, DROPPED]}], cards=CARDS)
    squire, runner = s.zones[0]["front"]
    there = list(s.zones[0]["back"])
    s = do(s, f"play:{uid(s, 'sidestep')}", f"tg:{squire}")
    assert sorted(keys(s)) == sorted(str(u) for u in there)
    s = do(s, str(there[0]))
    assert where(s, squire) == (0, "back")
    assert sorted(keys(s)) == sorted(str(u) for u in there[1:])  # not the squire
    s = do(s, str(there[1]))
    assert s.zones[0]["back"] == [*there[2:], squire, runner]
    assert {where(s, u) for u in there[:2]} == {(0, "grave")}


def test_never_one_of_the_cards_being_moved_three_cards_moved_by_one_effect() -> None:
    s = scen([{"front": ["bugler", "squire", "runner"],
               "back": [PLANTED, PLANTED, PLANTED, DROPPED, DROPPED]}], cards=CARDS)
    bugler, squire, runner = s.zones[0]["front"]
    there = list(s.zones[0]["back"])
    s = do(s, f"act:{bugler}", f"tg:{squire}", f"tg:{runner}", str(there[0]))
    assert sorted(keys(s)) == sorted(str(u) for u in there[1:])
    s = do(s, str(there[1]))
    assert sorted(keys(s)) == sorted(str(u) for u in there[2:])  # neither squire nor runner
    s = do(s, str(there[2]))
    assert s.zones[0]["back"] == [*there[3:], squire, runner, bugler]
    # cards being moved are not there to be destroyed: the third move cannot happen
    s = scen([{"front": ["bugler", "squire", "runner"],
               "back": ["bulwark", PLANTED, "bulwark", PLANTED, "bulwark"]}], cards=CARDS)
    bugler, squire, runner = s.zones[0]["front"]
    planted = s.zones[0]["back"][1]
    s = do(s, f"act:{bugler}", f"tg:{squire}", f"tg:{runner}")
    s, ev = act(s, str(planted))  # room for the squire; the other Planted card goes next
    assert [e.text for e in ev if e.kind == "move_blocked"] == [
        "Bugler cannot move to Player 1's backline: it is full and no card there can be "
        "destroyed to make room (the other cards there cannot be destroyed or are being moved "
        "there by the same effect: Stone Bulwark, Road Squire, Dune Runner)."]
    assert [s.kinds[u] for u in s.zones[0]["back"]] == [
        "bulwark", "bulwark", "bulwark", "squire", "runner"]
    assert where(s, bugler) == (0, "front")


def test_never_one_of_the_cards_being_moved_an_effect_moving_the_opponents_cards() -> None:
    s = scen([{"hand": ["herd"]},
              {"front": ["squire", "runner"], "back": [PLANTED, PLANTED, PLANTED, DROPPED,
                                                       DROPPED]}], cards=CARDS, slow=True)
    squire, runner = s.zones[1]["front"]
    there = list(s.zones[1]["back"])
    s = do(s, f"play:{uid(s, 'herd')}", f"tg:{squire}")
    d = GAME.pending(s)[0]
    assert d.player == 1 and (d.min, d.max) == (1, 1)  # the line's owner, not the caster
    s = do(s, str(there[3]))
    assert where(s, squire) == (1, "back") and who(s) == 1
    assert sorted(keys(s)) == sorted(str(u) for u in there if u != there[3])
    s = do(s, str(there[0]))
    assert s.zones[1]["back"] == [there[1], there[2], there[4], squire, runner]


def test_a_moved_card_leaving_a_line_frees_its_slot_for_the_cards_moving_in() -> None:
    s = scen([{"hand": ["muster"], "front": ["squire"] * 5, "back": ["spearman"] * 5}],
             cards=CARDS, slow=True)
    front, back = list(s.zones[0]["front"]), list(s.zones[0]["back"])
    s = do(s, f"play:{uid(s, 'muster')}")
    assert s.zones[0]["front"] == back and s.zones[0]["back"] == front  # no one destroyed
    assert who(s) == 0 and "battle" in keys(s)


def test_a_card_that_cannot_be_destroyed_cannot_be_chosen() -> None:
    s = scen([{"front": ["squire"], "back": ["bulwark", PLANTED, "bulwark", PLANTED, PLANTED]}],
             cards=CARDS)
    s = do(s, f"move:{uid(s, 'squire')}")
    assert sorted(keys(s)) == sorted(str(u) for u in s.zones[0]["back"]
                                     if s.kinds[u] == "seedling")
    # with exactly as many destroyable cards as needed, they go without a question
    s = scen([{"front": ["squire"], "back": ["bulwark", "bulwark", PLANTED, "bulwark",
                                             "bulwark"]}], cards=CARDS)
    s = do(s, f"move:{uid(s, 'squire')}")
    assert [s.kinds[u] for u in s.zones[0]["back"]] == ["bulwark"] * 4 + ["squire"]


def test_if_too_few_cards_there_can_be_destroyed_the_move_does_not_happen() -> None:
    s = scen([{"hand": ["shove"]}, {"front": ["squire"], "back": ["bulwark"] * 5}],
             cards=CARDS, slow=True)
    sq = uid(s, "squire", 1)
    s = do(s, f"play:{uid(s, 'shove')}")
    s, ev = act(s, f"tg:{sq}")
    assert where(s, sq) == (1, "front") and s.zones[1]["grave"] == []
    assert [e.text for e in ev if e.kind == "move_blocked"] == [
        "Road Squire cannot move to Player 2's backline: it is full and no card there can be "
        "destroyed to make room (Stone Bulwark cannot be destroyed)."]


def test_a_manual_move_that_cannot_happen_is_not_used_up_and_the_log_says_so() -> None:
    s = scen([{"front": ["squire", "spearman"], "back": ["bulwark"] * 5}], cards=CARDS)
    sq = uid(s, "squire")
    labels = {o.key: o.label for o in GAME.pending(s)[0].options}
    assert labels[f"move:{sq}"] == "Move Road Squire to the backline (full: cannot make room)"
    s, ev = act(s, f"move:{sq}")
    assert [e.text for e in ev] == [
        "Road Squire cannot move to Player 1's backline: it is full and no card there can be "
        "destroyed to make room (Stone Bulwark cannot be destroyed). Player 1's manual move "
        "this turn is not used."]
    assert where(s, sq) == (0, "front") and who(s) == 0
    assert f"move:{uid(s, 'spearman')}" in keys(s)  # the one manual move is still there


def test_an_equipped_creature_destroyed_for_room_drops_its_item_and_the_owner_keeps_destroying(
        ) -> None:
    s = scen([{"front": ["runner"], "back": [{"id": "squire", "item": "sword"}] + [
        "spearman"] * 4}])
    runner, squire, sword = uid(s, "runner"), uid(s, "squire"), uid(s, "sword")
    s = do(s, f"move:{runner}")
    assert str(runner) not in keys(s) and str(squire) in keys(s)
    s = do(s, str(squire))  # its Long Sword drops onto the freed slot: still full
    assert where(s, squire) == (0, "grave") and s.perms[sword].role == "dropped"
    assert who(s) == 0 and str(sword) in keys(s) and str(runner) not in keys(s)
    s = do(s, str(sword))
    assert where(s, runner) == (0, "back") and where(s, sword) == (0, "grave")
    assert not any(k.startswith("move:") for k in keys(s, 0))  # the manual move is used



def test_random_play_on_crowded_lines_keeps_every_invariant() -> None:
    """Random answers from boards where every kind of move meets a full line: lines never
    exceed five, no card is lost, and the state survives a JSON round trip."""
    crowded = {"front": ["runner", {"id": "squire", "item": "sword"}, "bulwark", "twinblade",
                         PLANTED],
               "back": ["spearman", DROPPED, PLANTED, {"id": "guard", "item": "sword"},
                        "bulwark"],
               "hand": ["regroup", "muster", "shove", "herd", "sidestep", "squire"],
               "energy": ["energy", "potion", "energy", "potion"]}
    for seed in range(12):
        s = scen([crowded, crowded], cards=CARDS, slow=seed % 2 == 1, phase="main")
        rng = Rng(seed)
        for _ in range(250):
            GAME.invariants(s)
            assert GAME.from_json(GAME.to_json(s)).to_json() == s.to_json()
            if result(s) is not None:
                break
            d = GAME.pending(s)[0]
            s, _ = act(s, *GAME.ai_choose("random", GAME.view(s, d.player), d, rng).choice,
                       player=d.player)
