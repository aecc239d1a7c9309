"""``/play``: a lobby in a new thread, with Join / Leave / Add AI / Start / Cancel buttons; a
lobby the AIs asked for fill starts at once (a newcomer plays a card within 4 interactions)."""

from __future__ import annotations

import logging
from typing import Any, Final, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.decks import offer_decks
from bot.discord.guards import require_bot_permissions
from bot.discord.items import lobby_view
from bot.discord.lobby import REPLY, level_name, lobby_text, parse_variants, reply_text
from bot.discord.readers import reader
from bot.discord.runtime import Runtime, match_title
from bot.discord.shows import LOBBY as LOBBY_MESSAGE
from bot.discord.shows import Outgoing
from bot.discord.suggest import game_choices
from bot.engine import BadOptions, Game, GameError, parse_options, registry
from bot.engine.said import said, said_n
from bot.engine.usertext import quoted
from bot.match import BadSeatCount, MatchInfo, Outbound
from bot.match.clock import DEFAULT_AUTOPILOTS, MAX_AUTOPILOTS, MAX_CUSTOM_MINUTES, server_clock
from bot.store import GuildSettings, MessageRecord

log = logging.getLogger(__name__)

THREAD_ARCHIVE_MINUTES: Final = 1440
VARIANTS_MAX: Final = 300


