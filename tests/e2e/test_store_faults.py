"""A database that cannot take a move: the player is told so in one private sentence, the
move is neither saved nor shown, and pressing again once the fault is over works. A match
whose stored row is damaged is set aside at the start, its thread is told, and the others
play on."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import asyncpg
import pytest

from bot.discord.replies import NOT_SAVED
from bot.store import sqlite
from tests.e2e.conftest import World, sqlite_only
from tests.e2e.players import Players, open_match, start
from tests.e2e.test_clicks import logged, started
from tests.fakediscord.pytest_plugin import ErrorLogGuard

LOCKER = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
sys.stdin.read()
db.execute("ROLLBACK")
"""


@contextmanager
def write_lock_held(path: Path) -> Iterator[None]:
    """Another process holding the file's write lock (``BEGIN IMMEDIATE``) until the block
    ends."""
    locker = subprocess.Popen([sys.executable, "-c", LOCKER, str(path)], text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert locker.stdin is not None and locker.stdout is not None
    try:
        assert locker.stdout.readline() == "locked\n"
        yield
    finally:
        locker.stdin.close()
        assert locker.wait(10) == 0


@sqlite_only
async def test_a_move_on_a_locked_file_is_refused_and_pressing_again_works(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite, "BUSY_TIMEOUT_MS", 200)
    async with world.bot():
        players = await started(world)
        before = await logged(world)
        boards, shown = len(players.boards()), players.live().text
        with write_lock_held(world.db):
            refusal = await players.move(players.to_act()[0])
            assert refusal.ephemeral and refusal.content == NOT_SAVED
        assert players.live().text == shown and len(players.boards()) == boards
        assert await logged(world) == before
        await players.move(players.to_act()[0])
        assert await logged(world) == before + 1
        assert players.live().text != shown


async def tamper(world: World, sql: str) -> None:
    """Change the bot's database behind its back (it is not running)."""
    if world.database_url:
        db = await asyncpg.connect(world.database_url)
        try:
            await db.execute(sql)
        finally:
            await db.close()
    else:
        with closing(sqlite3.connect(world.db, isolation_level=None)) as file:
            file.execute(sql)


async def test_a_damaged_match_is_set_aside_at_start_and_its_thread_is_told(
        world: World, error_logs: ErrorLogGuard) -> None:
    fake = world.fake
    dave, erin = world.user("dave"), world.user("erin")
    async with world.bot():
        damaged = await started(world)
        thread, lobby = await open_match(fake, dave, world.table, "zura", [erin])
        await start(fake, dave, lobby)
        sound = Players(fake, thread, [dave, erin])
    await tamper(world, "UPDATE matches SET state = '{\"broken\": ' WHERE id = 1")
    error_logs.allow("match 1 quarantined")
    async with world.bot():
        notice = await fake.wait_until(lambda: next(
            (m for m in fake.messages(damaged.thread) if "is set aside" in m.content), None))
        assert notice.content.startswith("Match #1 is set aside: its saved record is damaged")
        before = await logged(world, 2)
        await sound.move(sound.to_act()[0])
        assert await logged(world, 2) == before + 1
