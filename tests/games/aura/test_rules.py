"""One test per rule of the turn: set-up, play, blocks, discards, cleanup, draw, Aura card, end."""

from __future__ import annotations

import pytest

from bot.engine import Action, IllegalAction, Rng, StaleDecision, parse_options, play
from bot.games.aura import GAME
from bot.games.aura.cards import (
    ACTION,
    AURA,
    BLOCK,
    COLOUR,
    DOUBLE,
    KIND,
    RETURN,
    REVERSE,
    TRADE,
    draw_value,
)
from bot.games.aura.outcome import beats, judge
from bot.games.aura.scoring import standings
from bot.games.aura.setup import draw_for_start
from bot.games.aura.state import BLOCK as BLOCK_PHASE
from bot.games.aura.state import BY_HIGHER, BY_TRUMP, EXTRA, OVER, PLAY, AuraState, evolve
from tests.games.aura.helpers import Match, card

NONE = (0, 0, 0, 0, 0)


def new(players: int = 2, **options: object) -> AuraState:
    return GAME.setup(players, parse_options(GAME.options, options), seed=11)


# --- set-up -------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_gets_their_own_51_card_deck_8_in_hand_and_the_aura_card_at_the_bottom(
        players: int) -> None:
    state = new(players)
    for seat in range(players):
        assert len(state.hands[seat]) == 8
        assert state.decks[seat][-1] == AURA and len(state.decks[seat]) == 51 - 8
        assert sorted(state.hands[seat] + state.decks[seat]) == list(range(51))
    assert state.phase == PLAY and state.turn == 1


def test_beginner_game_leaves_the_action_cards_out() -> None:
    state = new(3, beginner=True)
    for seat in range(3):
        cards = state.hands[seat] + state.decks[seat]
        assert len(cards) == 46 and not [c for c in cards if KIND[c] == ACTION]


def test_for_the_starting_player_actions_count_highest_and_a_wild_as_8() -> None:
    assert draw_value(RETURN) > draw_value(card("red 8")) == draw_value(card("red wild")) == 8
    assert draw_value(card("blue 1")) == 1


@pytest.mark.parametrize("seed", range(40))
def test_starting_player_is_the_highest_draw_and_ties_draw_again(seed: int) -> None:
    start, rounds = draw_for_start(4, list(range(50)), Rng(seed))
    drawing = [0, 1, 2, 3]
    for draws in rounds:
        assert [s for s in range(4) if draws[s] != -1] == drawing
        best = max(draw_value(draws[s]) for s in drawing)
        drawing = [s for s in drawing if draw_value(draws[s]) == best]
    assert drawing == [start]


def test_the_opening_draws_are_public_in_the_view() -> None:
    state = new(4)
    opening = GAME.view(state, None)["opening"]
    assert opening and len(opening[0]) == 4
    last = [c for c in opening[-1] if c is not None]
    assert GAME.view(state, None)["active"] == opening[-1].index(
        max(last, key=lambda c: draw_value(c["id"])))


# --- play ---------------------------------------------------------------------------------

def test_the_active_player_plays_one_colour_or_all_different_colours() -> None:
    m = Match([["red 1", "red 2", "green 3", "green 4", "blue 5"], ["blue 1"]])
    with pytest.raises(IllegalAction, match="one colour"):
        m.do(0, "Red 1", "Red 2", "Green 3")
    m.do(0, "Red 1", "Green 3", "Blue 5")
    assert [COLOUR[c] for c in m.state.table[0]] == [0, 2, 4]


def test_a_play_is_two_to_five_cards() -> None:
    m = Match([["red 1", "red 2", "red 3", "red 4", "red 5", "red 6"], ["blue 1"]])
    decision = m.decision(0)
    assert (decision.min, decision.max) == (2, 5)
    with pytest.raises(IllegalAction):
        m.do(0, "Red 1")
    with pytest.raises(IllegalAction):
        m.do(0, "Red 1", "Red 2", "Red 3", "Red 4", "Red 5", "Red 6")


