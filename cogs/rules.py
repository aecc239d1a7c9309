"""``/rules <game> [topic]``: short explanations in the project's own words."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import GameError, registry
from cogs.rulebook import TOPICS
from cogs.suggest import MAX_CHOICES, game_choices


class Rules(commands.Cog):
    @app_commands.command(name="rules", description="How a game is played")
    @app_commands.describe(game="Which game", topic="A part of the rules (default: overview)")
    @app_commands.autocomplete(game=game_choices)
    async def rules(self, interaction: discord.Interaction[Any], game: str,
                    topic: str = "overview") -> None:
        title = registry.get(game).title
        topics = TOPICS.get(game, {})
        if topic not in topics:
            known = ", ".join(topics) or "none yet"
            raise GameError(f"{title} has no rules topic `{topic}`. Topics: {known}.")
        await interaction.response.send_message(f"**{title} · {topic}**\n{topics[topic]}",
                                                ephemeral=True)

    @rules.autocomplete("topic")
    async def _topics(self, interaction: discord.Interaction[Any],
                      current: str) -> list[app_commands.Choice[str]]:
        topics = TOPICS.get(str(interaction.namespace.game), {})
        return [app_commands.Choice(name=t, value=t) for t in topics
                if current.lower() in t][:MAX_CHOICES]
