"""PostgreSQL faults the service must survive: a connection lost in the middle of a move, and
the server stopped and started again while matches are being played.

A refused move raises ``StoreError`` (the Discord layer's "The table could not save that
move; nothing changed — press again."), is neither stored nor applied in memory, and the
store reconnects by itself: no confirmed move is lost and the next press works.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterator

import asyncpg
import pytest

from bot.engine import registry
from bot.match import MatchService
from bot.store import PostgresStore, StoreError
from tests.highcard import GAME
from tests.pgcluster import Cluster, find_bindir
from tests.store.backends import PostgresBackend
from tests.store.faulty import move, new_match, next_decision

LOCK_WAITERS = ("SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                "AND wait_event_type = 'Lock'")


async def test_a_connection_lost_mid_move_refuses_it_and_the_next_press_works(
        postgres_backend: PostgresBackend) -> None:
    registry.register(GAME)
    async with postgres_backend.store() as store:
        svc = MatchService(store)
        first, other = await new_match(svc), await new_match(svc)
        before, logged = await next_decision(svc, first), len(await store.actions(first))
        admin = await asyncpg.connect(postgres_backend.url)
        try:
            async with admin.transaction():  # the move waits on its row, then loses its line
                await admin.execute("SELECT 1 FROM matches WHERE id = $1 FOR UPDATE", first)
                moving = asyncio.ensure_future(move(svc, first))
                while not await admin.fetch(LOCK_WAITERS):
                    await asyncio.sleep(0.01)
                await admin.execute(f"SELECT pg_terminate_backend(pid) FROM ({LOCK_WAITERS}) w")
                with pytest.raises(StoreError):
                    await moving
        finally:
            await admin.close()
        assert await next_decision(svc, first) == before
        assert len(await store.actions(first)) == logged
        assert (await svc.info(other)).status == "active"
        await move(svc, first)
        assert len(await store.actions(first)) == logged + 1


@pytest.fixture
def own_cluster() -> Iterator[Cluster]:
    """A cluster of this test's own, since it is stopped and started."""
    bindir = find_bindir()
    if bindir is None:
        pytest.skip("no PostgreSQL server binaries")
    cluster = Cluster(bindir).start()
    yield cluster
    cluster.stop()


async def test_a_server_stopped_and_started_under_load_loses_no_confirmed_move(
        own_cluster: Cluster) -> None:
    registry.register(GAME)
    url = await own_cluster.create_database("faults")
    async with PostgresStore(url) as store:
        svc = MatchService(store)
        confirmed: Counter[int] = Counter()
        refused: Counter[int] = Counter()
        restarted = asyncio.Event()

        async def play() -> None:
            """Move (a new match when one ends), pressing again after each refusal, until
            a few moves have gone through after the restart."""
            match_id, after = 0, 0
            while after < 5:
                try:  # the first match too: on a loaded machine the stop may come before it
                    if not match_id or (await svc.info(match_id)).status != "active":
                        match_id = await new_match(svc)
                    await move(svc, match_id)
                    confirmed[match_id] += 1
                    after += restarted.is_set()
                except StoreError:
                    refused[match_id] += 1
                    await asyncio.sleep(0.02)

        async def fault() -> None:
            await asyncio.sleep(0.2)
            await asyncio.to_thread(own_cluster.pause)
            await asyncio.sleep(0.3)  # every player presses into the stopped server
            await asyncio.to_thread(own_cluster.resume)
            restarted.set()

        await asyncio.wait_for(asyncio.gather(fault(), *(play() for _ in range(4))), 120)
        assert sum(refused.values()) > 0
        for match_id in confirmed:
            logged = len(await store.actions(match_id))
            # A commit whose answer the stop cut off may have landed: at most one per refusal.
            assert confirmed[match_id] <= logged <= confirmed[match_id] + refused[match_id]
