"""An event's standings as a picture, and the same table as alt text: pure functions of the
rows (names already resolved by the caller) and the language they are read in (the server's:
the picture is public), so a restart draws the same bytes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from bot.engine.said import said, said_n
from bot.render import palette as pal
from bot.render.canvas import encode, felt
from bot.render.text import draw_text, fitted
from bot.words import Language, english

WIDTH = 1200
MARGIN = 40
HEADER = 110
ROW = 44
MAX_ROWS = 32
"""Rows drawn at most; the alt text and the commands list everyone."""
COLUMNS = ((said("#"), 70), (said("Player"), 470), (said("Points"), 110),
           (said("Buchholz cut 1"), 200), (said("Sonneborn–Berger"), 270))
"""Each column's heading and width."""


@dataclass(frozen=True)
class StandingRow:
    rank: int
    name: str
    points: float
    buchholz_cut1: float
    sonneborn_berger: float
    dropped: bool = False


def figure(value: float, lang: Language) -> str:
    """3 rather than 3.0, 2.5 as it is (in the language's digits: ``2,5``): points and
    tie-breaks move in halves and quarters."""
    return lang.number(value)


def standings_png(title: str, subtitle: str, rows: Sequence[StandingRow],
                  lang: Language | None = None) -> bytes:
    """The table drawn in ``lang`` (English when None); the title and subtitle come said."""
    words = lang or english()
    shown = rows[:MAX_ROWS]
    height = HEADER + ROW * (len(shown) + 1) + MARGIN
    img = felt((WIDTH, height)).copy()
    draw = ImageDraw.Draw(img)
    face, text = fitted(title, 40, "bold", WIDTH - 2 * MARGIN)
    draw_text(draw, (MARGIN, 28), text, face, pal.GOLD)
    face, text = fitted(subtitle, 22, "regular", WIDTH - 2 * MARGIN)
    draw_text(draw, (MARGIN, 76), text, face, pal.INK_SOFT)
    _row(draw, HEADER, [words.say(name) for name, _ in COLUMNS], pal.INK_SOFT, "bold")
    for i, row in enumerate(shown):
        y = HEADER + ROW * (i + 1)
        if i % 2 == 0:
            draw.rectangle((MARGIN - 10, y - 6, WIDTH - MARGIN + 10, y + ROW - 10),
                           fill=pal.PANEL)
        colour = pal.INK_SOFT if row.dropped else pal.GOLD if row.rank == 1 else pal.INK
        name = words.say(said("{player} (dropped)", player=row.name)) if row.dropped \
            else row.name
        _row(draw, y, [str(row.rank), name, figure(row.points, words),
                       figure(row.buchholz_cut1, words), figure(row.sonneborn_berger, words)],
             colour, "regular")
    return encode(img)


def _row(draw: ImageDraw.ImageDraw, y: int, cells: Sequence[str], colour: pal.RGB,
         weight: str) -> None:
    x = MARGIN
    for (_, w), cell in zip(COLUMNS, cells, strict=True):
        face, text = fitted(cell, 24, weight, w - 16)
        draw_text(draw, (x, y), text, face, colour)
        x += w


def standings_alt(title: str, rows: Sequence[StandingRow],
                  lang: Language | None = None) -> str:
    """The table in words, one line a player, for screen readers and the post's text."""
    words = lang or english()
    lines = [f"{title}."]
    for row in rows:
        name = words.say(said("{player} (dropped)", player=row.name)) if row.dropped \
            else row.name
        lines.append(f"{row.rank}. " + words.say(said_n(
            "{player}: {points} point, Buchholz cut 1 {buchholz}, Sonneborn–Berger {sb}.",
            "{player}: {points} points, Buchholz cut 1 {buchholz}, Sonneborn–Berger {sb}.",
            int(row.points) if row.points == int(row.points) else 2, player=name,
            points=row.points, buchholz=row.buchholz_cut1, sb=row.sonneborn_berger)))
    return "\n".join(lines)
