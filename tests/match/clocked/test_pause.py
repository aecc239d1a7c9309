"""Clocks that stand still: a pause voted by the players, and a player's time away."""

from __future__ import annotations

import pytest

from bot.match import MatchError, MatchService, NotSeated
from bot.match.clock import DAY
from bot.match.notices import (
    Autopiloted,
    AwayChanged,
    LastCall,
    NoAwayLeft,
    PauseChanged,
    PauseVote,
    Reminder,
)
from bot.match.timekeeper import Timekeeper
from bot.store import GuildSettings
from tests.match.clocks import GUILD, START, Now, flat, timed_match

HOST, BOB, CAT = 100, 101, 102


async def dues(svc: MatchService, match_id: int) -> dict[int, tuple[float, bool]]:
    """Each seat's deadline: when it runs out, and whether it stands still."""
    return {d.seat: (d.due_at, d.held_at is not None)
            for d in await svc.store.deadlines_of([match_id])}


async def play(svc: MatchService, match_id: int, user: int) -> None:
    decision = (await svc.hand(match_id, user)).decisions[0]
    await svc.submit(match_id, user, decision.id, [decision.options[0].key])


# -- pause by vote ------------------------------------------------------------------------------

async def test_more_than_half_of_the_people_pause_and_resume(svc: MatchService, clocks: Timekeeper,
                                                             now: Now) -> None:
    match_id = await timed_match(svc, "highcard", [HOST, BOB, CAT], ai=1)
    now.to(START + 30)
    assert await clocks.vote_pause(match_id, HOST, True) == [PauseVote(match_id, HOST, True, 1, 2)]
    with pytest.raises(MatchError, match="voted already"):
        await clocks.vote_pause(match_id, HOST, True)
    assert not (await svc.info(match_id)).paused
    assert await clocks.vote_pause(match_id, CAT, True) == [PauseChanged(match_id, True)]
    assert (await svc.info(match_id)).paused
    assert all(held for _, held in (await dues(svc, match_id)).values())
    with pytest.raises(MatchError, match="paused already"):
        await clocks.vote_pause(match_id, BOB, True)

    paused = START + 10 * DAY
    now.to(paused)
    assert await clocks.tick() == [], "a paused clock never runs out"
    for user in (HOST, BOB, CAT):  # moves go on; the next round's clocks start standing
        await play(svc, match_id, user)
    assert await dues(svc, match_id) == {s: (paused + 120, True) for s in (0, 1, 2)}
    await play(svc, match_id, HOST)

    now.to(paused + 50)
    assert await clocks.vote_pause(match_id, BOB, False) == [PauseVote(match_id, BOB, False, 1, 2)]
    assert await clocks.vote_pause(match_id, HOST, False) == [PauseChanged(match_id, False)]
    assert await dues(svc, match_id) == {s: (paused + 170, False) for s in (1, 2)}
    now.to(paused + 169)
    assert not [o for o in flat(await clocks.tick()) if isinstance(o, Autopiloted)]
    now.to(paused + 170)
    assert [o.seat for o in flat(await clocks.tick()) if isinstance(o, Autopiloted)] == [1, 2]


async def test_two_players_must_both_agree_and_ai_seats_do_not_vote(
        svc: MatchService, clocks: Timekeeper) -> None:
    match_id = await timed_match(svc, "highcard", [HOST, BOB], ai=2)
    assert await clocks.vote_pause(match_id, BOB, True) == [PauseVote(match_id, BOB, True, 1, 2)]
    assert await clocks.vote_pause(match_id, HOST, True) == [PauseChanged(match_id, True)]
    assert await clocks.vote_pause(match_id, HOST, False) == [
        PauseVote(match_id, HOST, False, 1, 2)]
    assert await clocks.vote_pause(match_id, BOB, False) == [PauseChanged(match_id, False)]
    with pytest.raises(MatchError, match="running already"):
        await clocks.vote_pause(match_id, BOB, False)
    solo = await timed_match(svc, "highcard", [CAT], ai=1)
    assert await clocks.vote_pause(solo, CAT, True) == [PauseChanged(solo, True)]
    with pytest.raises(NotSeated):
        await clocks.vote_pause(solo, HOST, True)


async def test_an_untimed_match_has_nothing_to_pause(svc: MatchService, clocks: Timekeeper) -> None:
    info = await svc.create("highcard", HOST, guild_id=GUILD)
    await svc.join(info.id, BOB)
    await svc.start(info.id, HOST)
    with pytest.raises(MatchError, match="no clock"):
        await clocks.vote_pause(info.id, HOST, True)


# -- time away ----------------------------------------------------------------------------------

async def away_limit(svc: MatchService, days: int) -> None:
    await svc.store.put_guild_settings(GuildSettings(GUILD, away_days=days))


