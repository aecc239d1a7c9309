"""The store contract, run on both backends: migrations, atomic moves, replay, reopening.

Every test here runs twice (``backend`` is SQLite, then PostgreSQL), so the two backends
cannot drift apart in what callers see.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.engine import Action, Rng, parse_options, play
from bot.engine.playout import replay
from bot.match import state_text
from bot.match.claims import Lease
from bot.store import (
    ActionRow,
    DamagedRecord,
    DeadlineRecord,
    DeliveryRecord,
    GuildSettings,
    MessageRecord,
    NewMatch,
    ResultRecord,
    SeatRecord,
    StoreError,
    VersionConflict,
)
from bot.store.schema import bundled_migrations
from tests.highcard import GAME
from tests.store.backends import (
    SCHEMA_VERSION,
    AnyStore,
    Backend,
    PostgresBackend,
    SqliteBackend,
)

TABLES = {"matches", "seats", "actions", "messages", "deadlines", "guild_settings", "results",
          "seat_clocks", "ratings", "rated_matches", "undo_requests", "user_decks", "deliveries",
          "dm_failures", "events", "entrants", "rounds", "pairings", "pairing_seats",
          "event_settings", "seasons", "season_ratings", "user_languages", "reviews",
          "claims", "hints"}


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


async def new_match(store: AnyStore, seed: int = 7, channel: int = 2,
                    users: tuple[int, int] = (10, 11)) -> int:
    record = await store.create_match(NewMatch(
        "highcard", {"rounds_to_win": 0}, seed, users[0], guild_id=1, channel_id=channel,
        seats=[SeatRecord(0, users[0]), SeatRecord(1, users[1])]))
    return record.id


def test_both_backends_ship_the_same_migration_numbers() -> None:
    sqlite = [n for n, _ in bundled_migrations(SqliteBackend.migrations_folder)]
    postgres = [n for n, _ in bundled_migrations(PostgresBackend.migrations_folder)]
    assert sqlite == postgres


async def test_both_backends_build_the_same_tables_and_columns(
        sqlite_backend: SqliteBackend, postgres_backend: PostgresBackend) -> None:
    for backend in (sqlite_backend, postgres_backend):
        async with backend.store():
            pass
    sqlite = await sqlite_backend.columns()
    assert set(sqlite) == TABLES
    assert await postgres_backend.columns() == sqlite


async def test_migrations_create_every_table_on_an_empty_database(backend: Backend) -> None:
    async with backend.store() as store:
        assert await store.schema_version() == len(backend.migrations) == SCHEMA_VERSION
    assert set(await backend.columns()) >= TABLES
    assert await backend.recorded_version() == SCHEMA_VERSION


async def test_migrating_an_already_migrated_database_changes_nothing(
        backend: Backend) -> None:
    async with backend.store() as store:
        match_id = await new_match(store)
    async with backend.store() as store:
        assert await store.schema_version() == SCHEMA_VERSION
        record = await store.get_match(match_id)
        assert record is not None and record.game == "highcard"


async def test_a_failing_migration_is_rolled_back_whole(backend: Backend) -> None:
    broken = [*backend.migrations,
              (SCHEMA_VERSION + 1,
               "CREATE TABLE half_done (x INTEGER);\nINSERT INTO no_such_table VALUES (1);")]
    with pytest.raises(StoreError, match=f"migration {SCHEMA_VERSION + 1:04d} failed"):
        await backend.store(migrations=broken).open()
    tables = set(await backend.columns())
    assert "half_done" not in tables and tables >= TABLES
    assert await backend.recorded_version() == SCHEMA_VERSION


async def test_a_database_newer_than_the_code_is_refused(backend: Backend) -> None:
    await backend.pretend_version(99)
    with pytest.raises(StoreError, match="schema 99, newer"):
        await backend.store().open()


async def test_foreign_keys_are_enforced(backend: Backend) -> None:
    async with backend.store() as store:
        with pytest.raises(StoreError, match=r"(?i)foreign key"):
            await store.put_message(MessageRecord(999, "board", 1, 2))


async def test_commit_move_with_a_stale_version_writes_nothing(backend: Backend) -> None:
    async with backend.store() as store:
        match_id = await new_match(store)
        version = await store.start_match(match_id, 0, '{"s":0}')
        version = await store.commit_move(match_id, version, '{"s":1}',
                                          ActionRow(0, 10, "d1", {"x": 1}))
        with pytest.raises(VersionConflict):
            await store.commit_move(match_id, version - 1, '{"s":"lost"}',
                                    ActionRow(1, 11, "d2", {"x": 2}),
                                    ResultRecord((1.0, 0.0), (1, 2)))
        record = await store.get_match(match_id)
        assert record is not None
        assert (record.version, record.state, record.status) == (version, '{"s":1}', "active")
        assert [a.decision_id for a in await store.actions(match_id)] == ["d1"]
        assert await store.get_result(match_id) is None


async def test_two_processes_racing_on_one_version_apply_exactly_one_move(
        backend: Backend) -> None:
    """Two stores on one database stand for two bot processes; the CAS picks one winner."""
    async with backend.store() as first, backend.store() as second:
        match_id = await new_match(first)
        version = await first.start_match(match_id, 0, '{"s":0}')
        for turn in range(10):
            outcomes = await asyncio.gather(
                first.commit_move(match_id, version, f'{{"by":"first","turn":{turn}}}',
                                  ActionRow(0, 10, f"d{turn}", {"by": "first"})),
                second.commit_move(match_id, version, f'{{"by":"second","turn":{turn}}}',
                                   ActionRow(1, 11, f"d{turn}", {"by": "second"})),
                return_exceptions=True)
            wins = [o for o in outcomes if isinstance(o, int)]
            assert wins == [version + 1], outcomes
            assert sum(isinstance(o, VersionConflict) for o in outcomes) == 1, outcomes
            version += 1
            winner = "first" if outcomes[0] == version else "second"
            record = await second.get_match(match_id)
            assert record is not None and record.state is not None
            assert (record.version, winner in record.state) == (version, True)
        log = await first.actions(match_id)
        assert [a.seq for a in log] == list(range(1, 11))
        assert [a.decision_id for a in log] == [f"d{t}" for t in range(10)]


async def test_a_failure_inside_the_transaction_leaves_the_previous_version(
        backend: Backend) -> None:
    async with backend.store() as store:
        match_id = await new_match(store)
        version = await store.start_match(match_id, 0, '{"s":0}')
        # The snapshot UPDATE succeeds first; then the log INSERT fails mid-transaction.
        await backend.execute(backend.fail_inserts_sql("actions"))
        with pytest.raises(StoreError, match="injected failure"):
            await store.commit_move(match_id, version, '{"s":1}', ActionRow(0, 10, "d", {}))
        record = await store.get_match(match_id)
        assert record is not None and (record.version, record.state) == (version, '{"s":0}')
        assert await store.actions(match_id) == []
        await backend.execute(backend.allow_inserts_sql("actions"))
        assert await store.commit_move(match_id, version, '{"s":1}',
                                       ActionRow(0, 10, "d", {})) == version + 1


async def test_the_action_log_is_append_only(backend: Backend) -> None:
    async with backend.store() as store:
        match_id = await new_match(store)
        version = await store.start_match(match_id, 0, "{}")
        await store.commit_move(match_id, version, "{}", ActionRow(0, 10, "d", {}))
    for sql in ("UPDATE actions SET seat = 1", "DELETE FROM actions"):
        with pytest.raises(backend.driver_error, match="append-only"):
            await backend.execute(sql)
    async with backend.store() as store:
        assert len(await store.actions(match_id)) == 1


async def test_replaying_the_stored_log_reproduces_the_snapshot(backend: Backend) -> None:
    options = parse_options(GAME.options, {})
    async with backend.store() as store:
        match_id = await new_match(store, seed=31)
        state = GAME.setup(2, options, 31)
        version = await store.start_match(match_id, 0, state_text(GAME, state))
        rng = Rng(5)
        while GAME.result(state) is None:
            decision = GAME.pending(state)[-1]
            action = GAME.ai_choose("random", GAME.view(state, decision.player), decision, rng)
            state, _ = play(GAME, state, decision.player, action)
            version = await store.commit_move(
                match_id, version, state_text(GAME, state),
                ActionRow(decision.player, None, action.decision, action.to_json()))
    async with backend.store() as store:  # a fresh connection reads only the database
        record = await store.get_match(match_id)
        log = await store.actions(match_id)
    assert record is not None and record.state is not None
    assert [a.seq for a in log] == list(range(1, 11))
    again = replay(GAME, 2, record.options, record.seed,
                   [(a.seat, Action.from_json(a.action)) for a in log])
    assert state_text(GAME, again).encode() == record.state.encode()


async def test_reopening_the_database_sees_everything(backend: Backend) -> None:
    clock = FakeClock()
    async with backend.store(clock=clock) as store:
        match_id = await new_match(store)
        version = await store.start_match(match_id, 0, '{"a":1}')
        await store.set_dm_ok(11, False)
        await store.commit_move(match_id, version, '{"a":2}', ActionRow(1, 11, "d", {"k": 1}),
                                ResultRecord((2.0, 3.0), (2, 1), "normal", "close"))
        await store.put_message(MessageRecord(match_id, "board", 55, 66, None, "d"))
        await store.put_deadline(DeadlineRecord(match_id, "d2", 1, 5000.0, 2500.0))
        await store.put_guild_settings(GuildSettings(1, False, "live", (5, 6)))
        await store.set_thread(match_id, 77)
        await store.set_dm_ok(11, True)  # the match is over: its seats are left alone
    async with backend.store(clock=clock) as store:
        record = await store.get_match(match_id)
        assert record is not None
        assert (record.status, record.version, record.state) == ("finished", 2, '{"a":2}')
        assert (record.thread_id, record.guild_id, record.channel_id) == (77, 1, 2)
        assert record.created_at == 1001.0
        assert record.options == {"rounds_to_win": 0} and record.seed == 7
        assert [s.dm_ok for s in record.seats] == [True, False]
        (action,) = await store.actions(match_id)
        assert (action.seat, action.user_id, action.action) == (1, 11, {"k": 1})
        result = await store.get_result(match_id)
        assert result is not None
        assert (result.scores, result.placings, result.detail) == ((2.0, 3.0), (2, 1), "close")
        assert await store.messages(match_id, "board") == [
            MessageRecord(match_id, "board", 55, 66, None, "d")]
        assert await store.due_deadlines(2499.0) == []
        assert [d.decision_id for d in await store.due_deadlines(2500.0)] == ["d2"]
        assert await store.get_guild_settings(1) == GuildSettings(1, False, "live", (5, 6))
        assert await store.get_guild_settings(2) == GuildSettings(2)


async def test_lobby_seats_and_queries(backend: Backend) -> None:
    async with backend.store(clock=FakeClock()) as store:
        first = await new_match(store)
        second = await new_match(store)
        third = await new_match(store, channel=3, users=(12, 10))
        version = await store.save_lobby(second, 0, [SeatRecord(0, 11), SeatRecord(
            1, None, is_ai=True, ai_level="normal")])
        assert version == 1
        with pytest.raises(VersionConflict):
            await store.save_lobby(second, 0, [])
        record = await store.get_match(second)
        assert record is not None
        assert [(s.user_id, s.is_ai, s.ai_level) for s in record.seats] == [
            (11, False, None), (None, True, "normal")]
        assert [m.id for m in await store.matches_of_user(10, ["lobby"])] == [third, first]
        await store.start_match(first, 0, "{}")
        assert [m.id for m in await store.matches_of_user(10, ["lobby"])] == [third]
        assert [m.id for m in await store.matches_of_user(10, ["lobby", "active"])] == [
            first, third]
        assert [m.id for m in await store.matches_in_channel(2, ["lobby"])] == [second]
        assert [m.id for m in await store.matches_in_channel(2, ["active", "lobby"])] == [
            first, second]
        assert await store.matches_in_channel(3, ["active"]) == []
        await store.set_thread(third, 99)
        assert [m.id for m in await store.matches_in_channel(99, ["lobby"])] == [third]
        assert await store.get_match(12345) is None


async def test_snowflakes_and_63_bit_seeds_round_trip(backend: Backend) -> None:
    snowflake, seed = 1_234_567_890_123_456_789, 2**63 - 1
    async with backend.store() as store:
        created = await store.create_match(NewMatch(
            "highcard", {"rounds_to_win": 3}, seed, snowflake, guild_id=snowflake + 1,
            channel_id=snowflake + 2, thread_id=snowflake + 3,
            seats=[SeatRecord(0, snowflake), SeatRecord(1, snowflake + 4)]))
        await store.put_message(MessageRecord(created.id, "board", snowflake + 2, snowflake + 5))
        assert await store.matches_of_user(snowflake + 4, ["lobby"]) == [created]
    async with backend.store() as store:
        record = await store.get_match(created.id)
        assert record == created and record.seed == seed
        assert [s.user_id for s in record.seats] == [snowflake, snowflake + 4]
        (message,) = await store.messages(created.id)
        assert message.message_id == snowflake + 5


async def test_update_and_close_use_the_version_check(backend: Backend) -> None:
    async with backend.store() as store:
        match_id = await new_match(store)
        version = await store.start_match(match_id, 0, "{}")
        gone = SeatRecord(1, 11, is_ai=True, ai_level="normal", resigned=True)
        with pytest.raises(VersionConflict):
            await store.update_seat(match_id, version + 5, gone)
        with pytest.raises(StoreError, match="no seat 9"):
            await store.update_seat(match_id, version, SeatRecord(9, 11))
        version = await store.update_seat(match_id, version, gone)
        with pytest.raises(StoreError, match="cannot close"):
            await store.close_match(match_id, version, "active")
        with pytest.raises(VersionConflict):
            await store.close_match(match_id, version - 1, "cancelled")
        await store.close_match(match_id, version, "finished",
                                ResultRecord((0.0, 1.0), (2, 1), "resigned"))
        record = await store.get_match(match_id)
        assert record is not None and (record.status, record.version) == ("finished", 3)
        assert record.seats[1] == gone
        result = await store.get_result(match_id)
        assert result is not None and result.reason == "resigned"


async def test_writing_a_row_again_replaces_it(backend: Backend) -> None:
    async with backend.store(clock=FakeClock()) as store:
        match_id = await new_match(store)
        await store.put_message(MessageRecord(match_id, "prompt", 5, 40, 0, "d1"))
        await store.put_message(MessageRecord(match_id, "board", 5, 41))
        await store.put_message(MessageRecord(match_id, "hand", 6, 40, 1, "d2"))
        assert await store.messages(match_id) == [
            MessageRecord(match_id, "board", 5, 41),
            MessageRecord(match_id, "hand", 6, 40, 1, "d2")]
        await store.put_deadline(DeadlineRecord(match_id, "d1", 0, 100.0, 50.0))
        await store.put_deadline(DeadlineRecord(match_id, "d1", 0, 100.0, 90.0, 1))
        await store.put_deadline(DeadlineRecord(match_id, "d1", 1, 100.0, 70.0))
        await store.put_deadline(DeadlineRecord(match_id, "d2", 0, 200.0, 60.0))
        assert [(d.seat, d.next_at, d.stage) for d in await store.due_deadlines(100.0)] == [
            (0, 60.0, 0), (1, 70.0, 0), (0, 90.0, 1)]
        await store.delete_deadlines(match_id, "d1")
        assert [d.decision_id for d in await store.due_deadlines(1e9)] == ["d2"]
        await store.delete_deadlines(match_id)
        assert await store.due_deadlines(1e9) == []
        await store.put_guild_settings(GuildSettings(1, False, "live", (5,)))
        await store.put_guild_settings(GuildSettings(1, True, "async", ()))
        assert await store.get_guild_settings(1) == GuildSettings(1, True, "async", ())


async def test_using_a_closed_store_is_a_clear_error(backend: Backend) -> None:
    store = backend.store()
    with pytest.raises(StoreError, match="not open"):
        await store.get_match(1)
    async with store:
        await new_match(store)
    with pytest.raises(StoreError, match="not open"):
        await store.get_match(1)


async def test_a_delivery_slot_holds_one_message_and_what_it_shows(backend: Backend) -> None:
    async with backend.store(clock=FakeClock()) as store:
        match_id = await new_match(store)
        other = await new_match(store)
        await store.put_delivery(DeliveryRecord(match_id, "turn", 5, 40, '{"turn": 1}'))
        await store.put_delivery(DeliveryRecord(match_id, "prompt:0", 6, 41, '{"window": "1"}'))
        await store.put_delivery(DeliveryRecord(other, "turn", 7, 50))
        # The turn's post is replaced by the next turn's: one row per slot.
        await store.put_delivery(DeliveryRecord(match_id, "turn", 5, 42, '{"turn": 2}'))
        assert await store.deliveries(match_id) == [
            DeliveryRecord(match_id, "prompt:0", 6, 41, '{"window": "1"}'),
            DeliveryRecord(match_id, "turn", 5, 42, '{"turn": 2}')]
        assert await store.deliveries(other) == [DeliveryRecord(other, "turn", 7, 50, "{}")]
        assert await store.deliveries(999_999) == []


async def finished(store: AnyStore, seats: tuple[SeatRecord, ...]) -> int:
    record = await store.create_match(NewMatch("highcard", {"rounds_to_win": 0}, 7, 10,
                                               guild_id=1, channel_id=2, seats=seats))
    version = await store.start_match(record.id, 0, "{}")
    await store.close_match(record.id, version, "finished",
                            ResultRecord((1.0, 0.0), (1, 2)))
    return record.id


async def test_finished_matches_with_end_notices_unrecorded_are_found(backend: Backend) -> None:
    people = (SeatRecord(0, 10), SeatRecord(1, 11))
    with_ai = (SeatRecord(0, 10), SeatRecord(1, None, is_ai=True, ai_level="normal"))
    async with backend.store() as store:
        older = await finished(store, people)  # ended before delivery kept slots
        announced = await finished(store, people)
        no_post = await finished(store, people)
        one_dm = await finished(store, people)
        against_ai = await finished(store, with_ai)
        running = await new_match(store)
        await store.start_match(running, 0, "{}")
        for match_id in (announced, no_post, one_dm, against_ai, running):
            await store.put_delivery(DeliveryRecord(match_id, "turn", 5, 40))
        for match_id in (announced, one_dm, against_ai):
            await store.put_delivery(DeliveryRecord(match_id, "end", 5, 41))
        for slot in ("result:0", "result:1"):
            await store.put_delivery(DeliveryRecord(announced, slot, 6, 42))
            await store.put_delivery(DeliveryRecord(no_post, slot, 6, 42))
        await store.put_delivery(DeliveryRecord(one_dm, "result:1", 6, 43))
        await store.put_delivery(DeliveryRecord(against_ai, "result:0", 0, 0))
        assert older and await store.ends_undelivered() == [no_post, one_dm]


async def test_a_failed_dm_is_remembered_until_one_gets_through(backend: Backend) -> None:
    async with backend.store() as store:
        assert await store.dms_failed_at(10) is None
        await store.set_dms_failed(10, 1000.5)
        await store.set_dms_failed(11, 1001.0)
        await store.set_dms_failed(10, 1700.0)  # failed again later: the later time counts
        assert (await store.dms_failed_at(10), await store.dms_failed_at(11)) == (1700.0, 1001.0)
        await store.set_dms_failed(10, None)
        await store.set_dms_failed(12, None)  # never failed: nothing to forget
        assert (await store.dms_failed_at(10), await store.dms_failed_at(11)) == (None, 1001.0)


async def test_a_review_is_kept_per_seat_and_replaced_when_computed_again(
        backend: Backend) -> None:
    async with backend.store() as store:
        match_id = await new_match(store)
        assert await store.get_review(match_id, 0) is None
        await store.put_review(match_id, 0, '{"moments": []}')
        await store.put_review(match_id, 1, '{"moments": [1]}')
        await store.put_review(match_id, 0, '{"moments": [2]}')
        assert (await store.get_review(match_id, 0), await store.get_review(match_id, 1)) == (
            '{"moments": [2]}', '{"moments": [1]}')


class SetClock:
    """A clock that stands still until a test moves it."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_work_is_claimed_by_one_process_at_a_time_until_its_claim_lapses(
        backend: Backend) -> None:
    """Two stores on one database stand for two processes serving one bot."""
    clock = SetClock()
    async with backend.store(clock) as first, backend.store(clock) as second:
        match_id = await new_match(first)
        assert await first.claim_work(match_id, 0, "review", "a", 60)
        assert not await second.claim_work(match_id, 0, "review", "b", 60)
        assert await second.claim_work(match_id, 1, "review", "b", 60)  # another seat's
        assert await second.claim_work(match_id, 0, "hint 3.x", "b", 60)  # other work
        assert not await first.claim_work(match_id, 0, "hint 3.x", "a", 60)
        clock.now += 30
        assert await first.claim_work(match_id, 0, "review", "a", 60)  # renewed, to 1090
        clock.now += 59
        assert not await second.claim_work(match_id, 0, "review", "b", 60)
        clock.now += 1  # a's process died: its claim lapsed
        assert await second.claim_work(match_id, 0, "review", "b", 60)
        await first.release_work(match_id, 0, "review", "a")  # too late: the claim is b's
        assert not await first.claim_work(match_id, 0, "review", "a", 60)
        await second.release_work(match_id, 0, "review", "b")
        assert await first.claim_work(match_id, 0, "review", "a", 60)


