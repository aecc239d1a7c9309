"""How matches end, as stored results, and what a player's record adds up to.

Every closed match has a result row: placings (1 = first, ties share), scores, a reason and a
detail line naming tie-breaks and who left. The reason says how the match ended:

- ``normal``: the game's own end (players who left on the way are placed last);
- ``resignation``: everyone but one player resigned;
- ``forfeit``: everyone but one player left, the last of them by running out of time;
- ``cancelled``: the host or a server manager called it off (nobody placed; never rated).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine import GameError, Result, registry
from bot.engine.names import player
from bot.engine.said import Said, said
from bot.store import CANCELLED, FINISHED, MatchRecord, ResultRecord, SeatRecord

NORMAL = "normal"
RESIGNATION = "resignation"
FORFEIT = "forfeit"

ENDINGS = {
    NORMAL: said("played to the end"),
    RESIGNATION: said("won by resignation"),
    FORFEIT: said("won on time"),
    CANCELLED: said("cancelled"),
}


def cancelled_result(players: int, detail: str = "") -> Result:
    """Nobody won or lost: every seat shares the same placing and no score."""
    return Result((0.0,) * players, (1,) * players, CANCELLED, detail)


def rank_resigned_last(result: Result, seats: Sequence[SeatRecord]) -> Result:
    """Keep the game's order among players still in, and place every resigned seat after."""
    gone = {s.seat for s in seats if s.resigned}
    if not gone:
        return result
    staying = [i for i in range(len(result.placings)) if i not in gone]
    placings = tuple(
        len(staying) + 1 if i in gone
        else 1 + sum(1 for j in staying if result.placings[j] < result.placings[i])
        for i in range(len(result.placings)))
    note = "; ".join(f"{player(s)} resigned" for s in sorted(gone))  # outcome.RESIGNED reads it
    detail = f"{result.detail}; {note}" if result.detail else note
    return Result(result.scores, placings, result.reason, detail, result.sentence, result.args)


def result_record(result: Result) -> ResultRecord:
    return ResultRecord(result.scores, result.placings, result.reason, result.detail)


def ending(game: str, reason: str) -> Said:
    """A result's reason in player words, for ``/history``: the match service's own endings,
    else the game's (``Game.endings``)."""
    if reason in ENDINGS:
        return ENDINGS[reason]
    try:
        words = registry.get(game).endings
    except GameError:  # a game no longer installed still lists its old matches
        words = {}
    return words.get(reason) or said("ended: {reason}",
                                     reason=reason.replace("_", " ").replace("-", " "))


@dataclass(frozen=True)
class Record:
    """One player's finished matches of one game in one server."""

    game: str
    played: int = 0
    wins: int = 0
    placings: int = 0
    """The sum of their placings, for the average."""
    left: int = 0
    """Matches they resigned or forfeited."""
    last_at: float = 0.0

    @property
    def average_placing(self) -> float:
        return self.placings / self.played if self.played else 0.0


def records(user_id: int,
            closed: Sequence[tuple[MatchRecord, ResultRecord | None]]) -> dict[str, Record]:
    """Per game, what ``user_id``'s finished matches add up to (cancelled ones are skipped)."""
    out: dict[str, Record] = {}
    for match, result in closed:
        seat = next((s for s in match.seats if s.user_id == user_id), None)
        if seat is None or result is None or match.status != FINISHED:
            continue
        placing = result.placings[seat.seat]
        # A match that ended by resignation or forfeit ended because all but one left.
        left = seat.resigned or (result.reason in (RESIGNATION, FORFEIT) and placing > 1)
        old = out.get(match.game, Record(match.game))
        out[match.game] = Record(
            match.game, old.played + 1, old.wins + (placing == 1), old.placings + placing,
            old.left + left, max(old.last_at, result.finished_at))
    return out
