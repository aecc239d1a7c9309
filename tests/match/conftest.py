"""A MatchService on a real temporary SQLite file, and a look at what is stored."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.match import MatchService
from bot.store import ActionRecord, SeatRecord, SqliteStore
from tests.store.conftest import backend, pg_cluster, postgres_backend, sqlite_backend

__all__ = ["backend", "pg_cluster", "postgres_backend", "sqlite_backend"]
"""The store's fixtures: a service test may run on SQLite and on PostgreSQL."""

HOST, ANN, BOB, CAT, EVE = 100, 101, 102, 103, 999


@dataclass(frozen=True)
class Stored:
    """Everything a failed request must leave unchanged."""

    version: int
    status: str
    state: str | None
    seats: tuple[SeatRecord, ...]
    log: tuple[ActionRecord, ...]


async def stored(svc: MatchService, match_id: int) -> Stored:
    record = await svc.store.get_match(match_id)
    assert record is not None
    log = tuple(await svc.store.actions(match_id))
    return Stored(record.version, record.status, record.state, record.seats, log)


@pytest.fixture
async def svc(tmp_path: Path) -> AsyncIterator[MatchService]:
    store = SqliteStore(tmp_path / "parlor.sqlite3")
    await store.open()
    service = MatchService(store, seed_source=lambda: 12345)
    try:
        yield service
    finally:
        service.close()
        await store.close()


async def lobby(svc: MatchService, *users: int, ai: int = 0, **options: object) -> int:
    """A lobby hosted by HOST with ``users`` joined and ``ai`` normal AI seats."""
    info = await svc.create("highcard", HOST, guild_id=1, channel_id=2, options=options)
    for user in users:
        await svc.join(info.id, user)
    for _ in range(ai):
        await svc.add_ai(info.id, HOST)
    return info.id


async def started(svc: MatchService, game: str, *users: int, ai: int = 0,
                  **create: Any) -> int:
    """A started match of ``game`` hosted by HOST in server 1, with ``users`` joined and
    ``ai`` normal AI seats; ``create``: more of ``MatchService.create``'s settings."""
    info = await svc.create(game, HOST, guild_id=1, **create)
    for user in users:
        await svc.join(info.id, user)
    for _ in range(ai):
        await svc.add_ai(info.id, HOST)
    await svc.start(info.id, HOST)
    return info.id
