"""Persistence (DESIGN §3): the backend-neutral ``Store`` interface and its SQLite backend."""

from bot.store.base import Store
from bot.store.errors import StoreError, VersionConflict
from bot.store.records import (
    ACTIVE,
    CANCELLED,
    FINISHED,
    LOBBY,
    ActionRecord,
    ActionRow,
    Clock,
    DeadlineRecord,
    GuildSettings,
    MatchRecord,
    MessageRecord,
    NewMatch,
    ResultRecord,
    SeatRecord,
)
from bot.store.sqlite import SqliteStore

__all__ = [
    "ACTIVE",
    "CANCELLED",
    "FINISHED",
    "LOBBY",
    "ActionRecord",
    "ActionRow",
    "Clock",
    "DeadlineRecord",
    "GuildSettings",
    "MatchRecord",
    "MessageRecord",
    "NewMatch",
    "ResultRecord",
    "SeatRecord",
    "SqliteStore",
    "Store",
    "StoreError",
    "VersionConflict",
]
