"""The pseudo-locale: every message of the catalogues accented, about 40 % longer and
bracketed, with its placeholders, markup and commands untouched, so it still formats and
turns back into the English it came from."""

from __future__ import annotations

from bot.engine.said import placeholders
from bot.words.extract import template
from bot.words.pseudo import ACCENTS, GROWTH, is_pseudo, pseudo

PLAIN = {v: k for k, v in ACCENTS.items()}


def back(text: str) -> str:
    """The English a pseudo string came from: brackets and padding off, accents undone."""
    assert is_pseudo(text)
    return text[1:].rsplit(" ", 1)[0].translate(PLAIN)


def test_every_message_round_trips_through_the_pseudo_locale() -> None:
    ids: list[str] = []
    for message in template():
        if message.id:
            ids.extend(message.id if isinstance(message.id, tuple) else (message.id,))
    assert len(ids) > 100
    for text in ids:
        fake = pseudo(text)
        assert back(fake) == text
        assert placeholders(fake) == placeholders(text)
        fake.format(**{name: "X" for name in placeholders(text)})


def test_longer_accented_and_markup_kept() -> None:
    text = "You draw {n} cards from **{deck}**: see /hand or <#12> `code` https://x.y/z"
    fake = pseudo(text)
    assert fake.startswith("[Ýöû ďŕåŵ {n} çåŕďš") and fake.endswith("·]")
    for kept in ("{n}", "{deck}", "/hand", "<#12>", "`code`", "https://x.y/z", "**"):
        assert kept in fake
    letters = sum(c.isalpha() for c in "You draw cards from see or")
    assert fake.count("·") == round(letters * GROWTH)
    assert len(pseudo("You draw 2 cards")) >= 1.3 * len("You draw 2 cards")
    assert pseudo("") == "" and not is_pseudo("plain English")
