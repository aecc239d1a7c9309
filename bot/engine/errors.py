"""Typed errors whose ``str()`` is fit to show a player as a one-line answer."""

from __future__ import annotations

from bot.engine.said import Said


class GameError(Exception):
    """Base of every error a player may see; the message is the whole explanation. A ``Said``
    is told in the reader's language where it is shown (``said``); a plain string is shown as
    it is, until its sentence moves into the catalogues. ``str()`` is the English words."""

    def __init__(self, message: str | Said) -> None:
        self.said = message if isinstance(message, Said) else None
        self.message = str(message)
        super().__init__(message)  # args keep the sentence: raised in a worker, it arrives whole

    def __str__(self) -> str:
        return self.message


class IllegalAction(GameError):
    """The action breaks a rule (wrong cards, wrong count, not allowed now)."""


class NotYourDecision(GameError):
    """Another seat must make this decision."""


class StaleDecision(GameError):
    """The decision was already made or is no longer open (an old button)."""


class MatchOver(GameError):
    """The match has ended; nothing more can be played."""


class BadOptions(GameError):
    """Match options that a game does not accept."""


class BadScenario(GameError):
    """A scenario file that is malformed or asks for something impossible."""