async def test_time_away_stops_only_the_players_own_clock(svc: MatchService, clocks: Timekeeper,
                                                          now: Now) -> None:
    await away_limit(svc, 3)
    match_id = await timed_match(svc, "highcard", [HOST, BOB])
    now.to(START + 40)
    (batch,) = await clocks.go_away(BOB, GUILD, 1)
    assert batch == [AwayChanged(match_id, 1, BOB, START + 40 + DAY)]
    assert await dues(svc, match_id) == {0: (START + 120, False), 1: (START + 120, True)}
    now.to(START + 120)
    assert [o.seat for o in flat(await clocks.tick()) if isinstance(o, Autopiloted)] == [0]

    now.to(START + 40 + DAY)
    (back,) = flat(await clocks.tick())
    assert back == AwayChanged(match_id, 1, BOB, None, used_up=True)
    assert (await dues(svc, match_id))[1] == (START + 120 + DAY, False), "80 s were left"
    assert (await svc.store.seat_clocks(match_id))[1].away_used == DAY
    now.to(START + 100 + DAY)
    assert [type(o) for o in flat(await clocks.tick())] == [LastCall], "the ladder goes on"
    assert await clocks.tick() == []


async def test_the_allowance_per_match_is_the_server_limit(svc: MatchService, clocks: Timekeeper,
                                                           now: Now) -> None:
    await away_limit(svc, 2)
    match_id = await timed_match(svc, "highcard", [HOST, BOB])
    with pytest.raises(MatchError, match="up to 2 days"):
        await clocks.go_away(BOB, GUILD, 3)
    (batch,) = await clocks.go_away(BOB, GUILD, 1.5)
    assert batch == [AwayChanged(match_id, 1, BOB, START + 1.5 * DAY)]
    now.to(START + DAY)
    (batch,) = await clocks.come_back(BOB, GUILD)
    assert batch == [AwayChanged(match_id, 1, BOB, None, used_up=False)]
    with pytest.raises(MatchError, match="not away"):
        await clocks.come_back(BOB, GUILD)
    (batch,) = await clocks.go_away(BOB, GUILD, 2)
    assert batch == [AwayChanged(match_id, 1, BOB, START + 2 * DAY)], "one day was left"
    now.to(START + 2 * DAY)
    flat(await clocks.tick())
    assert await clocks.go_away(BOB, GUILD, 1) == [[NoAwayLeft(match_id, BOB)]]
    assert not (await dues(svc, match_id))[1][1]


async def test_asking_again_while_away_extends_within_the_allowance(
        svc: MatchService, clocks: Timekeeper, now: Now) -> None:
    await away_limit(svc, 3)
    match_id = await timed_match(svc, "highcard", [HOST, BOB])
    await clocks.go_away(BOB, GUILD, 1)
    now.to(START + DAY / 2)
    (batch,) = await clocks.go_away(BOB, GUILD, 3)
    assert batch == [AwayChanged(match_id, 1, BOB, START + 3 * DAY)]
    assert (await dues(svc, match_id))[1] == (START + 120, True)


async def test_time_away_needs_the_server_to_allow_it_and_a_timed_match(
        svc: MatchService, clocks: Timekeeper) -> None:
    await away_limit(svc, 0)
    with pytest.raises(MatchError, match="does not allow"):
        await clocks.go_away(BOB, GUILD, 1)
    await away_limit(svc, 5)
    with pytest.raises(MatchError, match="no running match with a clock"):
        await clocks.go_away(BOB, GUILD, 1)
    match_id = await timed_match(svc, "highcard", [HOST, BOB])
    with pytest.raises(MatchError, match="no running match with a clock"):
        await clocks.go_away(BOB, GUILD + 1, 1)
    assert await clocks.go_away(HOST, GUILD, 1) == [[AwayChanged(match_id, 0, HOST,
                                                              START + DAY)]]


async def test_a_pause_and_time_away_overlap(
        svc: MatchService, clocks: Timekeeper, now: Now) -> None:
    await away_limit(svc, 7)
    match_id = await timed_match(svc, "highcard", [HOST, BOB])
    now.to(START + 20)
    await clocks.go_away(BOB, GUILD, 1)
    await clocks.vote_pause(match_id, HOST, True)
    await clocks.vote_pause(match_id, BOB, True)
    now.to(START + 60)
    await clocks.vote_pause(match_id, HOST, False)
    await clocks.vote_pause(match_id, BOB, False)
    assert await dues(svc, match_id) == {0: (START + 160, False), 1: (START + 120, True)}
    now.to(START + 100)
    await clocks.come_back(BOB, GUILD)
    assert (await dues(svc, match_id))[1] == (START + 200, False), "stood from 20 s to 100 s"
    now.to(START + 100)
    assert [(type(o), o.seat) for o in flat(await clocks.tick())] == [(Reminder, 0)]
    now.to(START + 140)
    assert [(type(o), o.seat) for o in flat(await clocks.tick())] == [(LastCall, 0), (Reminder, 1)]
