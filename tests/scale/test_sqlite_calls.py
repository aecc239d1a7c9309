"""The SQLite store runs each call — a whole read or a whole transaction — as one trip to
its own thread (the move-latency work of issue 11). The store contract itself is checked
on both backends in ``tests/store``."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Callable
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


def count_trips(store: SqliteStore) -> list[str]:
    """Record each call the store hands to its thread (by the function's name)."""
    worker: Any = store._worker
    trips: list[str] = []
    call = worker.call

    def counted(fn: Callable[[], Any]) -> Any:
        trips.append(fn.__name__)
        return call(fn)

    worker.call = counted
    return trips


async def test_a_read_and_a_move_are_one_trip_each(store: SqliteStore) -> None:
    match_id = await active_match(store)
    trips = count_trips(store)
    record = await store.get_match(match_id)
    assert record is not None and len(record.seats) == 2
    assert len(trips) == 1
    await store.commit_move(match_id, record.version, STATE, move(1))
    assert len(trips) == 2
    assert len(await store.closed_matches(1)) == 0 and len(trips) == 3


async def test_a_cancelled_move_still_commits_whole(store: SqliteStore) -> None:
    match_id = await active_match(store)
    record = await store.get_match(match_id)
    assert record is not None
    task = asyncio.create_task(store.commit_move(match_id, record.version, STATE, move(1)))
    await asyncio.sleep(0)  # the call is on its way to the thread
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    after = await store.get_match(match_id)
    assert after is not None and after.version == record.version + 1
    assert [a.decision_id for a in await store.actions(match_id)] == ["d1"]


async def test_close_ends_the_thread_and_later_calls_are_refused(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "parlor.sqlite3")
    await store.open()
    worker: Any = store._worker
    thread: threading.Thread = worker._thread
    assert thread.is_alive()
    await store.close()
    thread.join(5)
    assert not thread.is_alive()
    with pytest.raises(StoreError, match="not open"):
        await store.get_match(1)
    await store.close()  # a second close is harmless
