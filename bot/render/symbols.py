"""Colour symbols, drawn as shapes so that no colour depends on hue alone.

Each shape is drawn as a mask four times larger than needed and scaled down, which gives
smooth edges without an anti-aliasing rasteriser. Results are cached per process.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from bot.render.palette import RGB

SUPERSAMPLE = 4

Pen = ImageDraw.ImageDraw
Point = tuple[float, float]


def _pts(n: int, points: list[Point]) -> list[Point]:
    return [(x * n, y * n) for x, y in points]


def _box(n: int, x0: float, y0: float, x1: float, y1: float) -> tuple[float, ...]:
    return (x0 * n, y0 * n, x1 * n, y1 * n)


def _smooth(points: list[Point], steps: int = 8) -> list[Point]:
    """A closed Catmull-Rom curve through ``points``."""
    out: list[Point] = []
    k = len(points)
    for i in range(k):
        p0, p1, p2, p3 = (points[(i + j) % k] for j in (-1, 0, 1, 2))
        for s in range(steps):
            t = s / steps
            x, y = (0.5 * (2 * p1[c] + (-p0[c] + p2[c]) * t
                           + (2 * p0[c] - 5 * p1[c] + 4 * p2[c] - p3[c]) * t * t
                           + (-p0[c] + 3 * p1[c] - 3 * p2[c] + p3[c]) * t ** 3)
                    for c in (0, 1))
            out.append((x, y))
    return out


def _flame(d: Pen, n: int) -> None:
    """Three tongues of fire rising from a round base."""
    outline = [(0.52, 0.03), (0.6, 0.26), (0.72, 0.4), (0.76, 0.2), (0.88, 0.5), (0.84, 0.78),
               (0.64, 0.95), (0.36, 0.95), (0.16, 0.8), (0.13, 0.56), (0.24, 0.3), (0.3, 0.46),
               (0.42, 0.3)]
    d.polygon(_pts(n, _smooth(outline)), fill=255)


def _waves(d: Pen, n: int) -> None:
    width = round(0.09 * n)
    for k in range(3):
        y0 = 0.24 + 0.26 * k
        line = [(0.12 + 0.76 * i / 40, y0 + 0.06 * math.sin(3 * math.pi * i / 40))
                for i in range(41)]
        d.line(_pts(n, line), fill=255, width=width, joint="curve")
        for x, y in (line[0], line[-1]):
            r = width / 2
            d.ellipse((x * n - r, y * n - r, x * n + r, y * n + r), fill=255)


def _crescent(d: Pen, n: int) -> None:
    d.ellipse(_box(n, 0.08, 0.08, 0.92, 0.92), fill=255)
    d.ellipse(_box(n, 0.32, 0.0, 1.08, 0.76), fill=0)


def _leaf(d: Pen, n: int) -> None:
    """A pointed leaf on the diagonal with a stem and a cut midrib."""
    (ax, ay), (bx, by) = (0.2, 0.8), (0.9, 0.1)
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    nx, ny = -uy, ux
    upper: list[Point] = []
    lower: list[Point] = []
    for i in range(41):
        t = i / 40
        w = 0.22 * math.sin(math.pi * t) ** 0.8
        cx, cy = ax + (bx - ax) * t, ay + (by - ay) * t
        upper.append((cx + nx * w, cy + ny * w))
        lower.append((cx - nx * w, cy - ny * w))
    d.polygon(_pts(n, upper + lower[::-1]), fill=255)
    d.line(_pts(n, [(0.06, 0.94), (0.26, 0.74)]), fill=255, width=round(0.07 * n))
    d.line(_pts(n, [(0.3, 0.7), (0.74, 0.26)]), fill=0, width=round(0.035 * n))


def _sun(d: Pen, n: int) -> None:
    d.ellipse(_box(n, 0.3, 0.3, 0.7, 0.7), fill=255)
    for k in range(8):
        a = k * math.pi / 4
        tip = (0.5 + 0.47 * math.cos(a), 0.5 + 0.47 * math.sin(a))
        left = (0.5 + 0.26 * math.cos(a - 0.2), 0.5 + 0.26 * math.sin(a - 0.2))
        right = (0.5 + 0.26 * math.cos(a + 0.2), 0.5 + 0.26 * math.sin(a + 0.2))
        d.polygon(_pts(n, [left, tip, right]), fill=255)


def _star(d: Pen, n: int) -> None:
    points: list[Point] = []
    for k in range(10):
        r = 0.47 if k % 2 == 0 else 0.2
        a = -math.pi / 2 + k * math.pi / 5
        points.append((0.5 + r * math.cos(a), 0.54 + r * math.sin(a)))
    d.polygon(_pts(n, points), fill=255)


def _gem(d: Pen, n: int) -> None:
    """A cut gem: a hexagon with its table line cut out."""
    points = [(0.5 + 0.44 * math.cos(math.pi / 6 + k * math.pi / 3),
               0.5 + 0.44 * math.sin(math.pi / 6 + k * math.pi / 3)) for k in range(6)]
    d.polygon(_pts(n, points), fill=255)
    d.line(_pts(n, [(0.16, 0.4), (0.84, 0.4)]), fill=0, width=round(0.05 * n))


def _tree(d: Pen, n: int) -> None:
    for top, base, half in ((0.04, 0.36, 0.22), (0.2, 0.58, 0.31), (0.38, 0.8, 0.4)):
        d.polygon(_pts(n, [(0.5, top), (0.5 - half, base), (0.5 + half, base)]), fill=255)
    d.rectangle(_box(n, 0.41, 0.78, 0.59, 0.96), fill=255)


def _peaks(d: Pen, n: int) -> None:
    d.polygon(_pts(n, [(0.02, 0.86), (0.36, 0.14), (0.54, 0.52), (0.7, 0.3), (0.98, 0.86)]),
              fill=255)
    snow = [(0.22, 0.44), (0.29, 0.38), (0.35, 0.46), (0.42, 0.37), (0.48, 0.44)]
    d.line(_pts(n, snow), fill=0, width=round(0.04 * n), joint="curve")


def _arch(d: Pen, n: int) -> None:
    d.ellipse(_box(n, 0.08, 0.1, 0.92, 0.9), fill=255)
    d.rectangle(_box(n, 0.08, 0.5, 0.92, 0.92), fill=255)
    d.ellipse(_box(n, 0.32, 0.4, 0.68, 0.76), fill=0)
    d.rectangle(_box(n, 0.32, 0.58, 0.68, 0.93), fill=0)


def _hood(d: Pen, n: int) -> None:
    d.ellipse(_box(n, 0.33, 0.06, 0.67, 0.4), fill=255)
    d.polygon(_pts(n, [(0.5, 0.26), (0.86, 0.94), (0.14, 0.94)]), fill=255)
    d.line(_pts(n, [(0.9, 0.2), (0.9, 0.96)]), fill=255, width=round(0.06 * n))


def _horns(d: Pen, n: int) -> None:
    d.ellipse(_box(n, 0.2, 0.32, 0.8, 0.92), fill=255)
    d.polygon(_pts(n, [(0.24, 0.52), (0.08, 0.04), (0.44, 0.36)]), fill=255)
    d.polygon(_pts(n, [(0.76, 0.52), (0.92, 0.04), (0.56, 0.36)]), fill=255)
    d.ellipse(_box(n, 0.34, 0.5, 0.45, 0.61), fill=0)
    d.ellipse(_box(n, 0.55, 0.5, 0.66, 0.61), fill=0)


def _ring(d: Pen, n: int) -> None:
    d.ellipse(_box(n, 0.04, 0.04, 0.96, 0.96), fill=255)
    d.ellipse(_box(n, 0.13, 0.13, 0.87, 0.87), fill=0)


def _compass(d: Pen, n: int) -> None:
    """A compass rose in a ring: the travel deck's back."""
    _ring(d, n)
    for k in range(4):
        a = k * math.pi / 2
        tip = (0.5 + 0.36 * math.cos(a), 0.5 + 0.36 * math.sin(a))
        left = (0.5 + 0.09 * math.cos(a - math.pi / 2), 0.5 + 0.09 * math.sin(a - math.pi / 2))
        right = (0.5 + 0.09 * math.cos(a + math.pi / 2), 0.5 + 0.09 * math.sin(a + math.pi / 2))
        d.polygon(_pts(n, [left, tip, right, (0.5, 0.5)]), fill=255)


