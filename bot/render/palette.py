"""Colours of the table and of every card colour, each paired with its own symbol.

A card colour is never shown by hue alone: each has a symbol of a distinct shape
(``bot.render.symbols``), so players with red/green colour blindness read the symbol.
``tests/render/test_colour_blind.py`` checks that under simulated deuteranopia and
protanopia.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Suit:
    """A card colour: its display name, fill, a dark ink for outlines/text, and its symbol."""

    key: str
    name: str
    fill: RGB
    dark: RGB
    symbol: str


def _suits(*suits: Suit) -> dict[str, Suit]:
    return {s.key: s for s in suits}


RED = Suit("red", "Red", (204, 52, 46), (112, 22, 18), "flame")
PURPLE = Suit("purple", "Purple", (132, 76, 180), (60, 28, 96), "crescent")
GREEN = Suit("green", "Green", (52, 150, 74), (18, 78, 34), "leaf")
BEIGE = Suit("beige", "Beige", (214, 184, 128), (108, 80, 38), "sun")
BLUE = Suit("blue", "Blue", (44, 112, 204), (16, 50, 112), "waves")
WHITE = Suit("white", "White", (240, 234, 212), (92, 84, 60), "star")
NEUTRAL = Suit("neutral", "Colourless", (150, 150, 158), (60, 60, 68), "gem")

AURA = _suits(RED, PURPLE, GREEN, BEIGE, BLUE)
"""Aura's five colours (red > purple > green > beige > blue > red)."""

ZURA = _suits(
    Suit("forest", "Forest", (46, 140, 70), (16, 70, 32), "tree"),
    Suit("mountain", "Mountain", (52, 112, 192), (18, 48, 104), "peaks"),
    Suit("cave", "Cave", (128, 78, 164), (58, 30, 88), "arch"),
)
"""Zura's three landscapes."""

ZURA_SPECIAL = _suits(
    Suit("hermit", "Hermit", (160, 150, 128), (70, 62, 48), "hood"),
    Suit("imp", "Zuran Imp", (214, 98, 40), (104, 40, 12), "horns"),
)
"""The two Tzerzurian cards that belong to no landscape."""

AURORIA = _suits(WHITE, RED, BLUE, GREEN, NEUTRAL)
"""Auroria's four colours plus colourless cards."""

# The table.
FELT_CENTRE: RGB = (36, 110, 74)
FELT_EDGE: RGB = (12, 50, 34)
PANEL: RGB = (16, 58, 40)
PANEL_EDGE: RGB = (70, 130, 96)
PANEL_ACTIVE: RGB = (58, 74, 34)
GOLD: RGB = (242, 196, 74)
INK: RGB = (244, 244, 236)
INK_SOFT: RGB = (178, 204, 188)
INK_DARK: RGB = (30, 30, 34)
PAPER: RGB = (250, 247, 240)
PAPER_EDGE: RGB = (206, 198, 182)
BAD: RGB = (222, 72, 60)
GOOD: RGB = (96, 206, 120)
SHADOW_ALPHA = 120
