"""A database that cannot take a move: the player is told so in one private sentence, the
move is neither saved nor shown, and pressing again once the fault is over works."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bot.discord.replies import NOT_SAVED
from bot.store import sqlite
from tests.e2e.conftest import World
from tests.e2e.players import TIMEOUT, Players
from tests.e2e.test_clicks import logged, started

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


async def refused_move(players: Players) -> str:
    """Press through ``user``'s prompt until the move is submitted; the private answer."""
    user = players.to_act()[0]
    message = await players.prompt(user)
    while True:
        handle = await players.press(user, message)
        callback = await handle.callback(TIMEOUT)
        if callback.type != 7:  # not an in-place step: the choice was submitted
            break
        message = players.fake.message(message)
    reply = await handle.reply(TIMEOUT)
    assert reply.ephemeral
    return reply.content


async def test_a_move_on_a_locked_file_is_refused_and_pressing_again_works(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite, "BUSY_TIMEOUT_MS", 200)
    async with world.bot():
        players = await started(world)
        before = await logged(world)
        boards, shown = len(players.boards()), players.live().text
        with write_lock_held(world.db):
            assert await refused_move(players) == NOT_SAVED
        assert players.live().text == shown and len(players.boards()) == boards
        assert await logged(world) == before
        await players.move(players.to_act()[0])
        assert await logged(world) == before + 1
        assert players.live().text != shown
