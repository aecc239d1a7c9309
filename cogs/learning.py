"""``/learn``: a private first match against a gentle AI on the game's fixed deal, each new
kind of decision introduced in its prompt (``bot.match.lessons``)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.replies import say
from bot.discord.runtime import Runtime
from bot.discord.suggest import game_choices
from bot.engine import registry
from bot.engine.said import said


class Learning(commands.Cog):
    def __init__(self, runtime: Runtime) -> None:
        self.rt = runtime

    @app_commands.command(name="learn",
                          description="Learn a game: a private first match against a gentle AI")
    @app_commands.guild_only()
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=game_choices)
    async def learn(self, interaction: discord.Interaction[Any], game: str) -> None:
        chosen = registry.get(game)
        await interaction.response.defer(ephemeral=True, thinking=True)
        info, outbound, resumed = await self.rt.service.learn(
            chosen.name, interaction.user.id, interaction.guild_id)
        if resumed:  # the lesson they left: their prompt again, here
            await self.rt.delivery.show_hand(interaction, info.id)
            return
        await say(interaction, said(
            "Your {game} lesson has begun: a real match against a gentle AI that counts for no "
            "rating. Your prompts come by DM and explain each new decision the first time. "
            "Leave whenever you like; /learn brings you back.", game=chosen.title))
        await self.rt.delivery.deliver(outbound, actor=interaction)
