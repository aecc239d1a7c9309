"""The PostgreSQL dialect: an asyncpg pool, so several bot processes can share one database.

What differs from SQLite is inside:

- Placeholders: the store's ``?`` become ``$1, $2, …`` (translated once per statement text;
  asyncpg then prepares each text once per connection).
- Round trips: a statement alone is sent autocommitted (one round trip, no BEGIN/COMMIT); a
  ``Gated`` write (the move) is one statement whose follow-up writes are data-modifying
  ``WITH`` parts reading ``FROM gate``. Bodies of several statements run in a transaction.
- Connections: ``Connections`` keeps up to ``max_connections`` of them, so several bot
  processes and many coroutines share the database; a lost one is replaced by the next call.
- Writes from many coroutines and processes run concurrently. The compare-and-swap is one
  ``UPDATE … WHERE version = $expected``: a second writer on the same match waits for the
  first to commit, then finds another version and writes nothing (``VersionConflict``).
  That row lock also serializes appends to the match's action log.
- Migrations are recorded in ``schema_migrations``; an advisory lock lets several processes
  start at once without applying a migration twice.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import re
import time
from collections.abc import AsyncIterator, Generator, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVar
from urllib.parse import parse_qs, urlsplit

import asyncpg

from bot.store.dialect import Body, Count, Fetch, Gated, Many, Op
from bot.store.errors import StoreError
from bot.store.records import Clock
from bot.store.schema import Migration, bundled_migrations
from bot.store.sql import SqlStore

MIGRATIONS_FOLDER = "migrations_pg"
MIGRATIONS_TABLE = ("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
                    "applied_at DOUBLE PRECISION NOT NULL DEFAULT EXTRACT(EPOCH FROM now()))")
_MIGRATION_LOCK = 0x5041524C4F52  # "PARLOR": one process migrates at a time.
DRIVER_ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError, asyncpg.InternalClientError,
                 OSError, TimeoutError)
"""What asyncpg raises when the server refuses a statement or the connection is gone (a
rollback on a connection lost mid-statement included)."""
T = TypeVar("T")
Connection = Any  # asyncpg ships no type hints.


def describe(dsn: str) -> str:
    """Where a URL points, without its user name or password (for error messages)."""
    parts = urlsplit(dsn)
    host = parts.hostname or parse_qs(parts.query).get("host", ["the default host"])[0]
    database = parts.path.lstrip("/") or "the default database"
    return f"database {database!r} on {host}"


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, …`` (the store's SQL has no ``?`` in
    string literals)."""
    counter = itertools.count(1)
    return re.sub(r"\?", lambda _: f"${next(counter)}", sql)


@functools.lru_cache(maxsize=64)
def _gated_sql(gate: str, then: tuple[str, ...]) -> str:
    parts = "".join(f", then{i} AS ({sql})" for i, sql in enumerate(then))
    return numbered(f"WITH gate AS ({gate}){parts} SELECT * FROM gate")


async def _perform(db: Connection, op: Op) -> Any:
    if isinstance(op, Fetch):
        return await db.fetch(numbered(op.sql), *op.params)
    if isinstance(op, Count):
        status = await db.execute(numbered(op.sql), *op.params)
        return int(status.rsplit(" ", 1)[-1])
    if isinstance(op, Many):
        if op.rows:
            await db.executemany(numbered(op.sql), op.rows)
        return None
    return await _gated(db, op)


async def _gated(db: Connection, op: Gated) -> Any:
    sql = _gated_sql(op.gate.sql, tuple(t.sql for t in op.then))
    params = [*op.gate.params, *(p for t in op.then for p in t.params)]
    return await db.fetch(sql, *params)


class Connections:
    """Up to ``size`` asyncpg connections open at once; an idle one serves the next call.

    In place of ``asyncpg.Pool``, which costs about 0.2 ms a call on this machine (a task to
    release each connection, a proxy object around it, a reset query) — as much as the
    statement's own round trip. The store needs less: it leaves no session state behind, so a
    connection goes back as it is, unless the call was cut off inside the driver (cancelled,
    or the connection failed), when it is closed instead and the next call opens a new one.
    """

    def __init__(self, dsn: str, size: int) -> None:
        self.dsn = dsn
        self._idle: list[Connection] = []
        self._slots = asyncio.Semaphore(size)
        self.closed = False

    @asynccontextmanager
    async def acquire(self) -> AsyncIterator[Connection]:
        async with self._slots:
            db = await self._take()
            try:
                yield db
            except BaseException as exc:
                if _spoils(exc) or db.is_in_transaction():
                    db.terminate()
                raise
            finally:
                if self.closed and not db.is_closed():
                    await db.close()
                if not db.is_closed():
                    self._idle.append(db)

    async def _take(self) -> Connection:
        """An idle connection the server has not closed meanwhile, else a new one."""
        while self._idle:
            db = self._idle.pop()
            if not db.is_closed():
                return db
        return await asyncpg.connect(self.dsn)

    async def close(self) -> None:
        """Close the idle connections; those in use close when their call ends."""
        self.closed = True
        idle, self._idle = self._idle, []
        for db in idle:
            await db.close()


