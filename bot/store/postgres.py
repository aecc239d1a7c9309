"""The PostgreSQL backend: an asyncpg pool, so several bot processes can share one database.

All SQL for PostgreSQL lives in this module (and the numbered files in ``migrations_pg/``).
It behaves like the SQLite backend in every observable way; the differences are inside:

- Writes from many coroutines and processes run concurrently. The compare-and-swap is one
  ``UPDATE … WHERE version = $expected``: a second writer on the same match waits for the
  first to commit, then finds another version and writes nothing (``VersionConflict``).
  That row lock also serializes appends to the match's action log.
- Migrations are recorded in ``schema_migrations``; an advisory lock lets several processes
  start at once without applying a migration twice.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import parse_qs, urlsplit

import asyncpg

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

MIGRATIONS_FOLDER = "migrations_pg"
MIGRATIONS_TABLE = ("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
                    "applied_at DOUBLE PRECISION NOT NULL DEFAULT EXTRACT(EPOCH FROM now()))")
_MIGRATION_LOCK = 0x5041524C4F52  # "PARLOR": one process migrates at a time.
_DRIVER_ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, TimeoutError)
Connection = Any  # asyncpg ships no type hints.


def _upsert(table: str, keys: Sequence[str], columns: Sequence[str]) -> str:
    """``INSERT … ON CONFLICT DO UPDATE``: SQLite's ``INSERT OR REPLACE`` for a full row."""
    names = [*keys, *columns]
    marks = ", ".join(f"${i}" for i in range(1, len(names) + 1))
    updates = ", ".join(f"{c} = EXCLUDED.{c}" for c in columns)
    return (f"INSERT INTO {table} ({', '.join(names)}) VALUES ({marks}) "
            f"ON CONFLICT ({', '.join(keys)}) DO UPDATE SET {updates}")


_PUT_MESSAGE = _upsert("messages", ["message_id"],
                       ["match_id", "kind", "seat", "channel_id", "decision_id", "created_at"])
_PUT_DELIVERY = _upsert("deliveries", ["match_id", "slot"],
                        ["channel_id", "message_id", "shown", "picture", "updated_at"])
_PUT_DM_FAILURE = _upsert("dm_failures", ["user_id"], ["failed_at"])
_PUT_DEADLINE = _upsert("deadlines", ["match_id", "decision_id", "seat"],
                        ["due_at", "next_at", "stage", "created_at", "held_at"])
_PUT_GUILD = _upsert("guild_settings", ["guild_id"],
                     ["use_threads", "clock_preset", "allowed_channels", "updated_at",
                      "clock_minutes", "away_days"])
_PUT_SEAT_CLOCK = _upsert("seat_clocks", ["match_id", "seat"],
                          ["autopilots", "away_since", "away_until", "away_used"])
_PUT_UNDO = _upsert("undo_requests", ["match_id"],
                    ["seat", "user_id", "version", "accepted", "created_at"])


def describe(dsn: str) -> str:
    """Where a URL points, without its user name or password (for error messages)."""
    parts = urlsplit(dsn)
    host = parts.hostname or parse_qs(parts.query).get("host", ["the default host"])[0]
    database = parts.path.lstrip("/") or "the default database"
    return f"database {database!r} on {host}"


