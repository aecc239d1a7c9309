"""Strong AI seats search in worker processes through the service's AI loop."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import pytest

from bot.engine import BadOptions, Rng, registry
from bot.engine.search import Budget
from bot.match import MatchService
from bot.match.thinker import Thinker
from bot.store import SqliteStore
from tests.match.conftest import HOST


async def test_a_match_with_a_strong_seat_plays_to_the_end(tmp_path: Path) -> None:
    async with SqliteStore(tmp_path / "parlor.sqlite3") as store:
        service = MatchService(store, seed_source=lambda: 8,
                               thinker=Thinker(iterations=2, workers=1))
        try:
            info = await service.create("zura", HOST, seat_host=False)
            await service.add_ai(info.id, HOST, "strong")
            await service.add_ai(info.id, HOST, "normal")
            await service.start(info.id, HOST)
            info = await service.info(info.id)
        finally:
            service.close()
        assert info.status == "finished"
        moved = {a.seat for a in await store.actions(info.id)}
        assert moved == {0, 1}


async def test_an_unknown_level_is_refused_with_the_levels(tmp_path: Path) -> None:
    async with SqliteStore(tmp_path / "parlor.sqlite3") as store:
        service = MatchService(store)
        info = await service.create("aura", HOST, seat_host=False)
        with pytest.raises(BadOptions, match="random, normal, strong"):
            await service.add_ai(info.id, HOST, "expert")


async def test_a_dead_worker_costs_one_search_not_the_match() -> None:
    """The normal AI answers the decision whose worker died; the next search gets a new one."""
    game = registry.get("zura")
    state = game.setup(2, {}, 1)
    decision = game.pending(state)[0]
    thinker = Thinker(iterations=10**6, workers=1)
    try:
        thinking = asyncio.create_task(thinker.choose(game, state, decision, 5))
        while not thinker.workers.processes:
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)
        for pid in thinker.workers.processes:
            os.kill(pid, signal.SIGKILL)
        normal = game.ai_choose("normal", game.view(state, 0), decision, Rng(5))
        assert await thinking == normal
        thinker.budget = Budget(iterations=1)
        assert (await thinker.choose(game, state, decision, 5)).decision == decision.id
    finally:
        thinker.close()
