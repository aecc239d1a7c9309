"""Auroria's cards speak every shipped language: names, texts, mode labels, keywords, races,
traits and decks come from the catalogues, texts with their numbers filled in."""

from __future__ import annotations

import pytest

from bot.games.auroria.cards import KEYWORDS
from bot.games.auroria.cardtext import card_text, mode_label
from bot.games.auroria.cardwords import messages, name_words, sheet_words, text_words, words_of
from bot.games.auroria.pool import POOL
from bot.words import TRANSLATED, language
from bot.words.catalogues import read_catalogue
from bot.words.extract import template

CARDS = list(POOL.cards.values())


def test_every_card_word_is_in_the_template() -> None:
    ids = {m.id for m in template() if m.id}
    wanted = {text for text, _ in messages()}
    assert wanted <= ids
    assert {c.name for c in CARDS} | set(KEYWORDS) <= wanted
    assert {d.about for d in POOL.decks.values()} <= wanted


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_card_reads_translated_with_its_numbers(lang: str) -> None:
    say = language(lang).say
    for card in CARDS:
        assert say(name_words(card)) != card.name, card.id
        if card.text:
            text = say(text_words(card))
            assert text and text != card.text and "{" not in text, (card.id, text)
            for value in text_words(card).values.values():
                assert str(value) in text, (card.id, text)


def test_the_english_text_is_the_message_filled_in() -> None:
    frost = POOL.cards["b_frost"]
    words = text_words(frost)
    assert words.msgid == "Exhaust a ready enemy creature, then deal {damage} damage to it."
    assert words.values == {"damage": 1}
    assert str(words) == card_text(frost)
    assert language("de").say(words) == ("Erschöpfe eine bereite gegnerische Kreatur, dann "
                                         "füge ihr 1 Schaden zu.")
    ablaze = text_words(POOL.cards["r_ablaze"])
    assert ablaze.values == {"influence": 2, "cost": 3, "influence2": 1}


def test_a_text_or_label_a_view_carries_finds_its_message() -> None:
    toll = POOL.cards["w_toll"]
    effect = toll.effects[0]
    label = mode_label(toll, effect, effect.ops[0]["modes"][0])
    assert words_of(label).msgid == "The opponent loses {influence} Influence"
    assert language("pt_BR").say(words_of(label)) == "O oponente perde 1 de Influência"
    assert words_of(toll.text) == text_words(toll)
    assert words_of("Something else").msgid == "Something else"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_card_words_are_translated_in_the_catalogue(lang: str) -> None:
    catalogue = read_catalogue(lang)
    for text, where in messages():
        message = catalogue.get(text)
        assert message is not None and message.string, (lang, text, where)


def test_a_card_sheet_reads_in_the_readers_language() -> None:
    rampart = sheet_words(POOL.cards["w_rampart"])
    assert [str(line) for line in rampart] == [
        "**Rolling Rampart** — Creature · white · cost 3 · power 0 ~ 4 (Frontline ~ Backline) · "
        "Construct, Builder", "Keywords: Structure."]
    german = [language("de").say(line) for line in rampart]
    assert german == ["**Rollender Wall** — Kreatur · weiß · Kosten 3 · Stärke 0 ~ 4 "
                      "(Frontlinie ~ Hinterlinie) · Konstrukt und Baumeister",
                      "Schlüsselwörter: Bauwerk."]
    shield = [language("pt_BR").say(line) for line in sheet_words(POOL.cards["w_shield"])]
    assert shield[0] == "**Escudo de Torre** — Item · branca · custo 2"
    assert shield[1].startswith("Equipe em uma criatura sua.")
