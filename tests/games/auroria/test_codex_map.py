"""Traceability: every section of the codex names the tests that check its rules.

Reads ``../shared/rules/auroria-codex.txt`` (skipped when the rulebooks are not next to the
checkout) and fails when a section has no entry or an entry names a test that is gone.
Bullets that cannot be expressed are listed below the map with the reason.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

CODEX = Path(__file__).resolve().parents[3].parent / "shared" / "rules" / "auroria-codex.txt"
MODULES = ("chain", "combat", "data", "details", "house_rules", "items_plants", "keywords",
           "rulings", "turns")

SECTIONS: dict[str, list[str]] = {
    "Each player draws 7": [
        "data.test_mercy_mulligan_is_free_and_keeps_the_chosen_cards",
        "data.test_each_paid_mulligan_costs_one_card",
        "data.test_keeping_the_whole_hand_ends_mulligans_and_the_game_begins"],
    "Win by reducing": [
        "combat.test_influence_zero_or_less_loses",
        "turns.test_a_player_with_an_empty_deck_loses_at_the_start_of_their_draw_phase",
        "items_plants.test_a_card_specific_win_condition"],
    "A player loses at the start": [
        "turns.test_skipping_the_draw_does_not_save_a_player_from_deck_out"],
    "Influence is the leader-based": [
        "data.test_setup_puts_leaders_in_place_and_deals_seven",
        "chain.test_choose_one_creates_a_decision",
        "combat.test_higher_power_survives_with_marked_damage",
        "combat.test_equal_power_destroys_both_and_costs_no_influence",
        "combat.test_a_leader_can_always_be_attacked"],
    "Each turn follows": [
        "turns.test_phases_run_in_order",
        "turns.test_ready_step_readies_only_the_new_active_players_cards",
        "turns.test_end_phase_clears_turn_modifiers_and_non_structure_damage"],
    "After the Ready Step": [
        "turns.test_draw_phase_draws_one",
        "turns.test_drawing_from_an_empty_deck_by_effect_is_not_a_loss"],
    "Once per turn you may play one Energy": [
        "turns.test_only_energy_cards_can_be_placed_as_energy_once_per_turn",
        "turns.test_energy_pays_by_exhausting_and_refreshes_next_turn",
        "turns.test_empowered_energy_gives_its_bonus_when_placed"],
    "During the Main Phase": [
        "turns.test_a_card_that_cannot_be_paid_is_not_offered",
        "turns.test_counters_are_not_played_in_your_own_main_phase",
        "items_plants.test_an_item_equips_to_a_chosen_creature_and_gives_its_bonus",
        "turns.test_manual_move_once_per_turn_keeps_exhaustion"],
    "Declare attacks with ready": [
        "combat.test_only_ready_frontline_creatures_and_the_leader_may_attack",
        "combat.test_declaring_an_attack_exhausts_the_attacker_at_once",
        "combat.test_a_creature_attacks_once_per_turn",
        "turns.test_creatures_go_to_the_chosen_line_and_cannot_attack_that_turn",
        "combat.test_attack_targets_are_the_leader_or_exhausted_enemy_creatures"],
    "In normal Auroria TCG": [
        "turns.test_mirrored_draw_only_when_the_turn_player_draws",
        "turns.test_mirrored_energy_only_when_the_turn_player_places_energy",
        "turns.test_mirrored_main_window_after_a_main_phase_action",
        "turns.test_no_free_mirrored_action_when_the_turn_player_just_passes",
        "rulings.test_the_non_turn_player_never_attacks"],
    "A card's power depends": [
        "turns.test_zero_power_line_destroys_the_creature_on_entry",
        "turns.test_creatures_go_to_the_chosen_line_and_cannot_attack_that_turn",
        "chain.test_aura_spells_persist_and_give_their_effect"],
    "The board has two lines": [
        "combat.test_attack_targets_are_the_leader_or_exhausted_enemy_creatures",
        "combat.test_only_defenders_block_attacks_on_creatures"],
    "Moving a creature between lines": [
        "turns.test_moving_does_not_ready_or_exhaust_and_the_creature_may_still_attack",
        "turns.test_moving_into_a_zero_power_line_destroys",
        "turns.test_a_manual_move_into_a_full_line_destroys_a_chosen_card_there",
        "rulings.test_effect_moves_keep_damage_and_follow_the_full_line_rule",
        "house_rules.test_moving_cards_into_a_full_line_the_owner_destroys_cards_already_there"],
    "A creature can attack the opposing Leader": [
        "combat.test_marked_damage_lowers_the_power_a_creature_fights_with",
        "combat.test_an_exhausted_creature_still_deals_its_power_when_attacked",
        "combat.test_equal_power_destroys_both_and_costs_no_influence"],
    "After an attack is declared": [
        "combat.test_blocking_a_leader_attack_with_a_front_or_back_creature",
        "combat.test_blocker_exhausts_and_no_leader_damage_when_blocked",
        "combat.test_a_creature_blocks_once_per_turn",
        "combat.test_declining_to_block",
        "combat.test_a_blocker_stays_exhausted_and_can_then_be_attacked"],
    "Leaders start with influence": [
        "combat.test_unblocked_leader_attack_costs_influence_equal_to_power",
        "combat.test_leaders_attack_once_without_exhausting"],
    "A ready creature may attack": [
        "details.test_an_exhausted_creature_cannot_use_its_activate_effect",
        "details.test_an_exhausted_creature_keeps_its_on_death",
        "combat.test_an_exhausted_creature_cannot_block",
        "chain.test_destroy_and_return_effects"],
    "At the start of your turn": [
        "details.test_readying_keeps_attachments_and_lasting_effects",
        "combat.test_readying_makes_a_creature_an_illegal_target_again"],
    "Leaders do not exhaust when they attack": [
        "combat.test_a_leader_attacking_a_creature_needs_it_exhausted_and_takes_no_damage"],
    "Attackers and blockers are already exhausted": [
        "combat.test_declaring_an_attack_exhausts_the_attacker_at_once",
        "chain.test_a_block_opens_a_window_where_the_blocker_is_already_exhausted"],
    "Cards occupy specific zones": [
        "details.test_graveyards_are_face_up_for_everyone",
        "data.test_setup_puts_leaders_in_place_and_deals_seven",
        "data.test_every_card_is_in_exactly_one_zone_after_setup"],
    "Aura Spells create ongoing": [
        "details.test_several_aura_spells_work_at_once",
        "chain.test_aura_spells_persist_and_give_their_effect",
        "chain.test_only_five_aura_spell_zones",
        "chain.test_aura_spells_can_be_destroyed_and_their_effect_ends",
        "rulings.test_an_aura_may_have_an_activate_effect"],
    "Damage assigned to a creature": [
        "details.test_leader_influence_loss_is_permanent",
        "turns.test_end_phase_clears_turn_modifiers_and_non_structure_damage",
        "rulings.test_permanent_power_changes_outlast_the_end_phase"],
    "A deck can only include 4 enhanced": [
        "rulings.test_one_leader_and_at_most_four_enhanced_cards"],
    "Items represent weapons": [
        "items_plants.test_dropped_items_cannot_be_attacked_or_block"],
    "Items are played during the Main Phase": [
        "details.test_playing_an_item_is_not_a_summon",
        "items_plants.test_an_item_equips_to_a_chosen_creature_and_gives_its_bonus",
        "items_plants.test_leader_items_equip_to_the_leader",
        "items_plants.test_an_item_needs_an_eligible_carrier"],
    "Equipped items grant their bonuses": [
        "items_plants.test_an_equipped_item_drops_onto_the_slot_when_its_creature_dies"],
    "When an equipped creature dies": [
        "items_plants.test_an_equipped_item_drops_onto_the_slot_when_its_creature_dies",
        "items_plants.test_only_the_original_owner_may_discover"],
    "Discover allows a creature": [
        "items_plants.test_discover_by_the_owners_creature_in_the_same_line_costs_nothing",
        "items_plants.test_a_creature_already_carrying_an_item_cannot_discover"],
    "Items can be destroyed": [
        "items_plants.test_item_destruction_hits_equipped_dropped_and_under_items"],
    "Some items are placed under your leader": [
        "items_plants.test_gold_coin_goes_under_the_leader_and_cannot_be_discovered"],
    "Gold Coin is placed under": [
        "items_plants.test_gold_coin_goes_under_the_leader_and_cannot_be_discovered"],
    "Planted cards cannot equip": [
        "items_plants.test_an_item_needs_an_eligible_carrier",
        "rulings.test_planted_cards_cannot_discover"],
    "Bloom cards may use Planted": [
        "items_plants.test_bloom_pays_with_planted_cards_which_go_to_the_graveyard"],
    "Activate: Main effects": [
        "turns.test_activate_main_once_per_turn_and_in_a_mirrored_window",
        "chain.test_an_activate_effect_can_be_countered"],
    "Bloom allows a card": [
        "items_plants.test_bloom_cannot_reduce_below_zero",
        "items_plants.test_non_bloom_cards_cannot_use_planted_cards"],
    "Spell chains resolve": [
        "chain.test_the_chain_resolves_last_in_first_out",
        "chain.test_a_counter_negates_a_spell",
        "chain.test_after_a_counter_only_counters_may_respond",
        "chain.test_a_counter_can_be_countered",
        "chain.test_a_countered_summon_was_never_played_so_no_on_play",
        "chain.test_counters_only_answer_the_opponent"],
    "Defender allows a ready creature": [
        "keywords.test_defender_blocks_an_attack_on_a_creature",
        "keywords.test_an_exhausted_defender_cannot_block_and_blocks_once",
        "keywords.test_stealth_cannot_be_blocked_by_non_stealth_not_even_a_defender"],
    "Discarded effects trigger": [
        "chain.test_discard_choice_and_discarded_trigger",
        "chain.test_a_card_played_normally_is_not_discarded",
        "rulings.test_a_forced_discard_triggers_the_owners_discarded_effect"],
    "Dual Attack": [
        "keywords.test_dual_attack_readies_after_the_first_and_moves_back_after_the_second",
        "keywords.test_dual_attack_without_a_second_attack_does_not_move",
        "keywords.test_dual_attack_does_not_give_quickness"],
    "On Death effects trigger": [
        "details.test_a_discarded_creature_does_not_trigger_on_death",
        "keywords.test_on_death_resolves_before_the_card_reaches_the_graveyard",
        "keywords.test_simultaneous_on_death_effects_are_ordered_by_the_active_player",
        "keywords.test_returning_to_hand_is_not_a_death"],
    "On Play effects trigger": [
        "chain.test_on_play_resolves_when_not_countered",
        "chain.test_on_play_can_be_countered"],
    "Overgrowth plants cards": [
        "items_plants.test_overgrowth_plants_cards_from_the_graveyard",
        "rulings.test_overgrowth_plants_feed_bloom"],
    "Piercing": [
        "details.test_piercing_from_two_sources_does_not_stack",
        "keywords.test_piercing_excess_over_remaining_power_costs_influence",
        "keywords.test_piercing_counts_marked_damage",
        "keywords.test_exactly_lethal_and_nonlethal_damage_do_not_pierce",
        "keywords.test_piercing_uses_the_backline_power",
        "keywords.test_power_increases_reduce_piercing",
        "keywords.test_piercing_through_a_blocked_leader_attack",
        "keywords.test_piercing_needs_an_exhausted_target",
        "keywords.test_no_piercing_from_spell_destruction",
        "keywords.test_a_negated_attack_does_not_pierce"],
    "A Planted card is a face-down": [
        "items_plants.test_planted_cards_cannot_attack_block_or_be_attacked",
        "items_plants.test_planted_cards_are_face_down_in_the_leaders_colour",
        "keywords.test_on_death_can_plant_the_dying_card"],
    "Potions are treated": [
        "turns.test_potions_enter_exhausted_and_go_to_the_graveyard_when_used",
        "turns.test_energy_is_spent_before_potions"],
    "Quickness lets a card": [
        "keywords.test_quickness_attacks_the_turn_it_is_played",
        "keywords.test_quickness_still_needs_a_ready_creature_and_grants_no_extra_attack"],
    "Ranger allows a card": [
        "keywords.test_ranger_attacks_from_the_backline_but_not_when_new"],
    "Stealth protects a card": [
        "keywords.test_stealth_cannot_be_attacked_by_non_stealth_even_when_exhausted",
        "keywords.test_stealth_cannot_be_blocked_by_non_stealth_not_even_a_defender",
        "keywords.test_stealth_does_not_stop_effects"],
    "Structure": [
        "keywords.test_structure_blocks_while_exhausted_and_readies_after_declaring",
        "keywords.test_structure_keeps_damage_and_dies_when_it_reaches_its_power",
        "keywords.test_structure_does_not_block_stealth"],
    "Swift moves a card": [
        "details.test_swift_movement_follows_line_power",
        "keywords.test_swift_attacker_that_survives_moves_to_the_backline_without_readying",
        "keywords.test_swift_blocker_that_survives_moves_to_the_frontline",
        "keywords.test_swift_into_a_full_line_makes_its_controller_destroy_a_card_there"],
    "A legal Auroria TCG deck": [
        "rulings.test_a_legal_deck_has_51_to_61_cards_with_the_leader",
        "rulings.test_four_copies_except_basic_energy_and_empowered_energy_is_limited",
        "rulings.test_identity_channels_narrow_by_intersection",
        "rulings.test_spell_likes_and_energy_match_the_leaders_colour",
        "rulings.test_a_side_deck_holds_exactly_ten"],
    "Frequently referenced rulings": [
        "rulings.test_protection_does_what_it_says",
        "rulings.test_zero_power_on_placement_destroys_before_on_play",
        "rulings.test_a_destroyed_planted_card_goes_to_the_graveyard_without_effects",
        "rulings.test_the_same_destruction_effect_cannot_aim_twice_at_one_card_in_a_chain",
        "keywords.test_simultaneous_on_death_effects_are_ordered_by_the_active_player"],
    "Effects that exhaust or ready": [
        "combat.test_an_exhaust_effect_makes_a_ready_creature_attackable",
        "rulings.test_readying_an_enemy_creature_makes_it_an_illegal_attack_target"],
    "Slow Mode is an alternate": [
        "details.test_slow_mode_still_allows_counters",
        "details.test_slow_mode_still_allows_blocks",
        "turns.test_slow_mode_has_no_mirrored_windows",
        "chain.test_no_window_without_energy_for_the_counter"],
}

# Bullets not expressed, and why:
# - "Enhanced cards ... can be used when their condition is met": no enhanced card text
#   exists yet (the Set 1 pool issue); the deck limit of 4 is checked.
# - "Leader damage prevention applies normally to Piercing": no prevention effect exists.
# - "Structure decks are pre-built starting points" and the four deck names: card pool issue.
# - "Ask on the Auroria TCG Forum" and the balance-review notes: advice, not rules.


def _headings() -> list[str]:
    lines = CODEX.read_text(encoding="utf-8").splitlines()
    return [line for line in lines[1:] if line and not line.startswith(("•", " "))]


@pytest.mark.skipif(not CODEX.exists(), reason="the rulebooks are not next to this checkout")
def test_every_codex_section_has_tests() -> None:
    missing = [h for h in _headings() if not any(h.startswith(k) for k in SECTIONS)]
    assert missing == []


def test_every_named_test_exists() -> None:
    modules = {m: importlib.import_module(f"tests.games.auroria.test_{m}") for m in MODULES}
    for names in SECTIONS.values():
        for ref in names:
            module, _, func = ref.partition(".")
            assert callable(getattr(modules[module], func, None)), ref
