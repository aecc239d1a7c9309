"""The turn post's text: whose turn, the turn's lines, who must act; pings are decided
elsewhere (allowed mentions), and AI seats are named, never mentioned."""

from __future__ import annotations

from bot.discord.items import TEXT_MAX
from bot.discord.shows import Outgoing, pieces, turn_texts
from bot.match import MatchInfo, TurnUpdate
from bot.store import ACTIVE, SeatRecord
from bot.words import language

SEATS = (SeatRecord(0, 10), SeatRecord(1, None, is_ai=True, ai_level="normal"),
         SeatRecord(2, 12, dm_ok=False))
INFO = MatchInfo(4, "zura", "Zura", ACTIVE, 9, 10, 1, 2, 3, {}, SEATS, 2, 4)


def posts(update: TurnUpdate, lines: list[str]) -> list[str]:
    return [text for text, _ in turn_texts(INFO, update, lines)]


def text(update: TurnUpdate, lines: list[str]) -> str:
    (only,) = posts(update, lines)
    return only


def test_a_live_turn_names_the_seat_and_who_acts() -> None:
    out = text(TurnUpdate(4, 7, 2, (), {}, (12,), 1), ["cat discards 3 Cave."])
    assert out.split("\n") == ["**Zura #4** · turn 7 · <@12>'s turn", "• cat discards 3 Cave.",
                               "To act: <@12> (press **My hand**)"]


def test_an_ai_turn_is_named_not_mentioned_and_a_finished_turn_has_no_to_act() -> None:
    out = text(TurnUpdate(4, 8, 1, (), {}, (), 1), ["AI 2 draws."])
    assert out.startswith("**Zura #4** · turn 8 · AI 2's turn") and "To act" not in out
    assert "<@" not in out


def test_a_long_turn_continues_in_further_posts_and_loses_no_line() -> None:
    lines = [f"move {i}: " + "x" * 60 for i in range(200)]
    out = posts(TurnUpdate(4, 9, 0, (), {}, (10,), 1), lines)
    assert len(out) == 4 and all(len(post) <= TEXT_MAX for post in out)
    assert [post.split("\n")[0] for post in out] == [
        "**Zura #4** · turn 9 · <@10>'s turn",
        *["**Zura #4** · turn 9 (continued) · <@10>'s turn"] * 3]
    shown = [line[2:] for post in out for line in post.split("\n")[1:]
             if line.startswith("• ")]
    assert shown == lines, "every line once, in order, none cut"
    assert [post.endswith("To act: <@10>") for post in out] == [False, False, False, True]


def test_a_long_message_is_split_between_lines_and_nothing_is_lost() -> None:
    lines = [f"{i}. " + "word " * (i % 40) for i in range(300)]
    text = "\n".join(lines)
    parts = pieces(text, 2000)
    assert len(parts) > 1 and all(len(p) <= 2000 for p in parts)
    assert "\n".join(parts) == text, "split only between lines"
    long_line = "x " * 1500
    assert [len(p) for p in pieces(long_line.strip(), 2000)] == [1999, 999]
    sent = Outgoing(text, b"png", "result.png", alt="the table").parts()
    assert [("file" in p) for p in sent] == [False] * (len(sent) - 1) + [True], \
        "the picture comes after the whole text"


def test_a_turn_post_speaks_the_servers_language() -> None:
    update = TurnUpdate(4, 7, 1, (), {}, (10, 12), 1)
    (german, _), = turn_texts(INFO, update, ["KI 2 zieht 2 Reisekarten."], language("de"))
    assert german.split("\n") == ["**Zura #4** · Zug 7 · KI 2 ist am Zug",
                                  "• KI 2 zieht 2 Reisekarten.",
                                  "Am Zug: <@10> und <@12> (drück **My hand**)"]
    (portuguese, _), = turn_texts(INFO, TurnUpdate(4, 0, None, (), {}, (), 1), [],
                                  language("pt-BR"))
    assert portuguese == "**Zura #4** · preparação"
