"""Components no Parlor item claims get one clear private answer instead of silence."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord.ext import commands

from bot.discord import customid as cid
from bot.discord.guards import FOREIGN
from bot.discord.readers import reader

Interaction = discord.Interaction[Any]


class ForeignComponents(commands.Cog):
    """Components whose id no Parlor item claims (forged, truncated, from an old version)
    would otherwise go unanswered; they get one clear private answer instead."""

    @commands.Cog.listener()
    async def on_interaction(self, interaction: Interaction) -> None:
        if interaction.type is not discord.InteractionType.component:
            return
        data: Mapping[str, Any] = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        if cid.claimed(custom_id):
            return
        await interaction.response.send_message(reader(interaction).say(FOREIGN),
                                                ephemeral=True)