def _spoils(exc: BaseException) -> bool:
    """Whether ``exc`` may have left a connection in the middle of an exchange."""
    return not isinstance(exc, Exception) or isinstance(
        exc, (asyncpg.InterfaceError, asyncpg.InternalClientError, OSError, TimeoutError))


class PostgresDialect:
    """PostgreSQL through up to ``max_connections`` asyncpg connections."""

    def __init__(self, dsn: str, max_connections: int) -> None:
        self.dsn = dsn
        self.max_connections = max_connections
        self._connections: Connections | None = None

    def seat_list(self, columns: str, source: str) -> str:
        return (f"(SELECT COALESCE(json_agg(json_build_array({columns})), '[]')::text "
                f"FROM {source})")

    async def open(self, migrations: Sequence[Migration] | None) -> None:
        self._connections = Connections(self.dsn, self.max_connections)
        try:
            async with self._connections.acquire():  # the first one, kept for the next call
                pass
        except (*DRIVER_ERRORS, ValueError) as exc:
            self._connections = None
            raise StoreError(f"cannot connect to PostgreSQL ({describe(self.dsn)}): {exc}"
                             ) from exc
        try:
            await self._migrate(bundled_migrations(MIGRATIONS_FOLDER) if migrations is None
                                else migrations)
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        if self._connections is not None:
            connections, self._connections = self._connections, None
            await connections.close()

    @asynccontextmanager
    async def _connection(self, transaction: bool) -> AsyncIterator[Connection]:
        connections = self._connections
        if connections is None:
            raise StoreError("the store is not open")
        try:
            async with connections.acquire() as db:
                if not transaction:
                    yield db
                    return
                async with db.transaction():
                    yield db
        except DRIVER_ERRORS as exc:
            raise StoreError(f"the PostgreSQL {describe(self.dsn)} failed: {exc}") from exc

    async def run(self, body: Body[T], write: bool) -> T:
        async with self._connection(transaction=write) as db:
            steps: Generator[Op, Any, T] = body()
            answer: Any = None
            while True:
                try:
                    op = steps.send(answer)
                except StopIteration as done:
                    return done.value  # type: ignore[no-any-return]
                answer = await _perform(db, op)

    async def single(self, op: Op, write: bool) -> Any:
        # One statement is its own transaction in PostgreSQL (a Gated one included).
        async with self._connection(transaction=False) as db:
            return await _perform(db, op)

    async def schema_version(self) -> int:
        (row,) = await self.single(Fetch(_VERSION), write=False)
        return int(row[0])

    async def _migrate(self, migrations: Sequence[Migration]) -> None:
        """Apply each missing migration in its own transaction, recording its number."""
        latest = migrations[-1][0] if migrations else 0
        async with self._migration_step() as (_, current):
            if current > latest:
                raise StoreError(f"the PostgreSQL {describe(self.dsn)} has schema {current}, "
                                 f"newer than this code ({latest})")
        for number, sql in migrations:
            try:
                async with self._migration_step() as (db, current):
                    if number <= current:
                        continue  # already there, perhaps applied by another process
                    await db.execute(sql)
                    await db.execute("INSERT INTO schema_migrations (version) VALUES ($1)",
                                     number)
            except StoreError as exc:
                raise StoreError(f"migration {number:04d} failed: {exc.__cause__}") from exc

    @asynccontextmanager
    async def _migration_step(self) -> AsyncIterator[tuple[Connection, int]]:
        """A transaction holding the migration lock, with the schema version it sees."""
        async with self._connection(transaction=True) as db:
            await db.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
            await db.execute(MIGRATIONS_TABLE)
            yield db, int(await db.fetchval(_VERSION))


_VERSION = "SELECT COALESCE(MAX(version), 0) FROM schema_migrations"


class PostgresStore(SqlStore):
    """``Store`` on a PostgreSQL database given by a ``postgresql://`` URL."""

    def __init__(self, dsn: str, clock: Clock = time.time,
                 migrations: Sequence[Migration] | None = None,
                 max_connections: int = 10) -> None:
        self.dsn = dsn
        super().__init__(PostgresDialect(dsn, max_connections), clock, migrations)

