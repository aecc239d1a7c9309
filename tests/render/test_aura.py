"""Aura images: golden scenarios and the hand order the menus use."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bot.engine import Result
from bot.games.aura.view import AuraView
from bot.render import render_board, render_hand, render_summary
from bot.render.aura import _final_counts
from bot.words import language
from tests.render.golden import GOLDEN, assert_matches_golden, fixture
from tests.render.playing import final_state, first_state, game_or_skip, playout


def blocking(view: AuraView) -> bool:
    table = view["table"]
    return bool(table and not table["revealed"] and view["turn"] > 1
                and any(any(row["cells"]) for row in table["blockers"]))


def chained(view: AuraView) -> bool:
    table = view["table"]
    return bool(table and table["final"] and any(slot["chain"] for slot in table["cards"])
                and any(any(cell and cell["card"] for cell in row["cells"])
                        for row in table["blockers"]))


def effect(view: AuraView) -> bool:
    table = view["table"]
    return bool(table and table["final"] and (table["effects"]["double"]
                                              or table["effects"]["reverse"]))


def public_view(players: int, seed: int, wanted: Callable[[AuraView], bool]) -> Any:
    game = game_or_skip("aura")
    return game.view(first_state(game, players, seed, wanted), None)


def test_golden_blocks_face_down_four_players() -> None:
    view = fixture("aura_board_4p_blocking", lambda: public_view(4, 31, blocking))
    assert_matches_golden("aura_board_4p_blocking", render_board(view))


def test_golden_hand_of_a_blocking_player() -> None:
    def build() -> Any:
        game = game_or_skip("aura")
        state = first_state(game, 4, 31, blocking)
        return game.view(state, game.view(state, None)["waiting"][0])

    view = fixture("aura_hand_4p_blocking", build)
    assert_matches_golden("aura_hand_4p_blocking", render_hand(view))


def test_golden_reveal_with_a_chain_three_players() -> None:
    view = fixture("aura_board_3p_chain", lambda: public_view(3, 32, chained))
    assert_matches_golden("aura_board_3p_chain", render_board(view))


def test_golden_double_or_reverse_in_effect() -> None:
    view = fixture("aura_board_4p_effect", lambda: public_view(4, 33, effect))
    assert_matches_golden("aura_board_4p_effect", render_board(view))


def test_golden_end_of_two_player_game() -> None:
    def build() -> Any:
        game = game_or_skip("aura")
        state = final_state(game, 2, seed=34)
        result = game.result(state)
        assert result is not None
        return {"view": game.view(state, None), "result": result.to_json()}

    data = fixture("aura_end_2p", build)
    assert_matches_golden("aura_board_2p_end", render_board(data["view"]))
    assert_matches_golden("aura_summary_2p", render_summary(
        data["view"], Result.from_json(data["result"]), ["Ada", "Bo"]))


def test_the_final_board_says_each_seats_counts_in_the_readers_language() -> None:
    """The note over a finished table is words of the reader's language, from the view."""
    view = json.loads((GOLDEN / "aura_end_2p.json").read_text(encoding="utf-8"))["view"]
    assert _final_counts(view, ["Ann", "Bo"], language("de")).startswith(
        "Ann: 27 Karten übrig, 7 Joker- oder Aktionskarten und 59 Punkte abgeworfen; Bo: 24 ")
    assert _final_counts(view, None, language("pt_BR")).startswith(
        "Assento 1: ficou com 27 cartas, descartou 7 cartas curinga ou de ação e 59 pontos; ")


def test_hand_order_is_the_menu_order() -> None:
    """Hand cards appear in every menu in the order (and so with the numbers) of the image."""
    aura = game_or_skip("aura")
    checked = 0
    for k, state in enumerate(playout(aura, 3, seed=35)):
        for decision in aura.pending(state):
            hand = [str(card["id"]) for card in aura.view(state, decision.player)["hand"]]
            offered = [o.key for o in decision.options if o.group == "hand"]
            assert offered == [key for key in hand if key in offered], decision.prompt
            checked += bool(offered)
        if k > 150:
            break
    assert checked > 0
