"""Names as the shipped fonts can draw them, never as boxes.

A name arrives cleaned (``bot.engine.usertext``), but DejaVu Sans has no glyphs for many
scripts (CJK, most Indic scripts) nor for pictographic emoji, and FreeType draws a missing
glyph as an empty box. So each character the fonts lack is replaced by its compatibility
decomposition when that is drawable (𝓐 → A), else left out; a name with no letter, digit
or symbol left becomes empty, and the renderers then say "Seat N".
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from bot.render.assets import FONT_FILES, font

_PROBE_PX = 20
_MISSING = "\U0010fffd"
"""A private-use character no shipped font draws: its mask is the missing-glyph box."""


@lru_cache(maxsize=1)
def _boxes() -> tuple[tuple[tuple[int, int], bytes], ...]:
    return tuple(_mask(_MISSING, weight) for weight in FONT_FILES)


def _mask(ch: str, weight: str) -> tuple[tuple[int, int], bytes]:
    mask = font(_PROBE_PX, weight).getmask(ch)
    return mask.size, bytes(mask)


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """Whether every shipped face draws ``ch`` as something other than the missing box."""
    return all(_mask(ch, weight) != box for weight, box in zip(FONT_FILES, _boxes(),
                                                               strict=True))


def drawable(name: str) -> str:
    """``name`` with what the fonts cannot draw replaced or left out; empty when nothing
    readable is left."""
    out = []
    for ch in name:
        if ch.isspace() or has_glyph(ch):
            out.append(ch)
            continue
        out.extend(part for part in unicodedata.normalize("NFKD", ch)
                   if not unicodedata.combining(part) and has_glyph(part))
    text = " ".join("".join(out).split())
    return text if any(unicodedata.category(c)[0] in "LNS" for c in text) else ""


def drawable_names(names: Sequence[str] | None) -> list[str] | None:
    return None if names is None else [drawable(name) for name in names]
