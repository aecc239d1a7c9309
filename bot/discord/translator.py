"""Slash commands in every shipped language: discord.py asks this translator for each
command's, option's and choice's name and description per Discord locale when the tree is
synced, and the catalogues answer (the strings were extracted from the command trees,
``bot.words.extract``). A locale without a catalogue gets no localization: Discord then
shows the English.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.words.catalogues import COMMAND_CHOICE, COMMAND_NAME, translations
from bot.words.locales import DISCORD

LANGUAGES = {discord.Locale(value): lang for lang, value in DISCORD.items()}
NAMES = {Where.command_name, Where.group_name, Where.parameter_name}
CHOICES = {Where.choice_name}


def context_of(location: Where) -> str | None:
    """The catalogue context of a command string: names and choices have their own."""
    if location in NAMES:
        return COMMAND_NAME
    return COMMAND_CHOICE if location in CHOICES else None


def localized(text: str, lang: str, location: Where) -> str | None:
    """``text`` in ``lang``; ``None`` when the catalogue has no other words for it."""
    context = context_of(location)
    words = translations(lang)
    out = str(words.pgettext(context, text) if context is not None else words.gettext(text))
    return out if out != text else None


class CatalogueTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        lang = LANGUAGES.get(locale)
        if lang is None:
            return None
        return localized(string.message, lang, context.location)

