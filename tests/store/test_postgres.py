"""What only the PostgreSQL backend has: its migrations table, connection errors, and
several processes starting on one database at once.

The store contract itself is checked on both backends in ``test_store.py``.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.store import ActionRow, NewMatch, PostgresStore, SeatRecord, StoreError, postgres
from bot.store.postgres import describe
from tests.pgcluster import Cluster
from tests.store.backends import SCHEMA_VERSION, PostgresBackend


async def test_processes_starting_together_apply_each_migration_once(
        postgres_backend: PostgresBackend) -> None:
    stores = [postgres_backend.store() for _ in range(4)]
    await asyncio.gather(*(store.open() for store in stores))
    try:
        versions = await asyncio.gather(*(store.schema_version() for store in stores))
        assert versions == [SCHEMA_VERSION] * 4
        records = await asyncio.gather(*(store.create_match(NewMatch("highcard", {}, n, 1))
                                         for n, store in enumerate(stores)))
        assert sorted(r.id for r in records) == [1, 2, 3, 4]
    finally:
        await asyncio.gather(*(store.close() for store in stores))
    assert await postgres_backend.recorded_version() == SCHEMA_VERSION


async def test_a_missing_database_is_a_store_error_without_the_password(
        pg_cluster: Cluster) -> None:
    url = pg_cluster.url("no_such_db").replace("parlor@", "parlor:hunter2@")
    with pytest.raises(StoreError, match="cannot connect to PostgreSQL") as info:
        await PostgresStore(url).open()
    assert "'no_such_db'" in str(info.value) and "hunter2" not in str(info.value)


async def test_an_unreachable_server_is_a_store_error(tmp_path: Path) -> None:
    store = PostgresStore(f"postgresql://parlor:hunter2@/parlor?host={tmp_path}")
    with pytest.raises(StoreError, match="cannot connect") as info:
        await store.open()
    assert "hunter2" not in str(info.value)
    with pytest.raises(StoreError, match="not open"):
        await store.get_match(1)


@pytest.mark.parametrize(("url", "where"), [
    ("postgresql://u:pw@db.example:5433/parlor", "database 'parlor' on db.example"),
    ("postgresql://u@/parlor?host=/run/pg", "database 'parlor' on /run/pg"),
    ("postgres://", "database 'the default database' on the default host"),
])
def test_error_messages_say_where_without_credentials(url: str, where: str) -> None:
    assert describe(url) == where


async def test_a_connection_closed_by_the_server_while_idle_is_replaced_unnoticed(
        postgres_backend: PostgresBackend) -> None:
    async with postgres_backend.store() as store:
        record = await store.create_match(NewMatch("highcard", {}, 1, 1))
        await postgres_backend.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()")
        await asyncio.sleep(0.1)  # the driver hears of it
        assert await store.get_match(record.id) == record


async def test_a_move_is_one_statement_outside_any_transaction(
        postgres_backend: PostgresBackend, monkeypatch: pytest.MonkeyPatch) -> None:
    """One round trip: no BEGIN or COMMIT, the log entry inside the compare-and-swap's
    statement (the bare insert it is measured against is one round trip too)."""
    async with postgres_backend.store() as store:
        record = await store.create_match(NewMatch("highcard", {}, 1, 1, seats=(
            SeatRecord(0, 1), SeatRecord(1, 2))))
        version = await store.start_match(record.id, record.version, "{}")
        sent: list[tuple[str, bool]] = []
        perform = postgres._perform

        async def counted(db: Any, op: Any) -> Any:
            sent.append((type(op).__name__, db.is_in_transaction()))
            return await perform(db, op)

        monkeypatch.setattr(postgres, "_perform", counted)
        await store.commit_move(record.id, version, "{}", ActionRow(0, 1, "d1", {}))
        assert sent == [("Gated", False)]
        assert [a.decision_id for a in await store.actions(record.id)] == ["d1"]
