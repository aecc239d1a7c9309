"""The SQLite backend: one aiosqlite connection per process, WAL, every access serialized.

All SQL for SQLite lives in this module (and the numbered files in ``migrations/``).

One connection means a reader would see another coroutine's uncommitted transaction, so
reads take the same lock as writes; each access is short, so this costs little.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

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
    action_from_row,
    deadline_from_row,
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


class SqliteStore:
    """``Store`` on a SQLite file (or ``":memory:"``); open it before use, close it after."""

    def __init__(self, path: str | Path, clock: Clock = time.time,
                 migrations: Sequence[Migration] | None = None) -> None:
        self.path = str(path)
        self.clock = clock
        self._migrations = list(migrations) if migrations is not None else None
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    # -- lifecycle -------------------------------------------------------------------------

    async def open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            db = await aiosqlite.connect(self.path, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open database {self.path}: {exc}") from exc
        self._db = db
        db.row_factory = sqlite3.Row
        try:
            await db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await db.execute("PRAGMA journal_mode = WAL")
            # NORMAL is crash-safe in WAL mode; only a power cut may lose the last commits.
            await db.execute("PRAGMA synchronous = NORMAL")
            await db.execute("PRAGMA foreign_keys = ON")
            await self._migrate(db)
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        if self._db is not None:
            db, self._db = self._db, None
            await db.close()

    async def __aenter__(self) -> SqliteStore:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        async with self._lock:
            return await self._user_version(self._conn())

    async def _user_version(self, db: aiosqlite.Connection) -> int:
        rows = list(await db.execute_fetchall("PRAGMA user_version"))
        return int(rows[0][0])

    async def _migrate(self, db: aiosqlite.Connection) -> None:
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
                await db.executescript(
                    f"BEGIN IMMEDIATE;\n{sql}\n;PRAGMA user_version = {number};\nCOMMIT;")
            except sqlite3.Error as exc:
                if db.in_transaction:
                    await db.execute("ROLLBACK")
                raise StoreError(f"migration {number:04d} failed: {exc}") from exc

    # -- plumbing --------------------------------------------------------------------------

    def _conn(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StoreError("the store is not open")
        return self._db

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            try:
                yield self._conn()
            except sqlite3.Error as exc:
                raise StoreError(f"database read failed: {exc}") from exc

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One transaction: committed when the block ends, rolled back if it raises."""
        async with self._lock:
            db = self._conn()
            try:
                await db.execute("BEGIN IMMEDIATE")
                try:
                    yield db
                    await db.execute("COMMIT")
                except BaseException:
                    if db.in_transaction:
                        await db.execute("ROLLBACK")
                    raise
            except sqlite3.Error as exc:
                raise StoreError(f"database write failed: {exc}") from exc

    async def _cas(self, db: aiosqlite.Connection, match_id: int, expected: int,
                   assignments: str = "", params: Sequence[Any] = ()) -> int:
        """Bump the version if it is still ``expected``; the caller's transaction holds it."""
        sql = (f"UPDATE matches SET version = version + 1, updated_at = ?{assignments} "
               "WHERE id = ? AND version = ?")
        async with db.execute(sql, (self.clock(), *params, match_id, expected)) as cur:
            if cur.rowcount != 1:
                raise VersionConflict(match_id, expected)
        return expected + 1

    async def _insert_seats(self, db: aiosqlite.Connection, match_id: int,
                            seats: Iterable[SeatRecord]) -> None:
        await db.executemany(
            "INSERT INTO seats (match_id, seat, user_id, is_ai, ai_level, dm_ok, resigned) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(match_id, s.seat, s.user_id, s.is_ai, s.ai_level, s.dm_ok, s.resigned)
             for s in seats])

    async def _insert_result(self, db: aiosqlite.Connection, match_id: int,
                             result: ResultRecord) -> None:
        await db.execute(
            "INSERT INTO results (match_id, scores, placings, reason, detail, finished_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (match_id, dumps(list(result.scores)), dumps(list(result.placings)),
             result.reason, result.detail, self.clock()))

    async def _matches(self, db: aiosqlite.Connection, where: str,
                       params: Sequence[Any]) -> list[MatchRecord]:
        rows = list(await db.execute_fetchall(f"SELECT * FROM matches WHERE {where}", params))
        if not rows:
            return []
        ids = [row["id"] for row in rows]
        marks = ",".join("?" * len(ids))
        seat_rows = await db.execute_fetchall(
            f"SELECT * FROM seats WHERE match_id IN ({marks}) ORDER BY match_id, seat", ids)
        seats: dict[int, list[SeatRecord]] = {i: [] for i in ids}
        for s in seat_rows:
            seats[s["match_id"]].append(seat_from_row(s))
        return [match_from_row(row, seats[row["id"]]) for row in rows]

    # -- matches and seats -----------------------------------------------------------------

    async def create_match(self, new: NewMatch) -> MatchRecord:
        now = self.clock()
        async with self._write() as db:
            async with db.execute(
                "INSERT INTO matches (guild_id, channel_id, thread_id, game, status, options, "
                "seed, version, state, host_id, created_at, updated_at, clock, undo) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, 0, NULL, ?, ?, ?, ?, ?)",
                (new.guild_id, new.channel_id, new.thread_id, new.game, LOBBY,
                 dumps(dict(new.options)), new.seed, new.host_id, now, now,
                 dumps(dict(new.clock)), new.undo),
            ) as cur:
                match_id = cur.lastrowid
            assert match_id is not None
            await self._insert_seats(db, match_id, new.seats)
            (record,) = await self._matches(db, "id = ?", (match_id,))
        return record

    async def get_match(self, match_id: int) -> MatchRecord | None:
        async with self._read() as db:
            found = await self._matches(db, "id = ?", (match_id,))
        return found[0] if found else None

    async def matches_of_user(self, user_id: int,
                              statuses: Sequence[str]) -> list[MatchRecord]:
        marks = ",".join("?" * len(statuses))
        async with self._read() as db:
            return await self._matches(
                db, f"status IN ({marks}) AND id IN "
                "(SELECT match_id FROM seats WHERE user_id = ?) ORDER BY updated_at DESC",
                (*statuses, user_id))

    async def matches_in_channel(self, channel_id: int,
                                 statuses: Sequence[str]) -> list[MatchRecord]:
        marks = ",".join("?" * len(statuses))
        async with self._read() as db:
            return await self._matches(
                db, f"status IN ({marks}) AND (channel_id = ? OR thread_id = ?) "
                "ORDER BY created_at", (*statuses, channel_id, channel_id))

    async def save_lobby(self, match_id: int, expected_version: int,
                         seats: Sequence[SeatRecord]) -> int:
        async with self._write() as db:
            version = await self._cas(db, match_id, expected_version)
            await db.execute("DELETE FROM seats WHERE match_id = ?", (match_id,))
            await self._insert_seats(db, match_id, seats)
        return version

    async def start_match(self, match_id: int, expected_version: int, state: str) -> int:
        async with self._write() as db:
            return await self._cas(db, match_id, expected_version,
                                   ", status = ?, state = ?", (ACTIVE, state))

    async def commit_move(self, match_id: int, expected_version: int, new_state: str,
                          action: ActionRow, result: ResultRecord | None = None) -> int:
        status = FINISHED if result is not None else ACTIVE
        async with self._write() as db:
            version = await self._cas(db, match_id, expected_version,
                                      ", status = ?, state = ?", (status, new_state))
            await db.execute(
                "INSERT INTO actions (match_id, seq, seat, user_id, decision_id, action, at, "
                "autopilot) SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ?, ?, ?, ? FROM actions "
                "WHERE match_id = ?",
                (match_id, action.seat, action.user_id, action.decision_id,
                 dumps(dict(action.action)), self.clock(), action.autopilot, match_id))
            if result is not None:
                await self._insert_result(db, match_id, result)
        return version

    async def update_seat(self, match_id: int, expected_version: int, seat: SeatRecord) -> int:
        async with self._write() as db:
            version = await self._cas(db, match_id, expected_version)
            async with db.execute(
                "UPDATE seats SET user_id = ?, is_ai = ?, ai_level = ?, dm_ok = ?, "
                "resigned = ? WHERE match_id = ? AND seat = ?",
                (seat.user_id, seat.is_ai, seat.ai_level, seat.dm_ok, seat.resigned,
                 match_id, seat.seat),
            ) as cur:
                if cur.rowcount != 1:
                    raise StoreError(f"match {match_id} has no seat {seat.seat}")
        return version

    async def close_match(self, match_id: int, expected_version: int, status: str,
                          result: ResultRecord | None = None) -> int:
        if status not in (FINISHED, CANCELLED):
            raise StoreError(f"cannot close a match as {status!r}")
        async with self._write() as db:
            version = await self._cas(db, match_id, expected_version, ", status = ?",
                                      (status,))
            if result is not None:
                await self._insert_result(db, match_id, result)
        return version

    async def set_thread(self, match_id: int, thread_id: int | None) -> None:
        async with self._write() as db:
            await db.execute("UPDATE matches SET thread_id = ? WHERE id = ?",
                             (thread_id, match_id))

    async def set_dm_ok(self, user_id: int, ok: bool) -> None:
        async with self._write() as db:
            await db.execute(
                "UPDATE seats SET dm_ok = ? WHERE user_id = ? AND match_id IN "
                "(SELECT id FROM matches WHERE status IN (?, ?))", (ok, user_id, LOBBY, ACTIVE))

    async def set_pause(self, match_id: int, paused_at: float | None,
                        votes: Sequence[int]) -> None:
        async with self._write() as db:
            await db.execute("UPDATE matches SET paused_at = ?, pause_votes = ? WHERE id = ?",
                             (paused_at, dumps(sorted(votes)), match_id))

    async def match_ids(self, status: str) -> list[int]:
        async with self._read() as db:
            rows = await db.execute_fetchall(
                "SELECT id FROM matches WHERE status = ? ORDER BY id", (status,))
        return [int(r["id"]) for r in rows]

    # -- action log and results ------------------------------------------------------------

    async def actions(self, match_id: int) -> list[ActionRecord]:
        async with self._read() as db:
            rows = await db.execute_fetchall(
                "SELECT * FROM actions WHERE match_id = ? ORDER BY seq", (match_id,))
        return [action_from_row(r) for r in rows]

    async def find_action(self, match_id: int, seat: int,
                          decision_id: str) -> ActionRecord | None:
        async with self._read() as db:
            rows = list(await db.execute_fetchall(
                "SELECT * FROM actions WHERE match_id = ? AND decision_id = ? AND seat = ? "
                "ORDER BY seq DESC LIMIT 1", (match_id, decision_id, seat)))
        return action_from_row(rows[0]) if rows else None

    async def get_result(self, match_id: int) -> ResultRecord | None:
        async with self._read() as db:
            rows = list(await db.execute_fetchall(
                "SELECT * FROM results WHERE match_id = ?", (match_id,)))
        return result_from_row(rows[0]) if rows else None

    async def _with_results(self, db: aiosqlite.Connection, matches: list[MatchRecord]
                            ) -> list[tuple[MatchRecord, ResultRecord | None]]:
        marks = ",".join("?" * len(matches))
        rows = await db.execute_fetchall(
            f"SELECT * FROM results WHERE match_id IN ({marks})", [m.id for m in matches])
        results = {r["match_id"]: result_from_row(r) for r in rows}
        return [(m, results.get(m.id)) for m in matches]

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
        async with self._read() as db:
            return await self._with_results(db, await self._matches(db, where, params))

    # -- ratings and undo requests ---------------------------------------------------------

    async def unrated_results(self, guild_id: int,
                              game: str) -> list[tuple[MatchRecord, ResultRecord]]:
        async with self._read() as db:
            found = await self._with_results(db, await self._matches(
                db, "guild_id = ? AND game = ? AND status = ? AND id NOT IN "
                "(SELECT match_id FROM rated_matches) ORDER BY updated_at, id",
                (guild_id, game, FINISHED)))
        return [(m, r) for m, r in found if r is not None]

    async def get_ratings(self, guild_id: int, game: str,
                          user_ids: Sequence[int]) -> dict[int, RatingRecord]:
        marks = ",".join("?" * len(user_ids))
        async with self._read() as db:
            rows = await db.execute_fetchall(
                f"SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
                (guild_id, game, *user_ids))
        return {r["user_id"]: rating_from_row(r) for r in rows}

    async def save_ratings(self, match_id: int, ratings: Sequence[RatingRecord]) -> None:
        now = self.clock()
        async with self._write() as db:
            async with db.execute("INSERT INTO rated_matches (match_id, rated_at) VALUES (?, ?) "
                                  "ON CONFLICT DO NOTHING", (match_id, now)) as cur:
                if cur.rowcount != 1:
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
                async with db.execute(sql, params) as cur:
                    if cur.rowcount != 1:
                        raise VersionConflict(match_id, r.matches - 1)

    async def leaderboard(self, guild_id: int, game: str) -> list[RatingRecord]:
        async with self._read() as db:
            rows = await db.execute_fetchall(
                "SELECT * FROM ratings WHERE guild_id = ? AND game = ? "
                "ORDER BY ordinal DESC, matches DESC, user_id", (guild_id, game))
        return [rating_from_row(r) for r in rows]

    async def put_undo_request(self, request: UndoRequestRecord) -> None:
        async with self._write() as db:
            await db.execute(
                "INSERT OR REPLACE INTO undo_requests (match_id, seat, user_id, version, "
                "accepted, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (request.match_id, request.seat, request.user_id, request.version,
                 dumps(list(request.accepted)), self.clock()))

    async def get_undo_request(self, match_id: int) -> UndoRequestRecord | None:
        async with self._read() as db:
            rows = list(await db.execute_fetchall(
                "SELECT * FROM undo_requests WHERE match_id = ?", (match_id,)))
        return undo_request_from_row(rows[0]) if rows else None

    async def delete_undo_request(self, match_id: int) -> None:
        async with self._write() as db:
            await db.execute("DELETE FROM undo_requests WHERE match_id = ?", (match_id,))

    # -- Discord bookkeeping ---------------------------------------------------------------

    async def put_message(self, message: MessageRecord) -> None:
        async with self._write() as db:
            await db.execute(
                "INSERT OR REPLACE INTO messages (message_id, match_id, kind, seat, channel_id, "
                "decision_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (message.message_id, message.match_id, message.kind, message.seat,
                 message.channel_id, message.decision_id, self.clock()))

    async def messages(self, match_id: int, kind: str | None = None) -> list[MessageRecord]:
        sql = "SELECT * FROM messages WHERE match_id = ?"
        params: tuple[Any, ...] = (match_id,)
        if kind is not None:
            sql, params = sql + " AND kind = ?", (match_id, kind)
        async with self._read() as db:
            rows = await db.execute_fetchall(sql + " ORDER BY created_at, message_id", params)
        return [message_from_row(r) for r in rows]

    async def _put_deadlines(self, db: aiosqlite.Connection,
                             deadlines: Iterable[DeadlineRecord]) -> None:
        await db.executemany(
            "INSERT OR REPLACE INTO deadlines (match_id, decision_id, seat, due_at, "
            "next_at, stage, created_at, held_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(d.match_id, d.decision_id, d.seat, d.due_at, d.next_at, d.stage, self.clock(),
              d.held_at) for d in deadlines])

    async def put_deadline(self, deadline: DeadlineRecord) -> None:
        async with self._write() as db:
            await self._put_deadlines(db, [deadline])

    async def due_deadlines(self, now: float) -> list[DeadlineRecord]:
        async with self._read() as db:
            rows = await db.execute_fetchall(
                "SELECT * FROM deadlines WHERE next_at <= ? AND held_at IS NULL "
                "ORDER BY next_at", (now,))
        return [deadline_from_row(r) for r in rows]

    async def delete_deadlines(self, match_id: int, decision_id: str | None = None) -> None:
        async with self._write() as db:
            if decision_id is None:
                await db.execute("DELETE FROM deadlines WHERE match_id = ?", (match_id,))
            else:
                await db.execute("DELETE FROM deadlines WHERE match_id = ? AND decision_id = ?",
                                 (match_id, decision_id))

    async def deadlines_of(self, match_ids: Sequence[int]) -> list[DeadlineRecord]:
        if not match_ids:
            return []
        marks = ",".join("?" * len(match_ids))
        async with self._read() as db:
            rows = await db.execute_fetchall(
                f"SELECT * FROM deadlines WHERE match_id IN ({marks}) "
                "ORDER BY due_at, match_id, seat", tuple(match_ids))
        return [deadline_from_row(r) for r in rows]

    async def save_deadlines(self, match_id: int, put: Sequence[DeadlineRecord],
                             drop: Sequence[tuple[str, int]]) -> None:
        if any(d.match_id != match_id for d in put):
            raise StoreError(f"deadlines of another match saved with match {match_id}")
        async with self._write() as db:
            await db.executemany(
                "DELETE FROM deadlines WHERE match_id = ? AND decision_id = ? AND seat = ?",
                [(match_id, decision_id, seat) for decision_id, seat in drop])
            await self._put_deadlines(db, put)

    async def advance_deadline(self, deadline: DeadlineRecord, from_stage: int) -> bool:
        async with self._write() as db, db.execute(
            "UPDATE deadlines SET stage = ?, next_at = ? "
            "WHERE match_id = ? AND decision_id = ? AND seat = ? AND stage = ?",
            (deadline.stage, deadline.next_at, deadline.match_id, deadline.decision_id,
             deadline.seat, from_stage),
        ) as cur:
            return cur.rowcount == 1

    async def seat_clocks(self, match_id: int) -> list[SeatClock]:
        async with self._read() as db:
            rows = await db.execute_fetchall(
                "SELECT * FROM seat_clocks WHERE match_id = ? ORDER BY seat", (match_id,))
        return [seat_clock_from_row(r) for r in rows]

    async def put_seat_clock(self, seat: SeatClock) -> None:
        async with self._write() as db:
            await db.execute(
                "INSERT OR REPLACE INTO seat_clocks (match_id, seat, autopilots, away_since, "
                "away_until, away_used) VALUES (?, ?, ?, ?, ?, ?)",
                (seat.match_id, seat.seat, seat.autopilots, seat.away_since, seat.away_until,
                 seat.away_used))

    async def due_away_ends(self, now: float) -> list[SeatClock]:
        async with self._read() as db:
            rows = await db.execute_fetchall(
                "SELECT * FROM seat_clocks WHERE away_until <= ? ORDER BY away_until", (now,))
        return [seat_clock_from_row(r) for r in rows]

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        async with self._read() as db:
            rows = list(await db.execute_fetchall(
                "SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,)))
        return guild_settings_from_row(rows[0]) if rows else GuildSettings(guild_id)

    async def put_guild_settings(self, settings: GuildSettings) -> None:
        async with self._write() as db:
            await db.execute(
                "INSERT OR REPLACE INTO guild_settings (guild_id, use_threads, clock_preset, "
                "allowed_channels, updated_at, clock_minutes, away_days) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (settings.guild_id, settings.use_threads, settings.clock_preset,
                 dumps(list(settings.allowed_channels)), self.clock(), settings.clock_minutes,
                 settings.away_days))

