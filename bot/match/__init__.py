"""The match service (DESIGN §1, §6): lobbies, seats, moves, and outbound messages as data."""

from bot.match.errors import (
    AlreadyDone,
    AlreadyJoined,
    BadSeatCount,
    HostCannotLeave,
    LobbyClosed,
    LobbyFull,
    MatchError,
    MatchQuarantined,
    NotHost,
    NotSeated,
    NotStarted,
    UnknownMatch,
)
from bot.match.info import MatchInfo
from bot.match.outbound import (
    MatchCancelled,
    MatchEnded,
    Outbound,
    PrivateUpdate,
    Prompt,
    PublicUpdate,
    TurnUpdate,
    build_outbound,
)
from bot.match.replay import state_text
from bot.match.service import MatchService

__all__ = [
    "AlreadyDone",
    "AlreadyJoined",
    "BadSeatCount",
    "HostCannotLeave",
    "LobbyClosed",
    "LobbyFull",
    "MatchCancelled",
    "MatchEnded",
    "MatchError",
    "MatchInfo",
    "MatchQuarantined",
    "MatchService",
    "NotHost",
    "NotSeated",
    "NotStarted",
    "Outbound",
    "PrivateUpdate",
    "Prompt",
    "PublicUpdate",
    "TurnUpdate",
    "UnknownMatch",
    "build_outbound",
    "state_text",
]
