"""Post-game reviews: the seat's own information only, computed once and kept, and every
bad request answered with one sentence (issue 31)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any, ParamSpec, TypeVar

import pytest

from bot.engine import Rng, registry
from bot.match import MatchService, NotSeated
from bot.match.claims import CLAIM_SECONDS
from bot.match.errors import ReviewRefused
from bot.match.replay import timeline
from bot.match.review import seat_world, turnings, weigh_turning
from bot.match.reviews import NO_LOG, NOT_OVER, NOT_YOURS, RUNNING
from bot.workers import Workers
from tests.match.conftest import EVE, HOST
from tests.store.backends import Backend, SqliteBackend

P = ParamSpec("P")
T = TypeVar("T")


class Recorded(Workers):
    """Real workers that note the name of every function they were given."""

    def __init__(self) -> None:
        super().__init__(1)
        self.ran: list[str] = []

    async def run(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        self.ran.append(fn.__name__)
        return await super().run(fn, *args, **kwargs)


@asynccontextmanager
async def reviewing(backend: Backend, clock: Callable[[], float] = time.time,
                    ) -> AsyncIterator[MatchService]:
    """A service on ``backend``'s database whose reviews search little, in recorded
    workers: two of them on one database stand for two processes serving one bot."""
    async with backend.store(clock) as store:
        service = MatchService(store, seed_source=lambda: 4242)
        service.reviews.workers = Recorded()
        service.reviews.iterations, service.reviews.worlds = 16, 6
        try:
            yield service
        finally:
            service.close()


@pytest.fixture
async def svc(sqlite_backend: SqliteBackend) -> AsyncIterator[MatchService]:
    async with reviewing(sqlite_backend) as service:
        yield service


async def played(svc: MatchService, game: str = "aura", *, to_end: bool = True) -> int:
    """HOST against a normal AI, HOST answering at random (so some answers cost)."""
    info = await svc.create(game, HOST, guild_id=1, channel_id=2)
    await svc.add_ai(info.id, HOST, "normal")
    await svc.start(info.id, HOST)
    rng = Rng(5)
    for _ in range(500):
        if (await svc.info(info.id)).status != "active":
            break
        hand = await svc.hand(info.id, HOST)
        decision = hand.decisions[0]
        action = registry.get(game).ai_choose("random", hand.view, decision, rng)
        await svc.submit(info.id, HOST, decision.id, action.choice)
        if not to_end:
            break
    return info.id


class Told:
    """A progress hook that keeps what it was told."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, int]] = []

    async def __call__(self, done: int, total: int) -> None:
        self.seen.append((done, total))


async def test_a_review_shows_the_costliest_moments_with_progress_and_pictures(
        svc: MatchService) -> None:
    match_id = await played(svc)
    told = Told()
    review = await svc.review(match_id, HOST, told)
    total = review.decisions
    assert total > 10 and told.seen[0] == (0, total) and told.seen[-1] == (total, total)
    assert [d for d, _ in told.seen] == list(range(total + 1))
    assert 1 <= len(review.moments) <= 3 and not review.cached
    drops = [m.drop for m in review.moments]
    assert drops == sorted(drops, reverse=True) and drops[-1] > 0
    log = {row.seq: row for row in await svc.store.actions(match_id)}
    for moment in review.moments:
        assert moment.chosen != moment.best and moment.best_labels
        scene = review.scenes[moment.seq]
        assert scene.view["game"] == "aura" and scene.decision is not None
        assert scene.decision.id == log[moment.seq].decision_id
        assert set(moment.chosen) | set(moment.best) <= {o.key for o in scene.decision.options}
    body = json.loads(await svc.store.get_review(match_id, review.seat) or "{}")
    assert body["decisions"] == total and len(body["moments"]) == len(review.moments)


async def test_pressing_review_again_weighs_nothing_and_shows_the_same(
        svc: MatchService) -> None:
    match_id = await played(svc)
    first = await svc.review(match_id, HOST, Told())
    workers = svc.reviews.workers
    assert isinstance(workers, Recorded) and "weigh_turning" in workers.ran
    workers.ran.clear()
    told = Told()
    again = await svc.review(match_id, HOST, told)
    assert workers.ran == ["scenes_before"] and told.seen == []
    assert again.cached and (again.moments, again.scenes) == (first.moments, first.scenes)


async def test_only_a_player_of_a_match_that_is_over_can_review_it(svc: MatchService) -> None:
    running = await played(svc, to_end=False)
    with pytest.raises(ReviewRefused) as refused:
        await svc.review(running, HOST, Told())
    assert refused.value.said == NOT_OVER
    over = await played(svc)
    with pytest.raises(NotSeated) as stranger:
        await svc.review(over, EVE, Told())
    assert stranger.value.said == NOT_YOURS
    workers = svc.reviews.workers
    assert isinstance(workers, Recorded) and workers.ran == []
    assert await svc.store.get_review(over, 0) is None


