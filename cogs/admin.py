"""``/settings`` for server managers: threads or not, the default clock, time away, and where
games may start."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.clock import PRESETS
from bot.discord.guards import can_manage
from bot.discord.readers import language_choices, picked, reader
from bot.discord.replies import say
from bot.discord.runtime import Runtime
from bot.engine import GameError
from bot.engine.said import said, said_n
from bot.match.clock import CUSTOM, MAX_AWAY_DAYS, MAX_CUSTOM_MINUTES, server_clock
from bot.store import GuildSettings
from bot.words import Language
from bot.words.locales import NAMES

ClockPreset = Literal["live", "standard", "async", "custom"]


def settings_text(s: GuildSettings, lang: Language) -> str:
    """The server's settings as /settings shows them, in the reader's language."""
    clock = server_clock(s)
    lines = [
        said("Matches get their own thread: yes") if s.use_threads
        else said("Matches get their own thread: no"),
        said("Default clock: {preset}, {time} per turn",
             preset=PRESETS.get(clock.preset, clock.preset), time=lang.span(clock.seconds)),
        said_n("Time away (/away): up to {n} day per match",
               "Time away (/away): up to {n} days per match", s.away_days) if s.away_days
        else said("Time away (/away): not allowed"),
        said("Games may start in: {channels}",
             channels=", ".join(f"<#{c}>" for c in s.allowed_channels))
        if s.allowed_channels else said("Games may start in: any channel"),
        said("Language: {language}", language=NAMES[s.language]) if s.language
        else said("Language: automatic (from Discord)"),
        said("Hints: in every match, rated and events too") if s.hints_everywhere
        else said("Hints: in casual matches only"),
    ]
    return "\n".join(lang.say(line) for line in lines)


class Admin(commands.Cog):
    def __init__(self, runtime: Runtime) -> None:
        self.rt = runtime

    @app_commands.command(name="settings", description="Parlor's settings for this server")
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.describe(
        threads="Open a thread for every match",
        clock="Default time per turn: live 2 min, standard 1 h, async 24 h, or custom",
        minutes="Minutes per turn of the custom clock",
        away_days="Days a player may stop their clocks per match with /away (0: never)",
        allow="Let games start in this channel (once any is listed, only those)",
        disallow="Take this channel off the list",
        language="The language of match threads and posts (default: the server's Discord's)",
        hints="Offer hints in rated and event matches too (off: casual matches only)",
    )
    @app_commands.choices(language=language_choices("Automatic (the server's Discord language)"))
    async def settings(self, interaction: discord.Interaction[Any], threads: bool | None = None,
                       clock: ClockPreset | None = None,
                       minutes: app_commands.Range[int, 1, MAX_CUSTOM_MINUTES] | None = None,
                       away_days: app_commands.Range[int, 0, MAX_AWAY_DAYS] | None = None,
                       allow: discord.TextChannel | None = None,
                       disallow: discord.TextChannel | None = None,
                       language: app_commands.Choice[str] | None = None,
                       hints: bool | None = None) -> None:
        assert interaction.guild_id is not None
        if not can_manage(interaction):  # a server may open the command to more members
            raise GameError(said("Only members with Manage Server can change Parlor's settings."))
        await interaction.response.defer(ephemeral=True, thinking=True)  # before the reads
        current = await self.rt.store.get_guild_settings(interaction.guild_id)
        channels = [c for c in current.allowed_channels if disallow is None or c != disallow.id]
        if allow is not None and allow.id not in channels:
            channels.append(allow.id)
        if clock is None and minutes is not None:
            clock = CUSTOM  # minutes alone mean a custom clock, as with /play
        updated = replace(
            current,
            use_threads=current.use_threads if threads is None else threads,
            clock_preset=current.clock_preset if clock is None else clock,
            clock_minutes=current.clock_minutes if minutes is None else minutes,
            away_days=current.away_days if away_days is None else away_days,
            allowed_channels=tuple(channels),
            language=current.language if language is None else picked(language),
            hints_everywhere=current.hints_everywhere if hints is None else hints)
        if updated != current:
            await self.rt.store.put_guild_settings(updated)
        await say(interaction, settings_text(updated, reader(interaction)))
