"""Rows to records and records to column values, shared by every backend.

Both drivers' rows (``sqlite3.Row``, ``asyncpg.Record``) are read by column name, so one
set of converters serves both and the backends cannot drift apart in what they return.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from bot.store.records import (
    FINISHED,
    ActionRecord,
    DeadlineRecord,
    DeckRecord,
    DeliveryRecord,
    GuildSettings,
    MatchRecord,
    MessageRecord,
    RatingRecord,
    ResultRecord,
    SeatClock,
    SeatRecord,
    UndoRequestRecord,
)

ENDS_UNDELIVERED_SQL = (
    "SELECT m.id FROM matches m WHERE m.status = '" + FINISHED + "' "
    "AND EXISTS (SELECT 1 FROM deliveries d WHERE d.match_id = m.id) "
    "AND (NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.match_id = m.id AND d.slot = 'end') "
    "OR (SELECT COUNT(*) FROM seats s WHERE s.match_id = m.id AND s.user_id IS NOT NULL) > "
    "(SELECT COUNT(*) FROM deliveries d WHERE d.match_id = m.id AND d.slot LIKE 'result:%')) "
    "ORDER BY m.id")
"""Finished matches whose end notices are not all recorded (``Store.ends_undelivered``)."""

NEXT_CLOCK_SQL = (
    "SELECT MIN(t) AS t FROM (SELECT MIN(next_at) AS t FROM deadlines WHERE held_at IS NULL "
    "UNION ALL SELECT MIN(away_until) AS t FROM seat_clocks WHERE away_until IS NOT NULL) "
    "AS soonest")
"""The soonest clock event of any match (both dialects; each side uses its partial index)."""


SEAT_COLUMNS = "seat, user_id, is_ai, ai_level, dm_ok, resigned"
"""A seat's columns after its match id, in the order ``seats_from_json`` reads them."""


class Row(Protocol):
    def __getitem__(self, key: str, /) -> Any: ...


def dumps(data: Any) -> str:
    """Compact, key-sorted JSON text: the same bytes for the same data on every backend."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def seats_from_json(text: str) -> tuple[SeatRecord, ...]:
    """A match's seats from the JSON list of ``[SEAT_COLUMNS…]`` lists the store reads with
    it (JSON booleans from PostgreSQL, 0 and 1 from SQLite), in seat order."""
    seats = (SeatRecord(seat, user_id, bool(is_ai), ai_level, bool(dm_ok), bool(resigned))
             for seat, user_id, is_ai, ai_level, dm_ok, resigned in json.loads(text))
    return tuple(sorted(seats, key=lambda s: s.seat))


def match_from_row(row: Row) -> MatchRecord:
    """A ``matches`` row read with its ``seat_rows`` (``seats_from_json``)."""
    return MatchRecord(
        id=row["id"], game=row["game"], status=row["status"],
        options=json.loads(row["options"]), seed=row["seed"], version=row["version"],
        state=row["state"], host_id=row["host_id"], guild_id=row["guild_id"],
        channel_id=row["channel_id"], thread_id=row["thread_id"],
        created_at=row["created_at"], updated_at=row["updated_at"],
        seats=seats_from_json(row["seat_rows"]),
        clock=json.loads(row["clock"]), paused_at=row["paused_at"],
        pause_votes=tuple(int(s) for s in json.loads(row["pause_votes"])),
        undo=bool(row["undo"]), lesson=bool(row["lesson"]), hints=row["hints"])


def action_from_row(row: Row) -> ActionRecord:
    return ActionRecord(row["seq"], row["seat"], row["user_id"], row["decision_id"],
                        json.loads(row["action"]), row["at"], bool(row["autopilot"]))


def result_from_row(row: Row) -> ResultRecord:
    return ResultRecord(tuple(float(x) for x in json.loads(row["scores"])),
                        tuple(int(x) for x in json.loads(row["placings"])),
                        row["reason"], row["detail"], row["finished_at"])


def message_from_row(row: Row) -> MessageRecord:
    return MessageRecord(row["match_id"], row["kind"], row["channel_id"], row["message_id"],
                         row["seat"], row["decision_id"])


def delivery_from_row(row: Row) -> DeliveryRecord:
    return DeliveryRecord(row["match_id"], row["slot"], row["channel_id"], row["message_id"],
                          row["shown"], row["picture"])


def deadline_from_row(row: Row) -> DeadlineRecord:
    return DeadlineRecord(row["match_id"], row["decision_id"], row["seat"], row["due_at"],
                          row["next_at"], row["stage"], row["held_at"])


def seat_clock_from_row(row: Row) -> SeatClock:
    return SeatClock(row["match_id"], row["seat"], row["autopilots"], row["away_since"],
                     row["away_until"], row["away_used"])


def guild_settings_from_row(row: Row) -> GuildSettings:
    return GuildSettings(row["guild_id"], bool(row["use_threads"]), row["clock_preset"],
                         tuple(int(c) for c in json.loads(row["allowed_channels"])),
                         row["clock_minutes"], row["away_days"], row["language"],
                         bool(row["hints_everywhere"]))


def rating_from_row(row: Row) -> RatingRecord:
    return RatingRecord(row["guild_id"], row["game"], row["user_id"], row["mu"], row["sigma"],
                        row["matches"])


def undo_request_from_row(row: Row) -> UndoRequestRecord:
    return UndoRequestRecord(row["match_id"], row["seat"], row["user_id"], row["version"],
                             tuple(int(u) for u in json.loads(row["accepted"])))


def deck_from_row(row: Row) -> DeckRecord:
    return DeckRecord(row["user_id"], row["game"], row["name"], row["code"], row["created_at"],
                      row["updated_at"])
