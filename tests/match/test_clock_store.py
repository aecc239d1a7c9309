"""The clock's part of the store contract, on both backends (SQLite, then PostgreSQL)."""

from __future__ import annotations

from bot.engine import Action
from bot.store import (
    ActionRow,
    DeadlineRecord,
    GuildSettings,
    NewMatch,
    SeatClock,
    SeatRecord,
)
from tests.store.backends import Backend
from tests.store.conftest import backend, pg_cluster, postgres_backend, sqlite_backend

__all__ = ["backend", "pg_cluster", "postgres_backend", "sqlite_backend"]

CLOCK = {"preset": "live", "seconds": 120, "absent": "ai", "autopilots": 3}


async def test_a_match_keeps_its_clock_and_pause_state(backend: Backend) -> None:
    async with backend.store() as store:
        timed = await store.create_match(NewMatch("highcard", {}, 1, 10, seats=[SeatRecord(0, 10)],
                                                  clock=CLOCK))
        untimed = await store.create_match(NewMatch("highcard", {}, 2, 10))
        assert (timed.clock, timed.paused_at, timed.pause_votes) == (CLOCK, None, ())
        assert untimed.clock == {}
        await store.set_pause(timed.id, None, [1, 0])
        voted = await store.get_match(timed.id)
        assert voted is not None and voted.pause_votes == (0, 1) and voted.paused_at is None
        await store.set_pause(timed.id, 500.0, [])
        paused = await store.get_match(timed.id)
        assert paused is not None and (paused.paused_at, paused.pause_votes) == (500.0, ())
        assert paused.version == timed.version, "pausing is not a move"
        await store.start_match(timed.id, timed.version, "{}")
        assert await store.match_ids("active") == [timed.id]
        assert await store.match_ids("lobby") == [untimed.id]


async def test_autopilot_moves_are_marked_in_the_log(backend: Backend) -> None:
    async with backend.store() as store:
        record = await store.create_match(NewMatch("highcard", {}, 1, 10,
                                                   seats=[SeatRecord(0, 10), SeatRecord(1, 11)]))
        version = await store.start_match(record.id, record.version, "{}")
        move = Action("d1", ("3",)).to_json()
        version = await store.commit_move(record.id, version, "{}", ActionRow(0, 10, "d1", move))
        await store.commit_move(record.id, version, "{}", ActionRow(1, None, "d2", move, True))
        assert [(a.user_id, a.autopilot) for a in await store.actions(record.id)] == [
            (10, False), (None, True)]
        found = await store.find_action(record.id, 1, "d2")
        assert found is not None and found.autopilot


async def test_deadlines_are_saved_held_released_and_climbed_once(backend: Backend) -> None:
    async with backend.store() as store:
        one = (await store.create_match(NewMatch("highcard", {}, 1, 10))).id
        two = (await store.create_match(NewMatch("highcard", {}, 2, 10))).id
        a = DeadlineRecord(one, "d1", 0, 200.0, 150.0)
        b = DeadlineRecord(one, "d1", 1, 300.0, 250.0, held_at=120.0)
        c = DeadlineRecord(two, "e1", 0, 100.0, 50.0)
        await store.save_deadlines(one, [a, b], [])
        await store.save_deadlines(two, [c], [])
        assert await store.deadlines_of([one, two]) == [c, a, b]
        assert await store.deadlines_of([]) == []
        assert await store.due_deadlines(1000.0) == [c, a], "a held clock never wakes"
        climbed = DeadlineRecord(one, "d1", 0, 200.0, 180.0, 1)
        assert await store.advance_deadline(climbed, 0)
        assert not await store.advance_deadline(DeadlineRecord(one, "d1", 0, 200.0, 190.0, 1), 0)
        assert not await store.advance_deadline(DeadlineRecord(one, "zz", 0, 1.0, 1.0, 1), 0)
        await store.save_deadlines(one, [DeadlineRecord(one, "d2", 0, 400.0, 350.0)],
                                   [("d1", 1)])
        assert [(d.decision_id, d.seat, d.next_at, d.stage) for d in
                await store.deadlines_of([one])] == [("d1", 0, 180.0, 1), ("d2", 0, 350.0, 0)]


async def test_seat_clocks_and_time_away_ending(backend: Backend) -> None:
    async with backend.store() as store:
        match_id = (await store.create_match(NewMatch("highcard", {}, 1, 10))).id
        await store.put_seat_clock(SeatClock(match_id, 1, autopilots=2))
        await store.put_seat_clock(SeatClock(match_id, 0, 0, 100.0, 400.0, 50.0))
        assert await store.seat_clocks(match_id) == [SeatClock(match_id, 0, 0, 100.0, 400.0, 50.0),
                                                     SeatClock(match_id, 1, autopilots=2)]
        assert await store.due_away_ends(399.0) == []
        assert [s.seat for s in await store.due_away_ends(400.0)] == [0]
        await store.put_seat_clock(SeatClock(match_id, 0, 0, None, None, 350.0))
        assert await store.due_away_ends(1e9) == []


async def test_server_clock_defaults_round_trip(backend: Backend) -> None:
    async with backend.store() as store:
        assert await store.get_guild_settings(7) == GuildSettings(7)
        custom = GuildSettings(7, True, "custom", (), clock_minutes=90, away_days=3)
        await store.put_guild_settings(custom)
        assert await store.get_guild_settings(7) == custom


async def test_the_next_clock_time_is_the_soonest_running_rung_or_end_of_time_away(
        backend: Backend) -> None:
    async with backend.store() as store:
        assert await store.next_clock_at() is None
        one = (await store.create_match(NewMatch("highcard", {}, 1, 10))).id
        await store.save_deadlines(one, [DeadlineRecord(one, "d1", 0, 200.0, 150.0),
                                         DeadlineRecord(one, "d1", 1, 90.0, 60.0, held_at=50.0)],
                                   [])
        assert await store.next_clock_at() == 150.0, "a held clock never wakes the scheduler"
        await store.put_seat_clock(SeatClock(one, 1, 0, 40.0, 120.0))
        assert await store.next_clock_at() == 120.0
        await store.put_seat_clock(SeatClock(one, 1, 0, None, None, 80.0))
        await store.delete_deadlines(one)
        assert await store.next_clock_at() is None
