"""Helpers for the clock tests: a clock moved by hand and a clocked service on a SQLite file."""

from __future__ import annotations

from pathlib import Path

from bot.match.clock import MatchClock, make_clock
from bot.match.clocked import ClockedMatchService
from bot.match.notices import ClockOut
from bot.store import SqliteStore

START = 1_700_000_000.0
LIVE = make_clock("live")
GUILD = 1


class Now:
    """Unix seconds that only move when a test says so."""

    def __init__(self, t: float = START) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def to(self, t: float) -> None:
        assert t >= self.t, "time only moves forward"
        self.t = t


def flat(batches: list[list[ClockOut]]) -> list[ClockOut]:
    return [item for batch in batches for item in batch]


async def open_service(path: Path, now: Now) -> ClockedMatchService:
    store = SqliteStore(path)
    await store.open()
    return ClockedMatchService(store, now=now, seed_source=lambda: 4242)


async def timed_match(svc: ClockedMatchService, game: str, users: list[int], *,
                      ai: int = 0, clock: MatchClock = LIVE,
                      options: dict[str, object] | None = None) -> int:
    """A started match hosted by ``users[0]`` with the others joined and ``ai`` AI seats."""
    info = await svc.create(game, users[0], guild_id=GUILD, channel_id=2, options=options,
                            clock=clock)
    for user in users[1:]:
        await svc.join(info.id, user)
    for _ in range(ai):
        await svc.add_ai(info.id, users[0])
    await svc.start(info.id, users[0])
    return info.id
