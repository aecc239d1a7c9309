"""The three match options: beginner, advanced and simultaneous blocks."""

from __future__ import annotations

import pytest

from bot.engine import Action, BadScenario, StaleDecision, play
from bot.games.aura import GAME
from bot.games.aura.cards import AURA
from bot.games.aura.state import CLEANUP, REVEAL
from tests.games.aura.helpers import Match, card

SIMULTANEOUS = {"simultaneous_blocks": True}
HANDS = [["red 5", "green 6", "blue 7"], ["blue 1", "purple 2"], ["beige 3", "red 4"],
         ["green 1", "green 2"]]


def test_beginner_scenarios_refuse_action_cards() -> None:
    with pytest.raises(BadScenario, match="Return"):
        Match([["return", "red 1"], ["blue 1"]], options={"beginner": True})


def test_advanced_cleanup_lets_each_player_order_the_cards_going_under_their_deck() -> None:
    m = Match([["red 5", "green 6", "blue 7"], ["blue 1", "purple 2"]],
              options={"advanced": True})
    m.do(0, "Red 5", "Green 6", "Blue 7")
    m.block(1, "Blue 1", "Purple 2")
    m.do(1, "Top of deck #1")
    assert m.state.phase == CLEANUP
    order = m.decision(0)
    assert order.kind == "order" and len(order.options) == 3
    m.do(0, *(str(card(c)) for c in ("blue 7", "red 5", "green 6")))
    m.do(1, *(str(card(c)) for c in ("purple 2", "blue 1")))
    assert m.state.decks[0][-4:] == (AURA, card("blue 7"), card("red 5"), card("green 6"))


def test_advanced_cleanup_is_automatic_once_the_aura_card_has_surfaced() -> None:
    m = Match([["red 5", "green 6"], ["blue 1", "purple 2"]], options={"advanced": True},
              surfaced=[1, 1])
    m.do(0, "Red 5", "Green 6")
    m.block(1, "Blue 1", "Purple 2")
    assert m.state.phase != CLEANUP


def test_simultaneous_blocks_open_every_blocker_at_once_with_stable_ids() -> None:
    m = Match(HANDS, options=SIMULTANEOUS)
    m.do(0, "Red 5", "Green 6")
    pending = GAME.pending(m.state)
    assert [d.player for d in pending] == [1, 2, 3]
    ids = {d.player: d.id for d in pending}
    m.do(2, "Beige 3")
    after = {d.player: d.id for d in GAME.pending(m.state)}
    assert after[1] == ids[1] and after[3] == ids[3] and after[2] != ids[2]
    with pytest.raises(StaleDecision, match="out of date"):
        play(GAME, m.state, 2, Action(ids[2], (str(card("red 4")),)))


def test_simultaneous_blocks_stay_sealed_until_the_reveal() -> None:
    m = Match(HANDS, options=SIMULTANEOUS)
    m.do(0, "Red 5", "Green 6")
    m.do(2, "Beige 3")
    seen_by_1 = m.row(2, viewer=1)
    assert seen_by_1["sealed"] is True and seen_by_1["cells"] == [None, None]
    assert m.view(1)["seats"][2]["hand"] == 2   # the sealed block still counts as in hand
    mine = m.row(2, viewer=2)
    assert mine["sealed"] is False and mine["cells"][0]["card"]["label"] == "Beige 3"
    m.block(2, None)
    m.block(1, "Blue 1")
    m.block(3)
    assert m.state.phase != "block"
    assert m.row(2, viewer=1)["cells"][0]["card"]["label"] == "Beige 3"


def test_without_simultaneous_blocks_later_blockers_wait() -> None:
    m = Match(HANDS)
    m.do(0, "Red 5", "Green 6")
    assert [d.player for d in GAME.pending(m.state)] == [1]
    m.block(1, "Blue 1", "Purple 2")
    assert [d.player for d in GAME.pending(m.state)] == [2]
    assert m.state.phase != REVEAL