async def test_a_second_press_while_the_first_is_weighed_is_told_to_wait(
        svc: MatchService) -> None:
    match_id = await played(svc)
    started, go_on = asyncio.Event(), asyncio.Event()

    async def held(done: int, total: int) -> None:
        started.set()
        await go_on.wait()

    first = asyncio.create_task(svc.review(match_id, HOST, held))
    await started.wait()
    with pytest.raises(ReviewRefused) as refused:
        await svc.review(match_id, HOST, Told())
    assert refused.value.said == RUNNING
    go_on.set()
    review = await first
    workers = svc.reviews.workers
    assert isinstance(workers, Recorded)
    assert workers.ran.count("turnings") == 1
    assert workers.ran.count("weigh_turning") == review.decisions


async def test_a_press_in_another_process_while_one_weighs_is_told_to_wait(
        backend: Backend) -> None:
    """The claim lives in the store: a second process on the same database (SQLite file or
    PostgreSQL) sees it, weighs nothing, and once the review is kept reads it back."""
    started, go_on = asyncio.Event(), asyncio.Event()

    async def held(done: int, total: int) -> None:
        started.set()
        await go_on.wait()

    async with reviewing(backend) as first, reviewing(backend) as other:
        match_id = await played(first)
        weighing = asyncio.create_task(first.review(match_id, HOST, held))
        await started.wait()
        with pytest.raises(ReviewRefused) as refused:
            await other.review(match_id, HOST, Told())
        assert refused.value.said == RUNNING
        go_on.set()
        review = await weighing
        again = await other.review(match_id, HOST, Told())
        workers = other.reviews.workers
        assert isinstance(workers, Recorded) and workers.ran == ["scenes_before"]
        assert again.cached and again.moments == review.moments


async def test_a_claim_left_by_a_process_that_died_lapses(
        svc: MatchService, sqlite_backend: SqliteBackend) -> None:
    match_id = await played(svc)
    assert await svc.store.claim_work(match_id, 0, "review", "died", CLAIM_SECONDS)
    with pytest.raises(ReviewRefused) as refused:
        await svc.review(match_id, HOST, Told())
    assert refused.value.said == RUNNING
    workers = svc.reviews.workers
    assert isinstance(workers, Recorded) and workers.ran == []
    later = time.time() + CLAIM_SECONDS + 1

    async with reviewing(sqlite_backend, lambda: later) as other:
        review = await other.review(match_id, HOST, Told())
    assert not review.cached and review.decisions > 10
    assert await svc.store.claim_work(match_id, 0, "review", "next", CLAIM_SECONDS)  # released


async def test_a_kept_review_in_a_shape_no_longer_read_is_weighed_again(
        svc: MatchService) -> None:
    match_id = await played(svc)
    await svc.store.put_review(match_id, 0, '{"moments": [{"seq": 3}]}')
    review = await svc.review(match_id, HOST, Told())
    assert not review.cached and review.decisions > 10
    body = json.loads(await svc.store.get_review(match_id, 0) or "{}")
    assert body["decisions"] == review.decisions


async def test_a_match_whose_log_was_pruned_is_refused_in_one_sentence(
        svc: MatchService, sqlite_backend: SqliteBackend) -> None:
    match_id = await played(svc)
    with sqlite3.connect(sqlite_backend.path) as db:  # an operator's clean-up
        db.execute("DROP TRIGGER actions_no_delete")
        db.execute("DELETE FROM actions WHERE match_id = ? AND seq > 3", (match_id,))
    with pytest.raises(ReviewRefused) as refused:
        await svc.review(match_id, HOST, Told())
    assert refused.value.said == NO_LOG
    assert await svc.store.get_review(match_id, 0) is None


@pytest.mark.parametrize("name", ["aura", "zura", "auroria"])
async def test_the_review_is_the_same_when_only_cards_the_seat_never_saw_differ(
        svc: MatchService, name: str) -> None:
    """Each decision's world is dealt from the seat's view: the real state and one whose
    unseen cards lie elsewhere give the same world, so the same weighing."""
    match_id = await played(svc, name)
    record = await svc.store.get_match(match_id)
    assert record is not None
    log = await svc.store.actions(match_id)
    game = registry.get(name)
    work = turnings(name, record, log, 0)
    states: dict[int, Any] = {}
    before: Any = None
    for step in timeline(game, record, log):
        if step.row is not None:
            states[step.row.seq] = before
        before = step.state
    differed = 0
    for turning in work:
        real = states[turning.seq]
        other = game.redeal_hidden(real, 0, Rng(turning.seq * 7 + 1))
        assert other is not None
        differed += game.to_json(other) != game.to_json(real)
        assert seat_world(game, other, 0, turning.seq) == turning.world
        assert game.view(other, 0) == game.view(real, 0)
    assert differed > len(work) // 2  # the unseen cards really lay elsewhere
    for turning in work[:2]:
        alike = turning.__class__(turning.seq, 0, seat_world(
            game, game.redeal_hidden(states[turning.seq], 0, Rng(3)), 0, turning.seq),
            turning.decision_id, turning.chosen)
        assert weigh_turning(name, alike, 8, 3) == weigh_turning(name, turning, 8, 3)
