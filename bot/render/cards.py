"""Procedural card faces and backs, cached per process (they are the static layers).

Every face follows one layout so the three games look like one family: a paper card with
a frame in the card's colour, a big index (value, points or cost) over the colour symbol
in the top-left corner, a large symbol in the middle, then a title and a few small lines.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render import palette as pal
from bot.render.assets import font
from bot.render.canvas import rounded_mask
from bot.render.palette import RGB, Suit
from bot.render.symbols import symbol
from bot.render.text import KEY_PX, TEXT_PX, Role, draw_text, fitted, lines_of, wrap

Size = tuple[int, int]
TEXT_MIN_WIDTH = 76
"""Narrower cards carry only their index and symbol."""
ROOMY_WIDTH = 130
"""Narrower cards with body text skip the big middle symbol to make room for the words."""


def radius(size: Size) -> int:
    return max(4, size[0] // 12)


def blank(size: Size, fill: RGB = pal.PAPER, edge: RGB = pal.PAPER_EDGE) -> Image.Image:
    """A card-shaped RGBA image with rounded, anti-aliased corners and a thin edge."""
    w, h = size
    im = Image.new("RGBA", size, (*edge, 255))
    inner = Image.new("RGBA", (w - 2, h - 2), (*fill, 255))
    im.paste(inner, (1, 1), rounded_mask((w - 2, h - 2), radius(size) - 1))
    im.putalpha(rounded_mask(size, radius(size)))
    return im


@lru_cache(maxsize=2048)
def face(size: Size, suit: Suit, index: str, title: str = "", body: tuple[str, ...] = (),
         beats: Suit | None = None, plate: str = "", beats_word: str = "") -> Image.Image:
    """A card face. ``index`` is the big corner text, ``title`` a name under the symbol,
    ``body`` a few small lines (ability, keywords), ``beats`` a small reminder of the colour
    this one trumps (led by ``beats_word``, "beats" in the picture's language, where it fits),
    ``plate`` a short text on a dark corner badge (a wild's chosen value).
    """
    w, h = size
    im = blank(size)
    d = ImageDraw.Draw(im)
    inset = max(3, w // 22)
    frame = max(2, w // 28)
    d.rounded_rectangle((inset, inset, w - 1 - inset, h - 1 - inset), radius(size) - inset // 2,
                        outline=suit.fill, width=frame)
    room = w - 2 * (inset + frame) - 4  # width for words inside the coloured frame

    # Corner index and its symbol.
    corner = max(KEY_PX, round(w * 0.28))
    # A small card gives its index more of its width: a value is never cut.
    face_, shown = fitted(index, corner, "bold", w * (0.42 if w >= 100 else 0.62), Role.KEY)
    corner = round(face_.size)
    cx = inset + max(4, w // 16)
    draw_text(d, (cx, inset + 2), shown, face_, suit.dark, role=Role.KEY)
    small = max(10, round(w * 0.17))
    icon = symbol(suit.symbol, small, suit.fill, suit.dark)
    index_w = face_.getlength(shown)
    # Centred under a narrow index ("7"); under a wide one ("W", "10") it stays left so
    # it keeps clear of the big symbol.
    sx = round(cx + (index_w - small) / 2) if small <= index_w <= small * 1.5 else cx
    im.alpha_composite(icon, (sx, inset + 4 + corner))

    if w < TEXT_MIN_WIDTH:  # too narrow for readable words: the image names it beside
        title, body = "", ()
    has_text = bool(title or body)
    tsize, names = _title(title, max(TEXT_PX, min(26, round(w * 0.15))), room) if title \
        else (0, ())
    # The more text, the smaller and higher the symbol; small cards give it up for words.
    scale, centre = (0.36, 0.36) if body else (0.46, 0.44) if title else (0.58, 0.55)
    words_h = len(names) * (tsize + 2) + (TEXT_PX if body else 0)
    bottom = h - inset - 4 - (_beats_height(w, h) if beats is not None else 0)
    if (body and w < ROOMY_WIDTH) or \
            round(h * centre) + round(w * scale) // 2 + words_h > bottom:
        scale, centre = 0.0, 0.0
    if scale:
        big = round(w * scale)
        mid_y = round(h * centre) - big // 2
        im.alpha_composite(symbol(suit.symbol, big, suit.fill, suit.dark), ((w - big) // 2, mid_y))
        y = mid_y + big + max(2, h // 60)
    else:
        y = inset + 4 + corner + small + 2

    if title:
        fits = max(1, (bottom - y) // (tsize + 2))
        if len(names) > fits:  # a long name is shortened only when the card is full
            names = wrap(title, tsize, "condensed", room, fits)
        for line in names:
            draw_text(d, (w / 2, y), line, font(tsize, "condensed"), suit.dark, "ma")
            y += tsize + 2
        y += 1
    if body:
        bsize = max(TEXT_PX, min(20, round(w * 0.1)))
        rows = (bottom - y) // (bsize + 2)
        lines: list[str] = []
        for entry in body:  # whole entries only: a sentence is never left half-said
            more = lines_of(entry, bsize, "regular", room)
            if len(lines) + len(more) > rows:
                break
            lines.extend(more)
        for line in lines:
            draw_text(d, (w / 2, y), line, font(bsize), pal.INK_DARK, "ma")
            y += bsize + 2
    if beats is not None:
        _beats(im, beats, inset, beats_word)
    if plate:
        _plate(im, plate, suit, round(cx + index_w))
    if not has_text and beats is None:
        im.alpha_composite(im.crop((0, 0, w // 2, h // 2)).rotate(180), (w - w // 2, h - h // 2))
    return im


def _title(title: str, size: int, room: float) -> tuple[int, tuple[str, ...]]:
    """The largest size from ``size`` down to the floor that shows the whole name in two
    lines, else all its lines at the floor (``face`` shortens what its card cannot hold)."""
    for s in range(size, TEXT_PX - 1, -1):
        lines = lines_of(title, s, "condensed", room)
        if len(lines) <= 2:
            return s, lines
    return TEXT_PX, lines_of(title, TEXT_PX, "condensed", room)


def _beats_height(w: int, h: int) -> int:
    return max(TEXT_PX, round(w * 0.16)) + max(3, h // 40)


def _beats(im: Image.Image, beats: Suit, inset: int, word: str) -> None:
    """A bottom strip: ``word`` ("beats") and the trumped colour's symbol; a card too narrow
    for the word keeps just the symbol."""
    w, h = im.size
    d = ImageDraw.Draw(im)
    px = max(TEXT_PX, round(w * 0.16))
    tface = font(TEXT_PX)
    fits = w >= TEXT_MIN_WIDTH and tface.getlength(word) + px + 4 <= w - 2 * inset - 4
    text = word if fits else ""
    tw = tface.getlength(text) if text else -4
    x0 = round((w - tw - px - 4) / 2)
    y = h - inset - px - max(3, h // 40)
    if text:
        draw_text(d, (x0, y + px / 2), text, tface, pal.INK_DARK, "lm")
    im.alpha_composite(symbol(beats.symbol, px, beats.fill, beats.dark), (round(x0 + tw + 4), y))


def _plate(im: Image.Image, text: str, suit: Suit, index_right: int) -> None:
    """A dark badge in the top-right corner carrying a short bold text; in the bottom-right
    corner when the card is too narrow to hold it beside the index (``index_right``)."""
    w, h = im.size
    d = ImageDraw.Draw(im)
    size = max(KEY_PX, round(w * 0.22))
    face_, shown = fitted(text, size, "bold", w * 0.45, Role.KEY)
    size = round(face_.size)
    bw = max(size + 8, round(face_.getlength(shown)) + 10)
    x1 = w - max(4, w // 16)
    y0 = max(4, w // 16)
    if x1 - bw < index_right + 2:
        y0 = h - y0 - size - 8
    d.rounded_rectangle((x1 - bw, y0, x1, y0 + size + 8), (size + 8) // 3, fill=suit.dark)
    draw_text(d, (x1 - bw / 2, y0 + (size + 8) / 2), shown, face_, pal.INK, "mm", Role.KEY)


@lru_cache(maxsize=256)
def back(size: Size, base: RGB, accent: RGB, lines: int = 0, motif: str = "") -> Image.Image:
    """A card back: a white margin, a dark field, ``lines`` bold stripes (Aura's 1–4 line
    decks) and/or a ``motif`` symbol in the middle."""
    w, h = size
    im = blank(size, fill=(236, 232, 224))
    d = ImageDraw.Draw(im)
    m = max(3, w // 14)
    d.rounded_rectangle((m, m, w - 1 - m, h - 1 - m), max(2, radius(size) - m // 2), fill=base,
                        outline=accent, width=max(1, w // 50))
    if lines:
        thick = max(3, h // 22)
        gap = (h - 2 * m) / (lines + 1)
        for k in range(1, lines + 1):
            y = round(m + gap * k)
            d.rectangle((m + 1, y - thick // 2, w - 2 - m, y + thick - thick // 2), fill=accent)
    if motif:
        px = round(w * 0.56)
        icon = symbol(motif, px, accent, base)
        im.alpha_composite(icon, ((w - px) // 2, (h - px) // 2))
    return im