async def test_work_claimed_at_once_from_two_processes_goes_to_one(backend: Backend) -> None:
    async with backend.store() as first, backend.store() as second:
        match_id = await new_match(first)
        for seat, work in [(0, "review"), (1, "review"), (0, "hint 3.x")]:
            won = await asyncio.gather(*(store.claim_work(match_id, seat, work, f"{n}", 60)
                                         for n, store in enumerate([first, second] * 4)))
            assert sorted(won) == [False] * 7 + [True]


async def test_a_match_is_delivered_by_one_process_at_a_time(backend: Backend) -> None:
    """Two stores on one database stand for two processes; a process's tasks share its
    lease, and the other process goes on once the last of them let go."""
    async with backend.store() as first_store, backend.store() as second_store:
        match_id, other = await new_match(first_store), await new_match(first_store)
        first = Lease(first_store, "delivery", poll=0.01)
        second = Lease(second_store, "delivery", poll=0.01)
        inside = asyncio.Event()

        async def deliver() -> None:
            async with second.hold(match_id):
                inside.set()

        async with first.hold(match_id):
            async with first.hold(match_id):  # a press answered meanwhile: the same hold
                waiting = asyncio.create_task(deliver())
                async with second.hold(other):  # another match: no wait
                    pass
                await asyncio.sleep(0.1)
                assert not inside.is_set(), "the other process waits"
            await asyncio.sleep(0.1)
            assert not inside.is_set(), "while any task of the first process holds it"
        await asyncio.wait_for(waiting, 5)
        assert inside.is_set()
        async with first.hold(match_id):  # and let go again
            pass


