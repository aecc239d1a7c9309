"""The end of the game: a single game's placings (a win, or a draw when both leaders fall at
once), or a best-of-three's once it is over (``series.result``)."""

from __future__ import annotations

from bot.engine import Result
from bot.games.auroria import series
from bot.games.auroria.state import State


def result(state: State) -> Result | None:
    if state.series is not None:
        return series.result(state.series)
    if state.winners is None:
        return None
    if not state.winners:
        return Result((0.5, 0.5), (1, 1), state.reason)
    w = state.winners[0]
    return Result(tuple(1.0 if p == w else 0.0 for p in (0, 1)),
                  tuple(1 if p == w else 2 for p in (0, 1)), state.reason)
