"""What every format and the standings read: entrants, games and the pairings of a round."""

from __future__ import annotations

from dataclasses import dataclass

WIN, DRAW, LOSS = 1.0, 0.5, 0.0


@dataclass(frozen=True)
class Entrant:
    """A player in an event; ``rating`` seeds round one and breaks the last tie."""

    player: int
    rating: float = 0.0


@dataclass(frozen=True)
class Game:
    """One pairing's outcome. ``second`` is None for a bye, which counts as a win.

    ``score`` is what ``first`` (the player who moves first) scored: 1, 0.5 or 0; None while
    the game is still being played, so it counts for pairing (no rematch) but not for points.
    ``weight``: what the game is worth; below 1 for the games a pod counts as
    (``bot.events.pods.pod_games``).
    """

    round: int
    first: int
    second: int | None
    score: float | None
    weight: float = 1.0

    def players(self) -> tuple[int, ...]:
        return (self.first,) if self.second is None else (self.first, self.second)

    def score_of(self, player: int) -> float | None:
        """What ``player`` scored here (None while unplayed)."""
        if self.score is None:
            return None
        return self.weight * (self.score if player == self.first else WIN - self.score)

    def opponent_of(self, player: int) -> int | None:
        return self.second if player == self.first else self.first


@dataclass(frozen=True)
class Round:
    """The pairings of one round: ``(first, second)`` tables and at most one bye."""

    tables: tuple[tuple[int, int], ...]
    bye: int | None = None

    def players(self) -> list[int]:
        out = [p for table in self.tables for p in table]
        return [*out, self.bye] if self.bye is not None else out


LEVEL_SLOTS = 8
"""An AI entrant has no Discord id: its player number is negative, ``-(n × 8 + level)``
for the ``n``-th AI of the event (from 1) playing at the game's ``level``-th AI level
(its index in ``Game.ai_levels``), so pairing and standings treat it as any player and the
entrant row needs nothing more."""


def ai_entrant(number: int, level: int) -> int:
    """The player number of an event's ``number``-th AI, playing at level index ``level``."""
    if number < 1 or not 0 <= level < LEVEL_SLOTS:
        raise ValueError(f"no AI entrant {number} at level {level}")
    return -(number * LEVEL_SLOTS + level)


def is_ai(player: int) -> bool:
    return player < 0


def ai_parts(player: int) -> tuple[int, int]:
    """An AI entrant's number in its event and its level index."""
    return divmod(-player, LEVEL_SLOTS)
