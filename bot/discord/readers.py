"""Who reads decides the language: a private answer is in its reader's language (their
Discord's locale, the ``interaction.locale`` of what they pressed or typed), a public post in
the server's (``guild_locale``).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.words import Language, language


def reader(interaction: discord.Interaction[Any]) -> Language:
    """The language of the person who pressed or typed."""
    return language(str(interaction.locale))


def server(interaction: discord.Interaction[Any]) -> Language:
    """The language of the server the interaction happened in (the reader's in a DM)."""
    locale = interaction.guild_locale
    return language(str(locale)) if locale is not None else reader(interaction)
