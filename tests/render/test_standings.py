"""The standings picture and its alt text."""

from __future__ import annotations

import io

from PIL import Image

from bot.render.standings import (
    HEADER,
    MARGIN,
    MAX_ROWS,
    ROW,
    WIDTH,
    StandingRow,
    standings_alt,
    standings_png,
)
from bot.words import english, language

ROWS = [StandingRow(1, "Ann", 2.5, 6.0, 4.75), StandingRow(2, "Bob", 2.5, 6.0, 4.0),
        StandingRow(3, "Dan", 1.5, 7.0, 3.25, dropped=True)]


def test_one_row_a_player_up_to_the_cap() -> None:
    small = Image.open(io.BytesIO(standings_png("Zura Swiss", "After round 3", ROWS)))
    assert small.size == (WIDTH, HEADER + ROW * 4 + MARGIN)
    many = [StandingRow(i, f"P{i}", 0, 0, 0) for i in range(1, 60)]
    big = Image.open(io.BytesIO(standings_png("Zura Swiss", "After round 3", many)))
    assert big.size == (WIDTH, HEADER + ROW * (MAX_ROWS + 1) + MARGIN)


def test_the_same_rows_draw_the_same_bytes() -> None:
    assert standings_png("T", "S", ROWS) == standings_png("T", "S", ROWS)
    assert standings_png("T", "S", ROWS) != standings_png("T", "S", ROWS[:2])


def test_alt_text_lists_everyone_with_the_tie_breaks() -> None:
    assert standings_alt("Zura Swiss", ROWS).splitlines() == [
        "Zura Swiss.",
        "1. Ann: 2.5 points, Buchholz cut 1 6, Sonneborn–Berger 4.75.",
        "2. Bob: 2.5 points, Buchholz cut 1 6, Sonneborn–Berger 4.",
        "3. Dan (dropped): 1.5 points, Buchholz cut 1 7, Sonneborn–Berger 3.25.",
    ]


def test_the_table_is_drawn_and_told_in_the_language_given() -> None:
    german = language("de")
    assert standings_alt("Zura", ROWS, german).splitlines()[1:] == [
        "1. Ann: 2,5 Punkte, Buchholz ohne Schlechtestes 6, Sonneborn-Berger 4,75.",
        "2. Bob: 2,5 Punkte, Buchholz ohne Schlechtestes 6, Sonneborn-Berger 4.",
        "3. Dan (ausgestiegen): 1,5 Punkte, Buchholz ohne Schlechtestes 7, "
        "Sonneborn-Berger 3,25.",
    ]
    assert standings_png("T", "S", ROWS, german) != standings_png("T", "S", ROWS)
    assert standings_png("T", "S", ROWS, english()) == standings_png("T", "S", ROWS)
