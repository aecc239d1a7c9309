"""``/settings`` for server managers: threads or not, the default clock, where games may start."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.store import GuildSettings
from cogs.runtime import Runtime

ClockPreset = Literal["live", "async"]


def settings_text(s: GuildSettings) -> str:
    where = ", ".join(f"<#{c}>" for c in s.allowed_channels) or "any channel"
    return (f"Matches get their own thread: {'yes' if s.use_threads else 'no'}\n"
            f"Default clock: {s.clock_preset}\n"
            f"Games may start in: {where}")


class Admin(commands.Cog):
    def __init__(self, runtime: Runtime) -> None:
        self.rt = runtime

    @app_commands.command(name="settings", description="Parlor's settings for this server")
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.describe(
        threads="Open a thread for every match",
        clock="Default time per decision: live (minutes) or async (a day)",
        allow="Let games start in this channel (once any is listed, only those)",
        disallow="Take this channel off the list",
    )
    async def settings(self, interaction: discord.Interaction[Any], threads: bool | None = None,
                       clock: ClockPreset | None = None,
                       allow: discord.TextChannel | None = None,
                       disallow: discord.TextChannel | None = None) -> None:
        assert interaction.guild_id is not None
        current = await self.rt.store.get_guild_settings(interaction.guild_id)
        channels = [c for c in current.allowed_channels if disallow is None or c != disallow.id]
        if allow is not None and allow.id not in channels:
            channels.append(allow.id)
        updated = replace(
            current,
            use_threads=current.use_threads if threads is None else threads,
            clock_preset=current.clock_preset if clock is None else clock,
            allowed_channels=tuple(channels))
        if updated != current:
            await self.rt.store.put_guild_settings(updated)
        await interaction.response.send_message(settings_text(updated), ephemeral=True)
