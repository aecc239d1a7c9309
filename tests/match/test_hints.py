"""Hints: the strong AI's best answers to a player's open decision, worked out in a worker,
once per decision across the bot's processes and kept, only in casual matches unless the
server allows them everywhere, and from what the seat can see only."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import ParamSpec, TypeVar

import pytest

from bot.engine import Rng, StaleDecision, registry
from bot.engine.autoplay import ai_moves, new_game
from bot.match import MatchService, NotSeated
from bot.match.claims import CLAIM_SECONDS
from bot.match.hints import WORKING, HintRefused, _weigh, allowed
from bot.match.thinker import Thinker
from bot.store import MatchRecord, SeatRecord
from bot.workers import Workers
from tests.match.conftest import ANN, BOB, HOST, started
from tests.store.backends import Backend, SqliteBackend

ITERATIONS = 40
P = ParamSpec("P")
T = TypeVar("T")


class Held(Workers):
    """Real workers that note the name of every function they are given, and hold each
    call while ``gate`` is closed (it starts open)."""

    def __init__(self) -> None:
        super().__init__(1)
        self.ran: list[str] = []
        self.called, self.gate = asyncio.Event(), asyncio.Event()
        self.gate.set()

    async def run(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        self.ran.append(fn.__name__)
        self.called.set()
        await self.gate.wait()
        return await super().run(fn, *args, **kwargs)


@asynccontextmanager
async def hinter(backend: Backend, clock: Callable[[], float] = time.time,
                 ) -> AsyncIterator[tuple[MatchService, Held]]:
    """A service on ``backend``'s database whose hints search little, in held workers: two
    of them on one database stand for two processes serving one bot."""
    async with backend.store(clock) as store:
        service = MatchService(store, seed_source=lambda: 5,
                               thinker=Thinker(iterations=ITERATIONS, workers=1))
        service.thinker.workers = workers = Held()
        try:
            yield service, workers
        finally:
            service.close()


@pytest.fixture
async def hinting(sqlite_backend: SqliteBackend) -> AsyncIterator[MatchService]:
    async with hinter(sqlite_backend) as (service, _):
        yield service


async def hints_counted(svc: MatchService, match_id: int) -> int:
    record = await svc.store.get_match(match_id)
    assert record is not None
    return record.hints


async def test_a_hint_ranks_the_best_answers_and_is_worked_out_once(
        hinting: MatchService) -> None:
    match_id = await started(hinting, "zura", ai=1)
    assert await hinting.hints_offered(match_id)
    (decision,) = (await hinting.hand(match_id, HOST)).decisions
    first, second = await asyncio.gather(hinting.hint(match_id, HOST, decision.id),
                                         hinting.hint(match_id, HOST, decision.id),
                                         return_exceptions=True)
    assert isinstance(second, HintRefused) and second.said == WORKING
    assert not isinstance(first, BaseException)
    keys = {o.key for o in decision.options}
    chances = [a.chance for a in first.answers]
    assert 2 <= len(first.answers) <= 3 and chances == sorted(chances, reverse=True)
    assert all(0.0 <= c <= 1.0 for c in chances)
    assert all(set(a.choice) <= keys for a in first.answers)
    assert await hinting.hint(match_id, HOST, decision.id) == first  # asked again: kept
    assert await hints_counted(hinting, match_id) == 1
    workers = hinting.thinker.workers
    assert isinstance(workers, Held) and workers.ran == ["_weigh"]
    stored = json.loads(await hinting.store.get_hint(match_id, 0, decision.id) or "[]")
    assert [(tuple(c), p) for c, p in stored] == [(a.choice, a.chance) for a in first.answers]


async def test_a_press_in_another_process_while_one_weighs_is_told_to_wait(
        backend: Backend) -> None:
    """The claim and the hint live in the store: a second process on the same database
    (SQLite file or PostgreSQL) weighs nothing while the first works the hint out, then
    reads it back, and so does a process started later; the match counts one hint."""
    async with hinter(backend) as (first, held), hinter(backend) as (other, idle):
        match_id = await started(first, "zura", ai=1)
        (decision,) = (await first.hand(match_id, HOST)).decisions
        held.gate.clear()
        weighing = asyncio.create_task(first.hint(match_id, HOST, decision.id))
        await held.called.wait()
        with pytest.raises(HintRefused) as refused:
            await other.hint(match_id, HOST, decision.id)
        assert refused.value.said == WORKING
        held.gate.set()
        hint = await weighing
        assert await other.hint(match_id, HOST, decision.id) == hint
        assert held.ran == ["_weigh"] and idle.ran == []
    async with hinter(backend) as (restarted, fresh):
        assert await restarted.hint(match_id, HOST, decision.id) == hint
        assert fresh.ran == [] and await hints_counted(restarted, match_id) == 1


async def test_a_hint_claim_left_by_a_process_that_died_lapses(
        sqlite_backend: SqliteBackend) -> None:
    async with hinter(sqlite_backend) as (svc, workers):
        match_id = await started(svc, "zura", ai=1)
        (decision,) = (await svc.hand(match_id, HOST)).decisions
        work = f"hint {decision.id}"
        assert await svc.store.claim_work(match_id, 0, work, "died", CLAIM_SECONDS)
        with pytest.raises(HintRefused) as refused:
            await svc.hint(match_id, HOST, decision.id)
        assert refused.value.said == WORKING and workers.ran == []
    later = time.time() + CLAIM_SECONDS + 1
    async with hinter(sqlite_backend, lambda: later) as (other, weighing):
        assert (await other.hint(match_id, HOST, decision.id)).answers
        assert weighing.ran == ["_weigh"] and await hints_counted(other, match_id) == 1
        assert await other.store.claim_work(match_id, 0, work, "next", 1)  # released


async def test_a_kept_hint_in_a_shape_no_longer_read_is_weighed_again_and_counted_once(
        hinting: MatchService) -> None:
    match_id = await started(hinting, "zura", ai=1)
    (decision,) = (await hinting.hand(match_id, HOST)).decisions
    await hinting.store.put_hint(match_id, 0, decision.id, '{"answers": 3}')
    hint = await hinting.hint(match_id, HOST, decision.id)
    workers = hinting.thinker.workers
    assert isinstance(workers, Held) and workers.ran == ["_weigh"] and hint.answers
    stored = json.loads(await hinting.store.get_hint(match_id, 0, decision.id) or "{}")
    assert len(stored) == len(hint.answers)
    assert await hints_counted(hinting, match_id) == 1


async def test_hints_are_refused_where_they_do_not_belong(hinting: MatchService) -> None:
    match_id = await started(hinting, "zura", ai=1)
    decision = (await hinting.hand(match_id, HOST)).decisions[0]
    with pytest.raises(NotSeated):
        await hinting.hint(match_id, BOB, decision.id)  # someone else's match
    with pytest.raises(StaleDecision):
        await hinting.hint(match_id, HOST, "0.act.1")
    rated = await started(hinting, "zura", ANN)
    assert not await hinting.hints_offered(rated)
    acting = (await hinting.info(rated)).to_act[0]
    user = (await hinting.info(rated)).seats[acting].user_id
    assert user is not None
    decision = (await hinting.hand(rated, user)).decisions[0]
    with pytest.raises(HintRefused, match="casual matches"):
        await hinting.hint(rated, user, decision.id)
    assert await hints_counted(hinting, rated) == 0
    settings = await hinting.store.get_guild_settings(1)
    await hinting.store.put_guild_settings(replace(settings, hints_everywhere=True))
    assert await hinting.hints_offered(rated)
    assert (await hinting.hint(rated, user, decision.id)).answers
    assert await hints_counted(hinting, rated) == 1


def test_casual_means_neither_rated_nor_an_event() -> None:
    people = (SeatRecord(0, HOST), SeatRecord(1, ANN))
    record = MatchRecord(1, "zura", "active", {}, 1, 1, None, HOST, 1, None, None, 0.0, 0.0,
                         people)
    against_ai = replace(record, seats=(people[0], SeatRecord(1, None, is_ai=True)))
    assert not allowed(record, False, False) and allowed(record, False, True)
    assert allowed(against_ai, False, False) and not allowed(against_ai, True, False)
    assert allowed(replace(record, lesson=True), False, False)
    assert allowed(replace(record, guild_id=None), False, False)


@pytest.mark.parametrize("name", ["aura", "zura", "auroria"])
def test_a_hint_is_the_same_when_only_unseen_cards_differ(name: str) -> None:
    game = registry.get(name)
    moves = list(ai_moves(game, new_game(game, 2, 3), Rng(3)))
    for move in moves[2:30:9]:
        state, decision = move.before, move.decision
        other = game.redeal_hidden(state, decision.player, Rng(99))
        assert other is not None
        assert game.to_json(other) != game.to_json(state)  # the unseen cards differ
        assert game.view(other, decision.player) == game.view(state, decision.player)
        hints = [_weigh(name, game.to_json(s), decision.id, 7, ITERATIONS, 0.0)
                 for s in (state, other)]
        assert hints[0] == hints[1]
