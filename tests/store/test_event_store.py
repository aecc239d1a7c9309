"""Event rows in the store, on both backends: entry rules held by the SQL itself, rounds
written whole and once, results recorded once."""

from __future__ import annotations

from dataclasses import replace

from bot.events import ai_entrant
from bot.store import NewMatch, SeatRecord
from bot.store.events import CANCELLED, OPEN, RUNNING, EventStore, NewEvent
from tests.store.backends import Backend
from tests.store.test_store import FakeClock


def new_event(max_players: int = 4) -> NewEvent:
    return NewEvent(guild_id=1, channel_id=2, organiser_id=10, game="zura", format="swiss",
                    rounds=3, max_players=max_players, round_seconds=86400.0,
                    clock={"preset": "async"}, starts_at=5000.0)


async def test_an_event_is_created_and_read_back(backend: Backend) -> None:
    async with backend.store(clock=FakeClock()) as store:
        events = EventStore(store)
        made = await events.create_event(new_event())
        got = await events.get_event(made.id)
        assert got == made
        assert (got.status, got.round, got.clock, got.starts_at) == (
            OPEN, 0, {"preset": "async"}, 5000.0)
        assert [e.id for e in await events.events([OPEN], guild_id=1)] == [made.id]
        assert await events.events([OPEN], guild_id=2) == []
        assert await events.get_event(made.id + 1) is None


async def test_joining_twice_a_full_or_a_started_event_writes_nothing(backend: Backend) -> None:
    async with backend.store(clock=FakeClock()) as store:
        events = EventStore(store)
        event = await events.create_event(new_event(max_players=2))
        assert await events.add_entrant(event.id, 100, 1500.0)
        assert not await events.add_entrant(event.id, 100, 1500.0)
        assert await events.add_entrant(event.id, 101, 1400.0)
        assert not await events.add_entrant(event.id, 102, 1300.0), "the event is full"
        assert [e.user_id for e in await events.entrants(event.id)] == [100, 101]
        assert await events.remove_entrant(event.id, 101)
        assert await events.set_status(event.id, [OPEN], RUNNING)
        assert not await events.add_entrant(event.id, 103, 1300.0), "the event started"
        assert not await events.remove_entrant(event.id, 100)
        assert await events.drop_entrant(event.id, 100)
        assert not await events.drop_entrant(event.id, 100)
        (entrant,) = await events.entrants(event.id)
        assert entrant.dropped_at is not None
        assert not await events.set_status(event.id, [OPEN], CANCELLED)


async def test_ai_entrants_are_numbered_on_and_fill_only_the_room_left(
        backend: Backend) -> None:
    async with backend.store(clock=FakeClock()) as store:
        events = EventStore(store)
        event = await events.create_event(new_event(max_players=5))
        assert await events.add_entrant(event.id, 100, 1500.0)
        assert await events.add_ai_entrants(event.id, 1, 1) == [ai_entrant(1, 1)]
        assert await events.add_ai_entrants(event.id, 2, 9) == [ai_entrant(2, 2),
                                                                ai_entrant(3, 2),
                                                                ai_entrant(4, 2)], "the room"
        assert await events.add_ai_entrants(event.id, 1) == [], "full"
        assert len(await events.entrants(event.id)) == 5
        other = await events.create_event(new_event(max_players=3))
        assert await events.add_ai_entrants(other.id, 0) == [ai_entrant(1, 0),
                                                             ai_entrant(2, 0),
                                                             ai_entrant(3, 0)]
        started = await events.create_event(new_event(max_players=3))
        assert await events.set_status(started.id, [OPEN], RUNNING)
        assert await events.add_ai_entrants(started.id, 1) == [], "the event started"
        assert await events.entrants(started.id) == []


