"""``/season``: a server's ratings reset on a day its managers choose; finished seasons'
final tables stay readable, and the end is announced in the server's channel. The rules live
in ``bot.match.seasons``."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.community import board_lines, guild_of
from bot.discord.guards import can_manage
from bot.discord.readers import reader
from bot.discord.runtime import Runtime
from bot.discord.seasons import season_over_text
from bot.discord.suggest import game_choices
from bot.engine import registry
from bot.engine.said import said
from bot.match.errors import SeasonError
from bot.match.seasons import Seasons
from bot.store.seasons import SeasonRecord

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]
QUIET = discord.AllowedMentions.none()


class SeasonCommands(commands.Cog, name="Seasons"):
    season = app_commands.Group(name="season", guild_only=True,
                                description="Ratings that reset on a day this server chooses")

    def __init__(self, seasons: Seasons, runtime: Runtime) -> None:
        self.seasons = seasons
        self.rt = runtime

    async def tick(self) -> None:
        """The clock scheduler's turn for seasons: end those whose day has come, and say so
        in each server's channel; an end a kill kept from its post is posted now."""
        for season in await self.seasons.tick():
            await self.announce(season)

    async def announce(self, season: SeasonRecord) -> None:
        """The post naming each game's best of the season that ended, in the server's
        channel: its first game channel (/settings), else its system channel, else where
        its latest match was played. Marked posted after it is sent (a kill in between
        posts it on restart); no channel, or a post Discord refuses for good, is logged
        and marked too; one that failed on Discord's side is tried again next pass."""
        channel = await self._channel(season.guild_id)
        if channel is None:
            log.warning("season %s of guild %s ended; no channel to say so in",
                        season.number, season.guild_id)
            await self.seasons.announced(season)
            return
        tables = {game: (await self.seasons.final_table(season.guild_id, game,
                                                        season.number))[1]
                  for game in registry.names()}
        lang = await self.rt.readers.of_server(season.guild_id)
        try:
            await channel.send(season_over_text(season, tables, lang), allowed_mentions=QUIET)
        except discord.DiscordServerError as exc:
            log.warning("season %s of guild %s: the end post failed, tried again next "
                        "pass (%s)", season.number, season.guild_id, exc)
            return
        except discord.HTTPException as exc:
            log.warning("season %s of guild %s: the end post failed (%s)", season.number,
                        season.guild_id, exc)
        await self.seasons.announced(season)

    async def _channel(self, guild_id: int) -> Any:
        client = self.rt.delivery.client
        settings = await self.rt.store.get_guild_settings(guild_id)
        guild = client.get_guild(guild_id)
        ids = list(settings.allowed_channels)
        if guild is not None and guild.system_channel is not None:
            ids.append(guild.system_channel.id)
        latest = await self.rt.store.closed_matches(guild_id, limit=1)
        ids += [m.channel_id for m, _ in latest if m.channel_id is not None]
        for channel_id in ids:
            found = client.get_channel(channel_id)
            if found is not None:
                return found
        return None

    @season.command(name="end", description="Choose the day this server's ratings reset "
                    "(Manage Server)")
    @app_commands.describe(day="The day the season ends, as YYYY-MM-DD (at 00:00 UTC)")
    async def end(self, interaction: Interaction, day: str) -> None:
        if not can_manage(interaction):
            raise SeasonError(said("Only members with Manage Server can choose when a season "
                                   "ends."))
        season = await self.seasons.end_on(guild_of(interaction), day)
        assert season.ends_at is not None
        at = int(season.ends_at)
        await interaction.response.send_message(reader(interaction).say(said(
            "Season {number} ends {day} ({when}). Then every rating and leaderboard here "
            "starts again, and the season's final tables stay readable with /season show.",
            number=str(season.number), day=f"<t:{at}:D>", when=f"<t:{at}:R>")),
            ephemeral=True)

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
        lang = await self.rt.readers.of_server(guild)
        lines = board_lines(
            lang.say(said("{game} · season {number} final table", game=title,
                          number=str(season.number))), rows, page_number,
            f"/season show game:{game} number:{season.number} page:<1–{{pages}}>", lang)
        if not rows:
            lines.append(lang.say(said("Nobody was rated in this game that season.")))
        current = await self.seasons.current(guild)
        if current is not None and current.ends_at is not None:
            lines.append(lang.say(said("Season {number} ends {day}.", number=str(current.number),
                                       day=f"<t:{int(current.ends_at)}:D>")))
        await interaction.response.send_message("\n".join(lines), allowed_mentions=QUIET)
