"""Seasons over the match service on a real SQLite file: bad end days change nothing; at the
chosen day the ratings reset, the finished season's final table stays readable, and the
next season rates from scratch."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.engine import GameError
from bot.match import MatchService
from bot.match.clock import DAY
from bot.match.errors import SeasonError
from bot.match.seasons import Seasons, day_start
from tests.match.clocks import Now

GUILD = 1


async def played(svc: MatchService, winner: int, loser: int) -> None:
    """A High Card match between two people on the server, ended by a resignation."""
    info = await svc.create("highcard", winner, guild_id=GUILD, channel_id=2)
    await svc.join(info.id, loser)
    await svc.start(info.id, winner)
    await svc.resign(info.id, loser)


def day(t: float) -> str:
    """The UTC day of ``t`` as YYYY-MM-DD."""
    return datetime.fromtimestamp(t, UTC).date().isoformat()


async def test_bad_end_days_are_refused_and_change_nothing(
        svc: MatchService) -> None:
    now = Now()
    seasons = Seasons(svc.store, svc.ratings, now=now)
    for text, said in [("next friday", "YYYY-MM-DD"), (day(now.t), "begun already"),
                       (day(now.t - DAY), "begun already"),
                       (day(now.t + 400 * DAY), "366 days")]:
        with pytest.raises(SeasonError, match=said):
            await seasons.end_on(GUILD, text)
    assert await seasons.current(GUILD) is None
    with pytest.raises(SeasonError, match="No season has ended"):
        await seasons.final_table(GUILD, "highcard")
    with pytest.raises(GameError):
        await seasons.final_table(GUILD, "no-such-game")


async def test_ratings_reset_on_the_chosen_day_and_the_final_table_stays(
        svc: MatchService) -> None:
    now = Now()
    seasons = Seasons(svc.store, svc.ratings, now=now)
    season = await seasons.end_on(GUILD, day(now.t + 3 * DAY))
    assert season.number == 1 and season.ends_at == day_start(day(now.t + 3 * DAY))
    await played(svc, 200, 201)
    await played(svc, 200, 202)
    before = await svc.ratings.leaderboard(GUILD, "highcard")
    assert before[0].user_id == 200 and len(before) == 3
    assert await seasons.tick() == [], "the day has not come"
    assert season.ends_at is not None
    now.t = season.ends_at + 60
    (ended,) = await seasons.tick()
    assert ended.number == 1 and ended.ended_at == season.ends_at
    (again,) = await seasons.tick()
    assert again == ended, "a season ends once, and stays to post until it is posted"
    await seasons.announced(ended)
    assert await seasons.tick() == [], "posted once"
    assert await svc.ratings.leaderboard(GUILD, "highcard") == []
    shown, table = await seasons.final_table(GUILD, "highcard")
    assert shown.number == 1 and shown.ended_at == season.ends_at
    assert table == before, "the final table is the leaderboard as it stood"
    current = await seasons.current(GUILD)
    assert current is not None and (current.number, current.ends_at) == (2, None)
    await played(svc, 202, 200)
    after = await svc.ratings.leaderboard(GUILD, "highcard")
    assert {r.user_id: r.matches for r in after} == {202: 1, 200: 1}, "rated from scratch"
    with pytest.raises(SeasonError, match="Season 2 has not ended"):
        await seasons.final_table(GUILD, "highcard", 2)
