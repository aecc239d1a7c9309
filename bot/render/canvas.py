"""The drawing surface every board and hand image starts from, and PNG encoding.

Static layers (the felt, card shadows) are built once per process and reused: a board
is then mostly pastes of cached card images plus a little text, which keeps it fast.
"""

from __future__ import annotations

import struct
import zlib
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter, ImageOps

from bot.engine.said import Said
from bot.render import palette as pal
from bot.render.assets import font
from bot.render.palette import RGB
from bot.render.symbols import symbol
from bot.render.text import CANVAS, FLOOR_PX, Role, fitted, folded, glyphs, wrap
from bot.words import Language, english

PNG_COMPRESS_LEVEL = 1
"""zlib level for PNG output; ``bench/render.py`` shows the size/time trade-off."""

SHADOW_OFFSET = (3, 5)
SHADOW_BLUR = 5


@lru_cache(maxsize=16)
def felt(size: tuple[int, int]) -> Image.Image:
    """A table-felt background: dark green, lit from a little above the middle.

    The light varies from row to row only: rows of one colour compress in a fraction of
    the time (and size) a radial light takes, and the felt is most of every image.
    """
    h = size[1]
    light = 0.4 * h
    column = Image.new("L", (1, h))
    column.putdata([min(255, round(255 * abs(y - light) / (h - light))) for y in range(h)])
    return ImageOps.colorize(column.resize(size, Image.Resampling.NEAREST), pal.FELT_CENTRE,
                             pal.FELT_EDGE)


