"""The SQLite store on real temporary files: migrations, atomic moves, replay, reopening."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.engine import Action, Rng, parse_options, play
from bot.engine.playout import replay
from bot.match import state_text
from bot.store import (
    ActionRow,
    DeadlineRecord,
    GuildSettings,
    MessageRecord,
    NewMatch,
    ResultRecord,
    SeatRecord,
    SqliteStore,
    StoreError,
    VersionConflict,
)
from bot.store.schema import bundled_migrations
from tests.highcard import GAME

TABLES = {"matches", "seats", "actions", "messages", "deadlines", "guild_settings", "results"}


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def raw(path: Path) -> sqlite3.Connection:
    """A second, plain connection to look at the file from outside the store."""
    return sqlite3.connect(path, isolation_level=None)


def tables(path: Path) -> set[str]:
    with raw(path) as db:
        return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}


async def new_match(store: SqliteStore, seed: int = 7) -> int:
    record = await store.create_match(NewMatch(
        "highcard", {"rounds_to_win": 0}, seed, 10, guild_id=1, channel_id=2,
        seats=[SeatRecord(0, 10), SeatRecord(1, 11)]))
    return record.id


async def test_migrations_create_every_table_on_an_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "parlor.sqlite3"
    async with SqliteStore(path) as store:
        assert await store.schema_version() == len(bundled_migrations()) == 1
    assert tables(path) >= TABLES
    with raw(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA user_version").fetchone()[0] == 1


async def test_migrating_an_already_migrated_file_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    async with SqliteStore(path) as store:
        match_id = await new_match(store)
    async with SqliteStore(path) as store:
        assert await store.schema_version() == 1
        record = await store.get_match(match_id)
        assert record is not None and record.game == "highcard"


async def test_a_failing_migration_is_rolled_back_whole(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    broken = [*bundled_migrations(),
              (2, "CREATE TABLE half_done (x INTEGER);\nINSERT INTO no_such_table VALUES (1);")]
    with pytest.raises(StoreError, match="migration 0002 failed"):
        await SqliteStore(path, migrations=broken).open()
    assert "half_done" not in tables(path)
    assert tables(path) >= TABLES
    with raw(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 1


async def test_a_database_newer_than_the_code_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    with raw(path) as db:
        db.execute("PRAGMA user_version = 99")
    with pytest.raises(StoreError, match="schema 99, newer"):
        await SqliteStore(path).open()


async def test_pragmas_foreign_keys_are_enforced(tmp_path: Path) -> None:
    async with SqliteStore(tmp_path / "p.sqlite3") as store:
        with pytest.raises(StoreError, match="FOREIGN KEY"):
            await store.put_message(MessageRecord(999, "board", 1, 2))


async def test_commit_move_with_a_stale_version_writes_nothing(tmp_path: Path) -> None:
    async with SqliteStore(tmp_path / "p.sqlite3") as store:
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


async def test_a_failure_inside_the_transaction_leaves_the_previous_version(
        tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    async with SqliteStore(path) as store:
        match_id = await new_match(store)
        version = await store.start_match(match_id, 0, '{"s":0}')
        # The snapshot UPDATE succeeds first; then the log INSERT fails mid-transaction.
        with raw(path) as db:
            db.execute("CREATE TRIGGER fail BEFORE INSERT ON actions "
                       "BEGIN SELECT RAISE(ABORT, 'injected failure'); END")
        with pytest.raises(StoreError, match="injected failure"):
            await store.commit_move(match_id, version, '{"s":1}', ActionRow(0, 10, "d", {}))
        record = await store.get_match(match_id)
        assert record is not None and (record.version, record.state) == (version, '{"s":0}')
        assert await store.actions(match_id) == []
        with raw(path) as db:
            db.execute("DROP TRIGGER fail")
        assert await store.commit_move(match_id, version, '{"s":1}',
                                       ActionRow(0, 10, "d", {})) == version + 1


async def test_the_action_log_is_append_only(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    async with SqliteStore(path) as store:
        match_id = await new_match(store)
        version = await store.start_match(match_id, 0, "{}")
        await store.commit_move(match_id, version, "{}", ActionRow(0, 10, "d", {}))
    with raw(path) as db:
        for sql in ("UPDATE actions SET seat = 1", "DELETE FROM actions"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                db.execute(sql)


async def test_replaying_the_stored_log_reproduces_the_snapshot(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    options = parse_options(GAME.options, {})
    async with SqliteStore(path) as store:
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
    async with SqliteStore(path) as store:  # a fresh connection reads only the file
        record = await store.get_match(match_id)
        log = await store.actions(match_id)
    assert record is not None and record.state is not None
    assert [a.seq for a in log] == list(range(1, 11))
    again = replay(GAME, 2, record.options, record.seed,
                   [(a.seat, Action.from_json(a.action)) for a in log])
    assert state_text(GAME, again).encode() == record.state.encode()


async def test_reopening_the_file_sees_everything(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    clock = FakeClock()
    async with SqliteStore(path, clock=clock) as store:
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
    async with SqliteStore(path, clock=clock) as store:
        record = await store.get_match(match_id)
        assert record is not None
        assert (record.status, record.version, record.state) == ("finished", 2, '{"a":2}')
        assert (record.thread_id, record.guild_id, record.channel_id) == (77, 1, 2)
        assert record.created_at == 1001.0
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


async def test_lobby_seats_and_queries(tmp_path: Path) -> None:
    async with SqliteStore(tmp_path / "p.sqlite3") as store:
        first = await new_match(store)
        second = await new_match(store)
        version = await store.save_lobby(second, 0, [SeatRecord(0, 11), SeatRecord(
            1, None, is_ai=True, ai_level="normal")])
        assert version == 1
        with pytest.raises(VersionConflict):
            await store.save_lobby(second, 0, [])
        record = await store.get_match(second)
        assert record is not None and [s.user_id for s in record.seats] == [11, None]
        mine = await store.matches_of_user(10, ["lobby"])
        assert [m.id for m in mine] == [first]
        assert [m.id for m in await store.matches_in_channel(2, ["lobby"])] == [first, second]
        assert await store.matches_in_channel(2, ["active"]) == []
        await store.delete_deadlines(first)


async def test_update_and_close_use_the_version_check(tmp_path: Path) -> None:
    async with SqliteStore(tmp_path / "p.sqlite3") as store:
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
        await store.close_match(match_id, version, "cancelled")
        record = await store.get_match(match_id)
        assert record is not None and record.status == "cancelled"
        assert record.seats[1] == gone


async def test_using_a_closed_store_is_a_clear_error(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "p.sqlite3")
    with pytest.raises(StoreError, match="not open"):
        await store.get_match(1)