def test_a_move_rejects_cards_not_in_hand_and_old_prompts() -> None:
    m = Match([["red 1", "red 2"], ["blue 1"]])
    decision = m.decision(0)
    with pytest.raises(IllegalAction, match="not one of the choices"):
        play(GAME, m.state, 0, Action(decision.id, ("1", "7")))
    with pytest.raises(IllegalAction):
        play(GAME, m.state, 0, Action(decision.id, ("x", "y")))
    with pytest.raises(StaleDecision):
        play(GAME, m.state, 0, Action("a99.play", ("0", "1")))
    before = m.state
    m.do(0, "Red 1", "Red 2")
    with pytest.raises(StaleDecision):
        play(GAME, m.state, 0, Action(decision.id, ("0", "1")))
    assert before.table == ()   # apply never changes its input


# --- blocks -------------------------------------------------------------------------------

def test_blockers_place_one_by_one_in_turn_order_and_see_earlier_positions() -> None:
    m = Match([["red 1"], ["blue 1"], ["green 1", "green 2"], ["beige 1"]], start=2)
    m.do(2, "Green 1", "Green 2")
    assert [d.player for d in GAME.pending(m.state)] == [3]
    m.block(3, None, "Beige 1")
    assert [d.player for d in GAME.pending(m.state)] == [0]
    # Player 1 sees where Player 4 put a block, but only its back.
    assert m.row(3, viewer=0)["cells"] == [None, {"card": {"back": 4}, "beats": None,
                                                 "blocked": None, "discards": None}]
    assert m.row(3, viewer=3)["cells"][1]["card"]["label"] == "Beige 1"
    m.block(0, "Red 1")
    m.block(1)
    assert m.state.phase != BLOCK_PHASE


def test_a_block_decision_names_its_target_and_offers_to_stop() -> None:
    m = Match([["red 1", "red 2", "red 3"], ["blue 1", "blue 2"]])
    m.do(0, "Red 1", "Red 2", "Red 3")
    decision = m.decision(1)
    assert "Card 1 of 3" in decision.prompt
    assert [o.key for o in decision.options] == [str(card("blue 1")), str(card("blue 2")),
                                                 "none", "done"]
    m.do(1, "none")
    assert "Card 2 of 3" in m.decision(1).prompt
    m.do(1, "done")
    assert m.state.phase != BLOCK_PHASE and m.state.table[1] == (-1, -1, -1)


@pytest.mark.parametrize(("block", "target", "how"), [
    ("blue 1", "red 8", BY_TRUMP), ("red 1", "purple 8", BY_TRUMP),
    ("purple 1", "green 8", BY_TRUMP), ("green 1", "beige 8", BY_TRUMP),
    ("beige 1", "blue 8", BY_TRUMP), ("red 6", "red 5", BY_HIGHER), ("red 5", "red 5", 0),
    ("red 4", "red 5", 0), ("red 8", "blue 1", 0), ("blue 8", "return", BY_TRUMP),
    ("red 8", "return", 0), ("return", "red 8", BY_HIGHER), ("green 8", "purple 1", 0),
])
def test_colours_and_trumps_exactly_as_printed(block: str, target: str,
                                               how: int) -> None:
    assert beats(card(block), NONE, card(target), NONE) == how


def test_wilds_count_as_the_number_named() -> None:
    wild = card("purple wild")
    named = (0, 8, 0, 0, 0)
    assert beats(wild, named, card("purple 7"), NONE) == BY_HIGHER
    assert beats(wild, (0, 7, 0, 0, 0), card("purple 7"), NONE) == 0
    assert beats(card("purple 7"), NONE, wild, (0, 6, 0, 0, 0)) == BY_HIGHER


def test_every_blocker_is_judged_on_their_own() -> None:
    red5, blue1 = card("red 5"), card("blue 1")
    result = judge([(red5,), (blue1,), (-1,)], 0, [NONE] * 3)
    assert result.owes == (0, 0, 1)


