"""Lobbies: create, join, leave, AI seats, start and cancel, with every refusal typed."""

from __future__ import annotations

import pytest

from bot.engine import BadOptions, GameError, MatchOver
from bot.match import (
    AlreadyJoined,
    BadSeatCount,
    HostCannotLeave,
    LobbyClosed,
    LobbyFull,
    MatchCancelled,
    MatchService,
    NotHost,
    NotSeated,
    PublicUpdate,
    UnknownMatch,
)
from tests.match.conftest import ANN, BOB, CAT, EVE, HOST, lobby, stored


async def test_create_seats_the_host_and_stores_parsed_options(svc: MatchService) -> None:
    info = await svc.create("highcard", HOST, guild_id=1, channel_id=2,
                            options={"rounds_to_win": "3"})
    assert (info.status, info.game, info.title, info.host_id) == (
        "lobby", "highcard", "High Card", HOST)
    assert [(s.seat, s.user_id) for s in info.seats] == [(0, HOST)]
    assert info.options == {"rounds_to_win": 3}
    assert (info.min_players, info.max_players) == (2, 4)
    record = await svc.store.get_match(info.id)
    assert record is not None and record.seed == 12345 and record.options == {"rounds_to_win": 3}


async def test_create_refuses_bad_options_and_unknown_games(svc: MatchService) -> None:
    with pytest.raises(BadOptions, match="between 0 and 5"):
        await svc.create("highcard", HOST, options={"rounds_to_win": 9})
    with pytest.raises(BadOptions, match="Unknown option `speed`"):
        await svc.create("highcard", HOST, options={"speed": 1})
    with pytest.raises(GameError, match="no game called `chess`"):
        await svc.create("chess", HOST)
    assert await svc.store.matches_of_user(HOST, ["lobby"]) == []


async def test_join_and_leave_renumber_seats(svc: MatchService) -> None:
    match_id = await lobby(svc, ANN, BOB)
    info = await svc.leave(match_id, ANN)
    assert [(s.seat, s.user_id) for s in info.seats] == [(0, HOST), (1, BOB)]
    assert info.version == 3


async def test_double_join_is_refused_and_changes_nothing(svc: MatchService) -> None:
    match_id = await lobby(svc, ANN)
    before = await stored(svc, match_id)
    with pytest.raises(AlreadyJoined, match="already joined"):
        await svc.join(match_id, ANN)
    with pytest.raises(AlreadyJoined):
        await svc.join(match_id, HOST)
    assert await stored(svc, match_id) == before


async def test_a_full_lobby_refuses_players_and_ai(svc: MatchService) -> None:
    match_id = await lobby(svc, ANN, BOB, CAT)
    before = await stored(svc, match_id)
    with pytest.raises(LobbyFull, match="full \\(4 seats\\)"):
        await svc.join(match_id, EVE)
    with pytest.raises(LobbyFull):
        await svc.add_ai(match_id, HOST)
    assert await stored(svc, match_id) == before


async def test_leave_refusals(svc: MatchService) -> None:
    match_id = await lobby(svc, ANN)
    before = await stored(svc, match_id)
    with pytest.raises(NotSeated, match="not in this lobby"):
        await svc.leave(match_id, EVE)
    with pytest.raises(HostCannotLeave, match="cancel it instead"):
        await svc.leave(match_id, HOST)
    assert await stored(svc, match_id) == before


async def test_only_the_host_adds_ai_and_levels_are_checked(svc: MatchService) -> None:
    match_id = await lobby(svc, ANN)
    before = await stored(svc, match_id)
    with pytest.raises(NotHost, match="Only the host can add AI"):
        await svc.add_ai(match_id, ANN)
    with pytest.raises(BadOptions, match="AI level `genius` is unknown"):
        await svc.add_ai(match_id, HOST, "genius")
    assert await stored(svc, match_id) == before
    info = await svc.add_ai(match_id, ANN, "random", can_manage=True)
    assert [(s.is_ai, s.ai_level) for s in info.seats][-1] == (True, "random")


