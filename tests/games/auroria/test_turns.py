"""Layer 2: turn structure, Draw/Energy/Main, costs, summoning, mirrored windows, Slow Mode.

Each test names the codex section it checks.
"""

from __future__ import annotations

from bot.games.auroria.derived import energy_available
from tests.games.auroria.helpers import (
    act,
    default,
    do,
    keys,
    pw,
    result,
    scen,
    uid,
    where,
    who,
)

# ----- Each turn follows: Ready → Draw → Energy → Main → Battle → End ----------------------


def test_ready_step_readies_only_the_new_active_players_cards() -> None:
    s = scen([{"front": [{"id": "squire", "exhausted": True}],
               "energy": [{"id": "energy", "exhausted": True}]},
              {"front": [{"id": "squire", "exhausted": True}],
               "energy": [{"id": "energy", "exhausted": True}]}], phase="battle")
    s = do(s, "end")
    assert s.active == 1 and s.phase == "draw"
    assert not s.perms[uid(s, "squire", 1, "front")].exhausted
    assert not s.perms[uid(s, "energy", 1, "energy")].exhausted
    assert s.perms[uid(s, "squire", 0, "front")].exhausted  # not readied at End Phase
    assert s.perms[uid(s, "energy", 0, "energy")].exhausted


def test_phases_run_in_order() -> None:
    s = scen([{"hand": ["energy"]}], phase="draw")
    assert keys(s) == ["draw", "skip"]
    s = do(s, "skip")
    assert s.phase == "energy"
    s = do(s, f"en:{uid(s, 'energy', 0, 'hand')}")
    assert s.phase == "main"
    s = do(s, "battle")
    assert s.phase == "battle"
    s = do(s, "end")
    assert s.phase == "draw" and s.active == 1 and s.turn == 2


# ----- Draw Phase and deck-out --------------------------------------------------------------
def test_draw_phase_draws_one() -> None:
    s = scen(phase="draw")
    s = do(s, "draw")
    assert len(s.zones[0]["hand"]) == 1 and len(s.zones[0]["deck"]) == 9


def test_a_player_with_an_empty_deck_loses_at_the_start_of_their_draw_phase() -> None:
    s = scen([{}, {"deck": []}], phase="battle")
    s = do(s, "end")
    r = result(s)
    assert r is not None and r.winners == (0,) and r.reason == "deck-out"


def test_skipping_the_draw_does_not_save_a_player_from_deck_out() -> None:
    # the loss is checked before the player may choose to skip: no draw prompt appears
    s = scen([{}, {"deck": []}], phase="battle")
    s = do(s, "end")
    assert s.prompt is None and result(s) is not None


def test_drawing_from_an_empty_deck_by_effect_is_not_a_loss() -> None:
    s = scen([{"deck": [], "hand": ["herald"], "energy": 2}])
    s = do(s, f"play:{uid(s, 'herald')}", "line:front")
    assert result(s) is None
    assert where(s, uid(s, "herald")) == (0, "front")


# ----- Energy Phase -------------------------------------------------------------------------
def test_only_energy_cards_can_be_placed_as_energy_once_per_turn() -> None:
    s = scen([{"hand": ["energy", "energy", "squire", "potion"]}], phase="energy")
    assert keys(s) == [f"en:{uid(s, 'energy', 0, 'hand')}", "skip"]
    s = do(s, f"en:{uid(s, 'energy', 0, 'hand')}")
    assert s.phase == "main" and len(s.zones[0]["energy"]) == 1
    assert not any(k.startswith("en:") for k in keys(s))


def test_energy_phase_is_skipped_when_there_is_no_energy_in_hand() -> None:
    s = scen([{"hand": ["squire"]}], phase="draw")
    s = do(s, "skip")
    assert s.phase == "main"


def test_energy_pays_by_exhausting_and_refreshes_next_turn() -> None:
    s = scen([{"hand": ["spearman"], "energy": 3}])
    s = do(s, f"play:{uid(s, 'spearman')}", "line:front")
    assert energy_available(s, 0) == 1
    s = do(s, "battle", "end", "skip", "battle", "end")
    assert s.active == 0 and energy_available(s, 0) == 3


def test_empowered_energy_gives_its_bonus_when_placed() -> None:
    s = scen([{"hand": ["empowered"]}], phase="energy")
    s = do(s, f"en:{uid(s, 'empowered')}")
    assert len(s.zones[0]["hand"]) == 1  # drew a card


# ----- Main Phase: costs and summoning ------------------------------------------------------
def test_a_card_that_cannot_be_paid_is_not_offered() -> None:
    s = scen([{"hand": ["brute", "squire"], "energy": 2}])
    ks = keys(s)
    assert f"play:{uid(s, 'squire')}" in ks and f"play:{uid(s, 'brute')}" not in ks


def test_creatures_go_to_the_chosen_line_and_cannot_attack_that_turn() -> None:
    s = scen([{"hand": ["squire"], "energy": 1}])
    s = do(s, f"play:{uid(s, 'squire')}", "line:back")
    sq = uid(s, "squire", 0, "back")
    assert pw(s, sq) == 1
    s = do(s, "battle")
    assert f"atk:{sq}" not in keys(s)


