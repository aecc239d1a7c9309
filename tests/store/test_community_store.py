"""The store's community queries on both backends: closed matches, ratings, undo requests."""

from __future__ import annotations

import pytest

from bot.store import (
    CANCELLED,
    FINISHED,
    NewMatch,
    RatingRecord,
    ResultRecord,
    SeatRecord,
    UndoRequestRecord,
    VersionConflict,
)
from tests.store.backends import AnyStore, Backend
from tests.store.test_store import FakeClock

GUILD = 1


async def closed(store: AnyStore, users: tuple[int | None, ...], status: str = FINISHED,
                 game: str = "highcard", guild: int = GUILD,
                 placings: tuple[int, ...] | None = None) -> int:
    """A match of ``users`` (None: an AI seat) that ended (or was cancelled) just now."""
    record = await store.create_match(NewMatch(
        game, {}, 1, users[0], guild_id=guild,
        seats=[SeatRecord(i, u, is_ai=u is None) for i, u in enumerate(users)]))
    version = await store.start_match(record.id, 0, "{}")
    places = placings or tuple(range(1, len(users) + 1))
    result = ResultRecord((0.0,) * len(users), places, "cancelled" if status == CANCELLED
                          else "normal")
    await store.close_match(record.id, version, status, result)
    return record.id


async def test_the_undo_option_is_stored_with_the_match(backend: Backend) -> None:
    async with backend.store() as store:
        on = await store.create_match(NewMatch("highcard", {}, 1, 10, undo=True))
        off = await store.create_match(NewMatch("highcard", {}, 1, 10))
        assert (on.undo, off.undo) == (True, False)
        again = await store.get_match(on.id)
        assert again is not None and again.undo


async def test_closed_matches_newest_first_filtered_by_user_and_game(backend: Backend) -> None:
    async with backend.store(clock=FakeClock()) as store:
        first = await closed(store, (10, 11))
        cancelled = await closed(store, (10, 12), status=CANCELLED)
        other_game = await closed(store, (11, 12), game="zura")
        await closed(store, (10, 11), guild=2)
        running = await store.create_match(NewMatch("highcard", {}, 1, 10, guild_id=GUILD,
                                                    seats=[SeatRecord(0, 10)]))
        everyone = await store.closed_matches(GUILD)
        assert [m.id for m, _ in everyone] == [other_game, cancelled, first]
        assert running.id not in [m.id for m, _ in everyone]
        mine = await store.closed_matches(GUILD, user_id=10)
        assert [(m.id, m.status) for m, _ in mine] == [(cancelled, CANCELLED), (first, FINISHED)]
        assert [r.reason for _, r in mine if r is not None] == ["cancelled", "normal"]
        assert [m.id for m, _ in await store.closed_matches(GUILD, game="zura")] == [other_game]
        assert [m.id for m, _ in await store.closed_matches(GUILD, limit=1)] == [other_game]
        assert await store.closed_matches(GUILD, user_id=99) == []


async def test_unrated_results_come_in_the_order_matches_ended(backend: Backend) -> None:
    async with backend.store(clock=FakeClock()) as store:
        a = await closed(store, (10, 11))
        await closed(store, (10, 11), status=CANCELLED)
        b = await closed(store, (11, None))
        await closed(store, (10, 11), game="zura")
        pending = await store.unrated_results(GUILD, "highcard")
        assert [m.id for m, _ in pending] == [a, b]
        assert pending[0][1].placings == (1, 2)
        await store.save_ratings(a, [RatingRecord(GUILD, "highcard", 10, 27.0, 8.0, 1),
                                     RatingRecord(GUILD, "highcard", 11, 23.0, 8.0, 1)])
        await store.save_ratings(b, [])
        assert await store.unrated_results(GUILD, "highcard") == []


async def test_ratings_are_written_once_per_match_with_a_count_check(backend: Backend) -> None:
    async with backend.store() as store:
        a = await closed(store, (10, 11))
        b = await closed(store, (10, 11))
        first = [RatingRecord(GUILD, "highcard", 10, 27.0, 8.0, 1),
                 RatingRecord(GUILD, "highcard", 11, 23.0, 8.0, 1)]
        await store.save_ratings(a, first)
        await store.save_ratings(a, [RatingRecord(GUILD, "highcard", 10, 99.0, 1.0, 2)])
        assert await store.get_ratings(GUILD, "highcard", [10, 11, 12]) == {
            10: first[0], 11: first[1]}
        stale = [RatingRecord(GUILD, "highcard", 10, 30.0, 7.0, 2),
                 RatingRecord(GUILD, "highcard", 11, 20.0, 7.0, 1)]  # 11 already has one
        with pytest.raises(VersionConflict):
            await store.save_ratings(b, stale)
        assert await store.get_ratings(GUILD, "highcard", [10]) == {10: first[0]}
        assert [m.id for m, _ in await store.unrated_results(GUILD, "highcard")] == [b]
        second = [RatingRecord(GUILD, "highcard", 10, 30.0, 7.0, 2),
                  RatingRecord(GUILD, "highcard", 11, 20.0, 7.0, 2)]
        await store.save_ratings(b, second)
        assert await store.get_ratings(GUILD, "highcard", [10, 11]) == {
            10: second[0], 11: second[1]}
        assert await store.get_ratings(GUILD, "zura", [10]) == {}
        assert await store.get_ratings(GUILD, "highcard", []) == {}


async def test_the_leaderboard_orders_by_ordinal_then_matches(backend: Backend) -> None:
    async with backend.store() as store:
        ids = [await closed(store, (u, u + 1)) for u in (10, 20, 30, 40)]
        rows = [RatingRecord(GUILD, "highcard", 10, 25.0, 8.0, 1),    # ordinal 1
                RatingRecord(GUILD, "highcard", 20, 30.0, 5.0, 1),    # 15
                RatingRecord(GUILD, "highcard", 30, 19.0, 6.0, 1),    # 1, fewer matches
                RatingRecord(GUILD, "highcard", 40, 16.0, 5.0, 1)]    # 1
        for match_id, row in zip(ids, rows, strict=True):
            await store.save_ratings(match_id, [row])
        await store.save_ratings(await closed(store, (40, 41)),
                                 [RatingRecord(GUILD, "highcard", 40, 16.0, 5.0, 2)])
        board = await store.leaderboard(GUILD, "highcard")
        assert [r.user_id for r in board] == [20, 40, 10, 30]
        assert await store.leaderboard(GUILD, "zura") == []
        assert await store.leaderboard(2, "highcard") == []


async def test_an_undo_request_is_stored_replaced_and_dropped(backend: Backend) -> None:
    async with backend.store() as store:
        match = await store.create_match(NewMatch("highcard", {}, 1, 10))
        assert await store.get_undo_request(match.id) is None
        asked = UndoRequestRecord(match.id, 0, 10, 5)
        await store.put_undo_request(asked)
        assert await store.get_undo_request(match.id) == asked
        agreed = UndoRequestRecord(match.id, 0, 10, 5, (11, 12))
        await store.put_undo_request(agreed)
        assert await store.get_undo_request(match.id) == agreed
        await store.delete_undo_request(match.id)
        assert await store.get_undo_request(match.id) is None
