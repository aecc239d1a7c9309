"""The two store backends behind one test interface, so one suite checks both alike.

Each ``Backend`` opens stores on one database (a temporary SQLite file, or a fresh database
in the throwaway PostgreSQL cluster) and can look at and tamper with that database from
outside the store, the way an operator's second connection would.
"""

from __future__ import annotations

import sqlite3
import time
from abc import ABC, abstractmethod
from contextlib import closing
from pathlib import Path

import asyncpg

from bot.store import PostgresStore, SqliteStore
from bot.store.postgres import MIGRATIONS_FOLDER, MIGRATIONS_TABLE
from bot.store.records import Clock
from bot.store.schema import Migration, bundled_migrations

AnyStore = SqliteStore | PostgresStore
SCHEMA_VERSION = len(bundled_migrations())
"""The version a fully migrated database has."""


class Backend(ABC):
    name: str
    migrations_folder: str
    driver_error: type[Exception]
    """What the driver raises when a statement run through ``execute`` fails."""

    @property
    def migrations(self) -> list[Migration]:
        return bundled_migrations(self.migrations_folder)

    @abstractmethod
    def store(self, clock: Clock = time.time,
              migrations: list[Migration] | None = None) -> AnyStore:
        """A new, unopened store on this backend's database."""

    @abstractmethod
    async def execute(self, sql: str) -> None:
        """Run ``sql`` (one or more statements) on a separate connection, autocommitted."""

    @abstractmethod
    async def columns(self) -> dict[str, list[str]]:
        """Each table's column names in order, leaving out the backend's own bookkeeping."""

    @abstractmethod
    async def recorded_version(self) -> int:
        """The schema version the database says it has."""

    @abstractmethod
    async def pretend_version(self, number: int) -> None:
        """Make the database claim schema version ``number``."""

    @abstractmethod
    def fail_inserts_sql(self, table: str) -> str:
        """A trigger making every insert into ``table`` fail with 'injected failure'."""

    @abstractmethod
    def allow_inserts_sql(self, table: str) -> str: ...


class SqliteBackend(Backend):
    name = "sqlite"
    migrations_folder = "migrations"
    driver_error = sqlite3.Error

    def __init__(self, path: Path) -> None:
        self.path = path

    def store(self, clock: Clock = time.time,
              migrations: list[Migration] | None = None) -> SqliteStore:
        return SqliteStore(self.path, clock=clock, migrations=migrations)

    def _query(self, sql: str) -> list[tuple[object, ...]]:
        with closing(sqlite3.connect(self.path, isolation_level=None)) as db:
            return db.execute(sql).fetchall()

    async def execute(self, sql: str) -> None:
        with closing(sqlite3.connect(self.path, isolation_level=None)) as db:
            db.executescript(sql)

    async def columns(self) -> dict[str, list[str]]:
        names = [str(r[0]) for r in self._query(
            "SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {name: [str(r[1]) for r in self._query(f"PRAGMA table_info({name})")]
                for name in names}

    async def recorded_version(self) -> int:
        return int(str(self._query("PRAGMA user_version")[0][0]))

    async def pretend_version(self, number: int) -> None:
        await self.execute(f"PRAGMA user_version = {number}")

    def fail_inserts_sql(self, table: str) -> str:
        return (f"CREATE TRIGGER fail_{table} BEFORE INSERT ON {table} "
                "BEGIN SELECT RAISE(ABORT, 'injected failure'); END")

    def allow_inserts_sql(self, table: str) -> str:
        return f"DROP TRIGGER fail_{table}"


class PostgresBackend(Backend):
    name = "postgres"
    migrations_folder = MIGRATIONS_FOLDER
    driver_error = asyncpg.PostgresError

    def __init__(self, url: str) -> None:
        self.url = url

    def store(self, clock: Clock = time.time,
              migrations: list[Migration] | None = None) -> PostgresStore:
        return PostgresStore(self.url, clock=clock, migrations=migrations)

    async def _fetch(self, sql: str) -> list[asyncpg.Record]:
        conn = await asyncpg.connect(self.url)
        try:
            return list(await conn.fetch(sql))
        finally:
            await conn.close()

    async def execute(self, sql: str) -> None:
        conn = await asyncpg.connect(self.url)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    async def columns(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for row in await self._fetch(
                "SELECT table_name, column_name FROM information_schema.columns "
                "WHERE table_schema = 'public' AND table_name <> 'schema_migrations' "
                "ORDER BY table_name, ordinal_position"):
            out.setdefault(row["table_name"], []).append(row["column_name"])
        return out

    async def recorded_version(self) -> int:
        (row,) = await self._fetch("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
        return int(row[0])

    async def pretend_version(self, number: int) -> None:
        await self.execute(f"{MIGRATIONS_TABLE}; "
                           f"INSERT INTO schema_migrations (version) VALUES ({number})")

    def fail_inserts_sql(self, table: str) -> str:
        return (f"CREATE FUNCTION fail_{table}() RETURNS trigger LANGUAGE plpgsql AS "
                "$$ BEGIN RAISE EXCEPTION 'injected failure'; END $$; "
                f"CREATE TRIGGER fail_{table} BEFORE INSERT ON {table} "
                f"FOR EACH ROW EXECUTE FUNCTION fail_{table}()")

    def allow_inserts_sql(self, table: str) -> str:
        return f"DROP TRIGGER fail_{table} ON {table}; DROP FUNCTION fail_{table}()"
