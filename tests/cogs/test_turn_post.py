"""The turn post's text: whose turn, the turn's lines, who must act; pings are decided
elsewhere (allowed mentions), and AI seats are named, never mentioned."""

from __future__ import annotations

from typing import Any

from bot.discord.delivery import Delivery
from bot.discord.items import TEXT_MAX
from bot.match import MatchInfo, TurnUpdate
from bot.store import ACTIVE, SeatRecord

SEATS = (SeatRecord(0, 10), SeatRecord(1, None, is_ai=True, ai_level="normal"),
         SeatRecord(2, 12, dm_ok=False))
INFO = MatchInfo(4, "zura", "Zura", ACTIVE, 9, 10, 1, 2, 3, {}, SEATS, 2, 4)


def text(update: TurnUpdate, lines: list[str]) -> str:
    delivery: Any = Delivery.__new__(Delivery)
    return str(delivery._turn_text(INFO, update, lines))


def test_a_live_turn_names_the_seat_and_who_acts() -> None:
    out = text(TurnUpdate(4, 7, 2, (), {}, (12,)), ["cat discards 3 Cave."])
    assert out.split("\n") == ["**Zura #4** · turn 7 · <@12>'s turn", "• cat discards 3 Cave.",
                               "To act: <@12> (press **My hand**)"]


def test_an_ai_turn_is_named_not_mentioned_and_a_finished_turn_has_no_to_act() -> None:
    out = text(TurnUpdate(4, 8, 1, (), {}, ()), ["AI 2 draws."])
    assert out.startswith("**Zura #4** · turn 8 · AI 2's turn") and "To act" not in out
    assert "<@" not in out


def test_a_long_turn_keeps_its_newest_lines_within_discords_limit() -> None:
    lines = [f"move {i}: " + "x" * 60 for i in range(200)]
    out = text(TurnUpdate(4, 9, 0, (), {}, (10,)), lines)
    assert len(out) <= TEXT_MAX
    assert out.split("\n")[1] == "• …" and lines[-1] in out and lines[0] not in out
    assert out.endswith("To act: <@10>")
