"""Zura images: golden scenarios and the hand numbering the menus use."""

from __future__ import annotations

import re
from typing import Any

from bot.engine import Result
from bot.render import render_board, render_hand, render_summary
from tests.render.golden import assert_matches_golden, fixture
from tests.render.playing import final_state, first_state, game_or_skip, playout, state_at


def board_view(players: int, seed: int, step: int) -> Any:
    game = game_or_skip("zura")
    return game.view(state_at(game, players, seed, step), None)


def test_golden_board_mid_game_three_players() -> None:
    view = fixture("zura_board_3p_mid", lambda: board_view(3, 21, 60))
    assert_matches_golden("zura_board_3p_mid", render_board(view))


def test_golden_board_while_flipping_four_players() -> None:
    def build() -> Any:
        game = game_or_skip("zura")
        return game.view(first_state(game, 4, 22, lambda v: v["phase"] == "flip"), None)

    view = fixture("zura_board_4p_flip", build)
    assert_matches_golden("zura_board_4p_flip", render_board(view))


def test_golden_hand_with_peeks() -> None:
    def build() -> Any:
        game = game_or_skip("zura")
        state = first_state(game, 3, 21, lambda v: v["step"] > 40 and any(
            slot["peeked_by"] for slot in v["search"]["slots"]))
        seat = next(s["peeked_by"][0] for s in game.view(state, None)["search"]["slots"]
                    if s["peeked_by"])
        return game.view(state, seat)

    view = fixture("zura_hand_3p_peeked", build)
    assert any("seen" in slot for slot in view["search"]["slots"])
    assert_matches_golden("zura_hand_3p_peeked", render_hand(view))


def test_golden_end_of_two_player_game() -> None:
    def build() -> Any:
        game = game_or_skip("zura")
        state = final_state(game, 2, seed=23)
        result = game.result(state)
        assert result is not None
        return {"view": game.view(state, None), "result": result.to_json()}

    data = fixture("zura_end_2p", build)
    assert_matches_golden("zura_board_2p_end", render_board(data["view"]))
    assert_matches_golden("zura_summary_2p", render_summary(
        data["view"], Result.from_json(data["result"]), ["Ada", "Bo"]))


def test_hand_numbers_match_the_discard_menu() -> None:
    """Menus name cards by their number in the hand image: check they name the right ones."""
    zura = game_or_skip("zura")
    checked = 0
    for state in playout(zura, 3, seed=5):
        for decision in zura.pending(state):
            hand = zura.view(state, decision.player)["hand"]
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
