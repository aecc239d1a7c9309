"""``/language``: a person's own language for everything Parlor tells them privately;
automatic (their Discord's) by default."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.readers import language_choices, picked
from bot.discord.replies import say
from bot.discord.runtime import Runtime
from bot.engine.said import said
from bot.words.locales import NAMES


class Languages(commands.Cog):
    def __init__(self, runtime: Runtime) -> None:
        self.rt = runtime

    @app_commands.command(name="language",
                          description="The language Parlor speaks to you (default: automatic)")
    @app_commands.describe(language="Automatic follows your Discord's language")
    @app_commands.choices(language=language_choices("Automatic (my Discord's language)"))
    async def language(self, interaction: discord.Interaction[Any],
                       language: app_commands.Choice[str]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # before the write
        code = picked(language)
        await self.rt.readers.choose(interaction.user.id, code)
        if code is None:
            await say(interaction, said("I speak to you in your Discord's language again."))
        else:
            await say(interaction, said("I speak to you in {language} from now on.",
                                        language=NAMES[code]))
