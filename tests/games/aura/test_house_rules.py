"""The Aura lines of ``shared/rules/house-rules.md``, one test named after each line.

Lines pinned elsewhere under their own name: trumps (``test_rules``:
``test_colours_and_trumps_exactly_as_printed``), Trade with an empty pile and the active
player's Block (``test_trade_with_an_empty_discard_pile_does_nothing``,
``test_the_active_players_block_card_is_only_a_blue_9``), owing more than you have
(``test_owing_more_than_you_have_discards_everything``), the count fixed before the faces
are shown (``test_discards_come_from_blocks_hand_or_the_top_of_the_deck_and_tops_stay_secret``),
and ``test_at_most_one_additional_turn_in_a_row``.
"""

from __future__ import annotations

from bot.engine import Event, parse_options
from bot.games.aura import GAME
from bot.games.aura.cards import (
    ACTION,
    AURA,
    BLOCK,
    DOUBLE,
    KIND,
    NUMBER,
    RETURN,
    REVERSE,
    TRADE,
    WILD,
    parse_card,
)
from bot.games.aura.scoring import standings
from bot.games.aura.state import EXTRA, OVER, PLAY, evolve
from tests.games.aura.helpers import Match, card

PLENTY = [f"{c} {v}" for c in ("red", "purple") for v in range(1, 5)]
BELOW = [f"green {v}" for v in range(1, 9)]
LAST = "this is the last turn"


def _texts(events: list[Event]) -> list[str]:
    return [e.text for e in events]


def _owed(m: Match) -> list[int]:
    """What each seat had to discard this turn, read off the log (the table may be gone)."""
    out = [0] * m.state.players
    for e in m.events:
        if e.kind == "owes":
            out[int(e.data["seat"])] = int(e.data["count"])
    return out


def test_action_card_colours_return_red_trade_purple_double_green_reverse_beige_block_blue(
) -> None:
    expected = {RETURN: "red", TRADE: "purple", DOUBLE: "green", REVERSE: "beige",
                BLOCK: "blue"}
    for action, colour in expected.items():
        assert parse_card(f"{colour} action") == action
    # Return is red, so a blue card (blue trumps red) blocks it, a purple one does not.
    m = Match([["return", "green 2"], ["blue 1", "purple 8"]])
    m.do(0, "Return", "Green 2")
    m.block(1, "Blue 1", "Purple 8")
    m.do(0, "Return nothing")
    assert _owed(m) == [0, 0]


def test_face_values_an_action_counts_as_9_and_has_no_number_so_it_never_forms_a_chain(
) -> None:
    # Return (red) and Block (blue) share "no number": were that a chain, the unblocked
    # Return would carry the blocked Block with it and cost 2.
    m = Match([["return", "block"], ["beige 1", "red 8"]])
    m.do(0, "Return", "Block")
    m.block(1, None, "Beige 1")
    m.do(0, "Return nothing")
    assert m.view(None)["table"]["cards"][0]["chain"] is None
    assert _owed(m) == [0, 1]


def test_face_values_a_wild_becomes_1_to_8_when_its_owner_chooses_after_the_reveal() -> None:
    m = Match([["red 3", "green wild"], ["red 5"]])
    m.do(0, "Red 3", "Green wild")
    m.block(1, "Red 5")
    assert [o.key for o in m.decision(0).options] == [str(v) for v in range(1, 9)]
    m.do(0, "3")   # now a chain of 3s: the blocked red 3 goes through with the wild
    assert _owed(m) == [0, 2]


def test_a_digital_deck_40_numbers_5_wilds_5_actions_and_the_aura_card_cut_by_the_seed(
) -> None:
    options = parse_options(GAME.options, {})
    state = GAME.setup(2, options, seed=3)
    for seat in range(2):
        cards = state.hands[seat] + state.decks[seat]
        kinds = [KIND[c] for c in cards if c != AURA]
        assert (kinds.count(NUMBER), kinds.count(WILD), kinds.count(ACTION)) == (40, 5, 5)
        assert cards.count(AURA) == 1 and len(cards) == 51
    assert GAME.setup(2, options, seed=3) == state
    assert GAME.setup(2, options, seed=4).decks != state.decks


def test_variants_as_match_options_default_blockers_place_in_turn_order_seeing_earlier_blocks(
) -> None:
    assert {o.name: o.default for o in GAME.options} == {
        "beginner": False, "advanced": False, "simultaneous_blocks": False}
    m = Match([["red 5", "green 5"], ["blue 1", "blue 2"], ["purple 1", "purple 2"]])
    m.do(0, "Red 5", "Green 5")
    assert m.has_decision(1) and not m.has_decision(2)
    m.block(1, "Blue 1")
    assert m.has_decision(2)
    cells = m.row(1, viewer=2)["cells"]
    assert cells[0] == {"card": {"back": m.view(2)["seats"][1]["back"]}, "beats": None,
                        "blocked": None, "discards": None}
    assert cells[1] is None


def test_reveal_order_from_the_active_player_and_a_later_player_sees_earlier_results() -> None:
    m = Match([["red 3", "green wild"], ["red 5", "green wild"]])
    m.do(0, "Red 3", "Green wild")
    m.block(1, "Red 5", "Green wild")
    assert m.has_decision(0) and not m.has_decision(1)   # the active player names first
    m.do(0, "6")
    assert m.view(1)["table"]["cards"][1]["card"]["value"] == 6
    m.do(1, "7")
    assert _owed(m) == [0, 0]


