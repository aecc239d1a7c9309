"""What only the SQLite backend has: its file, folder and journal settings, and how it shares
its one aiosqlite connection between calls.

The store contract itself is checked on both backends in ``test_store.py``.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Generator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from bot.store import SqliteStore
from bot.store.dialect import Count, Op
from tests.store.backends import SCHEMA_VERSION
from tests.store.test_store import new_match


async def test_the_file_and_its_folder_are_created_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "parlor.sqlite3"
    async with SqliteStore(path) as store:
        assert await store.schema_version() == SCHEMA_VERSION
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


async def test_an_in_memory_database_works_without_a_file(tmp_path: Path) -> None:
    async with SqliteStore(":memory:") as store:
        assert await store.schema_version() == SCHEMA_VERSION
        assert await store.get_match(1) is None
    assert list(tmp_path.iterdir()) == []


async def test_a_read_waits_for_the_transaction_under_way(tmp_path: Path) -> None:
    """Calls share one connection: a read slipped in mid-transaction would see a change that
    is then rolled back. Each call runs whole on the connection's thread, so it cannot."""
    async with SqliteStore(tmp_path / "parlor.sqlite3") as store:
        match_id = await new_match(store)
        await store.start_match(match_id, 0, '{"s":0}')
        gate = threading.Event()

        def half_then_fail() -> Generator[Op, Any, None]:
            yield Count("UPDATE matches SET status = 'finished' WHERE id = ?", (match_id,))
            gate.wait(5)
            raise RuntimeError("the move fails after its first statement")

        writer = asyncio.ensure_future(store.dialect.run(half_then_fail, write=True))
        await asyncio.sleep(0.05)
        reader = asyncio.ensure_future(store.get_match(match_id))
        await asyncio.sleep(0.05)
        assert not reader.done()
        gate.set()
        with pytest.raises(RuntimeError):
            await writer
        record = await reader
        assert record is not None and record.status == "active"