@lru_cache(maxsize=64)
def rounded_mask(size: tuple[int, int], radius: int) -> Image.Image:
    """An anti-aliased rounded-rectangle mask (drawn large, scaled down)."""
    k = 4
    big = Image.new("L", (size[0] * k, size[1] * k), 0)
    ImageDraw.Draw(big).rounded_rectangle((0, 0, big.width - 1, big.height - 1),
                                          radius * k, fill=255)
    return big.resize(size, Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def shadow(size: tuple[int, int], radius: int) -> Image.Image:
    """A blurred mask to paste in black under a card of ``size``, ``SHADOW_BLUR`` larger."""
    pad = SHADOW_BLUR * 2
    m = Image.new("L", (size[0] + 2 * pad, size[1] + 2 * pad), 0)
    m.paste(rounded_mask(size, radius).point(lambda v: v * pal.SHADOW_ALPHA // 255), (pad, pad))
    return m.filter(ImageFilter.GaussianBlur(SHADOW_BLUR))


class Canvas:
    """A felt-covered RGB image with helpers for the few things boards draw; never larger
    than ``CANVAS``, so the text floors hold where Discord shows it. Its words are said in
    ``words``, the language of whoever sees the picture."""

    def __init__(self, width: int, height: int, words: Language | None = None) -> None:
        if width > CANVAS[0] or height > CANVAS[1]:
            raise ValueError(f"a {width}×{height} picture is larger than {CANVAS[0]}×{CANVAS[1]}")
        self.img = felt((width, height)).copy()
        self.draw = ImageDraw.Draw(self.img)
        self.words = words if words is not None else english()

    def say(self, sentence: Said) -> str:
        """``sentence`` in the picture's language."""
        return self.words.say(sentence)

    @property
    def width(self) -> int:
        return self.img.width

    @property
    def height(self) -> int:
        return self.img.height

    def text(self, xy: tuple[float, float], text: str, size: int = 0,
             weight: str = "regular", fill: RGB = pal.INK, anchor: str = "la",
             max_width: float | None = None, role: Role = Role.SECONDARY) -> float:
        """Draw ``text`` (``size`` 0: its role's floor), shrunk a little or shortened with
        an ellipsis to fit ``max_width``; returns its drawn width."""
        if not text:
            return 0.0
        face, shown = fitted(text, size or FLOOR_PX[role], weight, max_width or 10_000.0, role)
        if not shown:  # no room for even a letter and an ellipsis
            return 0.0
        self._glyphs(xy, shown, round(face.size), weight, fill, anchor, role)
        return face.getlength(shown)

    def label(self, xy: tuple[float, float], text: str, size: int = 0,
              weight: str = "regular", fill: RGB = pal.INK, anchor: str = "la",
              max_width: float = 10_000.0, max_lines: int = 2,
              role: Role = Role.SECONDARY) -> tuple[float, float]:
        """``text`` as ``text`` draws it, but wrapped onto up to ``max_lines`` lines rather than
        cut when even its floor is too wide (a longer language's words); the lines stack down
        from ``xy`` (anchor ``·a``), up to it (``·d``) or around it (``·m``). Returns the
        (width, height) drawn."""
        if not text:
            return 0.0, 0.0
        face, lines = folded(text, size or FLOOR_PX[role], weight, max_width, max_lines, role)
        px = round(face.size)
        step = round(px * 1.2)
        first = xy[1] - {"m": (len(lines) - 1) * step / 2,
                         "d": (len(lines) - 1) * step}.get(anchor[1], 0.0)
        for k, line in enumerate(lines):
            if line:
                self._glyphs((xy[0], first + k * step), line, px, weight, fill, anchor, role)
        return max(face.getlength(line) for line in lines), px + step * (len(lines) - 1)

    @staticmethod
    def text_width(text: str, size: int, weight: str = "regular") -> float:
        return font(size, weight).getlength(text)

    def _glyphs(self, xy: tuple[float, float], text: str, size: int, weight: str, fill: RGB,
                anchor: str, role: Role = Role.SECONDARY) -> None:
        mask, dx, dy = glyphs(text, size, weight, anchor, role)
        self.img.paste(fill, (round(xy[0]) + dx, round(xy[1]) + dy), mask)

    def paragraph(self, xy: tuple[float, float], text: str, size: int = 0,
                  fill: RGB = pal.INK, max_width: float = 1000.0, max_lines: int = 4) -> int:
        """Word-wrapped secondary text; returns the height it took."""
        size = size or FLOOR_PX[Role.SECONDARY]
        lines = wrap(text, size, "regular", max_width, max_lines)
        step = round(size * 1.3)
        for k, line in enumerate(lines):
            self._glyphs((xy[0], xy[1] + k * step), line, size, "regular", fill, "la")
        return step * len(lines)

    def panel(self, box: tuple[float, float, float, float], fill: RGB = pal.PANEL,
              outline: RGB | None = pal.PANEL_EDGE, radius: int = 14, width: int = 2) -> None:
        self.draw.rounded_rectangle(box, radius, fill=fill, outline=outline, width=width)

    def pill(self, xy: tuple[float, float], text: str, fill: RGB, ink: RGB, size: int = 0,
             align: str = "l", max_width: float = 10_000.0,
             role: Role = Role.SECONDARY) -> float:
        """A rounded label (shortened to ``max_width`` overall); returns its width. ``xy`` is
        its top at the left edge, the right edge or the middle (``align`` l / r / m)."""
        size = size or FLOOR_PX[role]
        face, shown = fitted(text, size, "bold", max_width - size * 0.8, role)
        w = face.getlength(shown) + size * 0.8
        h = pill_height(size)
        x = xy[0] - {"l": 0.0, "r": w, "m": w / 2}[align]
        self.draw.rounded_rectangle((x, xy[1], x + w, xy[1] + h), h // 2, fill=fill)
        self._glyphs((x + w / 2, xy[1] + h / 2), shown, round(face.size), "bold", ink, "mm",
                     role)
        return w

    def plate(self, xy: tuple[float, float], text: str, fill: RGB, ink: RGB,
              max_width: float, max_lines: int = 2, align: str = "m") -> float:
        """``pill`` (``xy`` and ``align`` as there) at its role's floor, taking a second line
        (``max_lines``) rather than cutting a longer language's words; returns its height."""
        size = FLOOR_PX[Role.SECONDARY]
        pad = size * 0.4
        face, lines = folded(text, size, "bold", max_width - 2 * pad, max_lines)
        w = max(face.getlength(line) for line in lines) + 2 * pad
        h = self.plate_height(text, max_width, max_lines)
        x, y = xy[0] - {"l": 0.0, "r": w, "m": w / 2}[align], xy[1]
        self.draw.rounded_rectangle((x, y, x + w, y + h), min(h, pill_height(size)) // 2,
                                    fill=fill)
        self.label((x + w / 2, y + h / 2), text, size, "bold", ink, "mm",
                   max_width=max_width - 2 * pad, max_lines=max_lines)
        return h

    @staticmethod
    def plate_height(text: str, max_width: float, max_lines: int = 2) -> int:
        """How tall ``plate`` draws ``text``: to lay it out before drawing it."""
        size = FLOOR_PX[Role.SECONDARY]
        face, lines = folded(text, size, "bold", max_width - 0.8 * size, max_lines)
        return pill_height(round(face.size)) + round(face.size * 1.2) * (len(lines) - 1)

    def card(self, im: Image.Image, xy: tuple[int, int], lift: bool = True) -> None:
        """Paste an RGBA card at ``xy`` over a soft shadow."""
        if lift:
            sh = shadow(im.size, max(4, im.width // 14))
            pad = SHADOW_BLUR * 2
            self.img.paste((0, 0, 0), (xy[0] - pad + SHADOW_OFFSET[0],
                                       xy[1] - pad + SHADOW_OFFSET[1]), sh)
        self.img.paste(im, xy, im)

    def symbol(self, name: str, px: int, fill: RGB, outline: RGB | None,
               xy: tuple[int, int]) -> None:
        im = symbol(name, px, fill, outline)
        self.img.paste(im, xy, im)

    def png(self) -> bytes:
        return encode(self.img)


def pill_height(size: int) -> int:
    """How tall ``Canvas.pill`` draws a label of ``size``."""
    return round(size * 1.45)


def encode(img: Image.Image, level: int = PNG_COMPRESS_LEVEL) -> bytes:
    """PNG bytes of an RGB image: no metadata (so equal images give equal bytes) and no
    per-row filters.

    Pillow's encoder tries every PNG row filter on every row, which costs more than the
    whole rest of a board (~10 ms at 1100×700). Boards are flat colours, so unfiltered rows
    compress as well, and this writer needs only the standard library.
    """
    rgb = img if img.mode == "RGB" else img.convert("RGB")
    w, h = rgb.size
    raw = memoryview(rgb.tobytes())
    stride = 3 * w
    deflate = zlib.compressobj(level)
    parts = []
    for y in range(h):  # each row: filter type 0, then its pixels (streamed, never copied)
        parts.append(deflate.compress(b"\x00"))
        parts.append(deflate.compress(raw[y * stride:(y + 1) * stride]))
    parts.append(deflate.flush())
    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    return b"".join((PNG_SIGNATURE, _chunk(b"IHDR", header), _chunk(b"IDAT", b"".join(parts)),
                     _chunk(b"IEND", b"")))


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
