"""An event's standings as a picture, and the same table as alt text: pure functions of the
rows (names already resolved by the caller), so a restart draws the same bytes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from bot.render import palette as pal
from bot.render.canvas import encode, felt
from bot.render.text import draw_text, fitted

WIDTH = 1200
MARGIN = 40
HEADER = 110
ROW = 44
MAX_ROWS = 32
"""Rows drawn at most; the alt text and the commands list everyone."""
COLUMNS = (("#", 70), ("Player", 470), ("Points", 110), ("Buchholz cut 1", 200),
           ("Sonneborn–Berger", 270))


@dataclass(frozen=True)
class StandingRow:
    rank: int
    name: str
    points: float
    buchholz_cut1: float
    sonneborn_berger: float
    dropped: bool = False


def figure(value: float) -> str:
    """3 rather than 3.0, 2.5 as it is: points and tie-breaks move in halves and quarters."""
    return f"{value:g}"


def standings_png(title: str, subtitle: str, rows: Sequence[StandingRow]) -> bytes:
    shown = rows[:MAX_ROWS]
    height = HEADER + ROW * (len(shown) + 1) + MARGIN
    img = felt((WIDTH, height)).copy()
    draw = ImageDraw.Draw(img)
    face, text = fitted(title, 40, "bold", WIDTH - 2 * MARGIN)
    draw_text(draw, (MARGIN, 28), text, face, pal.GOLD)
    face, text = fitted(subtitle, 22, "regular", WIDTH - 2 * MARGIN)
    draw_text(draw, (MARGIN, 76), text, face, pal.INK_SOFT)
    _row(draw, HEADER, [name for name, _ in COLUMNS], pal.INK_SOFT, "bold")
    for i, row in enumerate(shown):
        y = HEADER + ROW * (i + 1)
        if i % 2 == 0:
            draw.rectangle((MARGIN - 10, y - 6, WIDTH - MARGIN + 10, y + ROW - 10),
                           fill=pal.PANEL)
        colour = pal.INK_SOFT if row.dropped else pal.GOLD if row.rank == 1 else pal.INK
        name = f"{row.name} (dropped)" if row.dropped else row.name
        _row(draw, y, [str(row.rank), name, figure(row.points), figure(row.buchholz_cut1),
                       figure(row.sonneborn_berger)], colour, "regular")
    return encode(img)


def _row(draw: ImageDraw.ImageDraw, y: int, cells: Sequence[str], colour: pal.RGB,
         weight: str) -> None:
    x = MARGIN
    for (_, w), cell in zip(COLUMNS, cells, strict=True):
        face, text = fitted(cell, 24, weight, w - 16)
        draw_text(draw, (x, y), text, face, colour)
        x += w


def standings_alt(title: str, rows: Sequence[StandingRow]) -> str:
    """The table in words, one line a player, for screen readers and the post's text."""
    lines = [f"{title}."]
    for row in rows:
        dropped = " (dropped)" if row.dropped else ""
        lines.append(f"{row.rank}. {row.name}{dropped}: {figure(row.points)} points, "
                     f"Buchholz cut 1 {figure(row.buchholz_cut1)}, Sonneborn–Berger "
                     f"{figure(row.sonneborn_berger)}.")
    return "\n".join(lines)