def test_double_doubles_every_discard_and_two_do_not_stack() -> None:
    red5 = card("red 5")
    one = judge([(red5, DOUBLE), (-1, -1)], 0, [NONE] * 2)
    two = judge([(red5, DOUBLE), (-1, DOUBLE)], 0, [NONE] * 2)
    assert one.double and one.owes == two.owes == (0, 4)


def test_the_active_players_block_card_is_only_a_blue_9() -> None:
    result = judge([(BLOCK, card("red 2")), (-1, -1)], 0, [NONE] * 2)
    assert result.owes == (0, 2) and not any(result.blocked_all)


def test_reverse_by_a_blocker_flips_every_blocker() -> None:
    red5, green3 = card("red 5"), card("green 3")
    result = judge([(red5, green3), (card("blue 1"), REVERSE), (-1, -1)], 0, [NONE] * 3)
    assert result.reverse and result.owes == (0, 1, 0)


# --- reveal effects -------------------------------------------------------------------------

def test_return_can_take_back_its_own_card_and_effects_resolve_from_the_active_player() -> None:
    m = Match([["red 1", "return"], ["return", "blue 2"]])
    m.do(0, "Red 1", "Return")
    m.block(1, "Return", "Blue 2")
    assert m.decision(0).id.endswith(".return")   # the active player resolves first
    m.do(0, "Return (red action) (Player 1, card 2)")
    assert RETURN in m.state.hands[0]
    m.do(1, "Red 1")   # Player 2 then sends the red 1 back too: nothing left to block
    assert card("red 1") in m.state.hands[0]
    assert m.state.phase == EXTRA


def test_a_card_returned_before_its_turn_to_resolve_has_no_effect() -> None:
    m = Match([["red 1", "return", "red 3"], ["trade", "blue 2"]], discards=[[], ["double"]])
    m.do(0, "Red 1", "Return")
    m.block(1, "Trade", "Blue 2")
    m.do(0, "Trade")   # Player 1 returns Player 2's Trade before it resolves
    assert TRADE in m.state.hands[1]
    assert m.state.phase != "reveal"


def test_trade_with_an_empty_discard_pile_does_nothing() -> None:
    m = Match([["red 1", "trade"], ["blue 2"]])
    m.do(0, "Red 1", "Trade")
    m.block(1, "Blue 2")
    assert m.state.phase != "reveal"
    assert any("empty discard pile" in e.text for e in m.events)


def test_a_long_discard_pile_is_offered_by_colour_first() -> None:
    pile = [f"{c} {v}" for c in ("purple", "green", "beige") for v in range(1, 9)] + ["blue 1"]
    m = Match([["red 1", "trade"], ["blue 2"]], discards=[pile, []])
    m.do(0, "Red 1", "Trade")
    m.block(1, "Blue 2")
    first = m.decision(0)
    assert [o.label for o in first.options] == ["Purple cards", "Green cards", "Beige cards",
                                                "Blue cards", "Keep the Trade card"]
    m.do(0, "Green cards")
    assert len(m.decision(0).options) == 9
    m.do(0, "Green 8")
    assert card("green 8") in m.state.table[0]


def test_a_player_orders_their_own_return_and_trade() -> None:
    m = Match([["red 1", "return", "trade"], ["blue 2"]], discards=[["red 8"], []])
    m.do(0, "Return", "Trade")
    m.block(1, "Blue 2")
    decision = m.decision(0)
    assert decision.kind == "order"
    m.do(0, str(TRADE), str(RETURN))
    assert m.decision(0).id.endswith(".trade")


# --- discards -------------------------------------------------------------------------------