def _seal(d: Pen, n: int) -> None:
    """A star in a ring: the magic seal on Tzerzurian backs (and Auroria's)."""
    _ring(d, n)
    points: list[Point] = []
    for k in range(16):
        r = 0.34 if k % 2 == 0 else 0.15
        a = -math.pi / 2 + k * math.pi / 8
        points.append((0.5 + r * math.cos(a), 0.5 + r * math.sin(a)))
    d.polygon(_pts(n, points), fill=255)


SHAPES: dict[str, Callable[[Pen, int], None]] = {
    "flame": _flame, "waves": _waves, "crescent": _crescent, "leaf": _leaf, "sun": _sun,
    "star": _star, "gem": _gem, "tree": _tree, "peaks": _peaks, "arch": _arch,
    "hood": _hood, "horns": _horns, "compass": _compass, "seal": _seal,
}


@lru_cache(maxsize=128)
def _big_mask(name: str, px: int) -> Image.Image:
    """The shape ``name`` as an ``L`` mask (255 inside), ``SUPERSAMPLE`` times ``px``."""
    try:
        draw = SHAPES[name]
    except KeyError:
        raise ValueError(f"Unknown symbol {name!r}.") from None
    n = px * SUPERSAMPLE
    inner = round(n * 0.9)  # a margin for the outline ring
    shape = Image.new("L", (inner, inner), 0)
    draw(ImageDraw.Draw(shape), inner)
    m = Image.new("L", (n, n), 0)
    m.paste(shape, ((n - inner) // 2, (n - inner) // 2))
    return m


@lru_cache(maxsize=512)
def symbol(name: str, px: int, fill: RGB, outline: RGB | None = None) -> Image.Image:
    """The shape as an RGBA image in ``fill``, ringed by ``outline`` when given."""
    big = _big_mask(name, px)
    out = Image.new("RGBA", big.size, (0, 0, 0, 0))
    if outline is not None:
        radius = max(2.0, big.size[0] / 40)
        ring = big.filter(ImageFilter.GaussianBlur(radius)).point(lambda v: 255 if v > 12 else 0)
        out.paste((*outline, 255), mask=ring)
    out.paste((*fill, 255), mask=big)
    return out.resize((px, px), Image.Resampling.LANCZOS)