async def test_a_round_is_opened_once_whole(backend: Backend) -> None:
    async with backend.store(clock=FakeClock()) as store:
        events = EventStore(store)
        event = await events.create_event(new_event())
        tables = [(100, 101, None), (102, None, 1.0)]
        assert await events.open_round(event.id, 1, 9000.0, tables)
        assert not await events.open_round(event.id, 1, 9000.0, tables), "opened twice"
        assert not await events.open_round(event.id, 3, 9000.0, tables), "a round skipped"
        pairings = await events.pairings(event.id)
        assert [(p.round, p.table_no, p.first_id, p.second_id, p.score) for p in pairings] == [
            (1, 1, 100, 101, None), (1, 2, 102, None, 1.0)]
        got = await events.get_event(event.id)
        assert got is not None and (got.status, got.round) == (RUNNING, 1)
        (opened,) = await events.rounds(event.id)
        assert (opened.number, opened.deadline, opened.closed_at) == (1, 9000.0, None)
        assert await events.close_round(event.id, 1)
        assert not await events.close_round(event.id, 1)


async def test_a_table_links_one_match_and_takes_one_result(backend: Backend) -> None:
    async with backend.store(clock=FakeClock()) as store:
        match = await store.create_match(NewMatch("zura", {}, 1, 100, 1, 2, None,
                                                  (SeatRecord(0, 100), SeatRecord(1, 101))))
        events = EventStore(store)
        event = await events.create_event(new_event())
        await events.open_round(event.id, 1, 9000.0, [(100, 101, None)])
        assert not await store.in_event(match.id)
        assert await events.link_match(event.id, 1, 1, match.id)
        assert await store.in_event(match.id) and not await store.in_event(match.id + 1)
        assert not await events.link_match(event.id, 1, 1, match.id + 1)
        found = await events.pairing_of_match(match.id)
        assert found is not None and found[0] == event.id and found[1].match_id == match.id
        assert await events.pairing_of_match(match.id + 1) is None
        assert await events.record_score(event.id, 1, 1, 0.5)
        assert not await events.record_score(event.id, 1, 1, 1.0)
        (pairing,) = await events.pairings(event.id, 1)
        assert pairing.score == 0.5


async def test_events_due_are_those_starting_or_past_their_round_deadline(
        backend: Backend) -> None:
    async with backend.store(clock=FakeClock()) as store:
        events = EventStore(store)
        starting = await events.create_event(new_event())  # starts_at 5000
        unscheduled = await events.create_event(replace(new_event(), starts_at=None))
        running = await events.create_event(new_event())
        await events.open_round(running.id, 1, 9000.0, [(100, 101, None)])
        assert [e.id for e in await events.events_due(4999.0)] == []
        assert [e.id for e in await events.events_due(5000.0)] == [starting.id]
        assert [e.id for e in await events.events_due(9000.0)] == [starting.id, running.id]
        await events.close_round(running.id, 1)
        assert [e.id for e in await events.events_due(9000.0)] == [starting.id]
        assert unscheduled.id not in [e.id for e in await events.events_due(1e12)]


async def test_a_server_sets_and_clears_its_organiser_role(backend: Backend) -> None:
    async with backend.store(clock=FakeClock()) as store:
        events = EventStore(store)
        assert await events.organiser_role(1) is None
        await events.set_organiser_role(1, 555)
        await events.set_organiser_role(1, 556)
        assert (await events.organiser_role(1), await events.organiser_role(2)) == (556, None)
        await events.set_organiser_role(1, None)
        assert await events.organiser_role(1) is None


async def test_a_pod_keeps_its_seats_and_places(backend: Backend) -> None:
    async with backend.store(clock=FakeClock()) as store:
        events = EventStore(store)
        event = await events.create_event(replace(new_event(), format="round_robin",
                                                  table_size=3))
        assert event.table_size == 3
        pod = (100, 101, 102)
        assert await events.open_round(event.id, 1, 9000.0,
                                       [(100, 101, None), (103, None, 1.0)], {1: pod})
        first, bye = await events.pairings(event.id, 1)
        assert (first.seats, first.places, first.players()) == (pod, (), pod)
        assert (bye.seats, bye.players()) == ((), (103,))
        assert await events.record_score(event.id, 1, 1, 0.0, (3, 1, 2))
        assert not await events.record_score(event.id, 1, 1, 1.0, (1, 2, 3)), "twice"
        (first, _) = await events.pairings(event.id)
        assert (first.score, first.places) == (0.0, (3, 1, 2))
