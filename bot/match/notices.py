"""What the clocks tell people, as data: front ends word and deliver it (like ``outbound``).

Each notice is produced once per stage of a deadline (the stage is stored first), so
delivering it is at most once, whatever restarts in between.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.match.outbound import Outbound


@dataclass(frozen=True)
class Reminder:
    """Half the time is gone: a DM, or a mention in the thread when DMs are closed."""

    match_id: int
    seat: int
    user_id: int
    dm_ok: bool
    due_at: float


@dataclass(frozen=True)
class LastCall:
    """Little time is left: a mention in the thread."""

    match_id: int
    seat: int
    user_id: int
    due_at: float


@dataclass(frozen=True)
class Autopiloted:
    """Time ran out and the AI answered the seat's decision ``window`` for it; ``streak`` of
    ``limit`` missed turns in a row.

    ``then`` says what reaching the limit did: the AI keeps the seat (``ai``), the player
    forfeited (``forfeit``), or None below the limit.
    """

    match_id: int
    seat: int
    user_id: int
    streak: int
    limit: int
    then: str | None = None
    window: str = ""


@dataclass(frozen=True)
class SeatTakenBack:
    match_id: int
    seat: int
    user_id: int


@dataclass(frozen=True)
class PauseVote:
    """A vote to stop (``pause``) or restart the clocks that does not carry yet."""

    match_id: int
    user_id: int
    pause: bool
    votes: int
    needed: int


@dataclass(frozen=True)
class PauseChanged:
    """The vote carried: the clocks stopped (``paused``) or run again."""

    match_id: int
    paused: bool


@dataclass(frozen=True)
class AwayChanged:
    """A player's clocks in this match stop until ``until``, or run again (None).

    ``used_up``: they run again because the allowance for the match ran out.
    """

    match_id: int
    seat: int
    user_id: int
    until: float | None
    used_up: bool = False


@dataclass(frozen=True)
class NoAwayLeft:
    """The player has no time away left in this match; their clock keeps running."""

    match_id: int
    user_id: int


Notice = (Reminder | LastCall | Autopiloted | SeatTakenBack | PauseVote | PauseChanged
          | AwayChanged | NoAwayLeft)
ClockOut = Outbound | Notice
"""What clock operations return for one match: notices first, then the usual outbound."""
