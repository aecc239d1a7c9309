"""The store's queries, written once for every backend (DESIGN §3).

``SqlStore`` implements ``Store`` over a ``Dialect`` (``sqlite.py``, ``postgres.py``). Each
method is one store call: a read, or a write that is one transaction. Its SQL uses ``?``
placeholders and syntax both databases accept (``INSERT … ON CONFLICT … DO UPDATE``,
``RETURNING``, ``IN (?, ?)`` lists); what truly differs (JSON aggregation, placeholders,
transactions, connections, migrations) is the dialect's. A new table's queries go here once.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Generator, Iterable, Mapping, Sequence
from typing import Any, Self

from bot.store.dialect import Body, Count, Dialect, Fetch, Gated, Many, Op
from bot.store.errors import DamagedRecord, StoreError, VersionConflict
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
    UserLanguage,
)
from bot.store.rows import (
    ENDS_UNDELIVERED_SQL,
    NEXT_CLOCK_SQL,
    SEAT_COLUMNS,
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
    undo_request_from_row,
)
from bot.store.schema import Migration

Steps = Generator[Op, Any, Any]
log = logging.getLogger(__name__)


def match_record(row: Any) -> MatchRecord:
    """The match a ``matches`` row read with its seats holds, or ``DamagedRecord``."""
    try:
        return match_from_row(row)
    except (ValueError, TypeError, KeyError) as exc:  # bad JSON, or JSON of the wrong shape
        raise DamagedRecord(row["id"], row["guild_id"], row["thread_id"] or row["channel_id"],
                            f"{type(exc).__name__}: {exc}") from exc


def readable(rows: Iterable[Any]) -> list[MatchRecord]:
    """The matches of ``rows``, leaving out (and logging) those that are damaged, so that one
    damaged match never hides the others from a list."""
    found = []
    for row in rows:
        try:
            found.append(match_record(row))
        except DamagedRecord as damaged:
            log.warning("%s; left out of a list", damaged)
    return found


def upsert(table: str, keys: Sequence[str], columns: Sequence[str]) -> str:
    """Insert a whole row, or replace the columns of the row with the same ``keys``."""
    names = [*keys, *columns]
    updates = ", ".join(f"{c} = excluded.{c}" for c in columns)
    return (f"INSERT INTO {table} ({', '.join(names)}) VALUES ({marks(len(names))}) "
            f"ON CONFLICT ({', '.join(keys)}) DO UPDATE SET {updates}")


def marks(count: int) -> str:
    """``?, ?, …`` for an ``IN (…)`` list; ``NULL`` (matching nothing) for none."""
    return ", ".join("?" * count) if count else "NULL"


_INSERT_SEAT = f"INSERT INTO seats (match_id, {SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)"
_INSERT_ACTION = (
    "INSERT INTO actions (match_id, seq, seat, user_id, decision_id, action, at, autopilot) "
    "SELECT ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE match_id = ?), "
    "?, ?, ?, ?, ?, ? FROM gate")
_INSERT_RESULT = ("INSERT INTO results (match_id, scores, placings, reason, detail, "
                  "finished_at) SELECT ?, ?, ?, ?, ?, ? FROM gate")
_PUT_MESSAGE = upsert("messages", ["message_id"],
                      ["match_id", "kind", "seat", "channel_id", "decision_id", "created_at"])
_PUT_DELIVERY = upsert("deliveries", ["match_id", "slot"],
                       ["channel_id", "message_id", "shown", "picture", "updated_at"])
_PUT_DM_FAILURE = upsert("dm_failures", ["user_id"], ["failed_at"])
_PUT_DEADLINE = upsert("deadlines", ["match_id", "decision_id", "seat"],
                       ["due_at", "next_at", "stage", "created_at", "held_at"])
_PUT_GUILD = upsert("guild_settings", ["guild_id"],
                    ["use_threads", "clock_preset", "allowed_channels", "updated_at",
                     "clock_minutes", "away_days", "language", "hints_everywhere"])
_NOTE_LOCALE = upsert("user_languages", ["user_id"], ["locale", "updated_at"])
_CHOOSE_LANGUAGE = upsert("user_languages", ["user_id"], ["chosen", "updated_at"])
_PUT_REVIEW = upsert("reviews", ["match_id", "seat"], ["body", "created_at"])
_CLAIM_WORK = (  # taken when free, lapsed, or already this owner's; else nothing changes
    "INSERT INTO claims (match_id, seat, work, owner, until) VALUES (?, ?, ?, ?, ?) "
    "ON CONFLICT (match_id, seat, work) DO UPDATE SET owner = excluded.owner, "
    "until = excluded.until WHERE claims.until <= ? OR claims.owner = excluded.owner")
_HINT_KEY = "match_id = ? AND seat = ? AND decision_id = ?"
_PUT_SEAT_CLOCK = upsert("seat_clocks", ["match_id", "seat"],
                         ["autopilots", "away_since", "away_until", "away_used"])
_PUT_UNDO = upsert("undo_requests", ["match_id"],
                   ["seat", "user_id", "version", "accepted", "created_at"])
_SAVE_DECK = (  # a deck saved again keeps when it was first saved
    "INSERT INTO user_decks (user_id, game, name_key, name, code, created_at, updated_at) "
    "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, game, name_key) DO UPDATE SET "
    "name = excluded.name, code = excluded.code, updated_at = excluded.updated_at")


GUILD_SETTINGS_FOR = 5.0
"""Seconds a server's settings are read from memory: another process's change (a shard of
the same bot) shows within them."""
GUILDS_KEPT = 10_000
"""Servers whose settings are kept at most (then all are read afresh)."""


class SqlStore:
    """``Store`` on any ``Dialect``; open it before use, close it after."""

    def __init__(self, dialect: Dialect, clock: Clock = time.time,
                 migrations: Sequence[Migration] | None = None) -> None:
        self._dialect = dialect
        self.dialect: Dialect = dialect
        """The backend, also for the repositories of other tables (``events.py``)."""
        self.clock = clock
        self._migrations = list(migrations) if migrations is not None else None
        self._matches_sql = (
            f"SELECT *, {dialect.seat_list(SEAT_COLUMNS, 'seats WHERE match_id = matches.id')}"
            " AS seat_rows FROM matches WHERE ")
        self._guilds: dict[int, tuple[float, GuildSettings]] = {}
        """Guild settings read in the last ``GUILD_SETTINGS_FOR`` seconds, by guild."""

    # -- lifecycle -------------------------------------------------------------------------

    async def open(self) -> None:
        await self._dialect.open(self._migrations)

    async def close(self) -> None:
        await self._dialect.close()

    async def __aenter__(self) -> Self:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        return await self._dialect.schema_version()

    # -- plumbing --------------------------------------------------------------------------

    async def _read(self, body: Body[Any]) -> Any:
        return await self._dialect.run(body, write=False)

    async def _write(self, body: Body[Any]) -> Any:
        """``body`` as one transaction: committed when it returns, rolled back if it raises."""
        return await self._dialect.run(body, write=True)

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Every row one query returns."""
        return list(await self._dialect.single(Fetch(sql, params), write=False))

    async def _first(self, sql: str, params: Sequence[Any] = ()) -> Any:
        rows = await self._all(sql, params)
        return rows[0] if rows else None

    async def _change(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One statement in its own transaction; the number of rows it changed."""
        return int(await self._dialect.single(Count(sql, params), write=True))

    def _cas(self, match_id: int, expected: int, assignments: str = "",
             params: Sequence[Any] = ()) -> Fetch:
        """Bump the version if it is still ``expected`` (a row back), setting more with it."""
        return Fetch(f"UPDATE matches SET version = version + 1, updated_at = ?{assignments} "
                     "WHERE id = ? AND version = ? RETURNING version",
                     (self.clock(), *params, match_id, expected))

    def _versioned(self, match_id: int, expected: int, assignments: str = "",
                   params: Sequence[Any] = ()) -> Body[int]:
        """The compare-and-swap as a step of a longer write: the new version, or
        ``VersionConflict`` (and the whole write rolled back)."""
        cas = self._cas(match_id, expected, assignments, params)

        def body() -> Steps:
            if not (yield cas):
                raise VersionConflict(match_id, expected)
            return expected + 1
        return body

    async def _swap(self, match_id: int, expected: int, assignments: str = "",
                    params: Sequence[Any] = (), then: Sequence[Fetch] = ()) -> int:
        """The compare-and-swap and the rows written only if it matched, as one statement
        where the backend can (a move is one round trip): the new version, or
        ``VersionConflict`` with nothing written."""
        gated = Gated(self._cas(match_id, expected, assignments, params), then)
        if not await self._dialect.single(gated, write=True):
            raise VersionConflict(match_id, expected)
        return expected + 1

    def _result_row(self, match_id: int, result: ResultRecord) -> Fetch:
        return Fetch(_INSERT_RESULT, (match_id, dumps(list(result.scores)),
                                      dumps(list(result.placings)), result.reason,
                                      result.detail, self.clock()))

    @staticmethod
    def _seat_rows(match_id: int, seats: Iterable[SeatRecord]) -> Many:
        return Many(_INSERT_SEAT, [(match_id, s.seat, s.user_id, s.is_ai, s.ai_level, s.dm_ok,
                                    s.resigned) for s in seats])

    def _matches(self, where: str, params: Sequence[Any]) -> Fetch:
        """Matches with their seats, in one statement so both come from one snapshot."""
        return Fetch(self._matches_sql + where, params)

    async def _find(self, where: str, params: Sequence[Any]) -> list[MatchRecord]:
        return readable(await self._all(self._matches_sql + where, params))

    # -- matches and seats -----------------------------------------------------------------

    async def create_match(self, new: NewMatch) -> MatchRecord:
        now = self.clock()

        def create() -> Steps:
            (row,) = yield Fetch(
                "INSERT INTO matches (guild_id, channel_id, thread_id, game, status, options, "
                "seed, version, state, host_id, created_at, updated_at, clock, undo, lesson) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, 0, NULL, ?, ?, ?, ?, ?, ?) RETURNING id",
                (new.guild_id, new.channel_id, new.thread_id, new.game, LOBBY,
                 dumps(dict(new.options)), new.seed, new.host_id, now, now,
                 dumps(dict(new.clock)), new.undo, new.lesson))
            match_id = int(row[0])
            yield self._seat_rows(match_id, new.seats)
            (found,) = yield self._matches("id = ?", (match_id,))
            return match_record(found)

        record: MatchRecord = await self._write(create)
        return record

    async def get_match(self, match_id: int) -> MatchRecord | None:
        row = await self._first(self._matches_sql + "id = ?", (match_id,))
        return match_record(row) if row is not None else None

    async def matches_of_user(self, user_id: int,
                              statuses: Sequence[str]) -> list[MatchRecord]:
        return await self._find(
            f"status IN ({marks(len(statuses))}) AND id IN "
            "(SELECT match_id FROM seats WHERE user_id = ?) ORDER BY updated_at DESC",
            (*statuses, user_id))

    async def matches_in_channel(self, channel_id: int,
                                 statuses: Sequence[str]) -> list[MatchRecord]:
        return await self._find(
            f"status IN ({marks(len(statuses))}) AND (channel_id = ? OR thread_id = ?) "
            "ORDER BY created_at", (*statuses, channel_id, channel_id))

    async def save_lobby(self, match_id: int, expected_version: int,
                         seats: Sequence[SeatRecord]) -> int:
        cas = self._versioned(match_id, expected_version)

        def save() -> Steps:
            version = yield from cas()
            yield Count("DELETE FROM seats WHERE match_id = ?", (match_id,))
            yield self._seat_rows(match_id, seats)
            return version

        version: int = await self._write(save)
        return version

    async def set_options(self, match_id: int, expected_version: int,
                          options: Mapping[str, Any]) -> int:
        return await self._swap(match_id, expected_version, ", options = ?",
                                 (dumps(dict(options)),))

    async def start_match(self, match_id: int, expected_version: int, state: str) -> int:
        return await self._swap(match_id, expected_version, ", status = ?, state = ?",
                                 (ACTIVE, state))

    async def commit_move(self, match_id: int, expected_version: int, new_state: str,
                          action: ActionRow, result: ResultRecord | None = None) -> int:
        status = FINISHED if result is not None else ACTIVE
        log = Fetch(_INSERT_ACTION, (match_id, match_id, action.seat, action.user_id,
                                     action.decision_id, dumps(dict(action.action)),
                                     self.clock(), action.autopilot))
        then = [log] if result is None else [log, self._result_row(match_id, result)]
        return await self._swap(match_id, expected_version, ", status = ?, state = ?",
                                 (status, new_state), then)

    async def update_seat(self, match_id: int, expected_version: int, seat: SeatRecord) -> int:
        cas = self._versioned(match_id, expected_version)

        def update() -> Steps:
            version = yield from cas()
            changed = yield Count(
                "UPDATE seats SET user_id = ?, is_ai = ?, ai_level = ?, dm_ok = ?, "
                "resigned = ? WHERE match_id = ? AND seat = ?",
                (seat.user_id, seat.is_ai, seat.ai_level, seat.dm_ok, seat.resigned,
                 match_id, seat.seat))
            if changed != 1:
                raise StoreError(f"match {match_id} has no seat {seat.seat}")
            return version

        version: int = await self._write(update)
        return version

    async def close_match(self, match_id: int, expected_version: int, status: str,
                          result: ResultRecord | None = None) -> int:
        if status not in (FINISHED, CANCELLED):
            raise StoreError(f"cannot close a match as {status!r}")
        then = [] if result is None else [self._result_row(match_id, result)]
        return await self._swap(match_id, expected_version, ", status = ?", (status,), then)

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

    async def _with_results(self, where: str, params: Sequence[Any]
                            ) -> list[tuple[MatchRecord, ResultRecord | None]]:
        """The matches ``where`` selects, each with its result if it has one, read together."""
        def read() -> Steps:
            found = readable((yield self._matches(where, params)))
            rows = yield Fetch(f"SELECT * FROM results WHERE match_id IN ({marks(len(found))})",
                               [m.id for m in found])
            results = {r["match_id"]: result_from_row(r) for r in rows}
            return [(m, results.get(m.id)) for m in found]

        found: list[tuple[MatchRecord, ResultRecord | None]] = await self._read(read)
        return found

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
        return await self._with_results(where, params)

    # -- ratings and undo requests ---------------------------------------------------------

    async def unrated_results(self, guild_id: int,
                              game: str) -> list[tuple[MatchRecord, ResultRecord]]:
        found = await self._with_results(
            "guild_id = ? AND game = ? AND status = ? AND id NOT IN "
            "(SELECT match_id FROM rated_matches) ORDER BY updated_at, id",
            (guild_id, game, FINISHED))
        return [(m, r) for m, r in found if r is not None]

    async def get_ratings(self, guild_id: int, game: str,
                          user_ids: Sequence[int]) -> dict[int, RatingRecord]:
        rows = await self._all(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ? "
            f"AND user_id IN ({marks(len(user_ids))})", (guild_id, game, *user_ids))
        return {r["user_id"]: rating_from_row(r) for r in rows}

    async def save_ratings(self, match_id: int, ratings: Sequence[RatingRecord]) -> None:
        now = self.clock()

        def save() -> Steps:
            if not (yield Fetch("INSERT INTO rated_matches (match_id, rated_at) VALUES (?, ?) "
                                "ON CONFLICT DO NOTHING RETURNING match_id", (match_id, now))):
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
                if (yield Count(sql, params)) != 1:
                    raise VersionConflict(match_id, r.matches - 1)

        await self._write(save)

    async def leaderboard(self, guild_id: int, game: str) -> list[RatingRecord]:
        rows = await self._all(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ? "
            "ORDER BY ordinal DESC, matches DESC, user_id", (guild_id, game))
        return [rating_from_row(r) for r in rows]

    async def put_undo_request(self, request: UndoRequestRecord) -> None:
        await self._change(_PUT_UNDO, (request.match_id, request.seat, request.user_id,
                                       request.version, dumps(list(request.accepted)),
                                       self.clock()))

    async def get_undo_request(self, match_id: int) -> UndoRequestRecord | None:
        row = await self._first("SELECT * FROM undo_requests WHERE match_id = ?", (match_id,))
        return undo_request_from_row(row) if row is not None else None

    async def in_event(self, match_id: int) -> bool:
        return await self._first("SELECT 1 FROM pairings WHERE match_id = ?",
                                 (match_id,)) is not None

    async def delete_undo_request(self, match_id: int) -> None:
        await self._change("DELETE FROM undo_requests WHERE match_id = ?", (match_id,))

    # -- Discord bookkeeping ---------------------------------------------------------------

    async def put_message(self, message: MessageRecord) -> None:
        await self._change(_PUT_MESSAGE, (message.message_id, message.match_id, message.kind,
                                          message.seat, message.channel_id,
                                          message.decision_id, self.clock()))

    async def messages(self, match_id: int, kind: str | None = None) -> list[MessageRecord]:
        sql = "SELECT * FROM messages WHERE match_id = ?"
        params: tuple[Any, ...] = (match_id,)
        if kind is not None:
            sql, params = sql + " AND kind = ?", (match_id, kind)
        rows = await self._all(sql + " ORDER BY created_at, message_id", params)
        return [message_from_row(r) for r in rows]

    async def put_delivery(self, delivery: DeliveryRecord) -> None:
        await self._change(_PUT_DELIVERY, (delivery.match_id, delivery.slot,
                                           delivery.channel_id, delivery.message_id,
                                           delivery.shown, delivery.picture, self.clock()))

    async def deliveries(self, match_id: int) -> list[DeliveryRecord]:
        rows = await self._all("SELECT * FROM deliveries WHERE match_id = ? ORDER BY slot",
                               (match_id,))
        return [delivery_from_row(r) for r in rows]

    async def ends_undelivered(self) -> list[int]:
        return [int(r["id"]) for r in await self._all(ENDS_UNDELIVERED_SQL)]

    async def dms_failed_at(self, user_id: int) -> float | None:
        row = await self._first("SELECT failed_at FROM dm_failures WHERE user_id = ?",
                                (user_id,))
        return float(row["failed_at"]) if row is not None else None

    async def set_dms_failed(self, user_id: int, at: float | None) -> None:
        if at is None:
            await self._change("DELETE FROM dm_failures WHERE user_id = ?", (user_id,))
        else:
            await self._change(_PUT_DM_FAILURE, (user_id, at))

    def _deadline_rows(self, deadlines: Iterable[DeadlineRecord]) -> Many:
        return Many(_PUT_DEADLINE, [(d.match_id, d.decision_id, d.seat, d.due_at, d.next_at,
                                     d.stage, self.clock(), d.held_at) for d in deadlines])

    async def put_deadline(self, deadline: DeadlineRecord) -> None:
        await self._dialect.single(self._deadline_rows([deadline]), write=True)

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
        rows = await self._all(
            f"SELECT * FROM deadlines WHERE match_id IN ({marks(len(match_ids))}) "
            "ORDER BY due_at, match_id, seat", tuple(match_ids))
        return [deadline_from_row(r) for r in rows]

    async def save_deadlines(self, match_id: int, put: Sequence[DeadlineRecord],
                             drop: Sequence[tuple[str, int]]) -> None:
        if any(d.match_id != match_id for d in put):
            raise StoreError(f"deadlines of another match saved with match {match_id}")
        dropped = Many("DELETE FROM deadlines WHERE match_id = ? AND decision_id = ? "
                       "AND seat = ?", [(match_id, d, seat) for d, seat in drop])
        written = self._deadline_rows(put)
        if not drop or not put:  # one statement: no transaction of its own needed
            await self._dialect.single(written if put else dropped, write=True)
            return

        def save() -> Steps:
            yield dropped
            yield written

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
        await self._change(_PUT_SEAT_CLOCK, (seat.match_id, seat.seat, seat.autopilots,
                                             seat.away_since, seat.away_until, seat.away_used))

    async def due_away_ends(self, now: float) -> list[SeatClock]:
        rows = await self._all(
            "SELECT * FROM seat_clocks WHERE away_until <= ? ORDER BY away_until", (now,))
        return [seat_clock_from_row(r) for r in rows]

    async def next_clock_at(self) -> float | None:
        row = await self._first(NEXT_CLOCK_SQL)
        return None if row is None or row["t"] is None else float(row["t"])

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        """Kept for ``GUILD_SETTINGS_FOR`` seconds (a press reads them several times: the
        posts' language, hints, clocks); this process's own change is seen at once."""
        now = time.monotonic()
        kept = self._guilds.get(guild_id)
        if kept is not None and now - kept[0] < GUILD_SETTINGS_FOR:
            return kept[1]
        row = await self._first("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
        settings = guild_settings_from_row(row) if row is not None else GuildSettings(guild_id)
        if len(self._guilds) >= GUILDS_KEPT:
            self._guilds.clear()
        self._guilds[guild_id] = (now, settings)
        return settings

    async def put_guild_settings(self, settings: GuildSettings) -> None:
        await self._change(_PUT_GUILD, (settings.guild_id, settings.use_threads,
                                        settings.clock_preset,
                                        dumps(list(settings.allowed_channels)), self.clock(),
                                        settings.clock_minutes, settings.away_days,
                                        settings.language, settings.hints_everywhere))
        self._guilds.pop(settings.guild_id, None)  # after: a read queued before it is old

    # -- languages -------------------------------------------------------------------------

    async def user_language(self, user_id: int) -> UserLanguage:
        row = await self._first("SELECT locale, chosen FROM user_languages WHERE user_id = ?",
                                (user_id,))
        return (UserLanguage(user_id, row["locale"], row["chosen"]) if row is not None
                else UserLanguage(user_id))

    async def chosen_languages(self) -> dict[int, str]:
        rows = await self._all("SELECT user_id, chosen FROM user_languages "
                               "WHERE chosen IS NOT NULL")
        return {int(r["user_id"]): str(r["chosen"]) for r in rows}

    async def note_locale(self, user_id: int, locale: str) -> None:
        await self._change(_NOTE_LOCALE, (user_id, locale, self.clock()))

    async def choose_language(self, user_id: int, chosen: str | None) -> None:
        await self._change(_CHOOSE_LANGUAGE, (user_id, chosen, self.clock()))

    # -- post-game reviews -----------------------------------------------------------------

    async def get_review(self, match_id: int, seat: int) -> str | None:
        row = await self._first("SELECT body FROM reviews WHERE match_id = ? AND seat = ?",
                                (match_id, seat))
        return str(row["body"]) if row is not None else None

    async def put_review(self, match_id: int, seat: int, body: str) -> None:
        await self._change(_PUT_REVIEW, (match_id, seat, body, self.clock()))

    # -- hints -----------------------------------------------------------------------------

    async def get_hint(self, match_id: int, seat: int, decision_id: str) -> str | None:
        row = await self._first(f"SELECT body FROM hints WHERE {_HINT_KEY}",
                                (match_id, seat, decision_id))
        return str(row["body"]) if row is not None else None

    async def put_hint(self, match_id: int, seat: int, decision_id: str, body: str) -> None:
        now, key = self.clock(), (match_id, seat, decision_id)

        def put() -> Steps:
            # The insert tells whether the hint is new: a concurrent one waits for this
            # transaction's row (PostgreSQL) or for the one writer (SQLite), so it counts once.
            added = yield Count(
                "INSERT INTO hints (match_id, seat, decision_id, body, created_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (match_id, seat, decision_id) DO NOTHING",
                (*key, body, now))
            if added:
                yield Count("UPDATE matches SET hints = hints + 1 WHERE id = ?", (match_id,))
            else:
                yield Count(f"UPDATE hints SET body = ?, created_at = ? WHERE {_HINT_KEY}",
                            (body, now, *key))

        await self._write(put)

    # -- claims ----------------------------------------------------------------------------

    async def claim_work(self, match_id: int, seat: int, work: str, owner: str,
                         seconds: float) -> bool:
        now = self.clock()
        return await self._change(_CLAIM_WORK, (match_id, seat, work, owner, now + seconds,
                                                now)) > 0

    async def release_work(self, match_id: int, seat: int, work: str, owner: str) -> None:
        await self._change("DELETE FROM claims WHERE match_id = ? AND seat = ? AND work = ? "
                           "AND owner = ?", (match_id, seat, work, owner))

    # -- saved decks -----------------------------------------------------------------------

    async def save_deck(self, deck: DeckRecord) -> None:
        now = self.clock()
        await self._change(_SAVE_DECK, (deck.user_id, deck.game, deck.key, deck.name,
                                        deck.code, now, now))

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
