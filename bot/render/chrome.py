"""Pieces every game's images share: the title bar, seat names, stat blocks, the summary."""

from __future__ import annotations

from bot.render import palette as pal
from bot.render.canvas import Canvas
from bot.render.outcome import Names, Outcome, seat_label
from bot.render.text import wrap

__all__ = ["Names", "seat_label"]  # re-exported for the game modules

WIDTH = 1200
MARGIN = 24
HEADER = 64



def header(c: Canvas, title: str, status: str, right: str = "") -> None:
    """The title bar: game name in gold, then whose turn / what happens, then ``right``."""
    c.draw.rectangle((0, 0, c.width, HEADER), fill=pal.PANEL)
    c.draw.line((0, HEADER, c.width, HEADER), fill=pal.PANEL_EDGE, width=2)
    tw = c.text((MARGIN, HEADER // 2), title, 30, "bold", pal.GOLD, "lm")
    right_w = 0.0
    if right:
        right_w = c.text((c.width - MARGIN, HEADER // 2), right, 18, "regular", pal.INK_SOFT,
                         "rm", max_width=c.width * 0.3)
    x = MARGIN + tw + 24
    c.text((x, HEADER // 2), status, 21, "bold", pal.INK, "lm",
           max_width=c.width - x - right_w - 2 * MARGIN)


def stat(c: Canvas, xy: tuple[float, float], label: str, value: str, size: int = 28,
         colour: pal.RGB = pal.INK, anchor: str = "l") -> None:
    """A small grey label over a big figure; ``anchor`` l / m / r for the horizontal."""
    x, y = xy
    c.text((x, y), label, 14, "regular", pal.INK_SOFT, f"{anchor}a")
    c.text((x, y + 18), value, size, "bold", colour, f"{anchor}a")


def columns(n: int, x0: float, x1: float, gap: float) -> list[tuple[int, int]]:
    """``n`` equal columns between ``x0`` and ``x1``: (left, width) each."""
    w = (x1 - x0 - gap * (n - 1)) / n
    return [(round(x0 + k * (w + gap)), round(w)) for k in range(n)]


def seat_panel(c: Canvas, box: tuple[int, int, int, int], seat: int, names: Names,
               active: bool, tag: str = "") -> None:
    """A player's panel with their name; the seat to act gets a gold frame and a tag."""
    x0, y0, x1, _ = box
    c.panel(box, fill=pal.PANEL_ACTIVE if active else pal.PANEL,
            outline=pal.GOLD if active else pal.PANEL_EDGE, width=3 if active else 2)
    tag_w = c.pill((x1 - 12, y0 + 10), tag, pal.GOLD, pal.INK_DARK, 14,
                   align="r") if tag else 0.0
    c.text((x0 + 14, y0 + 12), seat_label(seat, names), 21, "bold", pal.INK, "la",
           max_width=x1 - x0 - 40 - tag_w)


HAND_CARD = (132, 185)
HAND_GAP = 14


def hand_card(count: int, room: int = WIDTH - 2 * MARGIN) -> tuple[int, int]:
    """The card size for ``count`` cards in one row of ``room`` pixels: full size when they
    fit, else narrower (a hand image never grows wider than the board)."""
    w = min(HAND_CARD[0], (room + HAND_GAP) // max(1, count) - HAND_GAP)
    return w, round(w * HAND_CARD[1] / HAND_CARD[0])


def number_disc(c: Canvas, centre: tuple[int, int], n: int) -> None:
    """A hand card's number, the one its menus use, in a gold disc under the card."""
    x, y = centre
    r = 17
    c.draw.ellipse((x - r, y - r, x + r, y + r), fill=pal.GOLD)
    c.text((x, y), str(n), 20, "bold", pal.INK_DARK, "mm")


def summary(outcome: Outcome) -> bytes:
    """The end-of-match table: one row per seat in finishing order, the winners in gold,
    then how the match ended and what decided it, all from ``outcome``."""
    n = len(outcome.standings)
    row_h = 58
    note_w = WIDTH - 3 * MARGIN
    notes = (outcome.ending, *outcome.notes)
    note_h = sum(len(wrap(note, 18, "regular", note_w, 4)) * 25 + 8 for note in notes)
    height = max(360, HEADER + 24 + 34 + n * row_h + 12 + note_h + 16)
    c = Canvas(WIDTH, height)
    header(c, outcome.title, outcome.headline, "Final result")
    y = HEADER + 24
    columns_ = outcome.columns
    col_w = (WIDTH - 2 * MARGIN - 460) // max(1, len(columns_))
    xs = [MARGIN + 20, MARGIN + 110] + [MARGIN + 450 + col_w * k for k in range(len(columns_))]
    c.text((xs[1], y), "Player", 16, "bold", pal.INK_SOFT)
    for x, name in zip(xs[2:], columns_, strict=True):
        c.text((x, y), name, 16, "bold", pal.INK_SOFT, max_width=col_w - 12)
    y += 34
    for row in outcome.standings:
        c.panel((MARGIN, y, WIDTH - MARGIN, y + row_h - 8),
                fill=pal.PANEL_ACTIVE if row.won else pal.PANEL,
                outline=pal.GOLD if row.won else pal.PANEL_EDGE, radius=10)
        mid = y + (row_h - 8) // 2
        c.text((xs[0], mid), row.place, 24, "bold", pal.GOLD if row.won else pal.INK, "lm")
        c.text((xs[1], mid), row.name, 24, "bold", pal.INK, "lm", max_width=330)
        for x, value in zip(xs[2:], row.figures, strict=True):
            c.text((x, mid), value, 24, "regular", pal.INK, "lm", max_width=col_w - 12)
        y += row_h
    y += 12
    for note in notes:
        y += c.paragraph((MARGIN + 10, y), note, 18, pal.INK_SOFT, note_w) + 8
    return c.png()
