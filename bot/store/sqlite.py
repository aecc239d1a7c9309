"""The SQLite dialect, on aiosqlite: one connection per process, each store call one hop.

aiosqlite runs every call of its connection on one thread of its own, in order. A hop to that
thread and back costs about 0.05 ms (more on a busy machine), so instead of a hop per
statement the dialect hands the whole body to the thread as one function
(``aiosqlite.Connection._execute``, the method aiosqlite's own calls go through): BEGIN
IMMEDIATE, the statements, COMMIT, in one hop. Bodies never interleave, so no lock is needed
for a reader never to see another call's uncommitted change; and a caller cancelled while
its body runs does not stop the body, so a write lands whole or not at all, never half.
Migrations are numbered by ``PRAGMA user_version``.

Faults: a file another process keeps locked past ``BUSY_TIMEOUT_MS``, a full disk or a
read-only file fails the call (``StoreError``, nothing written). A full disk (an I/O error)
leaves the connection usable. SQLite opens a file it may not write read-only and keeps it
so, so after a read-only or cannot-open error the next write opens the file again (reads
go on meanwhile): once the fault is over, the store works again by itself.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Generator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.store.dialect import Body, Count, Fetch, Many, Op, one
from bot.store.errors import StoreError
from bot.store.records import Clock
from bot.store.schema import Migration, bundled_migrations
from bot.store.sql import SqlStore

BUSY_TIMEOUT_MS = 5000
"""How long a write waits for another process's transaction before it fails."""
_REOPEN_AFTER = (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN)
"""Primary result codes after which the connection is opened again before the next call."""
T = TypeVar("T")
_GATE = "WITH gate AS (SELECT 1) "
"""Stands in for the gate's rows in a ``Gated`` statement: on SQLite the gate already
matched (checked in Python) when the statement runs."""


def _perform(db: sqlite3.Connection, op: Op) -> Any:
    if isinstance(op, Fetch):
        return db.execute(op.sql, op.params).fetchall()
    if isinstance(op, Count):
        return db.execute(op.sql, op.params).rowcount
    if isinstance(op, Many):
        db.executemany(op.sql, op.rows)
        return None
    rows = db.execute(op.gate.sql, op.gate.params).fetchall()
    if rows:
        for then in op.then:
            db.execute(_GATE + then.sql, then.params)
    return rows


def _drive(db: sqlite3.Connection, body: Body[T], write: bool) -> T:
    """Run ``body`` to its end on this thread; a write inside BEGIN IMMEDIATE … COMMIT."""
    steps: Generator[Op, Any, T] = body()
    if write:
        db.execute("BEGIN IMMEDIATE")
    try:
        answer: Any = None
        while True:
            answer = _perform(db, steps.send(answer))
    except StopIteration as done:
        if write:
            db.execute("COMMIT")
        return done.value  # type: ignore[no-any-return]
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


def _migrate(db: sqlite3.Connection, path: str, migrations: Sequence[Migration]) -> None:
    """Apply each missing migration in its own transaction, bumping ``user_version``."""
    current = int(db.execute("PRAGMA user_version").fetchone()[0])
    latest = migrations[-1][0] if migrations else 0
    if current > latest:
        raise StoreError(f"database {path} has schema {current}, newer than this code ({latest})")
    for number, sql in migrations:
        if number <= current:
            continue
        try:
            # executescript runs the whole file; BEGIN…COMMIT makes it all-or-nothing.
            db.executescript(
                f"BEGIN IMMEDIATE;\n{sql}\n;PRAGMA user_version = {number};\nCOMMIT;")
        except sqlite3.Error as exc:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise StoreError(f"migration {number:04d} failed: {exc}") from exc


class SqliteDialect:
    """SQLite on a file (or ``":memory:"``) through one aiosqlite connection."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.db: aiosqlite.Connection | None = None
        self._open = False
        self._reopen = False
        self._connecting = asyncio.Lock()

    def seat_list(self, columns: str, source: str) -> str:
        return f"(SELECT json_group_array(json_array({columns})) FROM {source})"

    async def open(self, migrations: Sequence[Migration] | None) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._open = True
        try:
            await self._call(await self._connection(write=True), _migrate, self.path,
                             bundled_migrations() if migrations is None else migrations)
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        """Close once the bodies already handed over have run."""
        db, self.db, self._open = self.db, None, False
        if db is not None:
            await db.close()

    async def schema_version(self) -> int:
        (row,) = await self.single(Fetch("PRAGMA user_version"), write=False)
        return int(row[0])

    async def _connection(self, write: bool) -> aiosqlite.Connection:
        """The open connection; a new one when there is none yet, or for a write when a
        fault may have left the last one read-only (until a write works again)."""
        if not self._open:
            raise StoreError("the store is not open")
        if self.db is not None and not (write and self._reopen):
            return self.db
        async with self._connecting:
            if self.db is None or (write and self._reopen):
                await self._connect()
        if self.db is None:  # closed meanwhile
            raise StoreError("the store is not open")
        return self.db

    async def _connect(self) -> None:
        old, self.db = self.db, None
        if old is not None:
            await old.close()
        try:
            # isolation_level None: the driver opens no transaction; _drive says BEGIN itself.
            db = await aiosqlite.connect(self.path, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open database {self.path}: {exc}") from exc
        db.row_factory = sqlite3.Row
        try:
            await self._call(db, _setup)
        except BaseException:
            await db.close()
            raise
        self.db, self._reopen = db, False

    async def _call(self, db: aiosqlite.Connection, fn: Any, *args: Any) -> Any:
        """``fn(connection, *args)`` on the connection's thread: one hop there and back."""
        try:
            handle: Any = db
            return await handle._execute(fn, handle._conn, *args)
        except sqlite3.Error as exc:
            code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
            if code in _REOPEN_AFTER and self.path != ":memory:":
                self._reopen = True
            raise StoreError(f"database {self.path} failed: {exc}") from exc
        except ValueError as exc:  # aiosqlite: "Connection closed"
            raise StoreError("the store is not open") from exc

    async def run(self, body: Body[T], write: bool) -> T:
        result: T = await self._call(await self._connection(write), _drive, body, write)
        return result

    async def single(self, op: Op, write: bool) -> Any:
        return await self.run(one(op), write)


def _setup(db: sqlite3.Connection) -> None:
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    db.execute("PRAGMA journal_mode = WAL")
    # NORMAL is crash-safe in WAL mode; only a power cut may lose the last commits.
    db.execute("PRAGMA synchronous = NORMAL")
    db.execute("PRAGMA foreign_keys = ON")


class SqliteStore(SqlStore):
    """``Store`` on a SQLite file (or ``":memory:"``); open it before use, close it after."""

    def __init__(self, path: str | Path, clock: Clock = time.time,
                 migrations: Sequence[Migration] | None = None) -> None:
        self.path = str(path)
        self.dialect: SqliteDialect = SqliteDialect(self.path)
        super().__init__(self.dialect, clock, migrations)

