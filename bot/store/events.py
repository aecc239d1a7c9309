"""Event rows (DESIGN §10): events, entrants, rounds and pairings, for both backends.

The queries are written once, with ``?`` placeholders, in the style of ``sql.py``; the
store's dialect runs them on either backend.
A round is written whole in one transaction with its pairings, and only if the event's last
round is still the one before it, so opening a round twice (a restart mid-opening, two
processes) writes it once.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.events.records import ai_entrant, ai_parts, is_ai
from bot.store.dialect import Count, Fetch, Many, Op
from bot.store.rows import dumps
from bot.store.sql import SqlStore, marks

OPEN, RUNNING, FINISHED, CANCELLED = "open", "running", "finished", "cancelled"


@dataclass(frozen=True, slots=True)
class NewEvent:
    guild_id: int
    channel_id: int | None
    organiser_id: int
    game: str
    format: str
    rounds: int
    max_players: int
    round_seconds: float
    best_of: int = 1
    clock: Mapping[str, Any] = field(default_factory=dict)
    starts_at: float | None = None
    table_size: int = 2
    """Seats at a table: 3–4 for a round robin in pods."""


@dataclass(frozen=True, slots=True)
class EventRecord:
    id: int
    guild_id: int
    channel_id: int | None
    organiser_id: int
    game: str
    format: str
    rounds: int
    max_players: int
    round_seconds: float
    best_of: int
    clock: Mapping[str, Any]
    starts_at: float | None
    status: str
    round: int
    """The last round opened (0 before the first)."""
    message_id: int | None
    """The announcement (Join / Leave)."""
    created_at: float
    standings_id: int | None = None
    """The standings post, edited as results come in."""
    table_size: int = 2
    """Seats at a table: 3–4 for a round robin in pods."""


@dataclass(frozen=True, slots=True)
class EntrantRecord:
    user_id: int
    rating: float
    joined_at: float
    dropped_at: float | None = None


@dataclass(frozen=True, slots=True)
class RoundRecord:
    number: int
    opened_at: float
    deadline: float
    closed_at: float | None = None


@dataclass(frozen=True, slots=True)
class PairingRecord:
    round: int
    table_no: int
    first_id: int
    second_id: int | None
    """None: a bye."""
    match_id: int | None = None
    score: float | None = None
    """The first player's score once the game is over (in a pod: against the second)."""
    seats: tuple[int, ...] = ()
    """A pod's players in seat order (``first_id``, ``second_id``, then the rest); empty
    for a table of two."""
    places: tuple[int, ...] = ()
    """A finished pod's placing of each seat (1 best, ties equal)."""

    def players(self) -> tuple[int, ...]:
        """Everyone at the table, in seat order (one player for a bye)."""
        if self.seats:
            return self.seats
        return (self.first_id,) if self.second_id is None else (self.first_id, self.second_id)


Row = Mapping[str, Any]


def _event(row: Row) -> EventRecord:
    return EventRecord(
        row["id"], row["guild_id"], row["channel_id"], row["organiser_id"], row["game"],
        row["format"], row["rounds"], row["max_players"], row["round_seconds"],
        row["best_of"], json.loads(row["clock"]), row["starts_at"], row["status"],
        row["round"], row["message_id"], row["created_at"], row["standings_id"],
        row["table_size"])


def _pairing(row: Row, seats: Sequence[Row] = ()) -> PairingRecord:
    return PairingRecord(row["round"], row["table_no"], row["first_id"], row["second_id"],
                         row["match_id"], row["score"], tuple(s["user_id"] for s in seats),
                         tuple(s["place"] for s in seats if s["place"] is not None))