class Lobby(commands.Cog):
    def __init__(self, runtime: Runtime) -> None:
        self.rt = runtime

    @app_commands.command(name="play", description="Open a lobby for a card game in a new thread")
    @app_commands.guild_only()
    @app_commands.describe(
        game="Which game",
        ai_players="AI players to seat right away (more can be added in the lobby)",
        ai_level="How the AI players play: random, normal or strong (thinks ahead; "
                 "/rules topic ai)",
        variants="Variant rules, e.g. `advanced` or `beginner, simultaneous_blocks`",
        clock="Time per turn: live 2 min, standard 1 h, async 24 h, or custom minutes "
              "(default: the server's)",
        minutes="Minutes per turn (a custom clock)",
        absent="When a player misses turns in a row: the AI takes the seat, or they forfeit",
        missed=f"Missed turns in a row before that (default {DEFAULT_AUTOPILOTS})",
        undo="Let a player take a move back when everyone else agrees (off by default)",
    )
    @app_commands.autocomplete(game=game_choices)
    async def play(self, interaction: discord.Interaction[Any], game: str,
                   ai_players: app_commands.Range[int, 0, 5] = 0, ai_level: str = "normal",
                   variants: str = "",
                   clock: Literal["live", "standard", "async", "custom"] | None = None,
                   minutes: app_commands.Range[int, 1, MAX_CUSTOM_MINUTES] | None = None,
                   absent: Literal["ai", "forfeit"] = "ai",
                   missed: app_commands.Range[int, 1, MAX_AUTOPILOTS] = DEFAULT_AUTOPILOTS,
                   undo: bool = False) -> None:
        chosen = registry.get(game)
        if len(variants) > VARIANTS_MAX:
            raise BadOptions(said_n("Variants can be at most {n} character long.",
                                    "Variants can be at most {n} characters long.",
                                    VARIANTS_MAX))
        options = parse_variants(variants)
        parse_options(chosen.options, options)  # refused here, before the public "thinking…"
        self._check(chosen, ai_players, ai_level)
        settings = await self._check_channel(interaction)  # the one read before the answer
        host, guild = interaction.user.id, interaction.guild_id
        assert guild is not None
        timer = server_clock(settings, clock, minutes, absent, missed)
        await interaction.response.defer(thinking=True)
        lang = await self.rt.readers.of_server(guild)
        info = await self.rt.service.create(chosen.name, host, guild_id=guild,
                                            channel_id=interaction.channel_id, options=options,
                                            clock=timer, undo=undo)
        for _ in range(ai_players):
            info = await self.rt.service.add_ai(info.id, host, ai_level)
        thread = await self._thread(interaction, info)
        if thread is not None:
            await self.rt.service.set_thread(info.id, thread.id)
            info = await self.rt.service.info(info.id)
        outbound: list[Outbound] = []
        dealt = None
        if ai_players and len(info.seats) == chosen.max_players:
            # Every seat taken by the AIs asked for: nobody else can join, so play at once.
            outbound = await self.rt.service.start(info.id, host)
            info = await self.rt.service.info(info.id)
            dealt = (await self.rt.service.board(info.id)).view
        view = (lobby_view(info.id, chosen.ai_levels.index(ai_level), lang) if dealt is None
                else None)
        await self.rt.delivery.post(info, Outgoing(lobby_text(info, lang, dealt), view=view),
                                    LOBBY_MESSAGE, mentions=False)
        await self.rt.delivery.probe_dm(info, host)
        reply = await interaction.followup.send(reply_text(info, lang), wait=True)
        await self.rt.store.put_message(MessageRecord(info.id, REPLY, reply.channel.id,
                                                      reply.id))
        await offer_decks(interaction, info)
        await self.rt.delivery.deliver(outbound, actor=interaction)

    @play.autocomplete("ai_level")
    async def _levels(self, interaction: discord.Interaction[Any],
                      current: str) -> list[app_commands.Choice[str]]:
        try:
            levels = registry.get(str(interaction.namespace.game)).ai_levels
        except GameError:  # an unknown game while typing: offer nothing
            return []
        lang = reader(interaction)
        return [app_commands.Choice(name=level_name(level, lang), value=level)
                for level in levels if current.lower() in level]

    @play.autocomplete("variants")
    async def _variants(self, interaction: discord.Interaction[Any],
                        current: str) -> list[app_commands.Choice[str]]:
        try:
            specs = registry.get(str(interaction.namespace.game)).options
        except GameError:
            return []
        typed = parse_variants(current)
        prefix = current.rstrip(", ") + ", " if current.strip() else ""
        lang = reader(interaction)
        return [app_commands.Choice(name=f"{spec.name}: {lang.say(spec.help)}"[:100],
                                    value=(prefix + spec.name)[:100])
                for spec in specs if spec.name not in typed][:25]

    @staticmethod
    def _check(game: Game[Any, Any], ai_players: int, ai_level: str) -> None:
        if ai_level not in game.ai_levels:
            raise BadOptions(said("AI level {level} is unknown. Levels: {levels}.",
                                  level=quoted(ai_level), levels=", ".join(game.ai_levels)))
        if ai_players < 0:
            raise BadSeatCount(said("The number of AI players can't be negative."))
        if ai_players + 1 > game.max_players:
            raise BadSeatCount(said_n("{game} seats at most {n} player, you included.",
                                      "{game} seats at most {n} players, you included.",
                                      game.max_players, game=game.title))

    async def _check_channel(self, interaction: discord.Interaction[Any]) -> GuildSettings:
        """The server's settings, once games may start here (else a private refusal)."""
        assert interaction.guild_id is not None
        settings = await self.rt.store.get_guild_settings(interaction.guild_id)
        channel = interaction.channel
        here = {interaction.channel_id, getattr(channel, "parent_id", None)}
        if settings.allowed_channels and here.isdisjoint(settings.allowed_channels):
            allowed = ", ".join(f"<#{c}>" for c in settings.allowed_channels)
            raise BadOptions(said("Games can't start here. Try {channels}.", channels=allowed))
        threads = settings.use_threads and isinstance(channel, discord.TextChannel)
        require_bot_permissions(interaction, threads)
        return settings

    async def _thread(self, interaction: discord.Interaction[Any],
                      info: MatchInfo) -> discord.Thread | None:
        """A public thread for the match, when the server wants threads and this is a channel."""
        assert interaction.guild_id is not None
        settings = await self.rt.store.get_guild_settings(interaction.guild_id)
        channel = interaction.channel
        if not settings.use_threads or not isinstance(channel, discord.TextChannel):
            return None
        try:
            return await channel.create_thread(
                name=match_title(info.game, info.id), type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES)
        except discord.HTTPException as exc:
            log.warning("match %s: no thread (%s); playing in the channel", info.id, exc)
            return None
