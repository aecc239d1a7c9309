"""The Discord bot: wiring of store, match service, delivery, cogs and persistent components.

``setup_hook`` opens the store (running migrations), loads the cogs, registers the
``DynamicItem`` classes so buttons sent before a restart keep working, and syncs the slash
commands — to the development guild only when one is set, where changes show at once.
With several processes (``SHARD_IDS``), only the one running shard 0 syncs, and each
process serves any match: they share the PostgreSQL store, whose version compare-and-swap
lets one move through when two processes race on a match.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.clicks import Clicks
from bot.discord.delivery import COALESCE, Delivery
from bot.discord.guards import GuardedTree
from bot.discord.images import Images
from bot.discord.items import ParlorButton, ParlorSelect
from bot.discord.pacing import Pacer, share
from bot.discord.readers import Readers
from bot.discord.replies import explain
from bot.discord.runtime import Runtime
from bot.discord.translator import CatalogueTranslator
from bot.engine import registry
from bot.match import MatchService
from bot.match.claims import Lease
from bot.match.scheduler import Sleep
from bot.match.seasons import Seasons
from bot.match.thinker import Thinker
from bot.match.timekeeper import Timekeeper
from bot.match.tournaments import EventService
from bot.settings import Settings
from bot.store import Store, open_store
from bot.store.sql import SqlStore
from bot.workers import Workers
from cogs.admin import Admin
from cogs.clock import Clocks
from cogs.community import Community
from cogs.decks import Decks
from cogs.foreign import ForeignComponents
from cogs.languages import Languages
from cogs.learning import Learning
from cogs.lobby import Lobby
from cogs.matches import Matches
from cogs.rules import Rules
from cogs.seasons import SeasonCommands
from cogs.tournaments import Tournaments

log = logging.getLogger(__name__)

SHUTDOWN_GRACE = 5.0


def invite_permissions() -> discord.Permissions:
    """Exactly what the bot uses: threads per match, posts with images (README lists them)."""
    return discord.Permissions(view_channel=True, send_messages=True,
                               create_public_threads=True, send_messages_in_threads=True,
                               attach_files=True)


def intents() -> discord.Intents:
    """Guild events only: slash commands need no message content and no member list, and
    the bot reads no messages: without the message events Discord does not echo every post
    and edit it makes back to it (each one parsed: a tenth of its CPU per click)."""
    wanted = discord.Intents.default()
    wanted.messages = False  # guild and DM messages
    return wanted


class ParlorBot(commands.AutoShardedBot):
    def __init__(self, settings: Settings, *, store: Store | None = None,
                 images: Images | None = None, seed_source: Callable[[], int] | None = None,
                 clock: Callable[[], float] = time.time, clock_sleep: Sleep = asyncio.sleep,
                 coalesce: float = COALESCE, **options: Any) -> None:
        """``store``, ``images``, ``seed_source``, ``clock`` (Unix seconds for the match
        clocks), ``clock_sleep`` (sleeping on that clock) and ``coalesce`` (seconds a turn
        post's new lines wait for more, ``bot.discord.delivery``) are for tests;
        ``options`` go to discord.py (e.g. ``guild_ready_timeout``)."""
        if settings.shard_count is not None:
            options.setdefault("shard_count", settings.shard_count)
        if settings.shard_ids is not None:
            options.setdefault("shard_ids", list(settings.shard_ids))
        # No message cache: nothing reads it, and each press searched it (1,000 messages).
        options.setdefault("max_messages", None)
        self.pacer = Pacer(share(settings.global_rate, settings.shard_ids,
                                 settings.shard_count))
        options.setdefault("http_trace", self.pacer.trace())
        super().__init__(command_prefix=commands.when_mentioned, intents=intents(),
                         allowed_mentions=discord.AllowedMentions(users=True, roles=False,
                                                                  everyone=False),
                         tree_cls=GuardedTree, **options)
        self.settings = settings
        self.store: Store = store if store is not None else open_store(settings)
        self.workers = Workers()
        """Worker processes for drawing and rebuilding matches (not for searches: those
        have the thinker's own, lower-priority pool)."""
        self.images = images if images is not None else Images(self.workers)
        self.seed_source = seed_source
        self.clock = clock
        self.clock_sleep = clock_sleep
        self.coalesce = coalesce
        self.parlor: Runtime | None = None
        self._reconciled = False
        self.tree.error(self.on_app_command_error)

    async def setup_hook(self) -> None:
        for name in registry.names():  # imported now, not by the first press on a game
            registry.get(name)
        await self.store.open()
        thinker = Thinker(self.settings.ai_think_ms)
        service = (MatchService(self.store, thinker=thinker, workers=self.workers)
                   if self.seed_source is None
                   else MatchService(self.store, thinker=thinker, workers=self.workers,
                                     seed_source=self.seed_source))
        clocks = Timekeeper(service, now=self.clock)
        readers = Readers(self.store, self)
        await readers.load()
        # With several processes (each given some shards), one delivers a match at a time.
        lease = Lease(self.store, "delivery") if self.shard_ids is not None else None
        delivery = Delivery(self, service, self.store, self.images, clock=self.clock,
                            readers=readers, coalesce=self.coalesce,
                            busy_now=self.pacer.busy, lease=lease)
        self.parlor = Runtime(service, self.store, delivery, Clicks(service, delivery), readers)
        assert isinstance(self.store, SqlStore)
        tournaments = Tournaments(self.parlor, EventService(self.store, service, clocks=clocks,
                                                            now=self.clock), self.clock)
        season_rules = Seasons(self.store, service.ratings, now=self.clock)
        seasons = SeasonCommands(season_rules, self.parlor)

        async def also() -> None:
            """The scheduler's other passes, each failing on its own: events, seasons."""
            for step in (tournaments.tick, seasons.tick):
                try:
                    await step()
                except Exception:
                    log.exception("the scheduled pass %s failed", step.__qualname__)

        for cog in (Lobby(self.parlor), Matches(self.parlor), Rules(self.parlor),
                    Admin(self.parlor), ForeignComponents(),
                    Clocks(self.parlor, clocks, self.clock_sleep, also=also),
                    Community(self.parlor, season_rules), Decks(self.parlor), tournaments,
                    seasons, Languages(self.parlor), Learning(self.parlor)):
            await self.add_cog(cog)
        self.add_dynamic_items(ParlorButton, ParlorSelect)
        await self.tree.set_translator(CatalogueTranslator())
        if self.shard_ids is not None and 0 not in self.shard_ids:
            log.info("shards %s: the process running shard 0 syncs the commands",
                     self.shard_ids)
        elif self.settings.dev_guild_id is not None:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        log.info("invite link: %s", discord.utils.oauth_url(
            self.application_id or 0, permissions=invite_permissions(),
            scopes=("bot", "applications.commands")))

    async def on_ready(self) -> None:
        """Once connected: make Discord show every running match as it stands, so what a
        stop cut off (a prompt, a turn post) is sent without waiting for anyone's press; and
        start the drawing workers, so the first board does not wait for them."""
        if self._reconciled or self.parlor is None:
            return
        self._reconciled = True
        drawing = asyncio.create_task(self.images.start())  # alongside, not first
        await self.parlor.delivery.reconcile_all(self.serves)
        await drawing

    def serves(self, guild_id: int | None) -> bool:
        """Whether this process runs the shard of ``guild_id``, by Discord's sharding formula
        (None, a match outside any server: shard 0's, like DMs)."""
        if self.shard_ids is None:
            return True
        shard = 0 if guild_id is None else (guild_id >> 22) % (self.shard_count or 1)
        return shard in self.shard_ids

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Remember each person's Discord locale (alongside the answer, never before it)."""
        if self.parlor is not None:
            await self.parlor.readers.note(interaction)

    async def close(self) -> None:
        """Let clicks and deliveries in progress finish (their moves are committed already),
        then stop."""
        if self.parlor is not None:
            await self.parlor.delivery.busy.wait_idle(SHUTDOWN_GRACE)
            self.parlor.delivery.stop()
        try:
            await super().close()
        finally:
            try:
                if self.parlor is not None:
                    self.parlor.service.close()
                    # Clicks still awaiting a search were just cancelled: they unwind (their
                    # match's hooks read the store) before the store closes. A move they cut
                    # short is finished at the next start.
                    await self.parlor.delivery.busy.wait_idle(SHUTDOWN_GRACE)
                self.images.workers.close()
            finally:
                await self.store.close()

    async def on_app_command_error(self, interaction: discord.Interaction[Any],
                                   error: app_commands.AppCommandError) -> None:
        """One place for slash-command failures: a player's mistake or a logged bug."""
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        if isinstance(self.tree, GuardedTree):
            self.tree.refused(interaction, cause)
        match = getattr(interaction.namespace, "match", None)
        await explain(interaction, cause, match if isinstance(match, int) else None)


def run(settings: Settings) -> None:
    """Start the bot with the token from ``settings`` until it is stopped."""
    ParlorBot(settings).run(settings.discord_token, log_handler=None)
