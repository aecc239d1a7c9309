"""How the SQLite store uses its aiosqlite connection: each move one transaction of as few
statements as it needs, handed to the connection's thread in one hop (the move-latency work
of issues 11, 18 and 30), cancellation that never leaves half a move, and a clean close.
The store contract itself is checked on both backends in ``tests/store``."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.store import ActionRow, NewMatch, SeatRecord, SqliteStore, StoreError

STATE = '{"step": 0}'


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    async with SqliteStore(tmp_path / "parlor.sqlite3") as opened:
        yield opened


async def active_match(store: SqliteStore) -> int:
    record = await store.create_match(NewMatch("highcard", {}, 1, 10, 1, 2, None, (
        SeatRecord(0, 10), SeatRecord(1, 11))))
    await store.start_match(record.id, record.version, STATE)
    return record.id


def move(n: int) -> ActionRow:
    return ActionRow(n % 2, 10 + n % 2, f"d{n}", {"decision": f"d{n}", "choice": ["a"]})


async def traced(store: SqliteStore) -> list[str]:
    """Every statement SQLite runs from now on, by its first word."""
    statements: list[str] = []
    db: Any = store.dialect.db
    await db.set_trace_callback(lambda sql: statements.append(sql.split()[0].upper()))
    return statements


async def test_a_move_is_one_transaction_of_four_statements(store: SqliteStore) -> None:
    match_id = await active_match(store)
    record = await store.get_match(match_id)
    assert record is not None
    statements = await traced(store)
    await store.commit_move(match_id, record.version, STATE, move(1))
    # the compare-and-swap, then the log entry (``WITH gate … INSERT``) in the same transaction
    assert statements == ["BEGIN", "UPDATE", "WITH", "COMMIT"]


async def test_a_move_and_a_read_are_one_hop_each_to_the_connection_thread(
        store: SqliteStore, monkeypatch: pytest.MonkeyPatch) -> None:
    match_id = await active_match(store)
    record = await store.get_match(match_id)
    assert record is not None
    db: Any = store.dialect.db
    hops: list[object] = []
    real = db._execute

    async def counted(fn: Any, *args: Any) -> Any:
        hops.append(fn)
        return await real(fn, *args)

    monkeypatch.setattr(db, "_execute", counted)
    await store.commit_move(match_id, record.version, STATE, move(1))
    assert len(hops) == 1
    assert (await store.get_match(match_id)) is not None
    assert len(hops) == 2


async def test_a_read_is_its_selects_outside_any_transaction(store: SqliteStore) -> None:
    match_id = await active_match(store)
    statements = await traced(store)
    record = await store.get_match(match_id)
    assert record is not None and len(record.seats) == 2
    assert statements == ["SELECT"]  # the match with its seats


async def test_a_cancelled_move_still_commits_whole(store: SqliteStore) -> None:
    """The caller gives up between the move's statements: it still lands with its log entry."""
    match_id = await active_match(store)
    record = await store.get_match(match_id)
    assert record is not None
    task = asyncio.ensure_future(store.commit_move(match_id, record.version, STATE, move(1)))
    for _ in range(3):  # into the transaction
        await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await asyncio.sleep(0.05)
    after = await store.get_match(match_id)
    assert after is not None and after.version == record.version + 1
    assert [a.decision_id for a in await store.actions(match_id)] == ["d1"]


async def test_close_ends_the_thread_and_later_calls_are_refused(tmp_path: Path) -> None:
    before = set(threading.enumerate())
    store = SqliteStore(tmp_path / "parlor.sqlite3")
    await store.open()
    (thread,) = set(threading.enumerate()) - before  # aiosqlite's connection thread
    await store.close()
    thread.join(5)
    assert not thread.is_alive()
    with pytest.raises(StoreError, match="not open"):
        await store.get_match(1)
    await store.close()  # a second close is harmless