async def test_a_lease_lapses_when_its_process_died(backend: Backend) -> None:
    clock = SetClock()
    async with backend.store(clock) as first_store, backend.store(clock) as second_store:
        match_id = await new_match(first_store)
        dead = Lease(first_store, "delivery", seconds=30)
        held = dead.hold(match_id)  # kept, never let go: the process died holding it
        await held.__aenter__()
        alive = Lease(second_store, "delivery", seconds=30, poll=0.01)
        taking = alive.hold(match_id)
        taken = asyncio.create_task(taking.__aenter__())
        await asyncio.sleep(0.1)
        assert not taken.done()
        clock.now += 30
        await asyncio.wait_for(taken, 5)


async def test_a_damaged_match_row_is_named_and_left_out_of_lists(backend: Backend) -> None:
    async with backend.store() as store:
        damaged, sound = await new_match(store), await new_match(store)
        await store.set_thread(damaged, 77)
        await backend.execute(f"UPDATE matches SET options = '{{\"rounds' WHERE id = {damaged}")
        with pytest.raises(DamagedRecord) as info:
            await store.get_match(damaged)
        assert (info.value.match_id, info.value.guild_id, info.value.channel_id) == (
            damaged, 1, 77)
        assert [m.id for m in await store.matches_of_user(10, ["lobby"])] == [sound]
        assert [m.id for m in await store.matches_in_channel(2, ["lobby"])] == [sound]
        assert (await store.get_match(sound)) is not None
