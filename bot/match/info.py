"""A match summary for front ends: who sits where, whose turn it is, how it ended."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.engine import Result
from bot.match.clock import MatchClock
from bot.store import ACTIVE, DeadlineRecord, SeatRecord


@dataclass(frozen=True)
class MatchInfo:
    id: int
    game: str
    title: str
    status: str
    version: int
    host_id: int | None
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    options: Mapping[str, Any]
    seats: tuple[SeatRecord, ...]
    min_players: int
    max_players: int
    to_act: tuple[int, ...] = ()
    """Seats with an open decision (only while active)."""
    result: Result | None = None
    clock: MatchClock | None = None
    """None: an untimed match."""
    paused: bool = False
    """The players voted the clocks to a stop."""
    deadlines: tuple[DeadlineRecord, ...] = ()
    """The open decisions' clocks, soonest due first (filled in where a front end asks)."""
    undo: bool = False
    """Players may take a move back when everyone else agrees."""
    lesson: bool = False
    """A lesson (``/learn``): the game's fixed deal, rated for nobody."""

    def seat_of(self, user_id: int) -> SeatRecord | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat
        return None

    def must_act(self, user_id: int) -> bool:
        seat = self.seat_of(user_id)
        return seat is not None and not seat.is_ai and seat.seat in self.to_act

    def deadline_for(self, user_id: int) -> DeadlineRecord | None:
        """The clock that matters to the user: their own soonest, else the match's soonest."""
        seat = self.seat_of(user_id)
        mine = [d for d in self.deadlines if seat is not None and d.seat == seat.seat]
        return next(iter(mine or self.deadlines), None)

    def running_due(self, user_id: int) -> float:
        """When the user's clock (see ``deadline_for``) runs out; never for a standing one."""
        d = self.deadline_for(user_id)
        return d.due_at if d is not None and d.held_at is None else float("inf")


def by_urgency(infos: list[MatchInfo], user_id: int) -> list[MatchInfo]:
    """Matches where the user must act first, soonest due first; then other running ones,
    then lobbies."""
    return sorted(infos, key=lambda m: (not m.must_act(user_id), m.status != ACTIVE,
                                        m.running_due(user_id)))
