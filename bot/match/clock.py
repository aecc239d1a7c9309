"""Play-by-post clocks (DESIGN §6): presets, the ladder of reminders, pause votes, time away.

Everything here is a pure function of times (Unix seconds) and records, so each rule is
tested without waiting; ``bot.match.timekeeper`` applies them under each match's lock.

A clock runs per decision window (``Decision.window_id``: a whole Zura turn, one Aura block),
not per decision inside it. The ladder for one open window of a person: a reminder by DM when
half the time is gone, a mention in the thread when a fifth is left, and on expiry the AI
answers the whole window for the seat ("autopilot"), which counts as one missed turn. The
stage reached is stored with the deadline, so a restart never repeats a rung, and a bot that
was down fires only the rung that is due now.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from bot.engine import BadOptions
from bot.engine.said import said
from bot.store import DeadlineRecord, GuildSettings, SeatClock

MINUTE, HOUR, DAY = 60, 60 * 60, 24 * 60 * 60
PRESETS: Mapping[str, int] = {"live": 2 * MINUTE, "standard": HOUR, "async": DAY}
CUSTOM: Final = "custom"
PRESET_NAMES = (*PRESETS, CUSTOM)
MAX_CUSTOM_MINUTES = 14 * 24 * 60
MAX_AWAY_DAYS = 60

AI, FORFEIT = "ai", "forfeit"
ABSENT = (AI, FORFEIT)
DEFAULT_AUTOPILOTS = 3
MAX_AUTOPILOTS = 10

REMIND_AT = 0.5
"""Share of the clock gone when the reminder DM goes out."""
WARN_AT = 0.8
"""Share of the clock gone when the thread mention goes out."""

# Stages stored with a deadline: the rungs already taken. EXPIRED: the window's time ran out
# and the autopilot answered it; the row stays, parked, while the window may open again for
# the seat (a Zura turn goes on after a trade partner answers), so the rest of the window is
# answered at once, with no new clock, notice or missed turn.
FRESH, REMINDED, WARNED, EXPIRED = 0, 1, 2, 3
# Rungs.
REMIND, WARN, EXPIRE = "remind", "warn", "expire"


@dataclass(frozen=True, slots=True)
class MatchClock:
    """A match's clock: seconds per decision window (a turn), and what happens to a player
    who stays away."""

    preset: str
    seconds: int
    absent: str = AI
    """After ``autopilots`` missed turns (windows) in a row: the AI takes the seat, or a
    forfeit."""
    autopilots: int = DEFAULT_AUTOPILOTS

    def to_json(self) -> dict[str, Any]:
        return {"preset": self.preset, "seconds": self.seconds, "absent": self.absent,
                "autopilots": self.autopilots}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchClock | None:
        """The stored clock; None for an untimed match (empty data)."""
        if not data:
            return None
        return cls(str(data["preset"]), int(data["seconds"]), str(data["absent"]),
                   int(data["autopilots"]))


def make_clock(preset: str, minutes: int | None = None, absent: str = AI,
               autopilots: int = DEFAULT_AUTOPILOTS) -> MatchClock:
    """A checked clock; ``minutes`` is needed (and only used) for the custom preset."""
    if preset not in PRESET_NAMES:
        raise BadOptions(said("The clock must be one of: {presets}.",
                              presets=tuple(PRESET_NAMES)))
    if absent not in ABSENT:
        raise BadOptions(said("An absent player's seat goes to the AI (`ai`) or forfeits "
                         "(`forfeit`)."))
    if not 1 <= autopilots <= MAX_AUTOPILOTS:
        raise BadOptions(said("Missed turns allowed in a row: 1 to {most}.",
                              most=MAX_AUTOPILOTS))
    if preset != CUSTOM:
        return MatchClock(preset, PRESETS[preset], absent, autopilots)
    if minutes is None or not 1 <= minutes <= MAX_CUSTOM_MINUTES:
        raise BadOptions(said("A custom clock needs minutes per turn, 1 to {most}.",
                              most=MAX_CUSTOM_MINUTES))
    return MatchClock(CUSTOM, minutes * MINUTE, absent, autopilots)


def server_clock(settings: GuildSettings, preset: str | None = None,
                 minutes: int | None = None, absent: str = AI,
                 autopilots: int = DEFAULT_AUTOPILOTS) -> MatchClock:
    """The clock asked for at /play, the server's default where nothing was asked.

    Minutes alone mean a custom clock; a custom clock without minutes takes the server's.
    """
    if preset is None:
        preset = CUSTOM if minutes is not None else settings.clock_preset
    if preset == CUSTOM and minutes is None:
        minutes = settings.clock_minutes
    return make_clock(preset, minutes if preset == CUSTOM else None, absent, autopilots)


# -- the ladder -----------------------------------------------------------------------------

def wake_at(due_at: float, seconds: float, stage: int) -> float:
    """When the rung after ``stage`` is due."""
    if stage == FRESH:
        return due_at - seconds * (1 - REMIND_AT)
    if stage == REMINDED:
        return due_at - seconds * (1 - WARN_AT)
    return due_at


def new_deadline(match_id: int, decision_id: str, seat: int, seconds: float, now: float,
                 held: bool = False) -> DeadlineRecord:
    """A full clock for a decision that just opened (standing still when ``held``)."""
    due = now + seconds
    return DeadlineRecord(match_id, decision_id, seat, due, wake_at(due, seconds, FRESH),
                          FRESH, now if held else None)


def due_rung(deadline: DeadlineRecord, seconds: float, now: float) -> str | None:
    """The rung to take now: only the latest one due, so a late bot skips stale reminders."""
    if deadline.held_at is not None:
        return None
    if now >= deadline.due_at:
        return EXPIRE
    if deadline.stage < WARNED and now >= wake_at(deadline.due_at, seconds, REMINDED):
        return WARN
    if deadline.stage < REMINDED and now >= wake_at(deadline.due_at, seconds, FRESH):
        return REMIND
    return None


def climbed(deadline: DeadlineRecord, rung: str, seconds: float) -> DeadlineRecord:
    """The deadline once ``rung`` (a reminder or the warning) was taken."""
    stage = REMINDED if rung == REMIND else WARNED
    return replace(deadline, stage=stage, next_at=wake_at(deadline.due_at, seconds, stage))


def parked(deadline: DeadlineRecord, at: float) -> DeadlineRecord:
    """The deadline of a window the autopilot answered: kept, never due by itself."""
    return replace(deadline, stage=EXPIRED, held_at=at)


def reopened(deadline: DeadlineRecord, at: float) -> DeadlineRecord:
    """A parked window open again for the seat: due at once (the autopilot goes on)."""
    return replace(deadline, due_at=at, next_at=at, held_at=None)


def hold(deadline: DeadlineRecord, at: float) -> DeadlineRecord:
    """Stop the clock at ``at`` (a clock already standing keeps its first stop)."""
    return deadline if deadline.held_at is not None else replace(deadline, held_at=at)


def release(deadline: DeadlineRecord, at: float) -> DeadlineRecord:
    """Run the clock again from ``at``: every time moves on by as long as it stood (a parked
    window stays parked)."""
    if deadline.held_at is None or deadline.stage == EXPIRED:
        return deadline
    stood = max(0.0, at - deadline.held_at)
    return replace(deadline, due_at=deadline.due_at + stood, next_at=deadline.next_at + stood,
                   held_at=None)


def time_left(deadline: DeadlineRecord, now: float) -> float:
    """Seconds left; a standing clock keeps what it had when it stopped."""
    at = deadline.held_at if deadline.held_at is not None else now
    return max(0.0, deadline.due_at - at)


# -- pause votes and time away --------------------------------------------------------------

def votes_needed(voters: int) -> int:
    """More than half of the people playing (everyone when there are two)."""
    return voters // 2 + 1


def away_until(seat: SeatClock, now: float, days: float, limit_days: int) -> float | None:
    """When time away asked at ``now`` for ``days`` ends: within what is left of the seat's
    allowance for the match (``limit_days``), counted from when it went away. None: no
    allowance left."""
    since = seat.away_since if seat.away_since is not None else now
    until = min(now + days * DAY, since + limit_days * DAY - seat.away_used)
    return until if until > now else None


def back(seat: SeatClock, at: float) -> SeatClock:
    """The seat back from time away at ``at`` (no later than planned), the time spent counted."""
    if seat.away_since is None or seat.away_until is None:
        return seat
    end = min(at, seat.away_until)
    return replace(seat, away_since=None, away_until=None,
                   away_used=seat.away_used + max(0.0, end - seat.away_since))
