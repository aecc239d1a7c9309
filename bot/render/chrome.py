"""Pieces every game's images share: the title bar, seat names, stat blocks, the summary."""

from __future__ import annotations

from bot.engine.said import said
from bot.render import palette as pal
from bot.render.canvas import Canvas
from bot.render.outcome import Names, Outcome, seat_label
from bot.render.text import CANVAS, KEY_PX, TEXT_PX, Role, folded, wrap
from bot.words import Language

__all__ = ["Names", "seat_label"]  # re-exported for the game modules

WIDTH, HEIGHT = CANVAS
MARGIN = 20
HEADER = 52
NAME_PX = 24
"""A seat's name: secondary, a little above the floor."""


NAME_CHARS = 14
"""A name inside a sentence on a picture is cut to this many characters, so the sentence's
end (what the seat does) still shows; the message beside the picture names it whole."""


def named(seat: int, names: Names, words: Language | None = None) -> str:
    """``seat_label`` shortened for use inside a sentence on a picture."""
    name = seat_label(seat, names, words)
    return name if len(name) <= NAME_CHARS else name[:NAME_CHARS - 1].rstrip() + "…"


def header(c: Canvas, title: str, status: str, right: str = "") -> None:
    """The title bar: game name in gold, then whose turn / what happens (a key fact), then
    ``right``."""
    c.draw.rectangle((0, 0, c.width, HEADER), fill=pal.PANEL)
    c.draw.line((0, HEADER, c.width, HEADER), fill=pal.PANEL_EDGE, width=2)
    tw = c.text((MARGIN, HEADER // 2), title, 24, "bold", pal.GOLD, "lm")
    right_w = 0.0
    if right:
        right_w = c.text((c.width - MARGIN, HEADER // 2), right, TEXT_PX + 2, "regular",
                         pal.INK_SOFT, "rm", max_width=c.width * 0.3)
    x = MARGIN + tw + 18
    c.text((x, HEADER // 2), status, KEY_PX, "bold", pal.INK, "lm",
           max_width=c.width - x - right_w - 2 * MARGIN, role=Role.KEY)


def stat(c: Canvas, xy: tuple[float, float], label: str, value: str, size: int = KEY_PX,
         colour: pal.RGB = pal.INK, anchor: str = "l", max_width: float | None = None,
         max_lines: int = 1) -> float:
    """A grey label (within ``max_width``, on up to ``max_lines`` lines rather than cut) over a
    big figure (a key fact); ``anchor`` l / m / r for the horizontal. Returns the height
    taken."""
    x, y = xy
    _, label_h = c.label((x, y), label, TEXT_PX, "regular", pal.INK_SOFT, f"{anchor}a",
                         max_width=max_width or 10_000.0, max_lines=max_lines)
    label_h = max(label_h, TEXT_PX)
    c.text((x, y + label_h + 4), value, size, "bold", colour, f"{anchor}a", role=Role.KEY)
    return label_h + 4 + size


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
    tag_w = c.pill((x1 - 10, y0 + 8), tag, pal.GOLD, pal.INK_DARK, align="r") if tag else 0.0
    c.text((x0 + 12, y0 + 10), seat_label(seat, names, c.words), NAME_PX, "bold", pal.INK, "la",
           max_width=x1 - x0 - 30 - tag_w)


HAND_CARD = (150, 210)
HAND_GAP = 12


def hand_card(count: int, room: int = WIDTH - 2 * MARGIN,
              height: int = HAND_CARD[1]) -> tuple[int, int]:
    """The card size for ``count`` cards in one row of ``room`` pixels, at most ``height``
    tall: full size when they fit, else smaller (a hand image never outgrows the board)."""
    w = min(HAND_CARD[0], (room + HAND_GAP) // max(1, count) - HAND_GAP,
            height * HAND_CARD[0] // HAND_CARD[1])
    return w, round(w * HAND_CARD[1] / HAND_CARD[0])


def number_disc(c: Canvas, centre: tuple[int, int], n: int) -> None:
    """A hand card's number, the one its menus use, in a gold disc under the card."""
    x, y = centre
    r = DISC_R
    half = max(r, round(c.text_width(str(n), KEY_PX, "bold") / 2) + 5)  # wide for "12"
    c.draw.rounded_rectangle((x - half, y - r, x + half, y + r), r, fill=pal.GOLD)
    c.text((x, y), str(n), KEY_PX, "bold", pal.INK_DARK, "mm", role=Role.KEY)


DISC_R = 20


def summary(outcome: Outcome) -> bytes:
    """The end-of-match table: one row per seat in finishing order, the winners in gold,
    then how the match ended and what decided it, all from ``outcome`` (the result message
    carries the same words whole, should a note not fit)."""
    n = len(outcome.standings)
    row_h = 64
    note_w = WIDTH - 3 * MARGIN
    notes = (outcome.ending, *outcome.notes)
    note_px = TEXT_PX + 2
    step = round(note_px * 1.3)
    columns_ = outcome.columns
    col_w = (WIDTH - 2 * MARGIN - 420) // max(1, len(columns_))
    # A column's name in a longer language takes a second line, and the rows move down.
    head_lines = max((len(folded(name, TEXT_PX, "bold", col_w - 12, 2)[1]) for name in columns_),
                     default=1)
    head_h = 34 + (head_lines - 1) * round(TEXT_PX * 1.2)
    top = HEADER + 20 + head_h + n * row_h + 12
    room = (HEIGHT - 16 - top) // step
    wanted = [len(wrap(note, note_px, "regular", note_w, room)) for note in notes]
    height = max(360, top + sum(k * step + 8 for k in wanted) + 16)
    c = Canvas(WIDTH, min(HEIGHT, height), outcome.words)
    header(c, outcome.title, outcome.headline, c.say(said("Final result")))
    y = HEADER + 20
    place_w = max([80.0, *(c.text_width(row.place, KEY_PX, "bold") + 16
                           for row in outcome.standings)])  # "1st", "1.", "[1šţ ·]"
    xs = [MARGIN + 16, MARGIN + 16 + round(place_w)] + \
        [MARGIN + 420 + col_w * k for k in range(len(columns_))]
    c.text((xs[1], y), c.say(said("Player")), TEXT_PX, "bold", pal.INK_SOFT)
    for x, name in zip(xs[2:], columns_, strict=True):
        c.label((x, y), name, TEXT_PX, "bold", pal.INK_SOFT, max_width=col_w - 12)
    y += head_h
    for row in outcome.standings:
        c.panel((MARGIN, y, WIDTH - MARGIN, y + row_h - 8),
                fill=pal.PANEL_ACTIVE if row.won else pal.PANEL,
                outline=pal.GOLD if row.won else pal.PANEL_EDGE, radius=10)
        mid = y + (row_h - 8) // 2
        c.text((xs[0], mid), row.place, KEY_PX, "bold", pal.GOLD if row.won else pal.INK, "lm",
               role=Role.KEY)
        c.text((xs[1], mid), row.name, NAME_PX + 2, "bold", pal.INK, "lm",
               max_width=(xs[2] if columns_ else WIDTH - MARGIN) - xs[1] - 16)
        for x, value in zip(xs[2:], row.figures, strict=True):
            # A figure is a key fact; a word (a card's name) is secondary and smaller, and
            # takes two lines in its row where one is too short.
            if value.lstrip("−-").isdigit():
                c.text((x, mid), value, KEY_PX, "regular", pal.INK, "lm", max_width=col_w - 12,
                       role=Role.KEY)
            else:
                c.label((x, mid), value, NAME_PX, "regular", pal.INK, "lm", max_width=col_w - 12)
        y += row_h
    y += 12
    for note in notes:
        lines = (c.height - 16 - y) // step
        if lines < 1:
            break
        y += c.paragraph((MARGIN + 10, y), note, note_px, pal.INK_SOFT, note_w, lines) + 8
    return c.png()
