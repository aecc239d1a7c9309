"""Season rows in the store, on both backends: the first end date opens season 1, ending a
season keeps its ratings as its final tables, clears them and opens the next, once."""

from __future__ import annotations

from bot.store import RatingRecord
from bot.store.seasons import SeasonStore
from tests.store.backends import Backend
from tests.store.test_store import FakeClock, new_match


async def test_a_season_ends_once_keeping_its_tables_and_clearing_the_ratings(
        backend: Backend) -> None:
    async with backend.store(clock=FakeClock()) as store:
        seasons = SeasonStore(store)
        assert await seasons.current(1) is None
        first = await seasons.set_end(1, 5000.0, now=1000.0)
        assert (first.number, first.started_at, first.ends_at, first.ended_at) == (
            1, 1000.0, 5000.0, None)
        moved = await seasons.set_end(1, 6000.0, now=2000.0)
        assert (moved.number, moved.started_at, moved.ends_at) == (1, 1000.0, 6000.0)
        assert await seasons.due(5999.0) == []
        (due,) = await seasons.due(6000.0)
        match_id = await new_match(store)
        await store.save_ratings(match_id, [RatingRecord(1, "highcard", 10, 27.0, 7.0, 1),
                                            RatingRecord(1, "highcard", 11, 23.0, 7.0, 1)])
        other = await new_match(store, users=(12, 13))
        await store.save_ratings(other, [RatingRecord(2, "highcard", 12, 25.0, 8.0, 1)])

        assert await seasons.end(due, 6000.0)
        assert not await seasons.end(due, 6000.0), "a season ends once"
        table = await seasons.final_table(1, 1, "highcard")
        assert [(r.user_id, r.mu) for r in table] == [(10, 27.0), (11, 23.0)]
        assert await seasons.final_table(1, 1, "zura") == []
        assert await store.leaderboard(1, "highcard") == [], "the server's ratings reset"
        assert [r.user_id for r in await store.leaderboard(2, "highcard")] == [12], \
            "another server's ratings stay"
        second = await seasons.current(1)
        assert second is not None
        assert (second.number, second.started_at, second.ends_at) == (2, 6000.0, None)
        assert [(s.number, s.ended_at) for s in await seasons.ended(1)] == [(1, 6000.0)]
        assert (await seasons.set_end(1, 9000.0, now=7000.0)).number == 2
