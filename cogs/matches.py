"""Commands about matches one is in: /hand, /board, /resign, /match list, /match info."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.clock import clock_note
from bot.discord.guards import can_manage
from bot.discord.items import card, resign_view
from bot.discord.lobby import lobby_text, refresh
from bot.discord.readers import reader
from bot.discord.replies import say
from bot.discord.runtime import Runtime, match_title
from bot.discord.shows import TURN, who
from bot.discord.suggest import MATCH_HELP, match_choices, match_label, pick_match
from bot.engine import GameError
from bot.engine.said import said
from bot.match import MatchInfo

LIST_LIMIT = 15


class Matches(commands.Cog):
    def __init__(self, runtime: Runtime) -> None:
        self.rt = runtime

    async def pick(self, interaction: discord.Interaction[Any], match: int | None) -> int:
        """The match meant. Finding it reads the store, so the command is acknowledged first
        (privately): every answer here is a follow-up."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        return await pick_match(self.rt, interaction, match)

    @app_commands.command(name="hand", description="See your cards and choices, privately")
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=match_choices)
    async def hand(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        await self.rt.delivery.show_hand(interaction, await self.pick(interaction, match))

    @app_commands.command(name="board", description="Post the table again")
    @app_commands.describe(match=MATCH_HELP,
                           detail="Instead, send me the whole table in words (full card names, "
                                  "the whole chain)")
    @app_commands.autocomplete(match=match_choices)
    async def board(self, interaction: discord.Interaction[Any], match: int | None = None,
                    detail: bool = False) -> None:
        match_id = await self.pick(interaction, match)
        if detail:
            words = await self.rt.delivery.table_words(match_id, reader(interaction))
            await interaction.followup.send(ephemeral=True, view=card(words))
            return
        await self.rt.delivery.repost(match_id)
        await say(interaction, said("The table is posted again in the match's thread."))

    @app_commands.command(name="resign", description="Leave a running match (the AI takes over)")
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=match_choices)
    async def resign(self, interaction: discord.Interaction[Any],
                     match: int | None = None) -> None:
        match_id = await self.pick(interaction, match)
        info = await self.rt.service.info(match_id)
        if info.seat_of(interaction.user.id) is None:
            raise GameError(said("You are not playing in this match."))
        await say(interaction, said("Resign from **{match}**? You will be ranked last.",
                                    match=match_title(info.game, info.id)),
                  view=resign_view(match_id, reader(interaction)))

    group = app_commands.Group(name="match", description="Your matches")

    @group.command(name="list", description="Your matches, those waiting for you first")
    async def list_(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        infos = await self.rt.service.matches_of(interaction.user.id)
        if not infos:
            await say(interaction,
                      said("You are in no lobby or running match. Start one with /play."))
            return
        user, lang = interaction.user.id, reader(interaction)
        lines = [" · ".join(part for part in (match_label(i, user, lang), await self.link(i),
                                               clock_note(i, user, lang)) if part)
                 for i in infos[:LIST_LIMIT]]
        await interaction.followup.send("\n".join(lines), ephemeral=True)

    @group.command(name="info", description="Seats, options and state of a match")
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=match_choices)
    async def info(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        info = await self.rt.service.info(await self.pick(interaction, match))
        lang = reader(interaction)
        lines = [lobby_text(info, lang)]
        if info.to_act:
            lines.append(lang.say(said("To act: {players}",
                                       players=tuple(who(info, s, lang) for s in info.to_act))))
        if note := clock_note(info, interaction.user.id, lang):
            lines.append(lang.say(said("Clock: {clock}", clock=note)))
        if info.result is not None:
            lines.append(lang.say(said("Placings: {placings}", placings=tuple(
                said("{place} {person}", place=lang.ordinal(p), person=who(info, s, lang))
                for s, p in enumerate(info.result.placings)))))
        lines.append(await self.link(info))
        await interaction.followup.send(
            "\n".join(lines), ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @group.command(name="cancel", description="Call a match off (its host or a server manager)")
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=match_choices)
    async def cancel(self, interaction: discord.Interaction[Any],
                     match: int | None = None) -> None:
        match_id = await self.pick(interaction, match)
        outbound = await self.rt.service.cancel(match_id, interaction.user.id,
                                                can_manage(interaction))
        await self.rt.delivery.deliver(outbound, actor=interaction)
        info = await self.rt.service.info(match_id)
        await self.refresh_lobby(info)
        await say(interaction, said("**{match}** is cancelled.",
                                    match=match_title(info.game, info.id)))

    @group.command(name="remove",
                   description="Take a player out of a match (its host or a server manager)")
    @app_commands.describe(player="Who leaves; in a running match the AI plays their seat on",
                           match=MATCH_HELP)
    @app_commands.autocomplete(match=match_choices)
    async def remove(self, interaction: discord.Interaction[Any], player: discord.User,
                     match: int | None = None) -> None:
        match_id = await self.pick(interaction, match)
        outbound = await self.rt.service.remove(match_id, interaction.user.id, player.id,
                                                can_manage(interaction))
        await self.rt.delivery.deliver(outbound, actor=interaction)
        info = await self.rt.service.info(match_id)
        await self.refresh_lobby(info)
        await say(interaction, said("{player} is out of **{match}**.", player=player.mention,
                                    match=match_title(info.game, info.id)),
                  allowed_mentions=discord.AllowedMentions.none())

    async def refresh_lobby(self, info: MatchInfo) -> None:
        """Show the lobby post's new seats (or that it closed) and the /play reply's state;
        the post's buttons answer for themselves."""
        await refresh(self.rt.delivery, info)

    async def link(self, info: MatchInfo) -> str:
        """A jump link to the live turn post, else to the match's thread or channel."""
        guild = info.guild_id if info.guild_id is not None else "@me"
        live = [d for d in await self.rt.store.deliveries(info.id)
                if d.slot == TURN and d.message_id]  # (0: its first post is on its way)
        if live:
            return f"https://discord.com/channels/{guild}/{live[0].channel_id}/{live[0].message_id}"
        return f"https://discord.com/channels/{guild}/{info.thread_id or info.channel_id}"
