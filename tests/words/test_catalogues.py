"""The shipped catalogues, as CI checks them: up to date with the code, every message
translated in every language with the same placeholders and all plural forms, and each
language's glossary held (a game term has one translation everywhere)."""

from __future__ import annotations

import json
import re

import pytest
from babel.messages.catalog import Catalog, Message

from bot.engine.said import placeholders
from bot.words.catalogues import COMMAND_CHOICE, COMMAND_NAME, TEMPLATE, po_path, read_catalogue
from bot.words.catalogues import broken as breaks_placeholders
from bot.words.extract import template
from bot.words.locales import TRANSLATED

each_language = pytest.mark.parametrize("lang", TRANSLATED)


def messages(catalogue: Catalog) -> list[Message]:
    return [m for m in catalogue if m.id]


def keys(catalogue: Catalog) -> set[tuple[str | None, str | tuple[str, ...]]]:
    return {(m.context, m.id) for m in messages(catalogue)}


@each_language
def test_the_catalogue_holds_every_message_the_code_says(lang: str) -> None:
    code = keys(template())
    shipped = keys(read_catalogue(lang))
    assert code - shipped == set(), "run `make words`, then translate the new messages"
    assert shipped - code == set(), "messages no longer said: run `make words`"
    assert TEMPLATE.read_text() and po_path(lang).exists()


@each_language
def test_every_message_is_translated_with_all_plural_forms(lang: str) -> None:
    catalogue = read_catalogue(lang)
    untranslated = [m.id for m in messages(catalogue) if not all(
        m.string if isinstance(m.string, tuple) else (m.string,))]
    assert untranslated == []
    assert not [m.id for m in messages(catalogue) if m.fuzzy]
    plurals = [m for m in messages(catalogue) if m.pluralizable]
    assert plurals, "the catalogue has plural messages to check"
    for message in plurals:
        assert len(message.string) == catalogue.num_plurals, message.id


@each_language
def test_every_translation_keeps_its_placeholders(lang: str) -> None:
    catalogue = read_catalogue(lang)
    for message in messages(catalogue):
        assert not breaks_placeholders(message), message.id
        if not message.pluralizable:
            assert placeholders(str(message.string)) == placeholders(str(message.id))


def without_markup(text: str) -> str:
    """Placeholders, inline code and slash commands are not words to translate."""
    return re.sub(r"\{[^{}]*\}|`[^`]*`|/[\w-]+|\w+:…", " ", text)


@each_language
def test_the_glossary_holds_in_every_message(lang: str) -> None:
    glossary: dict[str, str] = json.loads(
        (po_path(lang).parents[1] / "glossary.json").read_text())
    catalogue = read_catalogue(lang)
    checked = 0
    for message in messages(catalogue):
        if message.context in (COMMAND_NAME, COMMAND_CHOICE):
            continue  # lowercase identifiers; their descriptions carry the terms
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for term, translation in glossary.items():
            pattern = re.compile(rf"\b{re.escape(term)}(?:s|es|'s)?\b", re.IGNORECASE)
            if pattern.search(without_markup(ids[0])):
                checked += 1
                for string in strings:
                    assert translation.lower() in string.lower(), (term, message.id, string)
    assert checked > 20, "the glossary is checked on real messages"


def test_a_broken_translation_is_found() -> None:
    """The checks above can fail: a dropped and a renamed placeholder are both caught."""
    assert breaks_placeholders(Message("{who} drew {n}", string="{who} zog"))
    assert breaks_placeholders(Message("{who} drew", string="{wer} zog"))
    assert breaks_placeholders(Message("{who} drew", string="{who zog"))
    assert breaks_placeholders(Message(("{n} card", "{n} cards"), string=("eine", "{m} Karten")))
    assert not breaks_placeholders(Message(("{n} card", "{n} cards"),
                                           string=("eine Karte", "{n} Karten")))
