"""Fitting text into boxes: shrink to a floor, then wrap or shorten with an ellipsis.

Every text has a role, and each role a floor in CSS pixels where Discord shows the picture
(DESIGN §5): a desktop fits it within ``DESKTOP_BOX``, a phone shows it ``PHONE_WIDTH``
wide.
"""

from __future__ import annotations

import math
from enum import StrEnum
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render.assets import Font, font

ELLIPSIS = "…"

DESKTOP_BOX = (550, 350)
"""CSS px a desktop client fits an attached picture within."""
PHONE_WIDTH = 330
"""CSS px of a phone's chat column: a picture is shown that wide."""


class Role(StrEnum):
    KEY = "key"
    """Whose turn, values, powers, counts, your cards: read at a glance."""
    SECONDARY = "secondary"
    """Labels and names: still readable, smaller."""


DESKTOP_FLOOR = {Role.KEY: 12.0, Role.SECONDARY: 9.0}
PHONE_FLOOR = {Role.KEY: 8.0, Role.SECONDARY: 0.0}
"""The smallest CSS px each role may have where it is shown."""


def display_scales(width: int, height: int) -> tuple[float, float]:
    """CSS px per picture pixel on a desktop and on a phone (never enlarged)."""
    desktop = min(1.0, DESKTOP_BOX[0] / width, DESKTOP_BOX[1] / height)
    return desktop, min(1.0, PHONE_WIDTH / width)


def floor_px(role: Role, width: int, height: int) -> int:
    """The smallest font size, in a ``width`` × ``height`` picture's own pixels, at which a
    text of ``role`` meets its floors on both screens."""
    desktop, phone = display_scales(width, height)
    return math.ceil(max(DESKTOP_FLOOR[role] / desktop, PHONE_FLOOR[role] / phone) - 1e-9)


CANVAS = (1100, 700)
"""The largest picture: the desktop box at twice its density, sharp on dense screens. Every
picture is at most this size, so it is shown at half its pixels or more on a desktop and at
0.3 or more on a phone, and the floors below hold for each of them."""
KEY_PX = floor_px(Role.KEY, *CANVAS)
TEXT_PX = floor_px(Role.SECONDARY, *CANVAS)
FLOOR_PX = {Role.KEY: KEY_PX, Role.SECONDARY: TEXT_PX}


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, face: Font,
              fill: object, anchor: str = "la", role: Role = Role.SECONDARY) -> None:
    """The one place glyphs reach an image, so the floor of each text's role holds."""
    if face.size < FLOOR_PX[role]:
        raise ValueError(f"{role} text {text!r} at {face.size} px is below {FLOOR_PX[role]} px")
    draw.text(xy, text, font=face, fill=fill, anchor=anchor)  # type: ignore[arg-type]



def width(text: str, face: Font) -> float:
    return face.getlength(text)


@lru_cache(maxsize=4096)
def fitted(text: str, size: int, weight: str, max_width: float,
           role: Role = Role.SECONDARY) -> tuple[Font, str]:
    """The largest face from ``size`` down to the floor of ``role`` in which ``text`` fits
    (a longer word in another language shrinks before it is cut), and the text itself,
    shortened with an ellipsis when even the floor is too wide."""
    floor = FLOOR_PX[role]
    size = max(size, floor)
    for s in range(size, floor - 1, -1):
        face = font(s, weight)
        if width(text, face) <= max_width:
            return face, text
    face = font(floor, weight)
    return face, shorten(text, face, max_width)


@lru_cache(maxsize=4096)
def folded(text: str, size: int, weight: str, max_width: float, max_lines: int,
           role: Role = Role.SECONDARY) -> tuple[Font, tuple[str, ...]]:
    """``text`` as a label that may take up to ``max_lines`` lines: on one line in the largest
    face down to the floor of ``role`` (as ``fitted``); else word-wrapped in the largest face
    in which it takes no more lines; else (too long even so: a long name) on one line,
    shortened, as ``fitted`` gives it."""
    face, shown = fitted(text, size, weight, max_width, role)
    if shown == text or max_lines < 2:
        return face, (shown,)
    floor = FLOOR_PX[role]
    for s in range(max(size, floor), floor - 1, -1):
        lines = lines_of(text, s, weight, max_width)
        if len(lines) <= max_lines:
            return font(s, weight), lines
    return face, (shown,)


def shorten(text: str, face: Font, max_width: float) -> str:
    """``text`` cut at a word or character so that it plus an ellipsis fits."""
    if width(text, face) <= max_width:
        return text
    cut = text
    while cut and width(cut + ELLIPSIS, face) > max_width:
        cut = cut[:-1]
    return cut.rstrip() + ELLIPSIS if cut else ""


@lru_cache(maxsize=4096)
def lines_of(text: str, size: int, weight: str, max_width: float) -> tuple[str, ...]:
    """All of ``text``, greedily word-wrapped; a word wider than a line is split with a
    hyphen, so nothing is ever cut."""
    face = font(size, weight)
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}".strip()
        if width(trial, face) <= max_width:
            current = trial
            continue
        if current:
            lines.append(current)
        while len(word) > 5 and width(word, face) > max_width:
            k = len(word) - 3  # at least three letters on each side of the hyphen
            while k > 3 and width(word[:k] + "-", face) > max_width:
                k -= 1
            lines.append(word[:k] + "-")
            word = word[k:]
        current = word
    if current:
        lines.append(current)
    return tuple(lines)


def wrap(text: str, size: int, weight: str, max_width: float,
         max_lines: int) -> tuple[str, ...]:
    """Word wrap into at most ``max_lines`` lines; the last one is shortened if text is left."""
    lines = lines_of(text, size, weight, max_width)
    if len(lines) <= max_lines:
        return lines
    last = shorten(f"{lines[max_lines - 1]} {lines[max_lines]}", font(size, weight), max_width)
    return (*lines[:max_lines - 1], last)


@lru_cache(maxsize=4096)
def glyphs(text: str, size: int, weight: str, anchor: str,
           role: Role = Role.SECONDARY) -> tuple[Image.Image, int, int]:
    """``text`` rendered once as an ``L`` mask, and the mask's offset from the anchor point.

    Labels, names and figures repeat from one board to the next; pasting a cached mask
    costs a fraction of rendering the glyphs again.
    """
    face = font(size, weight)
    x0, y0, x1, y1 = (round(v) for v in face.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    draw_text(ImageDraw.Draw(mask), (-x0, -y0), text, face, 255, anchor, role)
    return mask, x0, y0
