"""Autocomplete shared by several commands: games and the user's own matches."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.engine import registry
from bot.match import MatchInfo
from cogs.runtime import match_title, runtime_of

MAX_CHOICES = 25


async def game_choices(interaction: discord.Interaction[Any],
                       current: str) -> list[app_commands.Choice[str]]:
    text = current.lower()
    out = []
    for name in registry.names():
        title = registry.get(name).title
        if text in name or text in title.lower():
            out.append(app_commands.Choice(name=title, value=name))
    return out[:MAX_CHOICES]


def match_label(info: MatchInfo, user_id: int) -> str:
    state = "your move" if info.must_act(user_id) else info.status
    return f"{match_title(info.game, info.id)} · {state}"


async def match_choices(interaction: discord.Interaction[Any],
                        current: str) -> list[app_commands.Choice[int]]:
    """The user's lobbies and running matches, those waiting for them first."""
    infos = await runtime_of(interaction.client).service.matches_of(interaction.user.id)
    text = current.lower().lstrip("#")
    return [app_commands.Choice(name=match_label(i, interaction.user.id)[:100], value=i.id)
            for i in infos if text in match_label(i, interaction.user.id).lower()
            ][:MAX_CHOICES]
