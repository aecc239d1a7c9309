"""Backend-neutral rows the store reads and writes; no SQL and no game types here."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Clock = Callable[[], float]
"""Seconds since the epoch; injectable so clock features are tested without sleeping."""

LOBBY = "lobby"
ACTIVE = "active"
FINISHED = "finished"
CANCELLED = "cancelled"
STATUSES = (LOBBY, ACTIVE, FINISHED, CANCELLED)


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """A place at the table. ``user_id`` is None for an AI; a resigned human keeps theirs."""

    seat: int
    user_id: int | None
    is_ai: bool = False
    ai_level: str | None = None
    dm_ok: bool = True
    resigned: bool = False


@dataclass(frozen=True, slots=True)
class NewMatch:
    """What a lobby starts from; the store assigns id, version 0 and timestamps."""

    game: str
    options: Mapping[str, Any]
    seed: int
    host_id: int | None
    guild_id: int | None = None
    channel_id: int | None = None
    thread_id: int | None = None
    seats: Sequence[SeatRecord] = ()
    clock: Mapping[str, Any] = field(default_factory=dict)
    """The match's clock settings as JSON data (empty: untimed); see ``bot.match.clock``."""
    undo: bool = False
    """Players may take a move back when everyone else agrees (``bot.match.undo``)."""
    lesson: bool = False
    """A lesson (``/learn``): the game's fixed deal (``Game.lesson``), rated for nobody."""


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One match as stored: ``state`` is the game's canonical JSON text (None in the lobby)."""

    id: int
    game: str
    status: str
    options: Mapping[str, Any]
    seed: int
    version: int
    state: str | None
    host_id: int | None
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    created_at: float
    updated_at: float
    seats: tuple[SeatRecord, ...] = ()
    clock: Mapping[str, Any] = field(default_factory=dict)
    paused_at: float | None = None
    """When the players voted the clocks to a stop (None: running)."""
    pause_votes: tuple[int, ...] = ()
    """Seats that voted to switch the pause state (pause, or resume when paused)."""
    undo: bool = False
    lesson: bool = False
    hints: int = 0
    """How many hints the match's players asked for (``bot.match.hints``)."""


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One entry to append to the action log; ``user_id`` is None when an AI acted."""

    seat: int
    user_id: int | None
    decision_id: str
    action: Mapping[str, Any]
    autopilot: bool = False
    """The AI moved for a human seat whose clock ran out."""


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """A logged action with its position ``seq`` (1, 2, …) and time."""

    seq: int
    seat: int
    user_id: int | None
    decision_id: str
    action: Mapping[str, Any]
    at: float
    autopilot: bool = False


@dataclass(frozen=True, slots=True)
class ResultRecord:
    scores: tuple[float, ...]
    placings: tuple[int, ...]
    reason: str = "normal"
    detail: str = ""
    finished_at: float = 0.0
    """Filled in by the store from its clock when written."""


@dataclass(frozen=True, slots=True)
class MessageRecord:
    """Which Discord message shows what (board, hand, prompt…), so it can be edited later."""

    match_id: int
    kind: str
    channel_id: int
    message_id: int
    seat: int | None = None
    decision_id: str | None = None


@dataclass(frozen=True, slots=True)
class DeliveryRecord:
    """The Discord message that fills one slot of a match (its live turn post, a seat's
    prompt, an end notice) and what it shows (``shown``, JSON), so delivery can reconcile."""

    match_id: int
    slot: str
    channel_id: int
    message_id: int
    shown: str = "{}"
    picture: str = ""
    """The picture the message shows, "hash:attachment id" (``bot.discord.shows.Picture``)."""


@dataclass(frozen=True, slots=True)
class DeadlineRecord:
    """A clock on one seat's decision window (``decision_id`` holds the window's id);
    ``stage`` counts the reminders already sent (3: expired, parked; see ``bot.match.clock``).

    ``held_at`` is set while the clock stands still (pause, time away); the times are then
    shifted by the time it stood when it runs again.
    """

    match_id: int
    decision_id: str
    seat: int
    due_at: float
    next_at: float
    stage: int = 0
    held_at: float | None = None


@dataclass(frozen=True, slots=True)
class SeatClock:
    """Clock bookkeeping for one seat: missed turns (windows) in a row and time away."""

    match_id: int
    seat: int
    autopilots: int = 0
    away_since: float | None = None
    away_until: float | None = None
    away_used: float = 0.0
    """Seconds of time away already spent in this match."""

    @property
    def away(self) -> bool:
        return self.away_since is not None


@dataclass(frozen=True, slots=True)
class RatingRecord:
    """One person's openskill rating in one game on one server; ``matches`` counts the
    matches folded in (1 after the first)."""

    guild_id: int
    game: str
    user_id: int
    mu: float
    sigma: float
    matches: int


@dataclass(frozen=True, slots=True)
class UndoRequestRecord:
    """A player's request to take their last move back, valid while the match is still at
    ``version``; ``accepted`` holds the users who agreed so far."""

    match_id: int
    seat: int
    user_id: int
    version: int
    accepted: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    use_threads: bool = True
    clock_preset: str = "async"
    allowed_channels: tuple[int, ...] = field(default=())
    clock_minutes: int = 60
    """Minutes per decision when ``clock_preset`` is ``custom``."""
    away_days: int = 7
    """Time away a player may take per match, in days (0: none)."""
    language: str | None = None
    """The language of the server's posts (None: its Discord's, ``guild_locale``)."""
    hints_everywhere: bool = False
    """Hints in rated and event matches too (off: in casual matches only)."""


@dataclass(frozen=True, slots=True)
class UserLanguage:
    """A person's Discord locale as of their latest press or command, and the language they
    chose (None: automatic, from that locale)."""

    user_id: int
    locale: str | None = None
    chosen: str | None = None


@dataclass(frozen=True, slots=True)
class DeckRecord:
    """A deck a player saved under a name (one per person, game and name, case aside);
    ``code`` is the game's shareable deck code."""

    user_id: int
    game: str
    name: str
    code: str
    created_at: float = 0.0
    updated_at: float = 0.0
    """Both filled in by the store from its clock when written."""

    @property
    def key(self) -> str:
        """The name as compared: "Red Rush" and "red rush" are one deck."""
        return self.name.casefold()