class PostgresStore:
    """``Store`` on a PostgreSQL database given by a ``postgresql://`` URL."""

    def __init__(self, dsn: str, clock: Clock = time.time,
                 migrations: Sequence[Migration] | None = None,
                 max_connections: int = 10) -> None:
        self.dsn = dsn
        self.clock = clock
        self.max_connections = max_connections
        self._migrations = list(migrations) if migrations is not None else None
        self._pool: Any = None

    # -- lifecycle -------------------------------------------------------------------------

    async def open(self) -> None:
        try:
            self._pool = await asyncpg.create_pool(self.dsn, min_size=1,
                                                   max_size=self.max_connections)
        except (*_DRIVER_ERRORS, ValueError) as exc:
            raise StoreError(f"cannot connect to PostgreSQL ({describe(self.dsn)}): {exc}"
                             ) from exc
        try:
            await self._migrate()
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    async def __aenter__(self) -> PostgresStore:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        async with self._read() as db:
            return await self._current_version(db)

    @staticmethod
    async def _current_version(db: Connection) -> int:
        return int(await db.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))

    @asynccontextmanager
    async def _migration_step(self) -> AsyncIterator[tuple[Connection, int]]:
        """A transaction holding the migration lock, with the schema version it sees."""
        async with self._write() as db:
            await db.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
            await db.execute(MIGRATIONS_TABLE)
            yield db, await self._current_version(db)

    async def _migrate(self) -> None:
        """Apply each missing migration in its own transaction, recording its number."""
        migrations = (self._migrations if self._migrations is not None
                      else bundled_migrations(MIGRATIONS_FOLDER))
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

    # -- plumbing --------------------------------------------------------------------------

    def _live_pool(self) -> Any:
        if self._pool is None:
            raise StoreError("the store is not open")
        return self._pool

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[Connection]:
        pool = self._live_pool()
        try:
            async with pool.acquire() as db:
                yield db
        except _DRIVER_ERRORS as exc:
            raise StoreError(f"database read failed: {exc}") from exc

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[Connection]:
        """One transaction: committed when the block ends, rolled back if it raises."""
        pool = self._live_pool()
        try:
            async with pool.acquire() as db, db.transaction():
                yield db
        except _DRIVER_ERRORS as exc:
            raise StoreError(f"database write failed: {exc}") from exc

    async def _cas(self, db: Connection, match_id: int, expected: int,
                   **columns: Any) -> int:
        """Bump the version if it is still ``expected``, setting ``columns`` with it."""
        sets = "".join(f", {name} = ${i}" for i, name in enumerate(columns, start=4))
        version = await db.fetchval(
            f"UPDATE matches SET version = version + 1, updated_at = $1{sets} "
            "WHERE id = $2 AND version = $3 RETURNING version",
            self.clock(), match_id, expected, *columns.values())
        if version is None:
            raise VersionConflict(match_id, expected)
        return int(version)

    async def _insert_seats(self, db: Connection, match_id: int,
                            seats: Iterable[SeatRecord]) -> None:
        await db.executemany(
            "INSERT INTO seats (match_id, seat, user_id, is_ai, ai_level, dm_ok, resigned) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7)",
            [(match_id, s.seat, s.user_id, s.is_ai, s.ai_level, s.dm_ok, s.resigned)
             for s in seats])

    async def _insert_result(self, db: Connection, match_id: int,
                             result: ResultRecord) -> None:
        await db.execute(
            "INSERT INTO results (match_id, scores, placings, reason, detail, finished_at) "
            "VALUES ($1, $2, $3, $4, $5, $6)",
            match_id, dumps(list(result.scores)), dumps(list(result.placings)),
            result.reason, result.detail, self.clock())

    async def _matches(self, db: Connection, where: str, *params: Any) -> list[MatchRecord]:
        """Matches with their seats in one statement, so both come from one snapshot."""
        rows = await db.fetch(
            "SELECT m.*, ARRAY(SELECT s FROM seats s WHERE s.match_id = m.id ORDER BY s.seat) "
            f"AS seat_rows FROM matches m WHERE {where}", *params)
        return [match_from_row(row, [seat_from_row(s) for s in row["seat_rows"]])
                for row in rows]

    # -- matches and seats -----------------------------------------------------------------

    async def create_match(self, new: NewMatch) -> MatchRecord:
        now = self.clock()
        async with self._write() as db:
            match_id = await db.fetchval(
                "INSERT INTO matches (guild_id, channel_id, thread_id, game, status, options, "
                "seed, version, state, host_id, created_at, updated_at, clock, undo) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7, 0, NULL, $8, $9, $10, $11, $12) "
                "RETURNING id",
                new.guild_id, new.channel_id, new.thread_id, new.game, LOBBY,
                dumps(dict(new.options)), new.seed, new.host_id, now, now,
                dumps(dict(new.clock)), new.undo)
            await self._insert_seats(db, match_id, new.seats)
            (record,) = await self._matches(db, "id = $1", match_id)
        return record

    async def get_match(self, match_id: int) -> MatchRecord | None:
        async with self._read() as db:
            found = await self._matches(db, "id = $1", match_id)
        return found[0] if found else None

    async def matches_of_user(self, user_id: int,
                              statuses: Sequence[str]) -> list[MatchRecord]:
        async with self._read() as db:
            return await self._matches(
                db, "status = ANY($1::text[]) AND id IN "
                "(SELECT match_id FROM seats WHERE user_id = $2) ORDER BY updated_at DESC",
                list(statuses), user_id)

    async def matches_in_channel(self, channel_id: int,
                                 statuses: Sequence[str]) -> list[MatchRecord]:
        async with self._read() as db:
            return await self._matches(
                db, "status = ANY($1::text[]) AND (channel_id = $2 OR thread_id = $2) "
                "ORDER BY created_at", list(statuses), channel_id)

    async def save_lobby(self, match_id: int, expected_version: int,
                         seats: Sequence[SeatRecord]) -> int:
        async with self._write() as db:
            version = await self._cas(db, match_id, expected_version)
            await db.execute("DELETE FROM seats WHERE match_id = $1", match_id)
            await self._insert_seats(db, match_id, seats)
        return version

    async def set_options(self, match_id: int, expected_version: int,
                          options: Mapping[str, Any]) -> int:
        async with self._write() as db:
            return await self._cas(db, match_id, expected_version,
                                   options=dumps(dict(options)))

    async def start_match(self, match_id: int, expected_version: int, state: str) -> int:
        async with self._write() as db:
            return await self._cas(db, match_id, expected_version, status=ACTIVE, state=state)

    async def commit_move(self, match_id: int, expected_version: int, new_state: str,
                          action: ActionRow, result: ResultRecord | None = None) -> int:
        status = FINISHED if result is not None else ACTIVE
        async with self._write() as db:
            version = await self._cas(db, match_id, expected_version,
                                      status=status, state=new_state)
            await db.execute(
                "INSERT INTO actions (match_id, seq, seat, user_id, decision_id, action, at, "
                "autopilot) SELECT $1, COALESCE(MAX(seq), 0) + 1, $2, $3, $4, $5, $6, $7 "
                "FROM actions WHERE match_id = $1",
                match_id, action.seat, action.user_id, action.decision_id,
                dumps(dict(action.action)), self.clock(), action.autopilot)
            if result is not None:
                await self._insert_result(db, match_id, result)
        return version

    async def update_seat(self, match_id: int, expected_version: int, seat: SeatRecord) -> int:
        async with self._write() as db:
            version = await self._cas(db, match_id, expected_version)
            changed = await db.fetchval(
                "UPDATE seats SET user_id = $1, is_ai = $2, ai_level = $3, dm_ok = $4, "
                "resigned = $5 WHERE match_id = $6 AND seat = $7 RETURNING seat",
                seat.user_id, seat.is_ai, seat.ai_level, seat.dm_ok, seat.resigned,
                match_id, seat.seat)
            if changed is None:
                raise StoreError(f"match {match_id} has no seat {seat.seat}")
        return version

    async def close_match(self, match_id: int, expected_version: int, status: str,
                          result: ResultRecord | None = None) -> int:
        if status not in (FINISHED, CANCELLED):
            raise StoreError(f"cannot close a match as {status!r}")
        async with self._write() as db:
            version = await self._cas(db, match_id, expected_version, status=status)
            if result is not None:
                await self._insert_result(db, match_id, result)
        return version

    async def set_thread(self, match_id: int, thread_id: int | None) -> None:
        async with self._write() as db:
            await db.execute("UPDATE matches SET thread_id = $1 WHERE id = $2",
                             thread_id, match_id)

    async def set_dm_ok(self, user_id: int, ok: bool) -> None:
        async with self._write() as db:
            await db.execute(
                "UPDATE seats SET dm_ok = $1 WHERE user_id = $2 AND match_id IN "
                "(SELECT id FROM matches WHERE status = ANY($3::text[]))",
                ok, user_id, [LOBBY, ACTIVE])

    async def set_pause(self, match_id: int, paused_at: float | None,
                        votes: Sequence[int]) -> None:
        async with self._write() as db:
            await db.execute("UPDATE matches SET paused_at = $1, pause_votes = $2 WHERE id = $3",
                             paused_at, dumps(sorted(votes)), match_id)

    async def match_ids(self, status: str) -> list[int]:
        async with self._read() as db:
            rows = await db.fetch("SELECT id FROM matches WHERE status = $1 ORDER BY id", status)
        return [int(r["id"]) for r in rows]

    # -- action log and results ------------------------------------------------------------

    async def actions(self, match_id: int) -> list[ActionRecord]:
        async with self._read() as db:
            rows = await db.fetch("SELECT * FROM actions WHERE match_id = $1 ORDER BY seq",
                                  match_id)
        return [action_from_row(r) for r in rows]

    async def find_action(self, match_id: int, seat: int,
                          decision_id: str) -> ActionRecord | None:
        async with self._read() as db:
            row = await db.fetchrow(
                "SELECT * FROM actions WHERE match_id = $1 AND decision_id = $2 AND seat = $3 "
                "ORDER BY seq DESC LIMIT 1", match_id, decision_id, seat)
        return action_from_row(row) if row is not None else None

    async def get_result(self, match_id: int) -> ResultRecord | None:
        async with self._read() as db:
            row = await db.fetchrow("SELECT * FROM results WHERE match_id = $1", match_id)
        return result_from_row(row) if row is not None else None

    @staticmethod
    async def _with_results(db: Connection, matches: list[MatchRecord]
                            ) -> list[tuple[MatchRecord, ResultRecord | None]]:
        rows = await db.fetch("SELECT * FROM results WHERE match_id = ANY($1::bigint[])",
                              [m.id for m in matches])
        results = {r["match_id"]: result_from_row(r) for r in rows}
        return [(m, results.get(m.id)) for m in matches]

    async def closed_matches(self, guild_id: int, user_id: int | None = None,
                             game: str | None = None, limit: int | None = None
                             ) -> list[tuple[MatchRecord, ResultRecord | None]]:
        where = ("guild_id = $1 AND status = ANY($2::text[]) "
                 "AND ($3::text IS NULL OR game = $3) AND ($4::bigint IS NULL OR id IN "
                 "(SELECT match_id FROM seats WHERE user_id = $4)) "
                 "ORDER BY updated_at DESC, id DESC LIMIT $5")
        async with self._read() as db:
            return await self._with_results(db, await self._matches(
                db, where, guild_id, [FINISHED, CANCELLED], game, user_id, limit))

    # -- ratings and undo requests ---------------------------------------------------------

    async def unrated_results(self, guild_id: int,
                              game: str) -> list[tuple[MatchRecord, ResultRecord]]:
        async with self._read() as db:
            found = await self._with_results(db, await self._matches(
                db, "guild_id = $1 AND game = $2 AND status = $3 AND id NOT IN "
                "(SELECT match_id FROM rated_matches) ORDER BY updated_at, id",
                guild_id, game, FINISHED))
        return [(m, r) for m, r in found if r is not None]

    async def get_ratings(self, guild_id: int, game: str,
                          user_ids: Sequence[int]) -> dict[int, RatingRecord]:
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT * FROM ratings WHERE guild_id = $1 AND game = $2 "
                "AND user_id = ANY($3::bigint[])", guild_id, game, list(user_ids))
        return {r["user_id"]: rating_from_row(r) for r in rows}

    async def save_ratings(self, match_id: int, ratings: Sequence[RatingRecord]) -> None:
        now = self.clock()
        async with self._write() as db:
            marked = await db.fetchval(
                "INSERT INTO rated_matches (match_id, rated_at) VALUES ($1, $2) "
                "ON CONFLICT DO NOTHING RETURNING match_id", match_id, now)
            if marked is None:
                return
            for r in ratings:
                values = (r.mu, r.sigma, r.mu - 3 * r.sigma, r.matches, now,
                          r.guild_id, r.game, r.user_id)
                if r.matches == 1:
                    written = await db.fetchval(
                        "INSERT INTO ratings (mu, sigma, ordinal, matches, updated_at, "
                        "guild_id, game, user_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) "
                        "ON CONFLICT DO NOTHING RETURNING user_id", *values)
                else:
                    written = await db.fetchval(
                        "UPDATE ratings SET mu = $1, sigma = $2, ordinal = $3, matches = $4, "
                        "updated_at = $5 WHERE guild_id = $6 AND game = $7 AND user_id = $8 "
                        "AND matches = $9 RETURNING user_id", *values, r.matches - 1)
                if written is None:
                    raise VersionConflict(match_id, r.matches - 1)

    async def leaderboard(self, guild_id: int, game: str) -> list[RatingRecord]:
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT * FROM ratings WHERE guild_id = $1 AND game = $2 "
                "ORDER BY ordinal DESC, matches DESC, user_id", guild_id, game)
        return [rating_from_row(r) for r in rows]

    async def put_undo_request(self, request: UndoRequestRecord) -> None:
        async with self._write() as db:
            await db.execute(_PUT_UNDO, request.match_id, request.seat, request.user_id,
                             request.version, dumps(list(request.accepted)), self.clock())

    async def get_undo_request(self, match_id: int) -> UndoRequestRecord | None:
        async with self._read() as db:
            row = await db.fetchrow("SELECT * FROM undo_requests WHERE match_id = $1",
                                    match_id)
        return undo_request_from_row(row) if row is not None else None

    async def delete_undo_request(self, match_id: int) -> None:
        async with self._write() as db:
            await db.execute("DELETE FROM undo_requests WHERE match_id = $1", match_id)

    # -- Discord bookkeeping ---------------------------------------------------------------

    async def put_message(self, message: MessageRecord) -> None:
        async with self._write() as db:
            await db.execute(_PUT_MESSAGE, message.message_id, message.match_id, message.kind,
                             message.seat, message.channel_id, message.decision_id,
                             self.clock())

    async def messages(self, match_id: int, kind: str | None = None) -> list[MessageRecord]:
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT * FROM messages WHERE match_id = $1 AND ($2::text IS NULL OR kind = $2) "
                "ORDER BY created_at, message_id", match_id, kind)
        return [message_from_row(r) for r in rows]

    async def put_delivery(self, delivery: DeliveryRecord) -> None:
        async with self._write() as db:
            await db.execute(_PUT_DELIVERY, delivery.match_id, delivery.slot,
                             delivery.channel_id, delivery.message_id, delivery.shown,
                             delivery.picture, self.clock())

    async def deliveries(self, match_id: int) -> list[DeliveryRecord]:
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT * FROM deliveries WHERE match_id = $1 ORDER BY slot", match_id)
        return [delivery_from_row(r) for r in rows]

    async def ends_undelivered(self) -> list[int]:
        async with self._read() as db:
            rows = await db.fetch(ENDS_UNDELIVERED_SQL)
        return [int(r["id"]) for r in rows]

    async def dms_failed_at(self, user_id: int) -> float | None:
        async with self._read() as db:
            at = await db.fetchval("SELECT failed_at FROM dm_failures WHERE user_id = $1",
                                   user_id)
        return float(at) if at is not None else None

    async def set_dms_failed(self, user_id: int, at: float | None) -> None:
        async with self._write() as db:
            if at is None:
                await db.execute("DELETE FROM dm_failures WHERE user_id = $1", user_id)
            else:
                await db.execute(_PUT_DM_FAILURE, user_id, at)

    async def _put_deadlines(self, db: Connection, deadlines: Iterable[DeadlineRecord]) -> None:
        await db.executemany(_PUT_DEADLINE, [
            (d.match_id, d.decision_id, d.seat, d.due_at, d.next_at, d.stage, self.clock(),
             d.held_at) for d in deadlines])

    async def put_deadline(self, deadline: DeadlineRecord) -> None:
        async with self._write() as db:
            await self._put_deadlines(db, [deadline])

    async def due_deadlines(self, now: float) -> list[DeadlineRecord]:
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT * FROM deadlines WHERE next_at <= $1 AND held_at IS NULL "
                "ORDER BY next_at", now)
        return [deadline_from_row(r) for r in rows]

    async def delete_deadlines(self, match_id: int, decision_id: str | None = None) -> None:
        async with self._write() as db:
            await db.execute(
                "DELETE FROM deadlines WHERE match_id = $1 "
                "AND ($2::text IS NULL OR decision_id = $2)", match_id, decision_id)

    async def deadlines_of(self, match_ids: Sequence[int]) -> list[DeadlineRecord]:
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT * FROM deadlines WHERE match_id = ANY($1::bigint[]) "
                "ORDER BY due_at, match_id, seat", list(match_ids))
        return [deadline_from_row(r) for r in rows]

    async def save_deadlines(self, match_id: int, put: Sequence[DeadlineRecord],
                             drop: Sequence[tuple[str, int]]) -> None:
        if any(d.match_id != match_id for d in put):
            raise StoreError(f"deadlines of another match saved with match {match_id}")
        async with self._write() as db:
            await db.executemany(
                "DELETE FROM deadlines WHERE match_id = $1 AND decision_id = $2 AND seat = $3",
                [(match_id, decision_id, seat) for decision_id, seat in drop])
            await self._put_deadlines(db, put)

    async def advance_deadline(self, deadline: DeadlineRecord, from_stage: int) -> bool:
        async with self._write() as db:
            moved = await db.fetchval(
                "UPDATE deadlines SET stage = $1, next_at = $2 WHERE match_id = $3 "
                "AND decision_id = $4 AND seat = $5 AND stage = $6 RETURNING seat",
                deadline.stage, deadline.next_at, deadline.match_id, deadline.decision_id,
                deadline.seat, from_stage)
        return moved is not None

    async def seat_clocks(self, match_id: int) -> list[SeatClock]:
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT * FROM seat_clocks WHERE match_id = $1 ORDER BY seat", match_id)
        return [seat_clock_from_row(r) for r in rows]

    async def put_seat_clock(self, seat: SeatClock) -> None:
        async with self._write() as db:
            await db.execute(_PUT_SEAT_CLOCK, seat.match_id, seat.seat, seat.autopilots,
                             seat.away_since, seat.away_until, seat.away_used)

    async def due_away_ends(self, now: float) -> list[SeatClock]:
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT * FROM seat_clocks WHERE away_until <= $1 ORDER BY away_until", now)
        return [seat_clock_from_row(r) for r in rows]

    async def next_clock_at(self) -> float | None:
        async with self._read() as db:
            soonest = await db.fetchval(NEXT_CLOCK_SQL)
        return None if soonest is None else float(soonest)

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        async with self._read() as db:
            row = await db.fetchrow("SELECT * FROM guild_settings WHERE guild_id = $1",
                                    guild_id)
        return guild_settings_from_row(row) if row is not None else GuildSettings(guild_id)

    async def put_guild_settings(self, settings: GuildSettings) -> None:
        async with self._write() as db:
            await db.execute(_PUT_GUILD, settings.guild_id, settings.use_threads,
                             settings.clock_preset, dumps(list(settings.allowed_channels)),
                             self.clock(), settings.clock_minutes, settings.away_days)

    # -- saved decks -----------------------------------------------------------------------

    async def save_deck(self, deck: DeckRecord) -> None:
        now = self.clock()
        async with self._write() as db:
            await db.execute(
                "INSERT INTO user_decks (user_id, game, name_key, name, code, created_at, "
                "updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) "
                "ON CONFLICT (user_id, game, name_key) DO UPDATE SET name = excluded.name, "
                "code = excluded.code, updated_at = excluded.updated_at",
                deck.user_id, deck.game, deck.key, deck.name, deck.code, now)

    async def get_deck(self, user_id: int, game: str, name: str) -> DeckRecord | None:
        async with self._read() as db:
            row = await db.fetchrow(
                "SELECT * FROM user_decks WHERE user_id = $1 AND game = $2 AND name_key = $3",
                user_id, game, name.casefold())
        return deck_from_row(row) if row is not None else None

    async def decks_of(self, user_id: int, game: str) -> list[DeckRecord]:
        async with self._read() as db:
            rows = await db.fetch("SELECT * FROM user_decks WHERE user_id = $1 AND game = $2",
                                  user_id, game)
        return sorted((deck_from_row(r) for r in rows), key=lambda d: (d.key, d.name))

    async def delete_deck(self, user_id: int, game: str, name: str) -> bool:
        async with self._write() as db:
            gone = await db.fetchval(
                "DELETE FROM user_decks WHERE user_id = $1 AND game = $2 AND name_key = $3 "
                "RETURNING name_key", user_id, game, name.casefold())
        return gone is not None
