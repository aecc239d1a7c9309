"""The fonts shipped in ``images/fonts``: loaded once per process, never from the system.

Shipping the files (and pinning FreeType's basic layout, which needs no libraqm) is what
makes the same view give the same pixels on every machine.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

IMAGES = Path(__file__).resolve().parents[2] / "images"
"""The repository's ``images/`` folder: fonts plus their licence."""

FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
}

Font = ImageFont.FreeTypeFont


@lru_cache(maxsize=256)
def font(size: int, weight: str = "regular") -> Font:
    """The shipped face ``weight`` at ``size`` pixels."""
    try:
        name = FONT_FILES[weight]
    except KeyError:
        known = ", ".join(sorted(FONT_FILES))
        raise ValueError(f"Unknown font weight {weight!r}; use one of {known}.") from None
    path = IMAGES / "fonts" / name
    if not path.is_file():
        raise FileNotFoundError(f"Font file {path} is missing; it ships in images/fonts.")
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)
