"""Clocks on Discord: the scheduler loop, /pause, /resume, /away, /back and the clock buttons.

The loop (``discord.ext.tasks``) asks the service what is due and delivers it; every rule
and every stored stage lives in ``bot.match.clocked``, so a restart loses nothing. On its
first round the loop lets the service resume every running match. Notices become posts in
the match's thread or DMs here; moves and tables go through ``Delivery`` like any other.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from typing import Any, Final

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.discord import customid as cid
from bot.discord.clock import BACK, PAUSE, RESUME, when, words
from bot.discord.delivery import Outgoing
from bot.discord.runtime import Runtime, match_title
from bot.discord.suggest import match_choices
from bot.engine import GameError
from bot.match import MatchInfo, Outbound
from bot.match.clocked import ClockedMatchService
from bot.match.notices import (
    AwayChanged,
    ClockOut,
    NoAwayLeft,
    Notice,
    Reminder,
)
from bot.store import ACTIVE

log = logging.getLogger(__name__)

EVERY: Final = 10.0
"""Seconds between scheduler rounds: a live clock's rungs land within this."""
STOP_GRACE: Final = 5.0
MATCH_HELP = "Which match (default: this thread's)"

Interaction = discord.Interaction[Any]


class Clocks(commands.Cog, name="Clocks"):
    def __init__(self, runtime: Runtime, service: ClockedMatchService,
                 every: float = EVERY) -> None:
        self.rt = runtime
        self.service = service
        self.rounds = 0
        """Scheduler rounds finished (tests wait on it instead of sleeping)."""
        self._resumed = False
        self._round: asyncio.Task[None] | None = None
        self.ticker.change_interval(seconds=every)

    async def cog_load(self) -> None:
        self.ticker.start()

    async def cog_unload(self) -> None:
        """Stop the loop, letting a round under way finish its sends."""
        self.ticker.cancel()
        if self._round is not None and not self._round.done():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(self._round), STOP_GRACE)

    # -- the scheduler -----------------------------------------------------------------------

    @tasks.loop(seconds=EVERY)
    async def ticker(self) -> None:
        # Shielded: stopping the bot cancels the loop, never a round halfway through a send.
        self._round = asyncio.ensure_future(self.run_round())
        await asyncio.shield(self._round)

    @ticker.before_loop
    async def _ready(self) -> None:
        await self.rt.delivery.client.wait_until_ready()

    async def run_round(self) -> None:
        try:
            batches = []
            if not self._resumed:
                batches = await self.service.recover()
                self._resumed = True
            batches += await self.service.tick()
            for batch in batches:
                await self.deliver(batch)
        except Exception:
            log.exception("a clock round failed")
        finally:
            self.rounds += 1

    async def deliver(self, batch: Sequence[ClockOut],
                      actor: Interaction | None = None) -> None:
        """Notices in order, then the match's outbound messages (the table after a move)."""
        outbound: list[Outbound] = []
        info: MatchInfo | None = None
        for item in batch:
            if isinstance(item, Notice):
                info = info or await self.service.info(item.match_id)
                await self.announce(info, item)
            else:
                outbound.append(item)
        await self.rt.delivery.deliver(outbound, actor=actor)

    async def announce(self, info: MatchInfo, notice: Notice) -> None:
        """A reminder goes by DM when DMs reach the player; everything else to the thread."""
        out, ping = words(info, notice)
        if isinstance(notice, Reminder) and notice.dm_ok:
            title = f"**{match_title(info.game, info.id)}**"
            dm = Outgoing(f"{title} · Half your time is gone: your move is due "
                          f"{when(notice.due_at)}. Your prompt is above (or use /hand).")
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
            raise GameError("Name the match, or use this in its thread.")
        return found[0].id

    async def vote(self, interaction: Interaction, match_id: int, pause: bool) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        batch = await self.service.vote_pause(match_id, interaction.user.id, pause)
        await self.deliver(batch, actor=interaction)
        await interaction.followup.send("Your vote counts.", ephemeral=True)

    @app_commands.command(name="pause", description="Vote to stop a match's clocks "
                          "(more than half of the players must agree)")
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=match_choices)
    async def pause(self, interaction: Interaction, match: int | None = None) -> None:
        await self.vote(interaction, await self.here(interaction, match), True)

    @app_commands.command(name="resume", description="Vote to restart a match's paused clocks")
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.autocomplete(match=match_choices)
    async def resume(self, interaction: Interaction, match: int | None = None) -> None:
        await self.vote(interaction, await self.here(interaction, match), False)

    @app_commands.command(name="away", description="Stop your clocks in this server's "
                          "matches while you are away")
    @app_commands.guild_only()
    @app_commands.describe(days="How many days (the server sets the most per match)")
    async def away(self, interaction: Interaction,
                   days: app_commands.Range[float, 0.1, 365.0]) -> None:
        assert interaction.guild_id is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        batches = await self.service.go_away(interaction.user.id, interaction.guild_id, days)
        await self.report(interaction, batches)

    @app_commands.command(name="back", description="End your time away: your clocks run again")
    @app_commands.guild_only()
    async def back(self, interaction: Interaction) -> None:
        assert interaction.guild_id is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        batches = await self.service.come_back(interaction.user.id, interaction.guild_id)
        await self.report(interaction, batches)

    async def report(self, interaction: Interaction, batches: list[list[ClockOut]]) -> None:
        """Tell each match's thread, and the player in one private line per match."""
        lines = []
        for batch in batches:
            await self.deliver([n for n in batch if not isinstance(n, NoAwayLeft)])
            for notice in batch:
                info = await self.service.info(notice.match_id)
                title = f"**{match_title(info.game, info.id)}**"
                if isinstance(notice, NoAwayLeft):
                    lines.append(f"{title}: no time away left; your clock runs.")
                elif isinstance(notice, AwayChanged) and notice.until is not None:
                    lines.append(f"{title}: your clock stands still until "
                                 f"{when(notice.until, 'f')}.")
                else:
                    lines.append(f"{title}: your clock runs again.")
        await interaction.followup.send("\n".join(lines), ephemeral=True)

    # -- buttons -------------------------------------------------------------------------------

    async def click(self, interaction: Interaction, c: cid.CustomId) -> None:
        """A clock button: agree to a pause vote, or take one's seat back."""
        if c.verb in (PAUSE, RESUME):
            await self.vote(interaction, c.match, c.verb == PAUSE)
        elif c.verb == BACK:
            batch = await self.service.take_back(c.match, interaction.user.id)
            await self.rt.delivery.show_hand(interaction, c.match)
            await self.deliver(batch)
        else:
            raise cid.BadCustomId(f"unknown clock verb {c.verb}")


