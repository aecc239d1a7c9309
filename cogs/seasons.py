"""``/season``: a server's ratings reset on a day its managers choose; finished seasons'
final tables stay readable. The rules live in ``bot.match.seasons``."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.community import board_lines, guild_of
from bot.discord.guards import can_manage
from bot.discord.suggest import game_choices
from bot.engine import registry
from bot.match.errors import SeasonError
from bot.match.seasons import Seasons
from bot.words import english

Interaction = discord.Interaction[Any]
QUIET = discord.AllowedMentions.none()


class SeasonCommands(commands.Cog, name="Seasons"):
    season = app_commands.Group(name="season", guild_only=True,
                                description="Ratings that reset on a day this server chooses")

    def __init__(self, seasons: Seasons) -> None:
        self.seasons = seasons

    async def tick(self) -> None:
        """The clock scheduler's turn for seasons: end those whose day has come."""
        await self.seasons.tick()

    @season.command(name="end", description="Choose the day this server's ratings reset "
                    "(Manage Server)")
    @app_commands.describe(day="The day the season ends, as YYYY-MM-DD (at 00:00 UTC)")
    async def end(self, interaction: Interaction, day: str) -> None:
        if not can_manage(interaction):
            raise SeasonError("Only members with Manage Server can choose when a season "
                              "ends.")
        season = await self.seasons.end_on(guild_of(interaction), day)
        assert season.ends_at is not None
        at = int(season.ends_at)
        await interaction.response.send_message(
            f"Season {season.number} ends <t:{at}:D> (<t:{at}:R>). Then every rating and "
            "leaderboard here starts again, and the season's final tables stay readable "
            "with /season show.", ephemeral=True)

    @season.command(name="show", description="A finished season's final leaderboard")
    @app_commands.describe(game="Which game", number="Which season (default: the last "
                           "finished)", page_number="Which page (10 players a page)")
    @app_commands.rename(page_number="page")
    @app_commands.autocomplete(game=game_choices)
    async def show(self, interaction: Interaction, game: str,
                   number: app_commands.Range[int, 1, 10000] | None = None,
                   page_number: app_commands.Range[int, 1, 1000] = 1) -> None:
        guild, title = guild_of(interaction), registry.get(game).title
        season, rows = await self.seasons.final_table(guild, game, number)
        lines = board_lines(
            f"{title} · season {season.number} final table", rows, page_number,
            f"/season show game:{game} number:{season.number} page:<1–{{pages}}>",
            english())  # season texts: the tourney3 helper's part
        if not rows:
            lines.append("Nobody was rated in this game that season.")
        current = await self.seasons.current(guild)
        if current is not None and current.ends_at is not None:
            lines.append(f"Season {current.number} ends <t:{int(current.ends_at)}:D>.")
        await interaction.response.send_message("\n".join(lines), allowed_mentions=QUIET)
