"""Hints: the strong AI's best answers to a player's open decision, worked out in a worker,
once per decision, only in casual matches unless the server allows them everywhere, and
from what the seat can see only."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from bot.engine import Rng, StaleDecision, registry
from bot.engine.autoplay import ai_moves, new_game
from bot.match import MatchService, NotSeated
from bot.match.hints import HintRefused, _weigh, allowed
from bot.match.thinker import Thinker
from bot.store import MatchRecord, SeatRecord, SqliteStore
from tests.match.conftest import ANN, BOB, HOST, started

ITERATIONS = 40


@pytest.fixture
async def hinting(tmp_path: Path) -> AsyncIterator[MatchService]:
    async with SqliteStore(tmp_path / "parlor.sqlite3") as store:
        service = MatchService(store, seed_source=lambda: 5,
                               thinker=Thinker(iterations=ITERATIONS, workers=1))
        try:
            yield service
        finally:
            service.close()


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
    assert isinstance(second, HintRefused) and "still being worked out" in str(second)
    assert not isinstance(first, BaseException)
    keys = {o.key for o in decision.options}
    chances = [a.chance for a in first.answers]
    assert 2 <= len(first.answers) <= 3 and chances == sorted(chances, reverse=True)
    assert all(0.0 <= c <= 1.0 for c in chances)
    assert all(set(a.choice) <= keys for a in first.answers)
    assert await hinting.hint(match_id, HOST, decision.id) is first  # asked again: kept
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
