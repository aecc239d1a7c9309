"""Ratings per game and server with openskill's Plackett–Luce model (several players, ties).

The rules, as ``/rules`` and the README tell them:

- Only finished matches count; a cancelled match changes nobody's rating.
- Only people are rated, and only against each other: AI seats are left out and the people
  are ranked by their placings among themselves. A match with fewer than two people (one
  player against the AI) changes no rating.
- Whoever resigns or forfeits on time is placed after everyone still playing (players who
  left tie among themselves), and is rated on that placing.
- Ties share a placing and are rated as draws.
- A lesson (``/learn``) rates nobody.

Results are the source of truth: each finished match is rated once, in the order the
matches ended, and the store records which matches were rated. Rating is done right after
a match ends and again before anyone reads the ratings, so a crash in between only delays
an update. The shown rating is openskill's ordinal, ``mu - 3 * sigma``: it starts at 0 and
rises as the system grows sure a player is strong.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence

from openskill.models import PlackettLuce

from bot.match.live import Live, MatchHooks
from bot.store import (
    CANCELLED,
    FINISHED,
    MatchRecord,
    RatingRecord,
    ResultRecord,
    Store,
    VersionConflict,
)

log = logging.getLogger(__name__)

MODEL = PlackettLuce()
RETRIES = 5


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3.0 * sigma


def rates(record: MatchRecord) -> bool:
    """Whether the match counts for ratings once it is finished: two people or more, in a
    server, and not a lesson."""
    people = sum(1 for s in record.seats if s.user_id is not None)
    return record.guild_id is not None and people >= 2 and not record.lesson


def rated_players(record: MatchRecord, result: ResultRecord) -> list[tuple[int, int]]:
    """(user, placing) for every person a finished match rates; empty when it rates nobody."""
    if record.status != FINISHED or result.reason == CANCELLED or not rates(record):
        return []
    return [(s.user_id, result.placings[s.seat]) for s in record.seats
            if s.user_id is not None and s.seat < len(result.placings)]


def rate(guild_id: int, game: str, players: Sequence[tuple[int, int]],
         current: Mapping[int, RatingRecord]) -> list[RatingRecord]:
    """New ratings after one match, as openskill computes them from the placings."""
    if not players:
        return []
    before = [current.get(user) for user, _ in players]
    teams = [[MODEL.rating() if r is None else MODEL.rating(r.mu, r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=[float(placing) for _, placing in players])
    out = []
    for (user, _), old, (new,) in zip(players, before, after, strict=True):
        out.append(RatingRecord(guild_id, game, user, new.mu, new.sigma,
                                1 if old is None else old.matches + 1))
    return out


class Ratings(MatchHooks):
    """Keeps a store's ratings up to date with its results (one per process); as a hook of
    the match service, it rates a match as it ends."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._locks: dict[tuple[int, str], asyncio.Lock] = {}

    async def after(self, live: Live) -> None:
        """Fold a match that just ended into the ratings. The result is committed already, so
        a failure here only delays the rating: the next reader of the ratings catches up."""
        if live.result is None or live.record.guild_id is None:
            return
        try:
            await self.bring_up_to_date(live.record.guild_id, live.record.game)
        except Exception:  # the move stands; ratings are caught up on the next read
            log.exception("match %s: rating the result failed", live.id)

    async def bring_up_to_date(self, guild_id: int, game: str) -> int:
        """Rate every finished match of this server and game not rated yet, oldest first.

        Safe to call at any time and from several processes: each match is rated once, and
        a rating changed meanwhile by another process makes this one read again and retry.
        Returns how many matches were newly rated.
        """
        lock = self._locks.setdefault((guild_id, game), asyncio.Lock())
        async with lock:
            rated = 0
            for _ in range(RETRIES):
                try:
                    for record, result in await self.store.unrated_results(guild_id, game):
                        players = rated_players(record, result)
                        current = await self.store.get_ratings(
                            guild_id, game, [user for user, _ in players])
                        await self.store.save_ratings(
                            record.id, rate(guild_id, game, players, current))
                        rated += 1
                    return rated
                except VersionConflict:
                    continue
            raise RuntimeError(f"ratings of {game} in server {guild_id} kept changing")

    async def leaderboard(self, guild_id: int, game: str) -> list[RatingRecord]:
        """Everyone rated in this server's ``game``, best first, after catching up."""
        await self.bring_up_to_date(guild_id, game)
        return await self.store.leaderboard(guild_id, game)


def page(rows: Sequence[RatingRecord], number: int,
         size: int) -> tuple[list[tuple[int, RatingRecord]], int]:
    """Page ``number`` (from 1) of a leaderboard as (rank, row) pairs, and the page count.

    Equal ratings share a rank (1, 2, 2, 4); ``rows`` come best first from the store.
    """
    pages = max(1, -(-len(rows) // size))
    number = min(max(number, 1), pages)
    ranked = []
    rank = 0
    for i, row in enumerate(rows):
        if i == 0 or _key(row) != _key(rows[i - 1]):
            rank = i + 1
        ranked.append((rank, row))
    start = (number - 1) * size
    return ranked[start:start + size], pages


def _key(row: RatingRecord) -> float:
    return round(ordinal(row.mu, row.sigma), 9)


def standing(rows: Sequence[RatingRecord], user_id: int) -> tuple[int, RatingRecord] | None:
    """The user's rank (as on the leaderboard) and row, or None when they are not rated."""
    ranked, _ = page(rows, 1, max(len(rows), 1))
    return next(((rank, row) for rank, row in ranked if row.user_id == user_id), None)
