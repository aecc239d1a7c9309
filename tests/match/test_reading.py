"""One read of a match for a delivery (``MatchService.reading``): reads inside share one
load of the store, a change reads afresh, and a task started inside reads afresh once the
reading is over."""

from __future__ import annotations

import asyncio

import pytest

from bot.match import MatchService
from tests.match.conftest import ANN, BOB
from tests.match.test_play import play_first, started


@pytest.fixture
def loads(svc: MatchService, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The store's match reads, by match id."""
    counted: list[int] = []
    get_match = svc.store.get_match

    async def counting(match_id: int) -> object:
        counted.append(match_id)
        return await get_match(match_id)

    monkeypatch.setattr(svc.store, "get_match", counting)
    return counted


async def test_reads_inside_share_one_load(svc: MatchService, loads: list[int]) -> None:
    match_id = await started(svc, ANN, BOB)
    loads.clear()
    with svc.reading():
        info = await svc.info(match_id)
        hands = [await svc.hand(match_id, user) for user in (ANN, BOB)]
    assert loads == [match_id]
    assert info.version == (await svc.info(match_id)).version and len(hands) == 2
    assert loads == [match_id, match_id], "outside, each read goes to the store"


async def test_a_change_inside_reads_afresh_and_later_reads_see_it(
        svc: MatchService, loads: list[int]) -> None:
    match_id = await started(svc, ANN, BOB)
    with svc.reading():
        before = await svc.info(match_id)
        user = before.seats[before.to_act[0]].user_id
        assert user is not None
        await play_first(svc, match_id, user)
        after = await svc.info(match_id)
    assert after.version > before.version


async def test_a_task_started_inside_reads_afresh_once_the_reading_is_over(
        svc: MatchService, loads: list[int]) -> None:
    match_id = await started(svc, ANN, BOB)
    over = asyncio.Event()

    async def later() -> int:
        await over.wait()
        return (await svc.info(match_id)).version

    with svc.reading():
        await svc.info(match_id)
        task = asyncio.create_task(later())
    loads.clear()
    over.set()
    await task
    assert loads == [match_id]