def test_a_full_line_is_not_offered() -> None:
    s = scen([{"front": ["squire"] * 5, "hand": ["spearman"], "energy": 2}])
    s = do(s, f"play:{uid(s, 'spearman')}")
    assert where(s, uid(s, "spearman")) == (0, "back")  # the only line with room


def test_zero_power_line_destroys_the_creature_on_entry() -> None:
    s = scen([{"hand": ["brute"], "energy": 3}])
    s = do(s, f"play:{uid(s, 'brute')}", "line:back")
    assert where(s, uid(s, "brute")) == (0, "grave")


def test_counters_are_not_played_in_your_own_main_phase() -> None:
    s = scen([{"hand": ["negate"], "energy": 2}])
    assert keys(s) == ["battle"]


def test_identical_cards_in_hand_are_one_menu_entry() -> None:
    s = scen([{"hand": ["squire", "squire", "squire"], "energy": 1}])
    assert sum(k.startswith("play:") for k in keys(s)) == 1


def test_back_returns_to_the_menu_without_paying() -> None:
    s = scen([{"hand": ["squire"], "energy": 1}])
    s = do(s, f"play:{uid(s, 'squire')}")
    assert "back" in keys(s)
    s = do(s, "back")
    assert s.prompt is not None and s.prompt["k"] == "main" and energy_available(s, 0) == 1


# ----- Moving -------------------------------------------------------------------------------
def test_manual_move_once_per_turn_keeps_exhaustion() -> None:
    s = scen([{"front": [{"id": "squire", "exhausted": True}, "spearman"]}])
    sq, sp = uid(s, "squire"), uid(s, "spearman")
    s = do(s, f"move:{sq}")
    assert where(s, sq) == (0, "back") and s.perms[sq].exhausted
    assert f"move:{sp}" not in keys(s)


def test_moving_does_not_ready_or_exhaust_and_the_creature_may_still_attack() -> None:
    s = scen([{"back": ["spearman"]}])
    sp = uid(s, "spearman")
    s = do(s, f"move:{sp}")
    assert not s.perms[sp].exhausted
    s = do(s, "battle")
    assert f"atk:{sp}" in keys(s)  # no Quickness needed after a move


def test_moving_into_a_zero_power_line_destroys() -> None:
    s = scen([{"front": ["brute"]}])
    s = do(s, f"move:{uid(s, 'brute')}")
    assert where(s, uid(s, "brute")) == (0, "grave")


def test_a_manual_move_into_a_full_line_destroys_a_chosen_card_there() -> None:
    s = scen([{"front": ["spearman"], "back": ["squire"] * 5}])
    sp = uid(s, "spearman")
    s = do(s, f"move:{sp}")
    assert len(keys(s)) == 5  # which of the five makes room
    victim = uid(s, "squire", 0, "back", nth=2)
    s = do(s, str(victim))
    assert where(s, victim) == (0, "grave") and where(s, sp) == (0, "back")


def test_move_resets_next_turn() -> None:
    s = scen([{"front": ["squire"]}], phase="battle")
    s = do(s, "end", "skip", "battle", "end", "skip")
    assert f"move:{uid(s, 'squire')}" in keys(s)


# ----- Mirrored Action Windows --------------------------------------------------------------
def test_mirrored_draw_only_when_the_turn_player_draws() -> None:
    s = scen(phase="draw")
    s = do(s, "draw")
    assert who(s) == 1 and keys(s) == ["draw", "skip"]
    s = do(s, "draw")
    assert len(s.zones[1]["hand"]) == 1 and s.phase == "main"  # no Energy in hand: skipped
    s2 = do(scen(phase="draw"), "skip")
    assert len(s2.zones[1]["hand"]) == 0 and who(s2) == 0


def test_mirrored_energy_only_when_the_turn_player_places_energy() -> None:
    both = [{"hand": ["energy"]}, {"hand": ["energy"]}]
    s = scen(both, phase="energy")
    s = do(s, f"en:{uid(s, 'energy', 0, 'hand')}")
    assert who(s) == 1
    s = do(s, f"en:{uid(s, 'energy', 1, 'hand')}")
    assert len(s.zones[1]["energy"]) == 1 and s.phase == "main"
    s2 = do(scen(both, phase="energy"), "skip")
    assert who(s2) == 0 and s2.zones[1]["energy"] == []


def test_mirrored_main_window_after_a_main_phase_action() -> None:
    s = scen([{"hand": ["squire"], "energy": 1}, {"hand": ["spearman"], "energy": 2}])
    s = do(s, f"play:{uid(s, 'squire')}", "line:front")
    assert who(s) == 1
    assert f"play:{uid(s, 'spearman')}" in keys(s) and "pass" in keys(s)
    s = do(s, f"play:{uid(s, 'spearman')}", "line:front")
    assert where(s, uid(s, "spearman")) == (1, "front")
    assert where(s, uid(s, "squire")) == (0, "front")
    assert who(s) == 0 and s.prompt is not None and s.prompt["k"] == "main"


