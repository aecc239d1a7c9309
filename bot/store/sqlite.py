"""The SQLite backend, on aiosqlite: one connection per process, one call at a time.

All SQL for SQLite lives in this module (and the numbered files in ``migrations/``).

Each store call — a whole read, or a whole transaction — holds the store's lock from its
first statement to its last, so a reader never sees another call's uncommitted transaction.
A write is one transaction; it runs as a task of its own that its caller awaits through
``asyncio.shield``, so a cancelled caller still gets it committed or rolled back whole, never
half. Every statement is a hop to aiosqlite's thread and back (about 0.05 ms, more on a busy
machine), so the connection's ``isolation_level = "IMMEDIATE"`` lets the driver open each
write's ``BEGIN IMMEDIATE`` with its first statement instead of a hop of its own: every write
therefore starts with a change (INSERT, UPDATE, DELETE), never a SELECT. A move is three
hops: compare-and-swap, log entry, commit.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

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
from bot.store.rows import (
    ENDS_UNDELIVERED_SQL,
    NEXT_CLOCK_SQL,
    action_from_row,
    deadline_from_row,
    deck_from_row,
    delivery_from_row,
    dumps,
    guild_settings_from_row,
    match_from_row,
    message_from_row,
    rating_from_row,
    result_from_row,
    seat_clock_from_row,
    seat_from_row,
    undo_request_from_row,
)
from bot.store.schema import Migration, bundled_migrations

BUSY_TIMEOUT_MS = 5000
T = TypeVar("T")
Db = aiosqlite.Connection
Row = sqlite3.Row


async def _rows(db: Db, sql: str, params: Sequence[Any] = ()) -> list[Row]:
    """Every row one statement returns (none for most writes)."""
    return list(await db.execute_fetchall(sql, params))


async def _count(db: Db, sql: str, params: Sequence[Any] = ()) -> int:
    """The number of rows one statement changed."""
    async with db.execute(sql, params) as cursor:
        return cursor.rowcount


async def _many(db: Db, sql: str, params: Iterable[Sequence[Any]]) -> None:
    async with db.executemany(sql, params):
        pass


def _retrieve(task: asyncio.Task[Any]) -> None:
    """A shielded write whose caller was cancelled: its error was already turned into a
    rollback; reading it here keeps asyncio from reporting it as never retrieved."""
    if not task.cancelled():
        task.exception()


class SqliteStore:
    """``Store`` on a SQLite file (or ``":memory:"``); open it before use, close it after."""

    def __init__(self, path: str | Path, clock: Clock = time.time,
                 migrations: Sequence[Migration] | None = None) -> None:
        self.path = str(path)
        self.clock = clock
        self._migrations = list(migrations) if migrations is not None else None
        self._db: Db | None = None
        self._lock = asyncio.Lock()

    # -- lifecycle -------------------------------------------------------------------------

    async def open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = asyncio.Lock()  # a store reopened under another event loop works too
        try:
            self._db = await self._connect()
            await self._run(self._migrate, "migration")
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        """Close once the call under way (a shielded write included) has finished."""
        async with self._lock:
            db, self._db = self._db, None
            if db is not None:
                await db.close()

    async def __aenter__(self) -> SqliteStore:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def _connect(self) -> Db:
        db: Db | None = None
        try:
            db = await aiosqlite.connect(self.path, isolation_level="IMMEDIATE")
            db.row_factory = sqlite3.Row
            await _rows(db, f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await _rows(db, "PRAGMA journal_mode = WAL")
            # NORMAL is crash-safe in WAL mode; only a power cut may lose the last commits.
            await _rows(db, "PRAGMA synchronous = NORMAL")
            await _rows(db, "PRAGMA foreign_keys = ON")
        except sqlite3.Error as exc:
            if db is not None:
                await db.close()
            raise StoreError(f"cannot open database {self.path}: {exc}") from exc
        return db

    async def schema_version(self) -> int:
        return await self._read(self._user_version)

    @staticmethod
    async def _user_version(db: Db) -> int:
        return int((await _rows(db, "PRAGMA user_version"))[0][0])

    async def _migrate(self, db: Db) -> None:
        """Apply each missing migration in its own transaction, bumping ``user_version``."""
        migrations = self._migrations if self._migrations is not None else bundled_migrations()
        current = await self._user_version(db)
        latest = migrations[-1][0] if migrations else 0
        if current > latest:
            raise StoreError(
                f"database {self.path} has schema {current}, newer than this code ({latest})")
        for number, sql in migrations:
            if number <= current:
                continue
            try:
                # executescript runs the whole file; BEGIN…COMMIT makes it all-or-nothing.
                async with db.executescript(
                        f"BEGIN IMMEDIATE;\n{sql}\n;PRAGMA user_version = {number};\nCOMMIT;"):
                    pass
            except sqlite3.Error as exc:
                await db.rollback()  # a no-op when the failure came before BEGIN
                raise StoreError(f"migration {number:04d} failed: {exc}") from exc

    # -- plumbing --------------------------------------------------------------------------

    async def _run(self, fn: Callable[[Db], Awaitable[T]], what: str, write: bool = False) -> T:
        """``fn(connection)`` under the store's lock, a write as one shielded transaction;
        driver errors become ``StoreError``."""
        if self._db is None:
            raise StoreError("the store is not open")

        async def call() -> T:
            async with self._lock:
                db = self._db
                if db is None:
                    raise StoreError("the store is not open")
                try:
                    if not write:
                        return await fn(db)
                    try:
                        result = await fn(db)
                        await db.commit()
                    except BaseException:
                        await db.rollback()
                        raise
                    return result
                except sqlite3.Error as exc:
                    raise StoreError(f"database {what} failed: {exc}") from exc

        if not write:
            return await call()
        task = asyncio.ensure_future(call())
        task.add_done_callback(_retrieve)
        return await asyncio.shield(task)

    async def _read(self, fn: Callable[[Db], Awaitable[T]]) -> T:
        return await self._run(fn, "read")

    async def _write(self, fn: Callable[[Db], Awaitable[T]]) -> T:
        """``fn`` as one transaction: committed when it returns, rolled back if it raises."""
        return await self._run(fn, "write", write=True)

    async def _cas(self, db: Db, match_id: int, expected: int, assignments: str = "",
                   params: Sequence[Any] = ()) -> int:
        """Bump the version if it is still ``expected``; the caller's transaction holds it."""
        sql = (f"UPDATE matches SET version = version + 1, updated_at = ?{assignments} "
               "WHERE id = ? AND version = ? RETURNING version")
        if not await _rows(db, sql, (self.clock(), *params, match_id, expected)):
            raise VersionConflict(match_id, expected)
        return expected + 1

    @staticmethod
    async def _insert_seats(db: Db, match_id: int, seats: Iterable[SeatRecord]) -> None:
        await _many(
            db,
            "INSERT INTO seats (match_id, seat, user_id, is_ai, ai_level, dm_ok, resigned) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(match_id, s.seat, s.user_id, s.is_ai, s.ai_level, s.dm_ok, s.resigned)
             for s in seats])

    async def _insert_result(self, db: Db, match_id: int, result: ResultRecord) -> None:
        await _rows(
            db,
            "INSERT INTO results (match_id, scores, placings, reason, detail, finished_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (match_id, dumps(list(result.scores)), dumps(list(result.placings)),
             result.reason, result.detail, self.clock()))

    @staticmethod
    async def _matches(db: Db, where: str, params: Sequence[Any]) -> list[MatchRecord]:
        rows = await _rows(db, f"SELECT * FROM matches WHERE {where}", params)
        if not rows:
            return []
        ids = [row["id"] for row in rows]
        marks = ",".join("?" * len(ids))
        seat_rows = await _rows(
            db, f"SELECT * FROM seats WHERE match_id IN ({marks}) ORDER BY match_id, seat", ids)
        seats: dict[int, list[SeatRecord]] = {i: [] for i in ids}
        for s in seat_rows:
            seats[s["match_id"]].append(seat_from_row(s))
        return [match_from_row(row, seats[row["id"]]) for row in rows]

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row one query returns."""
        return await self._read(lambda db: _rows(db, sql, params))

    async def _first(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self._all(sql, params)
        return rows[0] if rows else None

    async def _change(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One statement in its own transaction; the number of rows it changed."""
        return await self._write(lambda db: _count(db, sql, params))

    # -- matches and seats -----------------------------------------------------------------

    async def create_match(self, new: NewMatch) -> MatchRecord:
        now = self.clock()

        async def create(db: Db) -> MatchRecord:
            (row,) = await _rows(
                db,
                "INSERT INTO matches (guild_id, channel_id, thread_id, game, status, options, "
                "seed, version, state, host_id, created_at, updated_at, clock, undo) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, 0, NULL, ?, ?, ?, ?, ?) RETURNING id",
                (new.guild_id, new.channel_id, new.thread_id, new.game, LOBBY,
                 dumps(dict(new.options)), new.seed, new.host_id, now, now,
                 dumps(dict(new.clock)), new.undo))
            match_id = int(row[0])
            await self._insert_seats(db, match_id, new.seats)
            (record,) = await self._matches(db, "id = ?", (match_id,))
            return record

        return await self._write(create)

    async def get_match(self, match_id: int) -> MatchRecord | None:
        found = await self._read(lambda db: self._matches(db, "id = ?", (match_id,)))
        return found[0] if found else None

    async def matches_of_user(self, user_id: int,
                              statuses: Sequence[str]) -> list[MatchRecord]:
        marks = ",".join("?" * len(statuses))
        return await self._read(lambda db: self._matches(
            db, f"status IN ({marks}) AND id IN "
            "(SELECT match_id FROM seats WHERE user_id = ?) ORDER BY updated_at DESC",
            (*statuses, user_id)))

    async def matches_in_channel(self, channel_id: int,
                                 statuses: Sequence[str]) -> list[MatchRecord]:
        marks = ",".join("?" * len(statuses))
        return await self._read(lambda db: self._matches(
            db, f"status IN ({marks}) AND (channel_id = ? OR thread_id = ?) "
            "ORDER BY created_at", (*statuses, channel_id, channel_id)))

    async def save_lobby(self, match_id: int, expected_version: int,
                         seats: Sequence[SeatRecord]) -> int:
        async def save(db: Db) -> int:
            version = await self._cas(db, match_id, expected_version)
            await _rows(db, "DELETE FROM seats WHERE match_id = ?", (match_id,))
            await self._insert_seats(db, match_id, seats)
            return version

        return await self._write(save)

    async def set_options(self, match_id: int, expected_version: int,
                          options: Mapping[str, Any]) -> int:
        return await self._write(lambda db: self._cas(
            db, match_id, expected_version, ", options = ?", (dumps(dict(options)),)))

    async def start_match(self, match_id: int, expected_version: int, state: str) -> int:
        return await self._write(lambda db: self._cas(
            db, match_id, expected_version, ", status = ?, state = ?", (ACTIVE, state)))

    async def commit_move(self, match_id: int, expected_version: int, new_state: str,
                          action: ActionRow, result: ResultRecord | None = None) -> int:
        status = FINISHED if result is not None else ACTIVE

        async def commit(db: Db) -> int:
            version = await self._cas(db, match_id, expected_version,
                                      ", status = ?, state = ?", (status, new_state))
            await _rows(
                db,
                "INSERT INTO actions (match_id, seq, seat, user_id, decision_id, action, at, "
                "autopilot) SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ?, ?, ?, ? FROM actions "
                "WHERE match_id = ?",
                (match_id, action.seat, action.user_id, action.decision_id,
                 dumps(dict(action.action)), self.clock(), action.autopilot, match_id))
            if result is not None:
                await self._insert_result(db, match_id, result)
            return version

        return await self._write(commit)

    async def update_seat(self, match_id: int, expected_version: int, seat: SeatRecord) -> int:
        async def update(db: Db) -> int:
            version = await self._cas(db, match_id, expected_version)
            changed = await _count(
                db,
                "UPDATE seats SET user_id = ?, is_ai = ?, ai_level = ?, dm_ok = ?, "
                "resigned = ? WHERE match_id = ? AND seat = ?",
                (seat.user_id, seat.is_ai, seat.ai_level, seat.dm_ok, seat.resigned,
                 match_id, seat.seat))
            if changed != 1:
                raise StoreError(f"match {match_id} has no seat {seat.seat}")
            return version

        return await self._write(update)

    async def close_match(self, match_id: int, expected_version: int, status: str,
                          result: ResultRecord | None = None) -> int:
        if status not in (FINISHED, CANCELLED):
            raise StoreError(f"cannot close a match as {status!r}")

        async def close(db: Db) -> int:
            version = await self._cas(db, match_id, expected_version, ", status = ?", (status,))
            if result is not None:
                await self._insert_result(db, match_id, result)
            return version

        return await self._write(close)

    async def set_thread(self, match_id: int, thread_id: int | None) -> None:
        await self._change("UPDATE matches SET thread_id = ? WHERE id = ?",
                           (thread_id, match_id))

    async def set_dm_ok(self, user_id: int, ok: bool) -> None:
        await self._change(
            "UPDATE seats SET dm_ok = ? WHERE user_id = ? AND match_id IN "
            "(SELECT id FROM matches WHERE status IN (?, ?))", (ok, user_id, LOBBY, ACTIVE))

    async def set_pause(self, match_id: int, paused_at: float | None,
                        votes: Sequence[int]) -> None:
        await self._change("UPDATE matches SET paused_at = ?, pause_votes = ? WHERE id = ?",
                           (paused_at, dumps(sorted(votes)), match_id))

    async def match_ids(self, status: str) -> list[int]:
        rows = await self._all("SELECT id FROM matches WHERE status = ? ORDER BY id", (status,))
        return [int(r["id"]) for r in rows]

    # -- action log and results ------------------------------------------------------------

    async def actions(self, match_id: int) -> list[ActionRecord]:
        rows = await self._all("SELECT * FROM actions WHERE match_id = ? ORDER BY seq",
                               (match_id,))
        return [action_from_row(r) for r in rows]

    async def find_action(self, match_id: int, seat: int,
                          decision_id: str) -> ActionRecord | None:
        row = await self._first(
            "SELECT * FROM actions WHERE match_id = ? AND decision_id = ? AND seat = ? "
            "ORDER BY seq DESC LIMIT 1", (match_id, decision_id, seat))
        return action_from_row(row) if row is not None else None

    async def get_result(self, match_id: int) -> ResultRecord | None:
        row = await self._first("SELECT * FROM results WHERE match_id = ?", (match_id,))
        return result_from_row(row) if row is not None else None

    @classmethod
    async def _with_results(cls, db: Db, where: str, params: Sequence[Any]
                            ) -> list[tuple[MatchRecord, ResultRecord | None]]:
        """The matches ``where`` selects, each with its result if it has one."""
        found = await cls._matches(db, where, params)
        marks = ",".join("?" * len(found))
        rows = await _rows(
            db, f"SELECT * FROM results WHERE match_id IN ({marks})", [m.id for m in found])
        results = {r["match_id"]: result_from_row(r) for r in rows}
        return [(m, results.get(m.id)) for m in found]

    async def closed_matches(self, guild_id: int, user_id: int | None = None,
                             game: str | None = None, limit: int | None = None
                             ) -> list[tuple[MatchRecord, ResultRecord | None]]:
        where = "guild_id = ? AND status IN (?, ?)"
        params: list[Any] = [guild_id, FINISHED, CANCELLED]
        if game is not None:
            where, params = where + " AND game = ?", [*params, game]
        if user_id is not None:
            where += " AND id IN (SELECT match_id FROM seats WHERE user_id = ?)"
            params.append(user_id)
        where += " ORDER BY updated_at DESC, id DESC"
        if limit is not None:
            where, params = where + " LIMIT ?", [*params, limit]
        return await self._read(
            lambda db: self._with_results(db, where, params))

    # -- ratings and undo requests ---------------------------------------------------------

    async def unrated_results(self, guild_id: int,
                              game: str) -> list[tuple[MatchRecord, ResultRecord]]:
        found = await self._read(lambda db: self._with_results(
            db, "guild_id = ? AND game = ? AND status = ? AND id NOT IN "
            "(SELECT match_id FROM rated_matches) ORDER BY updated_at, id",
            (guild_id, game, FINISHED)))
        return [(m, r) for m, r in found if r is not None]

    async def get_ratings(self, guild_id: int, game: str,
                          user_ids: Sequence[int]) -> dict[int, RatingRecord]:
        marks = ",".join("?" * len(user_ids))
        rows = await self._all(
            f"SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
            (guild_id, game, *user_ids))
        return {r["user_id"]: rating_from_row(r) for r in rows}

    async def save_ratings(self, match_id: int, ratings: Sequence[RatingRecord]) -> None:
        now = self.clock()

        async def save(db: Db) -> None:
            if not await _rows(db, "INSERT INTO rated_matches (match_id, rated_at) VALUES (?, ?) "
                               "ON CONFLICT DO NOTHING RETURNING match_id", (match_id, now)):
                return
            for r in ratings:
                values = (r.mu, r.sigma, r.mu - 3 * r.sigma, r.matches, now)
                if r.matches == 1:
                    sql = ("INSERT INTO ratings (mu, sigma, ordinal, matches, updated_at, "
                           "guild_id, game, user_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                           "ON CONFLICT DO NOTHING")
                    params: tuple[Any, ...] = (*values, r.guild_id, r.game, r.user_id)
                else:
                    sql = ("UPDATE ratings SET mu = ?, sigma = ?, ordinal = ?, matches = ?, "
                           "updated_at = ? WHERE guild_id = ? AND game = ? AND user_id = ? "
                           "AND matches = ?")
                    params = (*values, r.guild_id, r.game, r.user_id, r.matches - 1)
                if await _count(db, sql, params) != 1:
                    raise VersionConflict(match_id, r.matches - 1)

        await self._write(save)

    async def leaderboard(self, guild_id: int, game: str) -> list[RatingRecord]:
        rows = await self._all(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ? "
            "ORDER BY ordinal DESC, matches DESC, user_id", (guild_id, game))
        return [rating_from_row(r) for r in rows]

    async def put_undo_request(self, request: UndoRequestRecord) -> None:
        await self._change(
            "INSERT OR REPLACE INTO undo_requests (match_id, seat, user_id, version, "
            "accepted, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            (request.match_id, request.seat, request.user_id, request.version,
             dumps(list(request.accepted)), self.clock()))

    async def get_undo_request(self, match_id: int) -> UndoRequestRecord | None:
        row = await self._first("SELECT * FROM undo_requests WHERE match_id = ?", (match_id,))
        return undo_request_from_row(row) if row is not None else None

    async def delete_undo_request(self, match_id: int) -> None:
        await self._change("DELETE FROM undo_requests WHERE match_id = ?", (match_id,))

    # -- Discord bookkeeping ---------------------------------------------------------------

    async def put_message(self, message: MessageRecord) -> None:
        await self._change(
            "INSERT OR REPLACE INTO messages (message_id, match_id, kind, seat, channel_id, "
            "decision_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (message.message_id, message.match_id, message.kind, message.seat,
             message.channel_id, message.decision_id, self.clock()))

    async def messages(self, match_id: int, kind: str | None = None) -> list[MessageRecord]:
        sql = "SELECT * FROM messages WHERE match_id = ?"
        params: tuple[Any, ...] = (match_id,)
        if kind is not None:
            sql, params = sql + " AND kind = ?", (match_id, kind)
        rows = await self._all(sql + " ORDER BY created_at, message_id", params)
        return [message_from_row(r) for r in rows]

    async def put_delivery(self, delivery: DeliveryRecord) -> None:
        await self._change(
            "INSERT OR REPLACE INTO deliveries (match_id, slot, channel_id, message_id, shown, "
            "picture, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (delivery.match_id, delivery.slot, delivery.channel_id, delivery.message_id,
             delivery.shown, delivery.picture, self.clock()))

    async def deliveries(self, match_id: int) -> list[DeliveryRecord]:
        rows = await self._all("SELECT * FROM deliveries WHERE match_id = ? ORDER BY slot",
                               (match_id,))
        return [delivery_from_row(r) for r in rows]

    async def ends_undelivered(self) -> list[int]:
        rows = await self._all(ENDS_UNDELIVERED_SQL)
        return [int(r["id"]) for r in rows]

    async def dms_failed_at(self, user_id: int) -> float | None:
        row = await self._first("SELECT failed_at FROM dm_failures WHERE user_id = ?",
                                (user_id,))
        return float(row["failed_at"]) if row is not None else None

    async def set_dms_failed(self, user_id: int, at: float | None) -> None:
        if at is None:
            await self._change("DELETE FROM dm_failures WHERE user_id = ?", (user_id,))
        else:
            await self._change("INSERT OR REPLACE INTO dm_failures (user_id, failed_at) "
                               "VALUES (?, ?)", (user_id, at))

    async def _put_deadlines(self, db: Db, deadlines: Iterable[DeadlineRecord]) -> None:
        await _many(
            db,
            "INSERT OR REPLACE INTO deadlines (match_id, decision_id, seat, due_at, "
            "next_at, stage, created_at, held_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(d.match_id, d.decision_id, d.seat, d.due_at, d.next_at, d.stage, self.clock(),
              d.held_at) for d in deadlines])

    async def put_deadline(self, deadline: DeadlineRecord) -> None:
        await self._write(lambda db: self._put_deadlines(db, [deadline]))

    async def due_deadlines(self, now: float) -> list[DeadlineRecord]:
        rows = await self._all(
            "SELECT * FROM deadlines WHERE next_at <= ? AND held_at IS NULL "
            "ORDER BY next_at", (now,))
        return [deadline_from_row(r) for r in rows]

    async def delete_deadlines(self, match_id: int, decision_id: str | None = None) -> None:
        if decision_id is None:
            await self._change("DELETE FROM deadlines WHERE match_id = ?", (match_id,))
        else:
            await self._change("DELETE FROM deadlines WHERE match_id = ? AND decision_id = ?",
                               (match_id, decision_id))

    async def deadlines_of(self, match_ids: Sequence[int]) -> list[DeadlineRecord]:
        if not match_ids:
            return []
        marks = ",".join("?" * len(match_ids))
        rows = await self._all(
            f"SELECT * FROM deadlines WHERE match_id IN ({marks}) "
            "ORDER BY due_at, match_id, seat", tuple(match_ids))
        return [deadline_from_row(r) for r in rows]

    async def save_deadlines(self, match_id: int, put: Sequence[DeadlineRecord],
                             drop: Sequence[tuple[str, int]]) -> None:
        if any(d.match_id != match_id for d in put):
            raise StoreError(f"deadlines of another match saved with match {match_id}")

        async def save(db: Db) -> None:
            await _many(
                db, "DELETE FROM deadlines WHERE match_id = ? AND decision_id = ? AND seat = ?",
                [(match_id, decision_id, seat) for decision_id, seat in drop])
            await self._put_deadlines(db, put)

        await self._write(save)

    async def advance_deadline(self, deadline: DeadlineRecord, from_stage: int) -> bool:
        changed = await self._change(
            "UPDATE deadlines SET stage = ?, next_at = ? "
            "WHERE match_id = ? AND decision_id = ? AND seat = ? AND stage = ?",
            (deadline.stage, deadline.next_at, deadline.match_id, deadline.decision_id,
             deadline.seat, from_stage))
        return changed == 1

    async def seat_clocks(self, match_id: int) -> list[SeatClock]:
        rows = await self._all("SELECT * FROM seat_clocks WHERE match_id = ? ORDER BY seat",
                               (match_id,))
        return [seat_clock_from_row(r) for r in rows]

    async def put_seat_clock(self, seat: SeatClock) -> None:
        await self._change(
            "INSERT OR REPLACE INTO seat_clocks (match_id, seat, autopilots, away_since, "
            "away_until, away_used) VALUES (?, ?, ?, ?, ?, ?)",
            (seat.match_id, seat.seat, seat.autopilots, seat.away_since, seat.away_until,
             seat.away_used))

    async def due_away_ends(self, now: float) -> list[SeatClock]:
        rows = await self._all(
            "SELECT * FROM seat_clocks WHERE away_until <= ? ORDER BY away_until", (now,))
        return [seat_clock_from_row(r) for r in rows]

    async def next_clock_at(self) -> float | None:
        row = await self._first(NEXT_CLOCK_SQL)
        return None if row is None or row["t"] is None else float(row["t"])

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self._first("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return guild_settings_from_row(row) if row is not None else GuildSettings(guild_id)

    async def put_guild_settings(self, settings: GuildSettings) -> None:
        await self._change(
            "INSERT OR REPLACE INTO guild_settings (guild_id, use_threads, clock_preset, "
            "allowed_channels, updated_at, clock_minutes, away_days) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (settings.guild_id, settings.use_threads, settings.clock_preset,
             dumps(list(settings.allowed_channels)), self.clock(), settings.clock_minutes,
             settings.away_days))

    # -- saved decks -----------------------------------------------------------------------

    async def save_deck(self, deck: DeckRecord) -> None:
        now = self.clock()
        await self._change(
            "INSERT INTO user_decks (user_id, game, name_key, name, code, created_at, "
            "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, game, name_key) "
            "DO UPDATE SET name = excluded.name, code = excluded.code, "
            "updated_at = excluded.updated_at",
            (deck.user_id, deck.game, deck.key, deck.name, deck.code, now, now))

    async def get_deck(self, user_id: int, game: str, name: str) -> DeckRecord | None:
        row = await self._first(
            "SELECT * FROM user_decks WHERE user_id = ? AND game = ? AND name_key = ?",
            (user_id, game, name.casefold()))
        return deck_from_row(row) if row is not None else None

    async def decks_of(self, user_id: int, game: str) -> list[DeckRecord]:
        rows = await self._all("SELECT * FROM user_decks WHERE user_id = ? AND game = ?",
                               (user_id, game))
        return sorted((deck_from_row(r) for r in rows), key=lambda d: (d.key, d.name))

    async def delete_deck(self, user_id: int, game: str, name: str) -> bool:
        return await self._change(
            "DELETE FROM user_decks WHERE user_id = ? AND game = ? AND name_key = ?",
            (user_id, game, name.casefold())) > 0
