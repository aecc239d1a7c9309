"""Zura's hooks for the strong AI: short playouts scored by the lead, and candidates that weigh
alike face-down cards once."""

from __future__ import annotations

import math
from typing import Any

import pytest

from bot.engine import Rng
from bot.engine.search import Budget, think
from bot.games.zura import GAME
from bot.games.zura.scoring import score
from bot.games.zura.state import ZState
from bot.games.zura.strong import SCALE_END, SCALE_PER_CARD, TURNS, playout_estimate
from tests.counting import counted_moves
from tests.games.zura.helpers import decision, do, table

HAND = ["forest"] * 3 + ["cave"] * 2 + ["mountain"]


def later(state: ZState, turns: int) -> ZState:
    s = state.clone()
    s.turns += turns
    return s


def test_a_playout_runs_on_until_every_seat_has_had_its_rounds() -> None:
    start = table(stacks=[["forest-keeper"], []])
    assert playout_estimate(start, later(start, TURNS * 2 - 1), 0) is None
    assert playout_estimate(start, later(start, TURNS * 2), 0) is not None


def test_the_estimate_favours_the_lead_and_two_seats_share_it() -> None:
    start = table(stacks=[["forest-keeper", "cave-keeper"], ["mountain-wanderer"]])
    end = later(start, TURNS * 2)
    ahead, behind = playout_estimate(start, end, 0), playout_estimate(start, end, 1)
    assert ahead is not None and behind is not None
    assert ahead > 0.5 and ahead + behind == pytest.approx(1.0)


def test_a_lead_counts_less_while_many_cards_are_left_to_find() -> None:
    """Three points with the pile nearly empty are nearly a win; with it full, far from one."""
    start = table(stacks=[["forest-keeper"], []])
    full = later(start, TURNS * 2)
    empty = later(start, TURNS * 2)
    empty.tz_deck = empty.tz_deck[:1]
    early, late = playout_estimate(start, full, 0), playout_estimate(start, empty, 0)
    assert early is not None and late is not None
    assert 0.5 < early < late


def test_in_four_players_the_estimate_is_the_chance_of_first_place() -> None:
    """Ahead of one seat and level with two: the lead must hold and both ties fall its way."""
    start = table(4, stacks=[["forest-keeper"], [], ["cave-keeper"], ["mountain-keeper"]])
    end = later(start, TURNS * 4)
    value = playout_estimate(start, end, 0)
    assert value is not None
    lead = score(end.stacks[0], 4)
    holds = 1 / (1 + math.exp(-lead / (SCALE_END + SCALE_PER_CARD * len(end.tz_deck))))
    assert value == pytest.approx(holds * 0.5 * 0.5)
    assert value < 0.5 < holds


def flip_table(**setup: Any) -> ZState:
    """Seat 0 has discarded three forests and must flip one card."""
    state = table(hands=[HAND, HAND], **setup)
    return do(state, "forest:3")


def candidates(state: ZState) -> list[tuple[str, ...]] | None:
    d = decision(state)
    return GAME.search_candidates(GAME.view(state, d.player), d, Rng(0))


def test_unknown_face_down_cards_are_weighed_once_each_kind_of_known_one_apart() -> None:
    state = flip_table(search=[
        "forest-seer", "mountain-seer",            # A1, A2: unknown to seat 0, alike
        {"card": "cave-seer", "peeked_by": [1]},   # A3: the opponent knows it
        {"card": "hermit", "peeked_by": [0]},      # A4: seat 0 knows it
        {"card": "forest-trickster", "shown": True},  # B1: everyone saw it
        {"card": "cave-trickster", "peeked_by": [1]},  # B2: like A3
        "imp", "mountain-trickster"])              # B3, B4: like A1
    assert candidates(state) == [("A1",), ("A3",), ("A4",), ("B1",)]


def test_claimed_cards_are_weighed_by_which_goes_on_top() -> None:
    """Three cards claimed at once (a card and an Imp pair): three orders, not six."""
    state = table(hands=[["forest"] * 4 + ["cave"] * 2, HAND], search=[
        {"card": "imp", "up": True}, "forest-seer", "imp", "hermit",
        "mountain-seer", "cave-seer", "mountain-keeper", "cave-keeper"])
    state = do(do(do(state, "forest:4"), "A2"), "A3")
    orders = candidates(state)
    assert orders is not None and len(orders) == 3
    assert {o[0] for o in orders} == {o.key for o in decision(state).options}
    assert all(sorted(o) == sorted(orders[0]) for o in orders)


def test_other_decisions_weigh_every_answer() -> None:
    assert candidates(table(hands=[HAND, HAND])) is None


def test_a_playout_stops_after_a_few_turns_instead_of_the_whole_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The first decision of a game: a playout to the end takes some 300 moves."""
    state = table(hands=[HAND, HAND])
    moves = counted_moves(monkeypatch, GAME)
    used = think(GAME, state, decision(state), Rng(3), Budget(40))[1]
    assert used > 0
    assert moves[0] / used < 40
