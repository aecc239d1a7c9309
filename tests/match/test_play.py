"""Playing through the service: submissions, AI seats, resignation, replay and queries."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine import (
    Action,
    IllegalAction,
    MatchOver,
    NotYourDecision,
    Result,
    StaleDecision,
)
from bot.engine.playout import replay
from bot.match import (
    AlreadyDone,
    MatchEnded,
    MatchService,
    NotSeated,
    NotStarted,
    Outbound,
    PrivateUpdate,
    Prompt,
    PublicUpdate,
    state_text,
)
from bot.match.results import rank_resigned_last
from bot.store import SeatRecord, VersionConflict
from tests.highcard import GAME
from tests.match.conftest import ANN, BOB, EVE, HOST, lobby, stored


async def started(svc: MatchService, *users: int, ai: int = 0, **options: object) -> int:
    match_id = await lobby(svc, *users, ai=ai, **options)
    await svc.start(match_id, HOST)
    return match_id


async def play_first(svc: MatchService, match_id: int, user: int) -> list[Outbound]:
    """The user plays the first option of their open decision."""
    decision = (await svc.hand(match_id, user)).decisions[0]
    return await svc.submit(match_id, user, decision.id, [decision.options[0].key])


async def assert_replays(svc: MatchService, match_id: int) -> None:
    record = await svc.store.get_match(match_id)
    assert record is not None and record.state is not None
    log = await svc.store.actions(match_id)
    again = replay(GAME, len(record.seats), record.options, record.seed,
                   [(a.seat, Action.from_json(a.action)) for a in log])
    assert state_text(GAME, again) == record.state


async def test_a_move_is_stored_then_announced(svc: MatchService) -> None:
    match_id = await started(svc, ANN)
    decision = (await svc.hand(match_id, HOST)).decisions[0]
    out = await svc.submit(match_id, HOST, decision.id, [decision.options[0].key])
    after = await stored(svc, match_id)
    assert after.version == 3 and len(after.log) == 1
    (row,) = after.log
    assert (row.seat, row.user_id, row.decision_id) == (0, HOST, decision.id)
    public = out[0]
    assert isinstance(public, PublicUpdate)
    assert public.summary == ("Player 1 plays a card face down.",)
    assert public.mention_user_ids == (ANN,)
    assert public.view["sealed"] == [True, False]
    privates = [o for o in out if isinstance(o, PrivateUpdate)]
    assert {p.user_id for p in privates} == {HOST, ANN}
    mine = next(p for p in privates if p.user_id == HOST)
    assert mine.decisions == () and mine.view["my_sealed"] == int(decision.options[0].key)


async def test_wrong_player_changes_nothing(svc: MatchService) -> None:
    match_id = await started(svc, ANN)
    theirs = (await svc.hand(match_id, ANN)).decisions[0]
    before = await stored(svc, match_id)
    with pytest.raises(NotYourDecision, match="belongs to another player"):
        await svc.submit(match_id, HOST, theirs.id, [theirs.options[0].key])
    assert await stored(svc, match_id) == before


async def test_not_seated_changes_nothing(svc: MatchService) -> None:
    match_id = await started(svc, ANN)
    decision = (await svc.hand(match_id, ANN)).decisions[0]
    before = await stored(svc, match_id)
    with pytest.raises(NotSeated, match="not playing in this match"):
        await svc.submit(match_id, EVE, decision.id, [decision.options[0].key])
    with pytest.raises(NotSeated):
        await svc.hand(match_id, EVE)
    with pytest.raises(NotSeated):
        await svc.resign(match_id, EVE)
    assert await stored(svc, match_id) == before


async def test_stale_decision_changes_nothing(svc: MatchService) -> None:
    match_id = await started(svc, ANN)
    await play_first(svc, match_id, HOST)
    await play_first(svc, match_id, ANN)  # round 1 is over
    before = await stored(svc, match_id)
    with pytest.raises(StaleDecision, match="out of date"):
        await svc.submit(match_id, HOST, "r7.p0", ["1"])
    assert await stored(svc, match_id) == before


async def test_the_same_submission_twice_counts_once(svc: MatchService) -> None:
    match_id = await started(svc, ANN)
    decision = (await svc.hand(match_id, HOST)).decisions[0]
    choice = [decision.options[0].key]
    await svc.submit(match_id, HOST, decision.id, choice)
    before = await stored(svc, match_id)
    with pytest.raises(AlreadyDone, match="counted once"):
        await svc.submit(match_id, HOST, decision.id, choice)
    with pytest.raises(StaleDecision, match="already answered") as info:
        await svc.submit(match_id, HOST, decision.id, [decision.options[1].key])
    assert not isinstance(info.value, AlreadyDone)
    assert await stored(svc, match_id) == before


async def test_a_double_click_arriving_at_once_is_applied_once(svc: MatchService) -> None:
    match_id = await started(svc, ANN)
    decision = (await svc.hand(match_id, HOST)).decisions[0]
    choice = [decision.options[0].key]
    results = await asyncio.gather(
        svc.submit(match_id, HOST, decision.id, choice),
        svc.submit(match_id, HOST, decision.id, choice), return_exceptions=True)
    assert sum(isinstance(r, list) for r in results) == 1
    assert sum(isinstance(r, AlreadyDone) for r in results) == 1
    assert len((await stored(svc, match_id)).log) == 1


async def test_an_illegal_choice_changes_nothing(svc: MatchService) -> None:
    match_id = await started(svc, ANN)
    decision = (await svc.hand(match_id, HOST)).decisions[0]
    before = await stored(svc, match_id)
    with pytest.raises(IllegalAction, match="not one of the choices"):
        await svc.submit(match_id, HOST, decision.id, ["31"])
    with pytest.raises(IllegalAction, match="exactly 1"):
        await svc.submit(match_id, HOST, decision.id, [])
    assert await stored(svc, match_id) == before


async def test_an_opened_decision_refuses_what_submit_refuses_and_changes_nothing(
        svc: MatchService) -> None:
    """What a click works from before it answers: the open decision and a check of a
    choice against the match as read, with what submit would say when it is not open."""
    match_id = await started(svc, ANN)
    decision = (await svc.hand(match_id, HOST)).decisions[0]
    before = await stored(svc, match_id)
    opened = await svc.opened(match_id, HOST, decision.id)
    assert opened.decision == decision
    assert [s.user_id for s in opened.info.seats] == [HOST, ANN]
    opened.check([decision.options[0].key])
    with pytest.raises(IllegalAction, match="not one of the choices"):
        opened.check(["31"])
    with pytest.raises(NotYourDecision):
        await svc.opened(match_id, ANN, decision.id)
    with pytest.raises(NotSeated, match="not playing in this match"):
        await svc.opened(match_id, EVE, decision.id)
    assert await stored(svc, match_id) == before
    await svc.submit(match_id, HOST, decision.id, [decision.options[0].key])
    with pytest.raises(StaleDecision, match="already answered"):
        await svc.opened(match_id, HOST, decision.id)


async def test_a_lobby_has_nothing_to_play(svc: MatchService) -> None:
    match_id = await lobby(svc, ANN)
    with pytest.raises(NotStarted, match="not started yet"):
        await svc.submit(match_id, HOST, "r1.p0", ["1"])
    with pytest.raises(NotStarted):
        await svc.board(match_id)


async def test_a_finished_match_refuses_moves(svc: MatchService) -> None:
    match_id = await started(svc, ai=1)
    while (await svc.info(match_id)).status == "active":
        await play_first(svc, match_id, HOST)
    before = await stored(svc, match_id)
    with pytest.raises(MatchOver, match="is over"):
        await svc.submit(match_id, HOST, "r5.p0", ["1"])
    with pytest.raises(MatchOver, match="is over"):
        await svc.resign(match_id, HOST)
    with pytest.raises(MatchOver, match="is over"):
        await svc.cancel(match_id, HOST)
    assert await stored(svc, match_id) == before
    assert (await svc.hand(match_id, HOST)).decisions == ()  # the final hand stays viewable


async def test_ai_seats_play_through_the_same_logged_path(svc: MatchService) -> None:
    match_id = await started(svc, ai=2)
    # AI seats answered their opening decisions at start; only the host must act.
    first = await stored(svc, match_id)
    assert [(a.seat, a.user_id) for a in first.log] == [(1, None), (2, None)]
    assert (await svc.info(match_id)).to_act == (0,)
    ended: list[MatchEnded] = []
    for _ in range(5):
        out = await play_first(svc, match_id, HOST)
        ended += [o for o in out if isinstance(o, MatchEnded)]
    info = await svc.info(match_id)
    assert info.status == "finished" and info.to_act == ()
    log = (await stored(svc, match_id)).log
    assert len(log) == 15
    assert all((a.user_id is None) == (a.seat != 0) for a in log)
    (end,) = ended
    assert end.user_ids == (HOST, None, None)
    assert info.result == end.result
    stored_result = await svc.store.get_result(match_id)
    assert stored_result is not None and stored_result.placings == end.result.placings
    await assert_replays(svc, match_id)


async def test_an_all_ai_match_plays_to_the_end_at_start(svc: MatchService) -> None:
    info = await svc.create("highcard", HOST, seat_host=False)
    for _ in range(3):
        await svc.add_ai(info.id, HOST)
    out = await svc.start(info.id, HOST)
    assert isinstance(out[-1], MatchEnded)
    assert not any(isinstance(o, PrivateUpdate | Prompt) for o in out)
    assert isinstance(out[0], PublicUpdate)
    assert len(out[0].summary) == 3 * 5 + 5
    await assert_replays(svc, info.id)


async def test_resigning_a_two_player_match_hands_the_win_to_the_opponent(
        svc: MatchService) -> None:
    match_id = await started(svc, ANN)
    out = await svc.resign(match_id, ANN)
    info = await svc.info(match_id)
    assert info.status == "finished"
    assert info.result is not None
    assert (info.result.reason, info.result.placings) == ("resignation", (1, 2))
    assert "Player 2 resigned" in info.result.detail
    assert isinstance(out[-1], MatchEnded) and out[-1].result == info.result
    assert isinstance(out[0], PublicUpdate) and out[0].summary == ("Player 2 resigned.",)


async def test_resigning_with_three_players_hands_the_seat_to_the_ai(svc: MatchService) -> None:
    match_id = await started(svc, ANN, BOB)
    await svc.resign(match_id, ANN)
    info = await svc.info(match_id)
    assert info.status == "active"
    assert info.seats[1] == SeatRecord(1, ANN, is_ai=True, ai_level="normal", resigned=True)
    assert info.to_act == (0, 2)  # the AI already played for seat 1
    with pytest.raises(NotSeated, match="You resigned"):
        await svc.submit(match_id, ANN, "r1.p1", ["1"])
    with pytest.raises(NotSeated, match="You resigned"):
        await svc.resign(match_id, ANN)
    for _ in range(5):
        await play_first(svc, match_id, HOST)
        await play_first(svc, match_id, BOB)
    final = await svc.info(match_id)
    assert final.result is not None and final.result.placings[1] == 3
    log = (await stored(svc, match_id)).log
    assert all(a.user_id is None for a in log if a.seat == 1)
    await assert_replays(svc, match_id)


async def test_the_last_player_left_wins_when_others_resign(svc: MatchService) -> None:
    match_id = await started(svc, ANN, BOB)
    await svc.resign(match_id, ANN)
    out = await svc.resign(match_id, BOB)
    info = await svc.info(match_id)
    assert info.status == "finished" and info.result is not None
    assert info.result.placings == (1, 2, 2)
    assert isinstance(out[-1], MatchEnded)


def test_resigned_seats_rank_last_and_the_rest_keep_their_order() -> None:
    seats = [SeatRecord(0, 1), SeatRecord(1, 2, resigned=True), SeatRecord(2, 3),
             SeatRecord(3, 4)]
    got = rank_resigned_last(Result((1, 5, 3, 3), (4, 1, 2, 2), "normal", "x"), seats)
    assert got.placings == (3, 4, 1, 1)
    assert got.detail == "x; Player 2 resigned"
    assert rank_resigned_last(Result((1, 2), (2, 1)), seats[:1]) == Result((1, 2), (2, 1))


async def test_queries_for_the_discord_layer(svc: MatchService) -> None:
    waiting = await lobby(svc, ANN)
    running = await started(svc, ANN, ai=1)
    await play_first(svc, running, ANN)  # now only HOST must act there
    mine = await svc.matches_of(ANN)
    assert [m.id for m in mine] == [running, waiting]
    host = await svc.matches_of(HOST)
    assert host[0].id == running and host[0].must_act(HOST)
    board = await svc.board(running)
    assert board.mention_user_ids == (HOST,)
    assert board.view["hand"] is None
    hand = await svc.hand(running, HOST)
    assert hand.view["hand"] is not None and len(hand.decisions) == 1
    info = await svc.info(running)
    assert info.seat_of(ANN) == SeatRecord(1, ANN)
    assert info.seat_of(EVE) is None
    await svc.set_thread(running, 555)
    await svc.set_dm_ok(ANN, False)
    info = await svc.info(running)
    assert info.thread_id == 555 and info.seats[1].dm_ok is False


async def test_a_conflicting_writer_is_reported_as_stale(svc: MatchService,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    match_id = await started(svc, ANN)
    decision = (await svc.hand(match_id, HOST)).decisions[0]

    async def conflict(*args: object, **kw: object) -> int:
        raise VersionConflict(match_id, 2)

    monkeypatch.setattr(svc.store, "commit_move", conflict)
    with pytest.raises(StaleDecision, match="moved on meanwhile"):
        await svc.submit(match_id, HOST, decision.id, [decision.options[0].key])
    assert match_id not in svc.matches._states


async def test_the_state_cache_is_bounded(svc: MatchService) -> None:
    small = MatchService(svc.store, seed_source=lambda: 1, cache_size=1)
    a = await lobby(small, ANN)
    b = await lobby(small, ANN)
    await small.start(a, HOST)
    await small.start(b, HOST)
    for match_id, user in ((a, HOST), (b, HOST), (a, ANN), (b, ANN)):
        await play_first(small, match_id, user)
    assert len(small.matches._states) == 1
    for match_id in (a, b):
        assert len((await stored(small, match_id)).log) == 2


async def test_an_ai_move_the_rules_refuse_falls_back_to_the_default(
        svc: MatchService, monkeypatch: pytest.MonkeyPatch) -> None:
    def confused(level: str, view: object, decision: object, rng: object) -> Action:
        return Action("r1.p1", ("99",))

    monkeypatch.setattr(GAME, "ai_choose", confused)
    match_id = await started(svc, ai=1)
    (row,) = (await stored(svc, match_id)).log
    default = GAME.pending(GAME.setup(2, {"rounds_to_win": 0}, 12345))[1].default
    assert (row.seat, row.user_id, tuple(row.action["choice"])) == (1, None, default)
