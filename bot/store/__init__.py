"""Persistence (DESIGN §3): the backend-neutral ``Store`` interface, its SQLite and
PostgreSQL backends, and ``open_store`` which picks one from the settings."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from bot.store.base import Store
from bot.store.errors import DamagedRecord, StoreError, VersionConflict
from bot.store.postgres import PostgresStore
from bot.store.records import (
    ACTIVE,
    CANCELLED,
    FINISHED,
    LOBBY,
    ActionRecord,
    ActionRow,
    Clock,
    DeadlineRecord,
    DeckRecord,
    DeliveryRecord,
    GuildSettings,
    MatchRecord,
    MessageRecord,
    NewMatch,
    RatingRecord,
    ResultRecord,
    SeatClock,
    SeatRecord,
    UndoRequestRecord,
)
from bot.store.sqlite import SqliteStore

if TYPE_CHECKING:
    from bot.settings import Settings

__all__ = [
    "ACTIVE",
    "CANCELLED",
    "FINISHED",
    "LOBBY",
    "ActionRecord",
    "ActionRow",
    "Clock",
    "DamagedRecord",
    "DeadlineRecord",
    "DeckRecord",
    "DeliveryRecord",
    "GuildSettings",
    "MatchRecord",
    "MessageRecord",
    "NewMatch",
    "PostgresStore",
    "RatingRecord",
    "ResultRecord",
    "SeatClock",
    "SeatRecord",
    "SqliteStore",
    "Store",
    "StoreError",
    "UndoRequestRecord",
    "VersionConflict",
    "open_store",
]


def open_store(settings: Settings, clock: Clock = time.time) -> Store:
    """The store the settings ask for: PostgreSQL when ``DATABASE_URL`` is set, else the
    SQLite file at ``PARLOR_DB``. Connecting is ``await store.open()`` (or ``async with``),
    left to the caller so the bot can build the store before its event loop runs."""
    if settings.database_url:
        return PostgresStore(settings.database_url, clock=clock)
    return SqliteStore(settings.db_path, clock=clock)
