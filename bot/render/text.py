"""Fitting text into boxes: shrink to a floor, then wrap or shorten with an ellipsis."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render.assets import Font, font

ELLIPSIS = "…"
MIN_TEXT_PX = 14
"""The smallest type any image may carry (images are 1200 px wide): readable on a phone."""


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, face: Font,
              fill: object, anchor: str = "la") -> None:
    """The one place glyphs reach an image, so the size floor holds for every text drawn."""
    if face.size < MIN_TEXT_PX:
        raise ValueError(f"text {text!r} at {face.size} px is below {MIN_TEXT_PX} px")
    draw.text(xy, text, font=face, fill=fill, anchor=anchor)  # type: ignore[arg-type]



def width(text: str, face: Font) -> float:
    return face.getlength(text)


@lru_cache(maxsize=4096)
def fitted(text: str, size: int, weight: str, max_width: float,
           min_size: int = 0) -> tuple[Font, str]:
    """The largest face from ``size`` down to ``min_size`` in which ``text`` fits, and the
    text itself, shortened with an ellipsis when even the smallest face is too wide."""
    floor = max(MIN_TEXT_PX, min_size or round(size * 0.7))
    size = max(size, floor)
    for s in range(size, floor - 1, -1):
        face = font(s, weight)
        if width(text, face) <= max_width:
            return face, text
    face = font(floor, weight)
    return face, shorten(text, face, max_width)


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
def glyphs(text: str, size: int, weight: str, anchor: str) -> tuple[Image.Image, int, int]:
    """``text`` rendered once as an ``L`` mask, and the mask's offset from the anchor point.

    Labels, names and figures repeat from one board to the next; pasting a cached mask
    costs a fraction of rendering the glyphs again.
    """
    face = font(size, weight)
    x0, y0, x1, y1 = (round(v) for v in face.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    draw_text(ImageDraw.Draw(mask), (-x0, -y0), text, face, 255, anchor)
    return mask, x0, y0
