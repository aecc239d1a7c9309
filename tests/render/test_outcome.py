"""One description of a result for the message and the image: every ending of every game
says the same thing in both, in player words, with display names."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import ImageDraw

from bot.engine import Result, View
from bot.match.results import (
    FORFEIT,
    RESIGNATION,
    cancelled_result,
    ending,
    rank_resigned_last,
)
from bot.render import describe, render_summary
from bot.render.aura import _aura_tie
from bot.render.outcome import Outcome
from bot.store import SeatRecord
from bot.words import english
from tests.render.playing import final_state, game_or_skip

NAMES = ["Mod", "Frank", "Gil", "Hana"]


@functools.cache
def final_view(name: str, players: int) -> View:
    game = game_or_skip(name)
    view: View = game.view(final_state(game, players, seed=40 + players), None)
    return view


def resigned(result: Result, *gone: int) -> Result:
    seats = [SeatRecord(s, 100 + s, resigned=s in gone) for s in range(len(result.placings))]
    return rank_resigned_last(result, seats)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text the image draws, whole (the glyph cache is bypassed)."""
    seen: list[str] = []
    original = ImageDraw.ImageDraw.text

    def record(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", record)
    from bot.render.text import glyphs
    glyphs.cache_clear()
    yield seen
    glyphs.cache_clear()


def assert_image_says_the_same(outcome: Outcome, view: View, result: Result,
                               drawn: list[str]) -> None:
    render_summary(view, result, NAMES)
    shown = " ".join(drawn)
    assert outcome.headline in shown
    for row in outcome.standings:
        assert row.name in shown and row.place in shown
        for value in row.figures:
            assert value in shown
    for word in outcome.ending.split():
        assert word in shown
    assert not re.search(r"\b(Seat|Player) \d", shown)


def two_player_games() -> list[str]:
    return ["aura", "zura", "auroria"]


@pytest.mark.parametrize("name", two_player_games())
def test_a_resignation_is_said_as_such_and_nothing_contradicts_it(
        name: str, drawn: list[str]) -> None:
    view = final_view(name, 2)
    result = resigned(Result((1.0, 0.0), (1, 1), RESIGNATION), 1)
    outcome = describe(view, result, NAMES)
    assert outcome.headline == "Mod wins"
    assert outcome.ending == "Frank resigned."
    assert outcome.notes == ()  # no tie-break story for a match nobody played out
    assert [(r.place, r.name) for r in outcome.standings] == [("1st", "Mod"), ("2nd", "Frank")]
    lines = outcome.lines()
    assert lines[2] == "Frank resigned."
    assert not any("(1)" in line or "(0)" in line or "tied" in line for line in lines)
    assert_image_says_the_same(outcome, view, result, drawn)


@pytest.mark.parametrize("name", two_player_games())
def test_a_forfeit_on_time_names_who_ran_out(name: str, drawn: list[str]) -> None:
    view = final_view(name, 2)
    result = resigned(Result((0.0, 1.0), (1, 1), FORFEIT), 0)
    outcome = describe(view, result, NAMES)
    assert (outcome.headline, outcome.ending) == ("Frank wins",
                                                  "Mod ran out of time and forfeited.")
    assert outcome.standings[0].name == "Frank"
    assert_image_says_the_same(outcome, view, result, drawn)


@pytest.mark.parametrize("name", two_player_games())
def test_a_cancelled_match_places_nobody(name: str, drawn: list[str]) -> None:
    view = final_view(name, 2)
    result = cancelled_result(2, "Called off by the host.")
    outcome = describe(view, result, NAMES)
    assert outcome.headline == "Cancelled"
    assert outcome.ending == "The match was called off by the host; nobody won or lost."
    assert all(not r.place and not r.won for r in outcome.standings)
    assert_image_says_the_same(outcome, view, result, drawn)


@pytest.mark.parametrize("name", two_player_games())
def test_a_game_played_to_its_end_shows_the_games_own_figures(
        name: str, drawn: list[str]) -> None:
    game = game_or_skip(name)
    view = final_view(name, 2)
    result = game.result(final_state(game, 2, seed=42))
    assert result is not None
    outcome = describe(view, result, NAMES)
    winners = [r.name for r in outcome.standings if r.won]
    assert outcome.headline in (f"{winners[0]} wins", "A draw",
                                f"{' and '.join(winners)} share the win")
    assert all(len(r.figures) == len(outcome.columns) == 3 for r in outcome.standings)
    assert [r.figures for r in outcome.standings if r.won]
    assert_image_says_the_same(outcome, view, result, drawn)


@pytest.mark.parametrize(("reason", "words"), [
    ("influence", "Mod brought the other leader's Influence to 0."),
    ("deck-out", "Mod won because the other player began a Draw Phase with an empty deck."),
    ("card effect", "Mod won by a card's own winning condition."),
])
def test_auroria_says_how_the_leader_won(reason: str, words: str) -> None:
    outcome = describe(final_view("auroria", 2), Result((1.0, 0.0), (1, 2), reason), NAMES)
    assert (outcome.headline, outcome.ending) == ("Mod wins", words)


def test_an_auroria_draw_is_a_draw_not_a_shared_win() -> None:
    outcome = describe(final_view("auroria", 2), Result((0.5, 0.5), (1, 1), "influence"),
                       NAMES)
    assert (outcome.headline, outcome.ending) == (
        "A draw", "Both leaders fell at once: the game is a draw.")


def test_zura_equal_points_share_the_win() -> None:
    outcome = describe(final_view("zura", 2), Result((9.0, 9.0), (1, 1)), NAMES)
    assert outcome.headline == "Mod and Frank share the win"
    assert outcome.notes[0] == "Equal points: the rules name no tie-break, so the win is shared."


def test_a_player_who_resigned_mid_game_is_named_below_the_game_end() -> None:
    result = resigned(Result((20.0, 25.0, 18.0), (2, 1, 3), "normal"), 1)
    outcome = describe(final_view("aura", 3), result, NAMES)
    assert [r.name for r in outcome.standings] == ["Mod", "Gil", "Frank"]
    assert outcome.headline == "Mod wins"
    assert outcome.notes[-1] == "Frank resigned and is placed last."


def test_the_message_lines_follow_the_standings() -> None:
    outcome = describe(final_view("auroria", 2), Result((0.0, 1.0), (2, 1), "influence"),
                       NAMES)
    influence = outcome.standings[0].figures[0]
    assert outcome.lines()[0].startswith(f"1st: Frank — Influence {influence}, Deck ")


def test_history_says_endings_in_player_words() -> None:
    say = english().say
    assert say(ending("auroria", "influence")) == "won on Influence"
    assert say(ending("auroria", RESIGNATION)) == "won by resignation"
    assert say(ending("auroria", "deck-out")) == "won by deck-out"


@pytest.mark.parametrize(("figures", "expected"), [
    ([("20", "3", "40"), ("18", "1", "10")], ""),
    ([("20", "3", "40"), ("20", "1", "10")], "Mod and Frank tied on 20 cards left; fewer wild "
                                             "and action cards discarded decided."),
    ([("20", "1", "40"), ("20", "1", "10"), ("5", "0", "0")],
     "Mod and Frank tied on 20 cards left and on wild and action cards; the lower discarded "
     "total decided."),
    ([("20", "1", "10"), ("20", "1", "10")],
     "Mod and Frank tied on every count: they share the win."),
])
def test_aura_names_the_tie_break_that_decided(figures: list[tuple[str, ...]],
                                               expected: str) -> None:
    assert _aura_tie(figures, NAMES, english()) == expected
