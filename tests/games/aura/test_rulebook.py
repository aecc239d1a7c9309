"""Every worked example and Q&A of the Aura rulebook, stated exactly as a scenario."""

from __future__ import annotations

from bot.engine.scenario import run_scenario
from bot.games.aura.cards import LABEL, TRADE
from bot.games.aura.state import DISCARD, EXTRA, PLAY
from tests.games.aura.helpers import Match, card


def test_john_and_mike_a_chain_of_fives_goes_through_together() -> None:
    # John reveals one 7 and three 5s; Mike blocks the 7 and two 5s but not the third 5.
    m = Match([["red 7", "purple 5", "green 5", "beige 5", "blue 1"],
               ["blue 3", "red 2", "purple 6", "beige 8"]])
    m.do(0, "Red 7", "Purple 5", "Green 5", "Beige 5")
    m.block(1, "Blue 3", "Red 2", "Purple 6", None)
    row = m.row(1)
    assert [c["beats"] for c in row["cells"]] == ["trump", "trump", "trump", None]
    assert [c["blocked"] for c in row["cells"]] == [True, False, False, False]
    assert [s["chain"] for s in m.view(1)["table"]["cards"]] == [None, 5, 5, 5]
    assert row["owes"] == 3
    assert m.decision(1).min == m.decision(1).max == 3


def test_john_and_mike_four_cards_of_one_number_cost_four() -> None:
    m = Match([["red 5", "purple 5", "green 5", "beige 5"], ["blue 3", "red 2", "purple 6"]])
    m.do(0, "Red 5", "Purple 5", "Green 5", "Beige 5")
    m.block(1, "Blue 3", "Red 2", "Purple 6", None)
    assert m.owes()[1] == 4


FIGURE = [
    ["blue 2", "green wild", "purple 7", "red 5", "beige 1"],
    ["beige 4", "purple 3", "purple wild", "red 6"],
    ["purple 1", "red 2", "red 8"],
    ["purple 4", "red 3"],
]


def _figure() -> Match:
    """The four-player figure: the active player's blue 2, green wild, purple 7 and red 5."""
    m = Match(FIGURE)
    m.do(0, "Blue 2", "Green wild", "Purple 7", "Red 5")
    m.block(1, "Beige 4", "Purple 3", "Purple wild", "Red 6")
    m.block(2, None, "Purple 1", "Red 2", "Red 8")
    m.block(3, None, "Purple 4", "Red 3", None)
    return m


def test_figure_guaranteed_potential_and_unblocked_blocks() -> None:
    m = _figure()
    m.do(0, "2")
    m.do(1, "8")
    beats = {s: [c["beats"] if c else "-" for c in m.row(s)["cells"]] for s in (1, 2, 3)}
    # Player 2: two guaranteed (trump) blocks and two that needed a higher value.
    assert beats[1] == ["trump", "trump", "higher", "higher"]
    # Player 3: two guaranteed, one potential that worked, one card left unblocked.
    assert beats[2] == [None, "trump", "trump", "higher"]
    # Player 4: two guaranteed blocks and two cards left unblocked.
    assert beats[3] == [None, "trump", "trump", None]


def test_figure_wilds_named_after_the_reveal_decide_the_outcome() -> None:
    m = _figure()
    assert m.state.phase == "reveal" and m.decision(0).id.endswith(".wild")
    m.do(0, "2")   # the green wild chains with the blue 2
    m.do(1, "8")   # the purple wild beats the purple 7
    assert m.state.phase == DISCARD
    assert m.owes() == [0, 0, 2, 3]
    assert m.row(1)["blocked_all"] is True
    assert [s["chain"] for s in m.view(None)["table"]["cards"]] == [2, 2, None, None]


def test_figure_with_other_numbers_the_chain_and_the_block_fail() -> None:
    m = _figure()
    m.do(0, "3")   # no chain with the blue 2
    m.do(1, "7")   # equal to the purple 7: not higher, so no block
    assert m.owes() == [0, 1, 1, 2]


def test_blue_blocks_red_whatever_the_values_even_an_action() -> None:
    m = Match([["red 8", "return"], ["blue 1", "blue 2"], ["red 1", "red 7"]])
    m.do(0, "Red 8", "Return")
    m.block(1, "Blue 1", "Blue 2")
    m.block(2, "Red 1", "Red 7")   # lower reds, and no red beats a red action
    m.do(0, "none")                # the active player's Return sends nothing back
    assert [c["beats"] for c in m.row(1)["cells"]] == ["trump", "trump"]
    assert [c["beats"] for c in m.row(2)["cells"]] == [None, None]
    assert m.owes() == [0, 0, 2]


def test_a_return_used_as_a_block_beats_a_red_8_and_a_red_wild() -> None:
    m = Match([["red 8", "red wild"], ["return", "red 6"]])
    m.do(0, "Red 8", "Red wild")
    m.block(1, "Return", "Red 6")
    m.do(0, "8")      # the wild becomes an 8
    m.do(1, "none")   # Player 2's Return sends nothing back
    assert [c["beats"] for c in m.row(1)["cells"]] == ["higher", None]


