"""Zura images: golden scenarios and the hand numbering the menus use."""

from __future__ import annotations

import re

import pytest

from bot.engine import Game
from bot.render import render_board, render_hand, render_summary
from tests.render.golden import assert_matches_golden
from tests.render.playing import final_state, game_or_skip, playout, state_at


@pytest.fixture(scope="module")
def zura() -> Game:  # type: ignore[type-arg]
    return game_or_skip("zura")


def first_in_phase(game: Game, players: int, seed: int, phase: str):  # type: ignore[no-untyped-def,type-arg]
    for state in playout(game, players, seed):
        if game.view(state, None)["phase"] == phase:
            return state
    raise AssertionError(f"no {phase} phase in this game")


def test_golden_board_mid_game_three_players(zura: Game) -> None:  # type: ignore[type-arg]
    state = state_at(zura, 3, seed=21, step=60)
    assert_matches_golden("zura_board_3p_mid", render_board(zura.view(state, None)))


def test_golden_board_while_flipping_four_players(zura: Game) -> None:  # type: ignore[type-arg]
    state = first_in_phase(zura, 4, 22, "flip")
    assert_matches_golden("zura_board_4p_flip", render_board(zura.view(state, None)))


def test_golden_hand_with_peeks(zura: Game) -> None:  # type: ignore[type-arg]
    state = state_at(zura, 3, seed=21, step=60)
    seat = zura.view(state, None)["turn"]
    assert_matches_golden("zura_hand_3p_mid", render_hand(zura.view(state, seat)))


def test_golden_end_of_two_player_game(zura: Game) -> None:  # type: ignore[type-arg]
    state = final_state(zura, 2, seed=23)
    result = zura.result(state)
    assert result is not None
    view = zura.view(state, None)
    assert_matches_golden("zura_board_2p_end", render_board(view))
    assert_matches_golden("zura_summary_2p", render_summary(view, result, ["Ada", "Bo"]))


def test_hand_numbers_match_the_discard_menu(zura: Game) -> None:  # type: ignore[type-arg]
    """Menus name cards by their number in the hand image: check they name the right ones."""
    checked = 0
    for state in playout(zura, 3, seed=5):
        for decision in zura.pending(state):
            hand = zura.view(state, decision.player)["hand"]
            for option in decision.options:
                found = re.search(r"\(cards? (\d+)(?:–(\d+))?\)", option.label)
                if not found:
                    continue
                first, last = int(found[1]), int(found[2] or found[1])
                landscape = option.key.split(":")[0]
                numbered = {card["number"]: card["landscape"] for card in hand}
                assert all(numbered[n] == landscape for n in range(first, last + 1)), option
                assert [card["number"] for card in hand] == list(range(1, len(hand) + 1))
                checked += 1
        if checked > 200:
            break
    assert checked > 0
