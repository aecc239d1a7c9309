"""Clocks on Discord: the scheduler loop, /pause, /resume, /away, /back and the clock buttons.

The loop is ``bot.match.scheduler`` (it sleeps until the next rung is due); every rule and
every stored stage lives in ``bot.match.timekeeper``, so a restart loses nothing. Notices become
posts in the match's thread or DMs here; moves and tables go through ``Delivery`` like any
other.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any, Final

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import customid as cid
from bot.discord.clock import BACK, PAUSE, RESUME, when, words
from bot.discord.readers import reader
from bot.discord.replies import say
from bot.discord.runtime import Runtime, match_title
from bot.discord.shows import Outgoing
from bot.discord.suggest import match_choices
from bot.engine import GameError
from bot.engine.said import said
from bot.match import MatchInfo, Outbound
from bot.match.notices import (
    AwayChanged,
    ClockOut,
    NoAwayLeft,
    Notice,
    Reminder,
)
from bot.match.scheduler import Also, Scheduler, Sleep
from bot.match.timekeeper import Timekeeper
from bot.store import ACTIVE

log = logging.getLogger(__name__)

STOP_GRACE: Final = 5.0
MATCH_HELP = "Which match (default: this thread's)"

Interaction = discord.Interaction[Any]


class Clocks(commands.Cog, name="Clocks"):
    def __init__(self, runtime: Runtime, clocks: Timekeeper,
                 sleep: Sleep = asyncio.sleep, also: Also | None = None) -> None:
        """``also``: more work on the scheduler's loop (the events' pass)."""
        self.rt = runtime
        self.clocks = clocks
        self.scheduler = Scheduler(clocks, self.deliver, sleep=sleep, also=also)
        self._task: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def cog_unload(self) -> None:
        """Stop the loop, letting a round under way finish its sends."""
        if self._task is not None:
            self._task.cancel()
        await self.scheduler.finish(STOP_GRACE)

    async def _run(self) -> None:
        await self.rt.delivery.client.wait_until_ready()
        await self.scheduler.run()

    async def deliver(self, batch: Sequence[ClockOut],
                      actor: Interaction | None = None) -> None:
        """Notices in order, then the match's outbound messages (the table after a move)."""
        outbound: list[Outbound] = []
        info: MatchInfo | None = None
        for item in batch:
            if isinstance(item, Notice):
                info = info or await self.rt.service.info(item.match_id)
                await self.announce(info, item)
            else:
                outbound.append(item)
        await self.rt.delivery.deliver(outbound, actor=actor)

    async def announce(self, info: MatchInfo, notice: Notice) -> None:
        """A reminder goes by DM when DMs reach the player; everything else to the thread."""
        readers = self.rt.readers
        out, ping = words(info, notice, await readers.of_server(info.guild_id))
        if isinstance(notice, Reminder) and notice.dm_ok:
            reader = await readers.of_user(notice.user_id)
            dm = Outgoing(reader.say(said(
                "**{match}** · Half your time is gone: your move is due {due}. Your prompt is "
                "above (or use /hand).", match=match_title(info.game, info.id),
                due=when(notice.due_at))))
            if await self.rt.delivery.dm(info, notice.user_id, [dm]):
                return
            ping = False  # the note that their DMs are closed has just pinged them
        await self.rt.delivery.post(info, out, mentions=ping)

    # -- commands ------------------------------------------------------------------------------

    async def here(self, interaction: Interaction, match: int | None) -> int:
        """The match named, else the one whose thread this is."""
        if match is not None:
            return match
        found = await self.rt.store.matches_in_channel(interaction.channel_id or 0, (ACTIVE,))
        if len(found) != 1:
            raise GameError(said("Name the match, or use this in its thread."))
        return found[0].id

    async def vote(self, interaction: Interaction, match_id: int, pause: bool) -> None:
        if not interaction.response.is_done():  # the commands acknowledged it already
            await interaction.response.defer(ephemeral=True, thinking=True)
        batch = await self.clocks.vote_pause(match_id, interaction.user.id, pause)
        await self.deliver(batch, actor=interaction)
        await say(interaction, said("Your vote counts."))

    @app_commands.command(name="pause", description="Vote to stop a match's clocks "
                          "(more than half of the players must agree)")
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=match_choices)
    async def pause(self, interaction: Interaction, match: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # before the reads
        await self.vote(interaction, await self.here(interaction, match), True)

    @app_commands.command(name="resume", description="Vote to restart a match's paused clocks")
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=match_choices)
    async def resume(self, interaction: Interaction, match: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # before the reads
        await self.vote(interaction, await self.here(interaction, match), False)

    @app_commands.command(name="away", description="Stop your clocks in this server's "
                          "matches while you are away")
    @app_commands.guild_only()
    @app_commands.describe(days="How many days (the server sets the most per match)")
    async def away(self, interaction: Interaction,
                   days: app_commands.Range[float, 0.1, 365.0]) -> None:
        assert interaction.guild_id is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        batches = await self.clocks.go_away(interaction.user.id, interaction.guild_id, days)
        await self.report(interaction, batches)

    @app_commands.command(name="back", description="End your time away: your clocks run again")
    @app_commands.guild_only()
    async def back(self, interaction: Interaction) -> None:
        assert interaction.guild_id is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        batches = await self.clocks.come_back(interaction.user.id, interaction.guild_id)
        await self.report(interaction, batches)

    async def report(self, interaction: Interaction, batches: list[list[ClockOut]]) -> None:
        """Tell each match's thread, and the player in one private line per match."""
        lines = []
        for batch in batches:
            await self.deliver([n for n in batch if not isinstance(n, NoAwayLeft)])
            for notice in batch:
                info = await self.rt.service.info(notice.match_id)
                title = match_title(info.game, info.id)
                if isinstance(notice, NoAwayLeft):
                    line = said("**{match}**: no time away left; your clock runs.", match=title)
                elif isinstance(notice, AwayChanged) and notice.until is not None:
                    line = said("**{match}**: your clock stands still until {when}.",
                                match=title, when=when(notice.until, "f"))
                else:
                    line = said("**{match}**: your clock runs again.", match=title)
                lines.append(reader(interaction).say(line))
        await interaction.followup.send("\n".join(lines), ephemeral=True)

    # -- buttons -------------------------------------------------------------------------------

    async def click(self, interaction: Interaction, c: cid.CustomId) -> None:
        """A clock button: agree to a pause vote, or take one's seat back."""
        if c.verb in (PAUSE, RESUME):
            await self.vote(interaction, c.match, c.verb == PAUSE)
        elif c.verb == BACK:
            await interaction.response.defer(ephemeral=True, thinking=True)  # before the writes
            batch = await self.clocks.take_back(c.match, interaction.user.id)
            await self.rt.delivery.show_hand(interaction, c.match)
            await self.deliver(batch)
        else:
            raise cid.BadCustomId(f"unknown clock verb {c.verb}")


