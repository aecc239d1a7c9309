"""Auroria Codex images: golden scenarios and the hand order the menus use."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bot.engine import Result, parse_options
from bot.games.auroria.view import AuroriaView, CreatureSlot
from bot.render import render_board, render_hand, render_summary
from bot.render.auroria import _status
from bot.words import english
from tests.render.golden import assert_matches_golden, fixture
from tests.render.playing import final_state, first_state, game_or_skip, playout


def public_view(seed: int, wanted: Callable[[AuroriaView], bool]) -> AuroriaView:
    game = game_or_skip("auroria")
    view: AuroriaView = game.view(first_state(game, 2, seed, wanted), None)
    return view


def creatures(view: AuroriaView) -> list[CreatureSlot]:
    return [slot for p in view["players"] for slot in [*p["front"], *p["back"]]
            if slot["kind"] == "creature"]


def battle(view: AuroriaView) -> bool:
    """An attack under way with an exhausted, damaged creature on the table."""
    return bool(view["combat"]) and any(s["exhausted"] and s["damage"] for s in creatures(view))


def test_golden_board_during_an_attack() -> None:
    view = fixture("auroria_board_attack", lambda: public_view(3, battle))
    assert_matches_golden("auroria_board_attack", render_board(view))


def test_golden_board_with_a_chain() -> None:
    view = fixture("auroria_board_chain", lambda: public_view(5, lambda v: bool(v["chain"])))
    assert_matches_golden("auroria_board_chain", render_board(view))


def test_golden_hand_with_secret_cards() -> None:
    def build() -> Any:
        game = game_or_skip("auroria")
        state = first_state(game, 2, 3, lambda v: v["turn"] > 10 and any(
            s["kind"] == "planted" for p in v["players"] for s in p["back"] + p["front"]))
        view = game.view(state, None)
        seat = next(p["seat"] for p in view["players"]
                    if any(s["kind"] == "planted" for s in p["back"] + p["front"]))
        return game.view(state, seat)

    view = fixture("auroria_hand_planted", build)
    assert_matches_golden("auroria_hand_planted", render_hand(view))


def test_golden_end_of_game() -> None:
    def build() -> Any:
        game = game_or_skip("auroria")
        state = final_state(game, 2, seed=7)
        result = game.result(state)
        assert result is not None
        return {"view": game.view(state, None), "result": result.to_json()}

    data = fixture("auroria_end", build)
    assert_matches_golden("auroria_board_end", render_board(data["view"]))
    assert_matches_golden("auroria_summary", render_summary(
        data["view"], Result.from_json(data["result"]), ["Ada", "Bo"]))


def test_hand_order_is_the_menu_order() -> None:
    """Menus offer hand cards (by uid) in the order, so with the numbers, of the image."""
    game = game_or_skip("auroria")
    checked = 0
    for k, state in enumerate(playout(game, 2, seed=11)):
        for decision in game.pending(state):
            view = game.view(state, decision.player)
            hand = [card["uid"] for card in view["players"][decision.player]["hand"]]
            offered = []
            for option in decision.options:
                found = re.fullmatch(r"(?:\w+:)?(\d+)", option.key)
                if found and int(found[1]) in hand and int(found[1]) not in offered:
                    offered.append(int(found[1]))
            assert offered == [uid for uid in hand if uid in offered], decision.prompt
            checked += len(offered) > 1
        if k > 200:
            break
    assert checked > 0


def test_a_best_of_three_board_leads_with_the_game_and_the_games_won() -> None:
    game = game_or_skip("auroria")
    view = game.view(game.setup(2, parse_options(game.options, {"best_of": "3"}), 1), None)
    assert _status(view, ["Ada", "Bo"], english()).startswith("Game 1 (games won 0–0) · Turn ")
    assert render_board(view).startswith(b"\x89PNG")
