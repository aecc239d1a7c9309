"""The shared drawing layer: shipped fonts, text fitting, card backs, deterministic PNGs."""

from __future__ import annotations

import io
import struct

import pytest
from PIL import Image

from bot.render import palette as pal
from bot.render.assets import FONT_FILES, IMAGES, font
from bot.render.canvas import Canvas, encode
from bot.render.cards import back, face
from bot.render.text import ELLIPSIS, KEY_PX, TEXT_PX, Role, fitted, wrap


def png_chunks(data: bytes) -> list[str]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, names = 8, []
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        names.append(data[pos + 4:pos + 8].decode("ascii"))
        pos += 12 + length
    return names


def test_fonts_and_their_licence_ship_in_images() -> None:
    for name in FONT_FILES.values():
        assert (IMAGES / "fonts" / name).is_file()
    licence = (IMAGES / "fonts" / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream Vera Fonts Copyright" in licence and "Arev Fonts Copyright" in licence
    assert font(20, "bold").path.startswith(str(IMAGES))


def test_unknown_font_weight_is_refused() -> None:
    with pytest.raises(ValueError, match="weight"):
        font(12, "heavy")


def test_fitted_shrinks_then_shortens() -> None:
    face_, text = fitted("Forest Trickster", 30, "bold", 10_000)
    assert (face_.size, text) == (30, "Forest Trickster")
    face_, text = fitted("Forest Trickster", 30, "bold", 240)
    assert face_.size < 30 and text == "Forest Trickster" and face_.getlength(text) <= 240
    face_, text = fitted("Forest Trickster", 30, "bold", 60)
    assert text.endswith(ELLIPSIS) and face_.getlength(text) <= 60
    assert face_.size == TEXT_PX, "it shrinks to its role's floor at most, then shortens"
    face_, text = fitted("Forest Trickster", 20, "bold", 60, Role.KEY)
    assert face_.size == KEY_PX, "never below its role's floor"


def test_wrap_keeps_to_its_line_budget() -> None:
    text = "Once per turn, before discarding: move one of your cards to the top of your stack."
    lines = wrap(text, 12, "regular", 120, 3)
    assert len(lines) == 3
    assert lines[-1].endswith(ELLIPSIS)
    assert all(font(12).getlength(line) <= 120 for line in lines)
    assert wrap("Short text", 12, "regular", 120, 3) == ("Short text",)


def stripes(im: Image.Image) -> int:
    """Runs of the accent colour down the middle column of a card back's field."""
    column = [im.getpixel((im.width // 4, y)) for y in range(8, im.height - 8)]
    runs, inside = 0, False
    for px in column:
        assert isinstance(px, tuple)
        hit = px[:3] == (214, 190, 120)
        runs += hit and not inside
        inside = hit
    return runs


@pytest.mark.parametrize("lines", [1, 2, 3, 4])
def test_card_backs_show_their_number_of_lines(lines: int) -> None:
    im = back((96, 134), (40, 44, 70), (214, 190, 120), lines=lines)
    assert stripes(im) == lines


def test_faces_differ_by_colour_and_index() -> None:
    red5 = face((96, 134), pal.RED, "5").tobytes()
    assert red5 == face((96, 134), pal.RED, "5").tobytes()
    assert red5 != face((96, 134), pal.RED, "6").tobytes()
    assert red5 != face((96, 134), pal.GREEN, "5").tobytes()


def draw_sample() -> bytes:
    c = Canvas(400, 300)
    c.panel((10, 10, 390, 290))
    c.text((20, 20), "Seat 1 — 12 cards", 20, "bold")
    c.pill((20, 60), "Your turn", pal.GOLD, pal.INK_DARK)
    c.card(face((96, 134), pal.BLUE, "7", beats=pal.RED), (150, 120))
    return c.png()


def test_png_output_is_deterministic_and_carries_no_metadata() -> None:
    first = draw_sample()
    assert first == draw_sample()
    assert png_chunks(first) == ["IHDR"] + ["IDAT"] * (len(png_chunks(first)) - 2) + ["IEND"]
    assert Image.open(io.BytesIO(first)).size == (400, 300)


def test_encode_distinguishes_images() -> None:
    a = Image.new("RGB", (4, 4), (1, 2, 3))
    b = Image.new("RGB", (4, 4), (1, 2, 4))
    assert encode(a) != encode(b)
