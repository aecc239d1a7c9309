"""Pictures in another language (issue 36): every picture kind of each game drawn in German
and in the pseudo-locale (accented, about 40 % longer, bracketed) holds every text floor,
keeps every text inside the picture and clear of the others, and cuts no more words than
the same picture in English does: a longer word shrinks (never under its role's floor) or
wraps before it is cut. What English cuts too is data too long for its place (a player's
name, a game's own result note), which the message beside the picture gives whole.

Texts are measured as ``tests/render/test_readable.py`` measures them (every
``ImageDraw.text`` call and every canvas text box, ``tests/render/display.py``); a cut is
seen where ``bot.render.text.shorten`` ends a canvas text with an ellipsis.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

import bot.render.text as text_module
from bot.render.canvas import Canvas
from bot.render.text import ELLIPSIS
from tests.render.display import Picture, Recorder, measure, pictures, recording, rule_diagrams
from tests.render.playing import game_or_skip
from tests.render.test_readable import check

NAMES = ["Ann", "Bo", "Cy", "Dee"]
"""Short names: a cut in these pictures is a word of the picture, not a long name."""
GAMES = ["zura", "aura", "auroria"]


@contextmanager
def cuts() -> Iterator[list[str]]:
    """Every text ``shorten`` cut, as it was then drawn (ending in an ellipsis)."""
    seen: list[str] = []
    original = text_module.shorten

    def shorten(text: str, face: text_module.Font, max_width: float) -> str:
        shown = original(text, face, max_width)
        if shown != text:
            seen.append(shown)
        return shown

    text_module.shorten = shorten
    try:
        yield seen
    finally:
        text_module.shorten = original


def canvas_cuts(picture: Picture, cut: list[str]) -> list[str]:
    """The texts drawn onto the picture's canvas that were cut to fit (a card's own title,
    wrapped on the card and given whole beside the picture, is not counted)."""
    shown = {text.split(":", 1)[1] for _, text in picture.boxes}
    return sorted(text for text in set(cut) if text.endswith(ELLIPSIS) and text in shown)


def drawn(game: str, lang: str, seen: Recorder) -> list[tuple[Picture, list[str]]]:
    """Every picture kind of ``game`` in ``lang`` with the canvas texts it cut."""
    out = []
    with cuts() as cut:
        for picture in pictures(game_or_skip(game), seen, samples=3, names=NAMES, seed=31,
                                lang=lang):
            out.append((picture, canvas_cuts(picture, cut)))
            cut.clear()
    return out


@pytest.fixture
def seen() -> Iterator[Recorder]:
    with recording() as recorder:
        yield recorder


def more_cuts(other: list[tuple[Picture, list[str]]],
              english: list[tuple[Picture, list[str]]]) -> list[tuple[str, list[str]]]:
    """Pictures that cut more canvas texts than the same picture in English."""
    assert [p.kind for p, _ in other] == [p.kind for p, _ in english]
    return [(picture.kind, cut) for (picture, cut), (_, cut_in_english)
            in zip(other, english, strict=True) if len(cut) > len(cut_in_english)]


def in_language(other: list[tuple[Picture, list[str]]],
                english: list[tuple[Picture, list[str]]]) -> None:
    """Every picture holds its floors, inside the picture and clear of other texts, and
    its words are not the English ones (the check is not vacuous)."""
    words = {t.text for p, _ in other for t in p.texts}
    assert words - {t.text for p, _ in english for t in p.texts}, "nothing was translated"
    for picture, _ in other:
        check(picture)


@pytest.mark.parametrize("game", GAMES)
def test_every_picture_kind_fits_in_german(game: str, seen: Recorder) -> None:
    english, german = drawn(game, "en", seen), drawn(game, "de", seen)
    assert {p.kind.split()[-1] for p, _ in german} == {"board", "hand", "summary", "replay"}
    in_language(german, english)
    assert more_cuts(german, english) == [], "German cuts words English shows whole"


@pytest.mark.parametrize("game", GAMES)
def test_every_picture_kind_fits_in_the_pseudo_locale(game: str, seen: Recorder) -> None:
    """40 % longer everywhere, brackets and all: every picture kind, every text still at or
    above its floor, inside the picture, clear of the others, and no word cut that English
    shows whole (a label wraps or shrinks instead)."""
    english, pseudo = drawn(game, "en", seen), drawn(game, "pseudo", seen)
    assert {p.kind.split()[-1] for p, _ in pseudo} == {"board", "hand", "summary", "replay"}
    in_language(pseudo, english)
    assert more_cuts(pseudo, english) == [], "the pseudo-locale cuts words English shows whole"


def diagrams(game: str, lang: str, seen: Recorder) -> list[tuple[Picture, list[str]]]:
    out = []
    with cuts() as cut:
        for picture in rule_diagrams(game_or_skip(game), seen, lang):
            out.append((picture, canvas_cuts(picture, cut)))
            cut.clear()
    return out


@pytest.mark.parametrize("game", GAMES)
def test_rule_diagrams_fit_in_german_and_the_pseudo_locale(game: str, seen: Recorder) -> None:
    english = diagrams(game, "en", seen)
    german = diagrams(game, "de", seen)
    in_language(german, english)
    assert more_cuts(german, english) == []
    in_language(diagrams(game, "pseudo", seen), english)


def test_the_check_sees_a_cut_word(seen: Recorder) -> None:
    """A label too wide for its room even at its floor is seen as cut: the checks above
    can fail."""
    def narrow() -> bytes:
        c = Canvas(300, 100)
        c.text((10, 10), "Durchschnittsgeschwindigkeit", max_width=120)
        c.text((10, 50), "Zug", max_width=120)
        return c.png()

    with cuts() as cut:
        picture = measure(seen, "narrow", narrow)
    found = canvas_cuts(picture, cut)
    assert len(found) == 1 and found[0].startswith("Durch") and found[0].endswith(ELLIPSIS)
