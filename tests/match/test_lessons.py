"""Lessons through the match service: the game's fixed deal against its AI, resumed rather
than dealt twice, rebuilt from the log like any match, introductions read from the log, and
rated for nobody."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from bot.engine import registry
from bot.engine.lesson import LEARNER, deal
from bot.match import MatchService, state_text
from bot.match.ratings import rated_players
from bot.match.replay import build_replay
from bot.store import FINISHED, MatchRecord, ResultRecord, SeatRecord
from tests.match.conftest import ANN, HOST

AURA = registry.get("aura")
DECISIONS_AT_MOST = {"aura": 25, "zura": 25, "auroria": 60}
"""The learner's decisions in a whole lesson (issue 31)."""


@pytest.mark.parametrize("name", ["aura", "zura", "auroria"])
async def test_the_line_introduces_every_kind_once_within_the_bound(svc: MatchService,
                                                                    name: str) -> None:
    game = registry.get(name)
    played = await svc.lessons.rehearse(name, HOST)
    by_kind = Counter(kind for _, kind in played.introduced)
    assert sorted(by_kind) == sorted(game.kinds), "kinds never introduced: " + ", ".join(
        sorted(set(game.kinds) - set(by_kind)))
    assert set(by_kind.values()) == {1}, by_kind
    assert played.learner_decisions <= DECISIONS_AT_MOST[name]
    assert played.result.placings[LEARNER] == 1  # the learner wins along the line
    again = await svc.lessons.rehearse(name, HOST)  # a new lesson: the same match again
    assert again.match_id != played.match_id
    logs = [[(row.seat, row.decision_id, row.action) for row in await svc.store.actions(m)]
            for m in (played.match_id, again.match_id)]
    assert logs[0] == logs[1]


async def test_learn_deals_the_lesson_against_its_ai_and_resumes_it(svc: MatchService) -> None:
    lesson = AURA.lesson()
    assert lesson is not None
    info, outbound, resumed = await svc.learn("aura", HOST, 1)
    assert not resumed and outbound and info.lesson and info.thread_id is None
    assert [(s.user_id, s.is_ai, s.ai_level) for s in info.seats] == [
        (HOST, False, None), (None, True, lesson.opponent)]
    record = await svc.store.get_match(info.id)
    assert record is not None and record.lesson and record.clock == {}
    assert record.state == state_text(AURA, deal(lesson))  # the learner moves first
    again, nothing, resumed = await svc.learn("aura", HOST, 1)
    assert resumed and again.id == info.id and nothing == []
    other, _, resumed = await svc.learn("aura", ANN, 1)
    assert not resumed and other.id != info.id


async def test_introductions_follow_the_log_and_the_log_replays(svc: MatchService) -> None:
    lesson = AURA.lesson()
    assert lesson is not None
    info, _, _ = await svc.learn("aura", HOST, 1)
    met: list[str] = []
    for answer in lesson.line[:4]:  # play, order, trade, trade again
        decision = (await svc.hand(info.id, HOST)).decisions[0]
        kind = AURA.kind(decision.id)
        said = await svc.introduction(info.id, LEARNER, decision)
        assert said == (None if kind in met else lesson.intros[kind])
        met.append(kind)
        await svc.submit(info.id, HOST, decision.id, answer)
    assert met == ["play", "order", "trade", "trade"]
    record = await svc.store.get_match(info.id)
    assert record is not None
    log = await svc.store.actions(info.id)
    assert build_replay(AURA, record, log).final_state is not None  # checks the snapshot
    answered = {AURA.kind(row.decision_id) for row in log if row.seat == LEARNER}
    assert answered == {"play", "order", "trade"}
    decision = (await svc.hand(info.id, HOST)).decisions[0]
    assert AURA.kind(decision.id) == "return"
    assert await svc.introduction(info.id, LEARNER, decision) == lesson.intros["return"]
    ordinary = await svc.create("aura", HOST, guild_id=1)
    assert not ordinary.lesson


def test_a_lesson_rates_nobody() -> None:
    seats = (SeatRecord(0, HOST), SeatRecord(1, ANN))
    record = MatchRecord(1, "aura", FINISHED, {}, 1, 9, "{}", HOST, 1, None, None, 0.0, 0.0,
                         seats)
    result = ResultRecord((10.0, 9.0), (1, 2))
    assert rated_players(record, result) == [(HOST, 1), (ANN, 2)]
    assert rated_players(replace(record, lesson=True), result) == []