async def test_start_needs_the_host_and_enough_seats(svc: MatchService) -> None:
    match_id = await lobby(svc)
    before = await stored(svc, match_id)
    with pytest.raises(BadSeatCount, match="needs 2–4 players; this lobby has 1"):
        await svc.start(match_id, HOST)
    await svc.join(match_id, ANN)
    before = await stored(svc, match_id)
    with pytest.raises(NotHost, match="Only the host can start"):
        await svc.start(match_id, ANN)
    with pytest.raises(NotHost):
        await svc.start(match_id, EVE)
    assert await stored(svc, match_id) == before
    out = await svc.start(match_id, HOST)
    assert isinstance(out[0], PublicUpdate)
    assert (await svc.info(match_id)).status == "active"


async def test_too_many_seats_cannot_start(svc: MatchService) -> None:
    # A lobby can only exceed the maximum if seats were stored some other way (older data).
    match_id = await lobby(svc, ANN, BOB, CAT)
    record = await svc.store.get_match(match_id)
    assert record is not None
    extra = (*record.seats, record.seats[0].__class__(4, EVE))
    await svc.store.save_lobby(match_id, record.version, extra)
    before = await stored(svc, match_id)
    with pytest.raises(BadSeatCount, match="this lobby has 5"):
        await svc.start(match_id, HOST)
    assert await stored(svc, match_id) == before


async def test_seats_are_fixed_once_started(svc: MatchService) -> None:
    match_id = await lobby(svc, ANN)
    await svc.start(match_id, HOST)
    before = await stored(svc, match_id)
    with pytest.raises(LobbyClosed, match="already started"):
        await svc.join(match_id, BOB)
    with pytest.raises(LobbyClosed):
        await svc.leave(match_id, ANN)
    with pytest.raises(LobbyClosed):
        await svc.add_ai(match_id, HOST)
    with pytest.raises(LobbyClosed):
        await svc.start(match_id, HOST)
    assert await stored(svc, match_id) == before


async def test_cancel_is_for_the_host_or_a_manager(svc: MatchService) -> None:
    match_id = await lobby(svc, ANN)
    before = await stored(svc, match_id)
    with pytest.raises(NotHost, match="Only the host can cancel"):
        await svc.cancel(match_id, ANN)
    assert await stored(svc, match_id) == before
    assert await svc.cancel(match_id, EVE, can_manage=True) == [MatchCancelled(match_id, EVE)]
    assert (await svc.info(match_id)).status == "cancelled"


async def test_a_cancelled_match_refuses_everything(svc: MatchService) -> None:
    match_id = await lobby(svc, ANN)
    await svc.start(match_id, HOST)
    decision = (await svc.hand(match_id, ANN)).decisions[0]
    await svc.cancel(match_id, HOST)
    before = await stored(svc, match_id)
    with pytest.raises(MatchOver, match="already cancelled"):
        await svc.cancel(match_id, HOST)
    with pytest.raises(MatchOver, match="was cancelled"):
        await svc.join(match_id, BOB)
    with pytest.raises(MatchOver, match="was cancelled"):
        await svc.submit(match_id, ANN, decision.id, [decision.options[0].key])
    with pytest.raises(MatchOver, match="was cancelled"):
        await svc.resign(match_id, ANN)
    with pytest.raises(MatchOver, match="was cancelled"):
        await svc.hand(match_id, ANN)
    assert await stored(svc, match_id) == before


async def test_unknown_match(svc: MatchService) -> None:
    with pytest.raises(UnknownMatch, match="There is no match #42"):
        await svc.join(42, ANN)
    with pytest.raises(UnknownMatch):
        await svc.submit(42, ANN, "r1.p0", ["1"])
    with pytest.raises(UnknownMatch):
        await svc.info(42)
