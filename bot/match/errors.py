"""Typed match errors; like the engine's, each message is the whole answer shown to a player."""

from __future__ import annotations

from bot.engine import GameError, StaleDecision
from bot.engine.said import said


class MatchError(GameError):
    """Something about the match (not the game's rules) prevents the request."""


class UnknownMatch(MatchError):
    def __init__(self, match_id: int) -> None:
        super().__init__(said("There is no match #{number}.", number=str(match_id)))
        self.match_id = match_id


class MatchQuarantined(MatchError):
    """The match's stored record cannot be read back (bad JSON, or a snapshot the game cannot
    load): it is set aside, nothing can change it, and every other match goes on."""

    def __init__(self, match_id: int, guild_id: int | None, channel_id: int | None) -> None:
        super().__init__(said("Match #{number} is set aside: its saved record is damaged, so "
                              "it cannot go on until an admin repairs it. Other matches are "
                              "fine.", number=str(match_id)))
        self.match_id = match_id
        self.guild_id = guild_id
        self.channel_id = channel_id


class NotSeated(MatchError):
    """The user holds no (playing) seat in this match."""


class NotHost(MatchError):
    """Only the host (or a server manager, where allowed) may do this."""


class LobbyClosed(MatchError):
    """The match is past its lobby, so seats can no longer change."""


class NotStarted(MatchError):
    """The match is still a lobby; there is nothing to play yet."""


class LobbyFull(MatchError):
    pass


class AlreadyJoined(MatchError):
    pass


class BadSeatCount(MatchError):
    """Too few or too many seats to start."""


class HostCannotLeave(MatchError):
    pass


class ReviewRefused(MatchError):
    """A post-game review that cannot be given now: the match is not over, the same review
    is being prepared, or the log it needs is gone."""


class AlreadyDone(StaleDecision):
    """The same submission arrived twice (a double click); the first one counted."""


class EventError(MatchError):
    """Something about an event (a tournament) prevents the request; nothing changed."""


class UnknownEvent(EventError):
    def __init__(self, event_id: int) -> None:
        super().__init__(said("There is no event #{number}.", number=str(event_id)))
        self.event_id = event_id


class UnknownFormat(EventError):
    pass


class BadEntrantCount(EventError):
    """Too few entrants to start, or a cap outside what the format allows."""


class EventFull(EventError):
    pass


class AlreadyEntered(EventError):
    pass


class NotEntered(EventError):
    pass


class EventStarted(EventError):
    """Entries are closed: the event is under way, over or cancelled."""


class EventOver(EventError):
    pass


class NotOrganiser(EventError):
    pass


class BadStartTime(EventError):
    pass


class ClockMismatch(EventError):
    """The match clock is too short for the round deadline (or the deadline for the clock)."""


class SeasonError(MatchError):
    """A season request that cannot be done: a bad end date, no finished season to show."""
