"""Every card colour stays identifiable by its symbol for red/green colour-blind players.

Each colour's card face is passed through a simulated protanopia and deuteranopia
(``tests.render.cvd``, Machado et al. 2009). From the simulated image we take the symbol's
silhouette (everything that is not card paper) and identify it against the silhouettes of
every colour's face in normal vision: the right colour must win, by a clear margin. Hue
plays no part in that match, so it passes only if the shapes alone tell colours apart.
"""

from __future__ import annotations

import math
from itertools import combinations

import pytest
from PIL import Image

from bot.render import palette as pal
from bot.render.cards import face
from bot.render.palette import Suit
from tests.render.cvd import DEUTERANOPIA, PROTANOPIA, Matrix, simulate, simulate_colour

SIZE = (120, 168)
MARGIN = 0.2
"""How much better (in IoU) a face must match its own colour than any other colour."""

PALETTES = {
    "aura": pal.AURA,
    "zura": {**pal.ZURA, **pal.ZURA_SPECIAL},
    "auroria": pal.AURORIA,
}
DEFICIENCIES = {"protanopia": PROTANOPIA, "deuteranopia": DEUTERANOPIA}


def flat_face(suit: Suit) -> Image.Image:
    im = Image.new("RGB", SIZE, pal.PAPER)
    card = face(SIZE, suit, "")
    im.paste(card, (0, 0), card)
    return im


def silhouette(im: Image.Image) -> set[int]:
    """Pixels inside the frame that differ from the paper: the symbols, in any colour."""
    w, h = im.size
    inner = im.crop((round(w * 0.12), round(h * 0.12), round(w * 0.88), round(h * 0.88)))
    data = inner.tobytes()
    paper = inner.getpixel((inner.width // 2, 1))
    assert isinstance(paper, tuple)
    out = set()
    for i in range(0, len(data), 3):
        if math.dist(data[i:i + 3], paper[:3]) > 20:
            out.add(i // 3)
    return out


def iou(a: set[int], b: set[int]) -> float:
    return len(a & b) / len(a | b)


def identification_problems(suits: dict[str, Suit], deficiency: Matrix) -> list[str]:
    """Colours whose simulated face is not identified by shape with a clear margin."""
    reference = {k: silhouette(flat_face(s)) for k, s in suits.items()}
    problems = []
    for key, suit in suits.items():
        seen = silhouette(simulate(flat_face(suit), deficiency))
        if len(seen) < 0.9 * len(reference[key]):
            problems.append(f"{key}: its symbol fades into the card")
        scores = sorted(((iou(seen, ref), k) for k, ref in reference.items()), reverse=True)
        (best, best_key), (runner, runner_key) = scores[0], scores[1]
        if best_key != key or best - runner < MARGIN:
            problems.append(f"{key}: matches {best_key} {best:.2f}, {runner_key} {runner:.2f}")
    return problems


@pytest.mark.parametrize("deficiency", DEFICIENCIES)
@pytest.mark.parametrize("game", PALETTES)
def test_every_colour_is_identified_by_its_symbol(game: str, deficiency: str) -> None:
    assert identification_problems(PALETTES[game], DEFICIENCIES[deficiency]) == []


def test_two_colours_sharing_a_symbol_are_caught() -> None:
    """The check fails for a palette that relies on hue: red and green with one symbol."""
    lookalike = Suit("green", "Green", pal.GREEN.fill, pal.GREEN.dark, pal.RED.symbol)
    problems = identification_problems({"red": pal.RED, "green": lookalike}, DEUTERANOPIA)
    assert problems and all("matches" in p for p in problems)


@pytest.mark.parametrize("game", PALETTES)
def test_symbols_are_unique_within_a_game(game: str) -> None:
    symbols = [s.symbol for s in PALETTES[game].values()]
    assert len(set(symbols)) == len(symbols)


def test_some_pairs_really_are_confused_by_hue() -> None:
    """Why symbols matter: under deuteranopia red and green Aura cards nearly merge."""
    close = [
        (a.key, b.key) for a, b in combinations(pal.AURA.values(), 2)
        if math.dist(simulate_colour(a.fill, DEUTERANOPIA),
                     simulate_colour(b.fill, DEUTERANOPIA)) < 50
    ]
    assert ("red", "green") in close