def _short_of_the_aura(hand: list[str], surfaced: int = 1) -> Match:
    """Player 2's deck: one card above an Aura card that has surfaced once already."""
    return Match([["red 5", "green 5"], hand], decks=[PLENTY, ["purple 1", "aura", *BELOW]],
                 rest="discard", surfaced=[0, surfaced])


def test_the_aura_card_surfaces_whenever_it_becomes_the_top_card_even_by_a_discard() -> None:
    m = _short_of_the_aura(["beige 1"])
    m.do(0, "Red 5", "Green 5")
    m.block(1)   # owes 2 and has exactly 2: the hand card and the card above the Aura card
    texts = _texts(m.events)
    discard = next(i for i, t in enumerate(texts) if "from the top of their deck" in t)
    surfaces = next(i for i, t in enumerate(texts) if "Aura card surfaces again" in t)
    assert discard < surfaces
    assert m.state.phase == OVER


def test_second_time_or_when_a_player_must_draw_and_cannot_the_game_ends_after_the_turn(
) -> None:
    # Player 2 draws 1 of 5: the Aura card surfaces a second time and the deck is short;
    # both end the game, and the log says it is the last turn once.
    m = Match([["red 5", "green 5"], ["blue 1", "purple 3", "blue 3"]],
              decks=[PLENTY, ["purple 1", "aura", *BELOW]], rest="discard", surfaced=[0, 1])
    m.do(0, "Red 5", "Green 5")
    m.block(1, "Blue 1", "Purple 3")
    assert sum(LAST in t for t in _texts(m.events)) == 1
    assert m.state.phase == OVER


def test_the_aura_card_surfacing_mid_turn_still_lets_the_turn_finish() -> None:
    m = Match([["red 5", "green 5"], ["beige 1", "beige 2"], ["blue 1", "blue 2"]],
              decks=[PLENTY, ["purple 1", "aura", *BELOW], PLENTY], rest="discard",
              surfaced=[0, 1, 0])
    m.do(0, "Red 5", "Green 5")
    m.block(1)
    m.block(2)
    m.do(1, "Beige 1", "Top of deck #1")   # the Aura card surfaces a second time
    assert m.state.ending and m.state.phase != OVER and m.has_decision(2)
    m.do(2, "Blue 1", "Blue 2")
    assert m.state.phase == OVER


def test_tie_break_sum_wilds_and_actions_count_0() -> None:
    base = evolve(Match([["red 5", "red 6"], ["red 5"]]).state, phase=OVER)
    even = evolve(base, hands=((), ()), decks=(base.decks[1], base.decks[1]))
    # One wild or action each; the sums are 0 + 2 against 0 + 1 (a wild read as 8 and an
    # action as 9 would make them 10 and 10).
    tied = evolve(even, discards=((card("blue wild"), card("red 2")),
                                  (RETURN, card("red 1"))))
    assert standings(tied).placings == (2, 1)


def test_the_additional_turn_is_earned_by_real_blocks_reverse_changes_only_who_discards(
) -> None:
    # Reverse, and no card really blocked: nobody discards, and no additional turn.
    m = Match([["purple 5", "blue 6", "red 1", "red 2"], ["reverse", "green 1"]])
    m.do(0, "Purple 5", "Blue 6")
    m.block(1, "Reverse", None)
    assert _owed(m) == [0, 0]
    assert (m.state.phase, m.state.active) == (PLAY, 1)
    # Reverse, and every card really blocked: the blocker discards both, and the active
    # player has earned the additional turn.
    m = Match([["reverse", "red 5", "blue 6", "blue 7"], ["green 1", "blue 1"]])
    m.do(0, "Reverse", "Red 5")
    m.block(1, "Green 1", "Blue 1")
    assert m.decision(1).min == 2
    m.do(1, "Top of deck #1", "Top of deck #2")
    assert m.state.phase == EXTRA and m.decision(0).id.endswith(".extra")


def test_several_reverse_cards_in_play_an_odd_number_reverses() -> None:
    m = Match([["reverse", "red 5"], ["reverse", "blue 2"], ["reverse", "blue 3"]])
    m.do(0, "Reverse", "Red 5")
    m.block(1, None, "Reverse")
    m.block(2, None, "Reverse")
    assert _owed(m) == [0, 0, 0]   # three Reverses: nothing blocked, so nothing costs


def test_at_the_end_every_discard_pile_is_turned_face_up_including_cards_off_a_deck_top(
) -> None:
    m = Match([["red 5", "green 5"], ["beige 1", "beige 2"], ["blue 1", "blue 2"]],
              decks=[PLENTY, ["purple 1", "purple 2", "aura", *BELOW], PLENTY],
              rest="discard", surfaced=[0, 1, 0])
    m.do(0, "Red 5", "Green 5")
    m.block(1)
    m.block(2)
    m.do(1, "Beige 1", "Top of deck #1")
    for viewer in (None, 0, 2):   # private until the end
        assert m.view(viewer)["seats"][1]["discarded"] is None
    assert not any("Purple 1" in e.text for e in m.events if e.audience is None)
    m.do(2, "Blue 1", "Blue 2")   # then Player 2 cannot draw 5: the game is over
    assert m.state.phase == OVER
    for viewer in (None, 0, 2):
        pile = m.view(viewer)["seats"][1]["discarded"]   # the unlisted cards, then these
        assert [c["label"] for c in pile[-2:]] == ["Beige 1", "Purple 1"]