def test_discards_come_from_blocks_hand_or_the_top_of_the_deck_and_tops_stay_secret() -> None:
    m = Match([["red 5", "green 5"], ["red 1", "blue 7", "beige 2"]],
              decks=[[], ["purple 3", "purple 4"]], options={"beginner": True})
    m.do(0, "Red 5", "Green 5")
    m.block(1, "Red 1")
    decision = m.decision(1)
    assert [o.group for o in decision.options] == ["table", "hand", "hand", "deck", "deck"]
    m.do(1, "Red 1 (your block on card 1)", "Top of deck #1")
    public = next(e for e in m.events if e.kind == "discard")
    private = next(e for e in m.events if e.kind == "discard_top")
    assert public.audience is None and "Purple" not in public.text and "Red 1" in public.text
    assert private.audience == (1,) and "Purple 3" in private.text
    assert m.state.discards[1] == (card("red 1"), card("purple 3"))
    assert GAME.view(m.state, 0)["seats"][1]["discarded"] is None
    assert GAME.view(m.state, 0)["seats"][1]["discard"] == 2
    assert [c["label"] for c in GAME.view(m.state, 1)["seats"][1]["discarded"]] == [
        "Red 1", "Purple 3"]


def test_the_active_player_never_discards() -> None:
    m = Match([["red 5", "green 5"], ["blue 1"]])
    m.do(0, "Red 5", "Green 5")
    m.block(1)
    assert m.owes()[0] == 0 and not m.has_decision(0)


def test_owing_more_than_you_have_discards_everything() -> None:
    m = Match([["red 5", "green 5", "blue 5", "beige 5", "purple 5"], ["red 1"]],
              decks=[["red 1", "red 2"], ["blue 1", "blue 2"]], rest="discard")
    m.do(0, "Red 5", "Green 5", "Blue 5", "Beige 5", "Purple 5")
    m.block(1, "Red 1")
    assert not m.has_decision(1)
    assert m.state.hands[1] == () and set(m.state.discards[1]) >= {card("red 1"),
                                                                   card("blue 1"), card("blue 2")}


# --- cleanup, draw, additional turn --------------------------------------------------------

def test_cleanup_puts_played_cards_under_the_aura_card_and_draw_fills_up_to_five() -> None:
    m = Match([["red 5", "green 6", "blue 6"], ["blue 1", "blue 2", "blue 3", "blue 4",
                                               "blue 5", "blue 6", "blue 7"]])
    m.do(0, "Red 5", "Green 6")
    m.block(1, "Blue 1", None)
    m.do(1, "Top of deck #1")
    assert m.state.decks[0][-3:] == (AURA, card("red 5"), card("green 6"))
    assert m.state.decks[1][-2:] == (AURA, card("blue 1"))
    assert len(m.state.hands[0]) == 1 + 5    # 1 left, draws the most allowed: 5
    assert len(m.state.hands[1]) == 8         # 6 left, draws 2 up to the limit of 8
    assert (m.state.phase, m.state.active) == (PLAY, 1)


def test_passing_the_additional_turn_draws_and_moves_on() -> None:
    m = Match([["red 5", "green 5", "blue 6", "blue 7"], ["blue 1", "purple 1"]])
    m.do(0, "Red 5", "Green 5")
    m.block(1, "Blue 1", "Purple 1")
    m.do(0, "pass")
    assert (m.state.active, m.state.bonus, len(m.state.hands[0])) == (1, False, 7)


def test_at_most_one_additional_turn_in_a_row() -> None:
    m = Match([["red 5", "green 5", "blue 6", "beige 7"], ["blue 1", "purple 1", "beige 2",
                                                           "green 3"]])
    m.do(0, "Red 5", "Green 5")
    m.block(1, "Blue 1", "Purple 1")
    m.do(0, "again")
    m.do(0, "Blue 6", "Beige 7")
    m.block(1, "Beige 2", "Green 3")
    assert (m.state.phase, m.state.active) == (PLAY, 1)


# --- the Aura card and the end ----------------------------------------------------------------

PLENTY = [f"{c} {v}" for c in ("red", "purple") for v in range(1, 5)]
BELOW = [f"beige {v}" for v in range(1, 9)]


