"""Who reads decides the language. A private answer is in its reader's language: the one
they chose with ``/language``, else their Discord's (the ``interaction.locale`` of their
latest press or command, remembered in the store so that a reminder or a result DM sent
without an interaction speaks it too). A public post is in the server's language: the one
``/settings language`` chose, else its Discord's (``guild_locale``).

The chosen languages are read once at start and kept in memory with each person's latest
locale; a process sees another process's ``/language`` after its next start.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.store import Store, StoreError
from bot.words import CHOOSABLE, Language, chosen, language
from bot.words.locales import NAMES

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]

AUTOMATIC = "automatic"
"""The choice that follows Discord's locale instead of a language of one's own."""


def language_choices(automatic: str) -> list[app_commands.Choice[str]]:
    """The languages as a command offers them, each named in itself, ``automatic`` first."""
    return [app_commands.Choice(name=automatic, value=AUTOMATIC),
            *(app_commands.Choice(name=NAMES[code], value=code) for code in CHOOSABLE)]


def picked(choice: app_commands.Choice[str]) -> str | None:
    """The language a choice names (None: automatic)."""
    return None if choice.value == AUTOMATIC else choice.value


class Readers:
    """Each person's language, from their choice or their latest Discord locale."""

    def __init__(self, store: Store, client: discord.Client | None = None) -> None:
        """``client``: where the servers' own locales are read (None: English for them)."""
        self.store = store
        self.client = client
        self.chosen: dict[int, str] = {}
        self.latest: dict[int, str] = {}

    async def load(self) -> None:
        self.chosen = await self.store.chosen_languages()

    async def note(self, interaction: Interaction) -> None:
        """Remember the locale of this interaction when it is new for its person (one write
        per person and process, and one per change)."""
        user, locale = interaction.user.id, str(interaction.locale)
        if self.latest.get(user) == locale:
            return
        self.latest[user] = locale
        try:
            await self.store.note_locale(user, locale)
        except StoreError as exc:  # only the memory is lost: the next press writes again
            self.latest.pop(user, None)
            log.warning("user %s: locale not remembered (%s)", user, exc)

    def of(self, interaction: Interaction) -> Language:
        """The language of the person who pressed or typed."""
        return language(chosen(self.chosen.get(interaction.user.id), str(interaction.locale)))

    async def of_user(self, user_id: int) -> Language:
        """The language of a person who is not interacting now (a DM the clock sends)."""
        if user_id in self.chosen:
            return language(self.chosen[user_id])
        if user_id not in self.latest:
            stored = await self.store.user_language(user_id)
            return language(chosen(stored.chosen, stored.locale))
        return language(self.latest[user_id])

    async def choose(self, user_id: int, lang: str | None) -> None:
        """The person's own language from now on (None: automatic again)."""
        await self.store.choose_language(user_id, lang)
        if lang is None:
            self.chosen.pop(user_id, None)
        else:
            self.chosen[user_id] = lang

    async def of_server(self, guild_id: int | None) -> Language:
        """The language of a server's posts: its chosen one, else its Discord's."""
        if guild_id is None:
            return language(None)
        settings = await self.store.get_guild_settings(guild_id)
        guild = self.client.get_guild(guild_id) if self.client is not None else None
        locale = guild.preferred_locale if guild is not None else None
        return language(settings.language or (str(locale) if locale is not None else None))


def reader(interaction: Interaction) -> Language:
    """The language of the person who pressed or typed (their choice, else their Discord's)."""
    readers = getattr(getattr(interaction.client, "parlor", None), "readers", None)
    if isinstance(readers, Readers):
        return readers.of(interaction)
    return language(str(interaction.locale))