class EventStore:
    """The event repository over an open store (either backend, through its dialect)."""

    def __init__(self, store: SqlStore) -> None:
        self._dialect = store.dialect
        self.clock = store.clock

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._dialect.single(Fetch(sql, params), write=False))

    async def _change(self, sql: str, params: Sequence[Any] = ()) -> bool:
        """One statement (ending in RETURNING) as a transaction: whether it changed a row."""
        return bool(await self._dialect.single(Fetch(sql, params), write=True))

    # -- events ----------------------------------------------------------------------------

    async def create_event(self, new: NewEvent) -> EventRecord:
        rows = await self._dialect.single(Fetch(
            "INSERT INTO events (guild_id, channel_id, organiser_id, game, format, rounds, "
            "best_of, max_players, clock, round_seconds, starts_at, created_at, table_size) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
            (new.guild_id, new.channel_id, new.organiser_id, new.game, new.format,
             new.rounds, new.best_of, new.max_players, dumps(dict(new.clock)),
             new.round_seconds, new.starts_at, self.clock(), new.table_size)), write=True)
        return _event(rows[0])

    async def get_event(self, event_id: int) -> EventRecord | None:
        rows = await self._all("SELECT * FROM events WHERE id = ?", (event_id,))
        return _event(rows[0]) if rows else None

    async def events(self, statuses: Sequence[str],
                     guild_id: int | None = None) -> list[EventRecord]:
        """Events in ``statuses`` (of one server, or all), oldest first."""
        where = f"status IN ({marks(len(statuses))})"
        where += " AND guild_id = ?" if guild_id is not None else ""
        params = (*statuses, *((guild_id,) if guild_id is not None else ()))
        return [_event(r) for r in await self._all(
            f"SELECT * FROM events WHERE {where} ORDER BY id", params)]

    async def events_due(self, now: float) -> list[EventRecord]:
        """Open events whose start time has come, and running ones whose current round's
        deadline has passed."""
        return [_event(r) for r in await self._all(
            "SELECT * FROM events e WHERE (status = ? AND starts_at <= ?) OR (status = ? AND "
            "EXISTS (SELECT 1 FROM rounds r WHERE r.event_id = e.id AND r.number = e.round "
            "AND r.closed_at IS NULL AND r.deadline <= ?)) ORDER BY id",
            (OPEN, now, RUNNING, now))]

    async def set_status(self, event_id: int, expected: Sequence[str], status: str) -> bool:
        """Move the event to ``status`` if it is still in one of ``expected``."""
        return await self._change(
            f"UPDATE events SET status = ? WHERE id = ? AND status IN ({marks(len(expected))}) "
            "RETURNING id",
            (status, event_id, *expected))

    async def set_message(self, event_id: int, message_id: int | None) -> None:
        await self._change("UPDATE events SET message_id = ? WHERE id = ? RETURNING id",
                           (message_id, event_id))

    async def set_standings_message(self, event_id: int, message_id: int | None) -> None:
        await self._change("UPDATE events SET standings_id = ? WHERE id = ? RETURNING id",
                           (message_id, event_id))

    async def organiser_role(self, guild_id: int) -> int | None:
        """The role a server lets organise events (besides Manage Events), if any."""
        rows = await self._all("SELECT organiser_role_id FROM event_settings WHERE guild_id = ?",
                               (guild_id,))
        return rows[0]["organiser_role_id"] if rows else None

    async def set_organiser_role(self, guild_id: int, role_id: int | None) -> None:
        await self._change(
            "INSERT INTO event_settings (guild_id, organiser_role_id) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET organiser_role_id = excluded.organiser_role_id "
            "RETURNING guild_id", (guild_id, role_id))

    # -- entrants --------------------------------------------------------------------------

    async def add_entrant(self, event_id: int, user_id: int, rating: float) -> bool:
        """Enter ``user_id`` while the event is open and has room; False if they are in
        already, or it is no longer open or full (the caller tells which)."""
        return await self._change(
            "INSERT INTO entrants (event_id, user_id, rating, joined_at) "
            "SELECT id, ?, ?, ? FROM events WHERE id = ? AND status = ? AND max_players > "
            "(SELECT COUNT(*) FROM entrants WHERE event_id = ?) "
            "ON CONFLICT (event_id, user_id) DO NOTHING RETURNING user_id",
            (user_id, rating, self.clock(), event_id, OPEN, event_id))

    async def add_ai_entrants(self, event_id: int, level: int, count: int | None = None,
                              rating: float = 0.0) -> list[int]:
        """Enter ``count`` AI players at level index ``level`` (None: as many as the event
        has room for) while it is open, numbered after its AI already in; their ids (fewer
        when there is less room, none once it has started)."""

        def write() -> Generator[Op, Any, list[int]]:
            found = yield Fetch("SELECT max_players FROM events WHERE id = ? AND status = ?",
                                (event_id, OPEN))
            if not found:
                return []
            ids = [r["user_id"] for r in (yield Fetch(
                "SELECT user_id FROM entrants WHERE event_id = ?", (event_id,)))]
            room = found[0]["max_players"] - len(ids)
            first = 1 + max((ai_parts(i)[0] for i in ids if is_ai(i)), default=0)
            added = [ai_entrant(first + n, level)
                     for n in range(room if count is None else min(count, room))]
            now = self.clock()
            yield Many("INSERT INTO entrants (event_id, user_id, rating, joined_at) "
                       "VALUES (?, ?, ?, ?)", [(event_id, i, rating, now) for i in added])
            return added

        added: list[int] = await self._dialect.run(write, write=True)
        return added

    async def remove_entrant(self, event_id: int, user_id: int) -> bool:
        """Take an entrant out of an event that has not started."""
        return await self._change(
            "DELETE FROM entrants WHERE event_id = ? AND user_id = ? AND EXISTS "
            "(SELECT 1 FROM events WHERE id = ? AND status = ?) RETURNING user_id",
            (event_id, user_id, event_id, OPEN))

    async def drop_entrant(self, event_id: int, user_id: int) -> bool:
        """An entrant leaves a running event: never paired again, their games stand."""
        return await self._change(
            "UPDATE entrants SET dropped_at = ? WHERE event_id = ? AND user_id = ? "
            "AND dropped_at IS NULL RETURNING user_id",
            (self.clock(), event_id, user_id))

    async def entrants(self, event_id: int) -> list[EntrantRecord]:
        """Every entrant, dropped ones too, in the order they joined."""
        return [EntrantRecord(r["user_id"], r["rating"], r["joined_at"], r["dropped_at"])
                for r in await self._all(
                    "SELECT * FROM entrants WHERE event_id = ? ORDER BY joined_at, user_id",
                    (event_id,))]

    # -- rounds and pairings ---------------------------------------------------------------

    async def open_round(self, event_id: int, number: int, deadline: float,
                         tables: Sequence[tuple[int, int | None, float | None]],
                         pods: Mapping[int, Sequence[int]] | None = None) -> bool:
        """Write round ``number`` and its tables (first, second or None for a bye, score;
        ``pods``: by table number, every seat of a table of 3–4), and mark the event running
        on it, in one transaction; only if its last round is ``number - 1``. False (nothing
        written) when another call opened it first."""
        now = self.clock()

        def write() -> Generator[Op, Any, bool]:
            if not (yield Fetch(
                    "UPDATE events SET round = ?, status = ? WHERE id = ? AND round = ? "
                    "AND status IN (?, ?) RETURNING id",
                    (number, RUNNING, event_id, number - 1, OPEN, RUNNING))):
                return False
            yield Count("INSERT INTO rounds (event_id, number, opened_at, deadline) "
                        "VALUES (?, ?, ?, ?)", (event_id, number, now, deadline))
            yield Many("INSERT INTO pairings (event_id, round, table_no, first_id, second_id, "
                       "score) VALUES (?, ?, ?, ?, ?, ?)",
                       [(event_id, number, table_no, first, second, score)
                        for table_no, (first, second, score) in enumerate(tables, 1)])
            if pods:
                yield Many("INSERT INTO pairing_seats (event_id, round, table_no, seat, "
                           "user_id) VALUES (?, ?, ?, ?, ?)",
                           [(event_id, number, table_no, seat, user)
                            for table_no, seats in sorted(pods.items())
                            for seat, user in enumerate(seats)])
            return True

        done: bool = await self._dialect.run(write, write=True)
        return done

    async def rounds(self, event_id: int) -> list[RoundRecord]:
        return [RoundRecord(r["number"], r["opened_at"], r["deadline"], r["closed_at"])
                for r in await self._all(
                    "SELECT * FROM rounds WHERE event_id = ? ORDER BY number", (event_id,))]

    async def close_round(self, event_id: int, number: int) -> bool:
        return await self._change(
            "UPDATE rounds SET closed_at = ? WHERE event_id = ? AND number = ? "
            "AND closed_at IS NULL RETURNING number", (self.clock(), event_id, number))

    async def pairings(self, event_id: int, number: int | None = None) -> list[PairingRecord]:
        """The event's pairings (of one round), by round and table, with their pods' seats."""
        where, params = "event_id = ?", [event_id]
        if number is not None:
            where, params = "event_id = ? AND round = ?", [event_id, number]
        seats: defaultdict[tuple[int, int], list[Row]] = defaultdict(list)
        for row in await self._all(f"SELECT * FROM pairing_seats WHERE {where} "
                                   "ORDER BY round, table_no, seat", params):
            seats[row["round"], row["table_no"]].append(row)
        return [_pairing(r, seats[r["round"], r["table_no"]]) for r in await self._all(
                    f"SELECT * FROM pairings WHERE {where} ORDER BY round, table_no", params)]

    async def link_match(self, event_id: int, number: int, table_no: int,
                         match_id: int) -> bool:
        """The match that plays a table, recorded once."""
        return await self._change(
            "UPDATE pairings SET match_id = ? WHERE event_id = ? AND round = ? "
            "AND table_no = ? AND match_id IS NULL RETURNING table_no",
            (match_id, event_id, number, table_no))

    async def record_score(self, event_id: int, number: int, table_no: int,
                           score: float, places: Sequence[int] = ()) -> bool:
        """A table's result, recorded once; a pod's ``places`` (by seat) with it."""

        def write() -> Generator[Op, Any, bool]:
            if not (yield Fetch(
                    "UPDATE pairings SET score = ? WHERE event_id = ? AND round = ? "
                    "AND table_no = ? AND score IS NULL RETURNING table_no",
                    (score, event_id, number, table_no))):
                return False
            if places:
                yield Many("UPDATE pairing_seats SET place = ? WHERE event_id = ? AND "
                           "round = ? AND table_no = ? AND seat = ?",
                           [(place, event_id, number, table_no, seat)
                            for seat, place in enumerate(places)])
            return True

        done: bool = await self._dialect.run(write, write=True)
        return done

    async def pairing_of_match(self, match_id: int) -> tuple[int, PairingRecord] | None:
        """The event and table a match plays, if it is an event's."""
        rows = await self._all("SELECT * FROM pairings WHERE match_id = ?", (match_id,))
        if not rows:
            return None
        row = rows[0]
        seats = await self._all("SELECT * FROM pairing_seats WHERE event_id = ? AND round = ? "
                                "AND table_no = ? ORDER BY seat",
                                (row["event_id"], row["round"], row["table_no"]))
        return row["event_id"], _pairing(row, seats)
