"""What only the SQLite backend has: its file, folder and journal settings.

The store contract itself is checked on both backends in ``test_store.py``.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from bot.store import SqliteStore
from tests.store.backends import SCHEMA_VERSION


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
