"""Zura images: golden scenarios and the hand numbering the menus use."""

from __future__ import annotations

import re
from typing import TypedDict

from bot.engine import Result
from bot.engine.types import JSON
from bot.games.zura import GAME
from bot.games.zura.view import ZView
from bot.render import render_board, render_hand, render_summary
from tests.render.golden import assert_matches_golden, fixture
from tests.render.playing import final_state, first_state, playout, state_at


class _Ending(TypedDict):
    """A golden fixture: the final public view and the result."""

    view: ZView
    result: JSON


def board_view(players: int, seed: int, step: int) -> ZView:
    return GAME.view(state_at(GAME, players, seed, step), None)


def test_golden_board_mid_game_three_players() -> None:
    view = fixture("zura_board_3p_mid", lambda: board_view(3, 21, 60))
    assert_matches_golden("zura_board_3p_mid", render_board(view))


def test_golden_board_while_flipping_four_players() -> None:
    def build() -> ZView:
        return GAME.view(first_state(GAME, 4, 22, lambda v: v["phase"] == "flip"), None)

    view = fixture("zura_board_4p_flip", build)
    assert_matches_golden("zura_board_4p_flip", render_board(view))


def test_golden_hand_with_peeks() -> None:
    def build() -> ZView:
        state = first_state(GAME, 3, 21, lambda v: v["step"] > 40 and any(
            slot["peeked_by"] for slot in v["search"]["slots"]))
        seat = next(s["peeked_by"][0] for s in GAME.view(state, None)["search"]["slots"]
                    if s["peeked_by"])
        return GAME.view(state, seat)

    view = fixture("zura_hand_3p_peeked", build)
    assert any("seen" in slot for slot in view["search"]["slots"])
    assert_matches_golden("zura_hand_3p_peeked", render_hand(view))


def test_golden_end_of_two_player_game() -> None:
    def build() -> _Ending:
        state = final_state(GAME, 2, seed=23)
        result = GAME.result(state)
        assert result is not None
        return {"view": GAME.view(state, None), "result": result.to_json()}

    data = fixture("zura_end_2p", build)
    assert_matches_golden("zura_board_2p_end", render_board(data["view"]))
    assert_matches_golden("zura_summary_2p", render_summary(
        data["view"], Result.from_json(data["result"]), ["Ada", "Bo"]))


def test_hand_numbers_match_the_discard_menu() -> None:
    """Menus name cards by their number in the hand image: check they name the right ones."""
    checked = 0
    for state in playout(GAME, 3, seed=5):
        for decision in GAME.pending(state):
            hand = GAME.view(state, decision.player)["hand"] or []
            assert [card["number"] for card in hand] == list(range(1, len(hand) + 1))
            numbered = {card["number"]: card["landscape"] for card in hand}
            for option in decision.options:
                found = re.search(r"\(cards? (\d+)(?:–(\d+))?\)", option.label)
                if not found:
                    continue
                first, last = int(found[1]), int(found[2] or found[1])
                landscape = option.key.split(":")[0]
                assert all(numbered[n] == landscape for n in range(first, last + 1)), option
                checked += 1
        if checked > 200:
            break
    assert checked > 0