def test_return_sending_an_active_card_back_gives_an_additional_turn() -> None:
    m = Match([["green 4", "beige 6", "red 1", "red 2", "blue 5"],
               ["purple 2", "return", "blue 8", "blue 7"]])
    m.do(0, "Green 4", "Beige 6")
    m.block(1, "Purple 2", "Return")
    events = m.do(1, "Beige 6")   # Player 2's Return sends the unblocked beige 6 home
    assert card("beige 6") in m.state.hands[0]
    assert [e.data["seat"] for e in events if e.kind == "blocked_all"] == [1]
    assert not [e for e in events if e.kind in ("owes", "discard")]
    assert m.state.phase == EXTRA
    hands = [len(h) for h in m.state.hands]
    m.do(0, "again")
    assert (m.state.phase, m.state.active, m.state.bonus) == (PLAY, 0, True)
    assert [len(h) for h in m.state.hands] == hands   # nobody drew


def test_trade_may_break_the_colour_rule() -> None:
    m = Match([["red 3", "green 5", "trade", "blue 4"], ["blue 2", "purple 6", "red 1"]],
              discards=[["red 8", "blue 1"], []])
    m.do(0, "Red 3", "Green 5", "Trade")
    m.block(1, "Blue 2", "Purple 6", "Red 1")   # the red 1 would stop the purple Trade
    m.do(0, "Red 8")
    assert [LABEL[c] for c in m.state.table[0]] == ["Red 3", "Green 5", "Red 8"]
    assert TRADE in m.state.discards[0] and card("red 8") not in m.state.discards[0]
    assert [c["beats"] for c in m.row(1)["cells"]] == ["trump", "trump", None]
    assert m.owes() == [0, 1]


def test_a_card_traded_in_resolves_its_reveal_effect_at_once() -> None:
    m = Match([["red 3", "trade"], ["blue 2", "purple 6"]], discards=[["return"], []])
    m.do(0, "Red 3", "Trade")
    m.block(1, "Blue 2", "Purple 6")
    m.do(0, "Return (red action)")
    assert m.decision(0).id.endswith(".return")
    m.do(0, "Blue 2")   # sends Player 2's block on the red 3 back to their hand
    assert card("blue 2") in m.state.hands[1]
    assert m.owes() == [0, 2]   # the red 3 and the Return (a red 9) now both go through


def test_reverse_with_a_chain() -> None:
    m = Match([["red 5", "purple 5", "reverse"], ["blue 1", "green 2"], ["blue 2", "red 1"]])
    m.do(0, "Red 5", "Purple 5", "Reverse")
    m.block(1, "Blue 1", None, "Green 2")    # one 5 unblocked: the chain counts as unblocked
    m.block(2, "Blue 2", "Red 1", None)      # both 5s blocked: the whole chain is blocked
    view = m.view(None)["table"]
    assert view["effects"]["reverse"] is True
    assert [c["discards"] for c in m.row(1)["cells"]] == [False, False, True]
    assert [c["discards"] for c in m.row(2)["cells"]] == [True, True, False]
    assert m.owes() == [0, 1, 2]


def test_two_reverses_cancel_out() -> None:
    m = Match([["red 5", "green 3", "reverse"], ["blue 1", "reverse"]])
    m.do(0, "Red 5", "Green 3", "Reverse")
    m.block(1, "Blue 1", "Reverse", None)
    assert m.view(None)["table"]["effects"]["reverse"] is False
    assert m.owes() == [0, 2]   # the unblocked green 3 and Reverse cost as usual


def test_block_with_reverse_costs_one_card_per_active_card() -> None:
    m = Match([["red 5", "green 3", "reverse"], ["block", "red 1"], ["blue 3"]])
    m.do(0, "Red 5", "Green 3", "Reverse")
    m.block(1, "Block")
    m.block(2)
    assert m.view(None)["table"]["effects"]["block"] == [1]
    assert m.owes() == [0, 3, 0]


def test_block_gives_the_additional_turn() -> None:
    m = Match([["red 5", "green 3", "beige 7", "blue 6", "blue 7"], ["red 1", "block"]])
    m.do(0, "Red 5", "Green 3", "Beige 7")
    m.block(1, None, "Block")
    assert [e.data["seat"] for e in m.events if e.kind == "blocked_all"] == [1]
    assert not [e for e in m.events if e.kind in ("owes", "discard")]
    assert m.state.phase == EXTRA and m.decision(0).id.endswith(".extra")


def test_a_rulebook_example_through_the_scenario_document() -> None:
    run = run_scenario({
        "game": "aura", "players": 2,
        "setup": {"hands": [["red 5", "purple 5", "green 5", "beige 5"],
                            ["blue 3", "red 2", "purple 6"]]},
        "actions": [{"player": 0, "choice": ["4", "14", "24", "34"]},
                    {"player": 1, "choice": ["42"]}, {"player": 1, "choice": ["1"]},
                    {"player": 1, "choice": ["15"]}],
    })
    assert run.state.owes == (0, 4)
    assert [e.kind for e in run.events].count("block") == 3
