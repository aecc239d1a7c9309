"""Seasons (issue 29): a server's ratings and leaderboards reset on a date its admins choose,
and each finished season's final tables stay readable. No Discord.

The first chosen end date opens season 1 (the ratings so far are its ratings). When the date
comes, the clock scheduler's pass brings every game's ratings up to date (the matches that
ended in the season count in it), then ends the season in one store transaction
(``SeasonStore.end``): its tables kept, the ratings cleared, the next season open with no end
date until the admins choose one. A bot that was down past the date ends it when it is back,
as of the date (the matches that ended meanwhile count in the old season).
"""

from __future__ import annotations

import time
from datetime import UTC, date, datetime

from bot.engine import registry
from bot.engine.said import said
from bot.match.errors import SeasonError
from bot.match.ratings import Ratings
from bot.store import Clock, RatingRecord
from bot.store.seasons import SeasonRecord, SeasonStore
from bot.store.sql import SqlStore

MAX_AHEAD_DAYS = 366


def day_start(text: str) -> float:
    """The start (00:00 UTC) of the day ``text`` names as YYYY-MM-DD."""
    try:
        day = date.fromisoformat(text.strip())
    except ValueError:
        raise SeasonError(said("Give the day as YYYY-MM-DD, for example 2027-03-01.")) \
            from None
    return datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp()


class Seasons:
    """The seasons of every server, over the store and the match service's ratings."""

    def __init__(self, store: SqlStore, ratings: Ratings, *, now: Clock = time.time) -> None:
        self.seasons = SeasonStore(store)
        self.ratings = ratings
        self.now = now

    async def end_on(self, guild_id: int, day: str) -> SeasonRecord:
        """The server's season (the first one, if none is open) ends at the start of
        ``day``; its ratings reset then."""
        ends_at, now = day_start(day), self.now()
        if ends_at <= now:
            raise SeasonError(said("That day has begun already; choose a later one."))
        if ends_at > now + MAX_AHEAD_DAYS * 86400:
            raise SeasonError(said("A season can end at most {n} days ahead.", n=MAX_AHEAD_DAYS))
        return await self.seasons.set_end(guild_id, ends_at, now)

    async def current(self, guild_id: int) -> SeasonRecord | None:
        return await self.seasons.current(guild_id)

    async def final_table(self, guild_id: int, game: str,
                          number: int | None = None) -> tuple[SeasonRecord, list[RatingRecord]]:
        """A finished season (the latest, by default) and its final table in ``game``."""
        found = registry.get(game).name  # an unknown game raises its own sentence
        ended = await self.seasons.ended(guild_id)
        if not ended:
            raise SeasonError(said("No season has ended on this server yet."))
        season = next((s for s in ended if number is None or s.number == number), None)
        if season is None:
            raise SeasonError(said("Season {number} has not ended here; finished seasons: "
                                   "1 to {last}.", number=str(number),
                                   last=str(ended[0].number)))
        return season, await self.seasons.final_table(guild_id, season.number, found)

    async def tick(self) -> list[SeasonRecord]:
        """End every season whose date has come (the scheduler's pass); the ended seasons
        whose end is still to be posted (these and any a kill kept from their post), until
        ``announced`` marks each."""
        for season in await self.seasons.due(self.now()):
            for game in registry.names():
                await self.ratings.bring_up_to_date(season.guild_id, game)
            assert season.ends_at is not None
            await self.seasons.end(season, season.ends_at)
        return await self.seasons.unannounced()

    async def announced(self, season: SeasonRecord) -> None:
        """The season's end was posted (or there was nowhere to post it): never again."""
        await self.seasons.announced(season, self.now())
