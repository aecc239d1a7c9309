"""Slash commands in German and Brazilian Portuguese: every name, description and choice of
every command has a localization, each within the limits of Discord's OpenAPI description
(``../shared/discord-api-spec``) and its rule for names (lowercase letters, digits, ``-``,
``_`` and ``'``), and no command ends up with two options of one name."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from discord.app_commands import TranslationContextLocation as Where

from bot.discord.translator import localized
from bot.words.extract import command_strings
from bot.words.locales import TRANSLATED

SPEC = Path(__file__).resolve().parents[3] / "shared" / "discord-api-spec" / "openapi.json"
if not SPEC.exists():
    SPEC = Path("/work/shared/discord-api-spec/openapi.json")
NAME_CHARACTERS = "-_'"


def limits() -> dict[str, tuple[int, int]]:
    """(min, max) length of each kind of localized string, read from the spec."""
    schemas = json.loads(SPEC.read_text())["components"]["schemas"]

    def bounds(schema: str, field: str) -> tuple[int, int]:
        value = schemas[schema]["properties"][field]["additionalProperties"]
        return int(value["minLength"]), int(value["maxLength"])

    return {"name": bounds("ApplicationCommandCreateRequest", "name_localizations"),
            "description": bounds("ApplicationCommandCreateRequest",
                                  "description_localizations"),
            "option": bounds("ApplicationCommandStringOption", "name_localizations"),
            "option description": bounds("ApplicationCommandStringOption",
                                         "description_localizations"),
            "choice": bounds("ApplicationCommandOptionStringChoice", "name_localizations")}


def valid_name(name: str) -> bool:
    """Discord's rule for command and option names: ``^[-_'\\p{L}\\p{N}…]{1,32}$``,
    lowercase where the letter has a lowercase."""
    return all(c in NAME_CHARACTERS or unicodedata.category(c)[0] in "LN" for c in name) \
        and name == name.lower()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_command_string_is_localized_within_discords_limits(lang: str) -> None:
    bound = limits()
    seen = 0
    for context, text, where in command_strings():
        location = {"command name": Where.command_name,
                    "command choice": Where.choice_name}.get(context or "",
                                                            Where.command_description)
        words = localized(text, lang, location)
        if words is None:  # the same words in both languages (a name like "deck")
            words = text
        nested = "/" in where[1:]
        kind = {Where.choice_name: "choice",
                Where.command_name: "option" if nested else "name"}.get(
            location, "option description" if nested else "description")
        low, high = bound[kind]
        assert low <= len(words) <= high, (where, words)
        if location is Where.command_name:
            assert valid_name(words), (where, words)
        seen += 1
    assert seen > 100


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_command_has_two_options_of_one_name(lang: str) -> None:
    siblings: dict[str, list[str]] = {}
    for context, text, where in command_strings():
        if context == "command name" and "/" in where[1:]:
            parent = where.rsplit("/", 1)[0]
            siblings.setdefault(parent, []).append(
                localized(text, lang, Where.parameter_name) or text)
    for parent, names in siblings.items():
        assert len(names) == len(set(names)), (parent, names)


def test_the_name_rule_can_fail() -> None:
    assert valid_name("ki-spieler") and valid_name("configurações") and valid_name("d'or")
    assert not valid_name("KI-Spieler") and not valid_name("zwei wörter")
    assert not valid_name("a.b")


def test_a_locale_without_a_catalogue_gets_no_localization() -> None:
    assert localized("play", "de", Where.command_name) == "spielen"
    assert localized("play", "pt_BR", Where.command_name) == "jogar"
    assert localized("Which game", "de", Where.parameter_description) == "Welches Spiel"
    assert localized("deck", "de", Where.command_name) is None  # the same word: Discord's
    assert localized("no such words", "de", Where.command_description) is None


