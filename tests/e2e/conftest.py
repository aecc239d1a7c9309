"""The real bot against the fake Discord: a world (guild, channel, users) and a bot factory.

The bot stores on a temporary SQLite file; with ``PARLOR_E2E_DATABASE=postgres`` in the
environment, on a fresh database of a throwaway PostgreSQL cluster instead (the whole suite
on the other backend: ``PARLOR_E2E_DATABASE=postgres pytest tests/e2e``). Tests of what only
SQLite has skip themselves there (``sqlite_only``)."""

from __future__ import annotations

import io
import itertools
import os
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path

import pytest
from PIL import Image

from bot.app import ParlorBot
from bot.discord.images import Images
from bot.engine import Result, View
from bot.settings import Settings
from bot.store import Store, open_store
from bot.words import ENGLISH
from tests.e2e.players import settles
from tests.fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeUser
from tests.fakediscord.pytest_plugin import error_logs, fake_discord, fake_discord_options
from tests.pgcluster import Cluster
from tests.store.conftest import pg_cluster

__all__ = ["error_logs", "fake_discord", "fake_discord_options", "pg_cluster"]

RENDERING = 30.0
"""Seconds to wait for an answer that is drawn or searched (after its acknowledgement): the
first one also starts the worker processes, which takes seconds on a busy machine."""


def tiny_png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (4, 3), (20, 90, 50)).save(out, format="PNG")
    return out.getvalue()


class QuickImages(Images):
    """A 4×3 PNG wherever a renderer exists: full matches stay quick, the code path is real."""

    png = tiny_png()

    async def start(self) -> None:
        """Nothing to start: no worker draws these."""

    async def board(self, view: View, names: Sequence[str], lang: str = ENGLISH) -> bytes | None:
        return self.png if self.available(view) else None

    async def hand(self, view: View, names: Sequence[str], lang: str = ENGLISH) -> bytes | None:
        return self.png if self.available(view) else None

    async def summary(self, view: View, result: Result, names: Sequence[str],
                      lang: str = ENGLISH) -> bytes | None:
        return self.png if self.available(view) else None


@asynccontextmanager
async def serve(fake: FakeDiscord, bot: ParlorBot) -> AsyncIterator[ParlorBot]:
    """Run ``bot`` on ``fake``; players wait for it to show all of a move (``settles``)."""
    async with fake.run_bot(bot):
        with settles(fake, lambda: bot.parlor.delivery.busy.wait_idle(RENDERING)):
            yield bot


class World:
    """A server with a card-table channel and a few members; ``bot()`` starts Parlor on it."""

    def __init__(self, fake: FakeDiscord, db: Path, database_url: str = "") -> None:
        self.fake = fake
        self.db = db
        self.database_url = database_url
        self.guild: FakeGuild = fake.add_guild("Parlor Test")
        self.table: FakeChannel = fake.add_channel(self.guild, "card-table")
        self.alice = self.user("alice")
        self.bob = self.user("bob")
        self.cat = self.user("cat", dm_open=False)

    @property
    def settings(self) -> Settings:
        return Settings(self.fake.token, self.db, database_url=self.database_url)

    def store(self) -> Store:
        """A store on the bot's database (open it: ``async with world.store() as store``)."""
        return open_store(self.settings)

    def user(self, name: str, *, dm_open: bool = True) -> FakeUser:
        return self.fake.add_user(name, dm_open=dm_open, guilds=[self.guild])

    def bot(self, images: Images | None = None, seed: int = 20240601,
            coalesce: float = 0.0,
            settings: Settings | None = None) -> AbstractAsyncContextManager[ParlorBot]:
        """``coalesce``: none by default, so that a player who waits for the bot to settle
        sees every line at once (``bot.discord.delivery.COALESCE`` holds them a moment);
        ``settings``: other than the world's."""
        @asynccontextmanager
        async def running() -> AsyncIterator[ParlorBot]:
            bot = ParlorBot(settings or self.settings,
                            images=images if images is not None else QuickImages(),
                            seed_source=lambda: seed, guild_ready_timeout=0.05,
                            coalesce=coalesce)
            async with serve(self.fake, bot):
                yield bot

        return running()


ON_POSTGRES = os.environ.get("PARLOR_E2E_DATABASE", "sqlite") == "postgres"
sqlite_only = pytest.mark.skipif(ON_POSTGRES, reason="what only the SQLite backend has")
_DATABASES = itertools.count(1)


@pytest.fixture
async def world(fake_discord: FakeDiscord, tmp_path: Path,
                request: pytest.FixtureRequest) -> AsyncIterator[World]:
    if not ON_POSTGRES:
        yield World(fake_discord, tmp_path / "parlor.sqlite3")
        return
    cluster: Cluster = request.getfixturevalue("pg_cluster")
    name = f"e2e_{next(_DATABASES)}"
    yield World(fake_discord, tmp_path / "parlor.sqlite3", await cluster.create_database(name))
    await cluster.drop_database(name)