def _surfacing(options: dict[str, object] | None = None, surfaced: int = 0) -> Match:
    """Player 2 draws past their Aura card: two cards lie above it, eight below."""
    return Match([["red 5", "green 5"], ["blue 1", "purple 3", "blue 3"]],
                 decks=[PLENTY, ["purple 1", "purple 2", "aura", *BELOW]],
                 rest="discard", surfaced=[0, surfaced], options=options)


def _turn(m: Match) -> None:
    """Player 2 blocks both cards, keeps one, and must draw five."""
    m.do(0, "Red 5", "Green 5")
    m.block(1, "Blue 1", "Purple 3")


def test_the_aura_card_surfacing_first_time_shuffles_and_goes_to_the_bottom() -> None:
    m = _surfacing()
    _turn(m)
    assert m.state.surfaced[1] == 1 and not m.state.ending
    deck = m.state.decks[1]
    assert deck[-1] == AURA and len(deck) == 8 + 2 - 3 + 1
    assert set(deck[:-1]) <= {card(c) for c in [*BELOW, "blue 1", "purple 3"]}
    assert any(e.kind == "shuffle" and e.audience == () for e in m.events)


def test_advanced_game_does_not_shuffle_when_the_aura_card_surfaces() -> None:
    m = _surfacing({"advanced": True})
    _turn(m)
    m.do(0, str(card("green 5")), str(card("red 5")))
    m.do(1, str(card("purple 3")), str(card("blue 1")))   # stacked in the chosen order
    assert m.state.surfaced[1] == 1 and not any(e.kind == "shuffle" for e in m.events)
    assert m.state.decks[1] == (*(card(c) for c in BELOW[3:]), card("purple 3"),
                                card("blue 1"), AURA)


def test_second_surfacing_ends_the_game_after_the_turn() -> None:
    m = _surfacing(surfaced=1)
    _turn(m)
    assert m.state.phase == OVER
    result = GAME.result(m.state)
    assert result is not None and sum(result.placings) >= 2


def test_a_player_who_cannot_draw_ends_the_game() -> None:
    m = Match([["red 5", "green 5"], ["blue 1", "purple 3", "blue 3"]],
              decks=[PLENTY, ["purple 1"]], rest="discard")
    _turn(m)
    assert m.state.phase == OVER
    assert any(e.kind in ("short", "aura") for e in m.events)


def test_the_winner_has_most_cards_then_fewest_specials_then_lowest_discarded_total() -> None:
    m = Match([["red 5", "green 5"], ["blue 1", "blue 2"]])
    base = evolve(m.state, phase=OVER)
    even = evolve(base, decks=(base.decks[1], base.decks[1]), hands=((), ()))
    red1, red8 = card("red 1"), card("red 8")
    assert standings(even).placings == (1, 1)
    assert standings(evolve(even, discards=((red1,), (red8,)))).placings == (1, 2)
    assert standings(evolve(even, discards=((RETURN,), (red8,)))).placings == (2, 1)
    fewer = evolve(even, hands=((), (red1,)), decks=(even.decks[0], even.decks[1][1:]))
    assert standings(evolve(fewer, decks=(even.decks[0][1:], fewer.decks[1]))).placings == (
        2, 1)


def test_discards_and_single_choices_are_checked_against_the_menu() -> None:
    m = Match([["red 5", "green 6"], ["red 1", "blue 7", "beige 2"]])
    m.do(0, "Red 5", "Green 6")
    block = m.decision(1)
    with pytest.raises(IllegalAction, match="exactly 1"):
        play(GAME, m.state, 1, Action(block.id, (str(card("red 1")), "none")))
    m.block(1, "Red 1")
    decision = m.decision(1)
    assert decision.min == 2
    for bad in (("b0", "b0"), ("b0", "zz"), ("b0",), ("b1", "t1"), ("t1", "t9")):
        with pytest.raises(IllegalAction):
            play(GAME, m.state, 1, Action(decision.id, bad))