def test_no_free_mirrored_action_when_the_turn_player_just_passes() -> None:
    s = scen([{}, {"hand": ["spearman"], "energy": 2}])
    s = do(s, "battle")
    assert who(s) == 0 and s.phase == "battle"


def test_a_move_also_opens_a_mirrored_window() -> None:
    s = scen([{"front": ["squire"]}, {"front": ["squire"]}])
    s = do(s, f"move:{uid(s, 'squire', 0)}")
    assert who(s) == 1 and f"move:{uid(s, 'squire', 1)}" in keys(s)
    s = do(s, f"move:{uid(s, 'squire', 1)}")
    assert where(s, uid(s, "squire", 1)) == (1, "back")
    assert who(s) == 0


def test_slow_mode_has_no_mirrored_windows() -> None:
    s = scen([{"hand": ["squire", "energy"], "energy": 1},
              {"hand": ["spearman", "energy"], "energy": 2}], slow=True, phase="draw")
    s = do(s, "draw")
    assert who(s) == 0 and s.phase == "energy"
    s = do(s, f"en:{uid(s, 'energy', 0, 'hand')}")
    assert who(s) == 0 and s.phase == "main"
    s = do(s, f"play:{uid(s, 'squire')}", "line:front")
    assert who(s) == 0 and s.prompt is not None and s.prompt["k"] == "main"


def test_windows_without_a_legal_response_pass_by_themselves() -> None:
    s = scen([{"hand": ["squire"], "energy": 1}, {"hand": ["brute"], "energy": 1}])
    s = do(s, f"play:{uid(s, 'squire')}", "line:front")
    assert who(s) == 0


def test_auto_pass_mirrored_windows_for_the_rest_of_the_match() -> None:
    s = scen([{"hand": ["squire", "squire"], "energy": 2},
              {"hand": ["spearman"], "energy": 2}])
    s = do(s, f"play:{uid(s, 'squire')}", "line:front", "autopass")
    assert s.autopass[1] and who(s) == 0
    s = do(s, f"play:{uid(s, 'squire', 0, 'hand')}", "line:front")
    assert who(s) == 0  # no more mirrored windows for player 2


def test_activate_main_once_per_turn_and_in_a_mirrored_window() -> None:
    s = scen([{"front": ["tinker"], "energy": 2, "hand": ["squire"]},
              {"front": ["tinker"], "energy": 1}])
    t0, t1 = uid(s, "tinker", 0), uid(s, "tinker", 1)
    s = do(s, f"act:{t0}")
    assert who(s) == 1 and f"act:{t1}" in keys(s)
    s = do(s, f"act:{t1}")
    assert pw(s, t0) == 3 and pw(s, t1) == 3
    assert who(s) == 0 and f"act:{t0}" not in keys(s)  # once per turn


def test_end_phase_clears_turn_modifiers_and_non_structure_damage() -> None:
    s = scen([{"front": [{"id": "spearman", "damage": 2}, {"id": "palisade", "damage": 1}],
               "energy": 1, "hand": ["rally"]}])
    sp, pal = uid(s, "spearman"), uid(s, "palisade")
    s = do(s, f"play:{uid(s, 'rally')}", f"tg:{sp}")
    assert pw(s, sp) == 5
    s = do(s, "battle", "end")
    assert pw(s, sp) == 3 and s.perms[sp].damage == 0
    assert s.perms[pal].damage == 1  # Structures keep marked damage


# ----- Potions ------------------------------------------------------------------------------
def test_potions_enter_exhausted_and_go_to_the_graveyard_when_used() -> None:
    s = scen([{"hand": ["potion", "squire"]}])
    s = do(s, f"play:{uid(s, 'potion')}")
    pot = uid(s, "potion")
    assert where(s, pot) == (0, "energy") and s.perms[pot].exhausted
    assert f"play:{uid(s, 'squire')}" not in keys(s)
    s = do(s, "battle", "end", "skip", "battle", "end", "skip")
    s = do(s, f"play:{uid(s, 'squire')}", "line:front")
    assert where(s, pot) == (0, "grave")


def test_energy_is_spent_before_potions() -> None:
    """By default: the offered answer (one press) spends Energy and keeps the Potion."""
    s = scen([{"hand": ["squire"], "energy": ["energy", "potion"]}])
    s = do(s, f"play:{uid(s, 'squire')}", "line:front")
    s = do(s, default(s))
    assert where(s, uid(s, "potion")) == (0, "energy")
    assert s.perms[uid(s, "energy", 0, "energy")].exhausted


def test_decisions_fit_a_discord_menu() -> None:
    many = [{"id": f"c{i}", "name": f"Card {i}", "type": "creature", "cost": 0, "front": 1,
             "back": 1} for i in range(30)]
    s = scen([{"hand": [c["id"] for c in many], "front": ["squire"] * 2}], cards=many)
    ks = keys(s)
    assert len(ks) <= 25
    assert any(k.startswith("menu:") for k in ks)
    s, _ = act(s, "menu:play")
    assert all(k.startswith("play:") or k == "back" for k in keys(s))
