"""Season rows: a server's seasons and each finished one's final ratings, for both backends.

Queries written once in the style of ``sql.py``, run through the store's dialect. A season
ends in one transaction: it is marked ended (only if it still is open), its server's ratings
are copied into ``season_ratings`` and cleared, and the next season opens; so a restart or a
second process ends it once, and no rating is lost or counted in two seasons.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from dataclasses import dataclass
from typing import Any

from bot.store.dialect import Count, Fetch, Op
from bot.store.records import RatingRecord
from bot.store.rows import rating_from_row
from bot.store.sql import SqlStore


@dataclass(frozen=True, slots=True)
class SeasonRecord:
    guild_id: int
    number: int
    started_at: float
    ends_at: float | None = None
    """When its ratings reset; None: no date chosen."""
    ended_at: float | None = None
    announced_at: float | None = None
    """When its end was posted in the server (None: not yet)."""


def _season(row: Mapping[str, Any]) -> SeasonRecord:
    return SeasonRecord(row["guild_id"], row["number"], row["started_at"], row["ends_at"],
                        row["ended_at"], row["announced_at"])


_OPEN = "SELECT * FROM seasons WHERE guild_id = ? AND ended_at IS NULL"


class SeasonStore:
    """The season repository over an open store (either backend, through its dialect)."""

    def __init__(self, store: SqlStore) -> None:
        self._dialect = store.dialect

    async def _all(self, sql: str, params: tuple[Any, ...]) -> list[Any]:
        return list(await self._dialect.single(Fetch(sql, params), write=False))

    async def current(self, guild_id: int) -> SeasonRecord | None:
        """The server's open season; None before its first."""
        rows = await self._all(_OPEN, (guild_id,))
        return _season(rows[0]) if rows else None

    async def ended(self, guild_id: int) -> list[SeasonRecord]:
        """The server's finished seasons, latest first."""
        return [_season(r) for r in await self._all(
            "SELECT * FROM seasons WHERE guild_id = ? AND ended_at IS NOT NULL "
            "ORDER BY number DESC", (guild_id,))]

    async def set_end(self, guild_id: int, ends_at: float, now: float) -> SeasonRecord:
        """The open season ends at ``ends_at``; the first season opens now if there is none."""
        def body() -> Generator[Op, Any, SeasonRecord]:
            rows = yield Fetch("UPDATE seasons SET ends_at = ? WHERE guild_id = ? "
                               "AND ended_at IS NULL RETURNING *", (ends_at, guild_id))
            if not rows:
                rows = yield Fetch(
                    "INSERT INTO seasons (guild_id, number, started_at, ends_at) VALUES "
                    "(?, (SELECT COALESCE(MAX(number), 0) + 1 FROM seasons WHERE guild_id = ?),"
                    " ?, ?) RETURNING *", (guild_id, guild_id, now, ends_at))
            return _season(rows[0])

        season: SeasonRecord = await self._dialect.run(body, write=True)
        return season

    async def due(self, now: float) -> list[SeasonRecord]:
        """Open seasons (of every server) whose end has come."""
        return [_season(r) for r in await self._all(
            "SELECT * FROM seasons WHERE ended_at IS NULL AND ends_at <= ? "
            "ORDER BY ends_at, guild_id", (now,))]

    async def end(self, season: SeasonRecord, at: float) -> bool:
        """End ``season`` at ``at``: keep its ratings as its final tables, reset the server's
        ratings and open the next season, all at once; False if it had ended already."""
        guild_id, number = season.guild_id, season.number

        def body() -> Generator[Op, Any, bool]:
            if not (yield Fetch("UPDATE seasons SET ended_at = ? WHERE guild_id = ? AND "
                                "number = ? AND ended_at IS NULL RETURNING number",
                                (at, guild_id, number))):
                return False
            yield Count("INSERT INTO season_ratings (guild_id, season, game, user_id, mu, "
                        "sigma, ordinal, matches) SELECT guild_id, ?, game, user_id, mu, "
                        "sigma, ordinal, matches FROM ratings WHERE guild_id = ?",
                        (number, guild_id))
            yield Count("DELETE FROM ratings WHERE guild_id = ?", (guild_id,))
            yield Count("INSERT INTO seasons (guild_id, number, started_at) VALUES (?, ?, ?)",
                        (guild_id, number + 1, at))
            return True

        done: bool = await self._dialect.run(body, write=True)
        return done

    async def unannounced(self) -> list[SeasonRecord]:
        """Ended seasons (of every server) whose end has not been posted yet: those just
        ended, and any a kill caught between the end and its post."""
        return [_season(r) for r in await self._all(
            "SELECT * FROM seasons WHERE ended_at IS NOT NULL AND announced_at IS NULL "
            "ORDER BY ended_at, guild_id", ())]

    async def announced(self, season: SeasonRecord, at: float) -> bool:
        """Its end was posted; False if it was marked so before."""
        return bool(await self._dialect.single(Fetch(
            "UPDATE seasons SET announced_at = ? WHERE guild_id = ? AND number = ? "
            "AND announced_at IS NULL RETURNING number",
            (at, season.guild_id, season.number)), write=True))

    async def final_table(self, guild_id: int, number: int, game: str) -> list[RatingRecord]:
        """A finished season's ratings in ``game`` as they stood at its end, best first."""
        return [rating_from_row(r) for r in await self._all(
            "SELECT * FROM season_ratings WHERE guild_id = ? AND season = ? AND game = ? "
            "ORDER BY ordinal DESC, matches DESC, user_id", (guild_id, number, game))]
