"""Clocks for the fake: the interaction deadline and webhook-token lifetime are measured on one.

Tests inject a :class:`ManualClock` so "the bot answered 4 s late" needs no real sleep.
"""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds on an arbitrary, monotonic scale."""
        ...


class SystemClock:
    """Real monotonic time (the default)."""

    def now(self) -> float:
        return time.monotonic()


class ManualClock:
    """A clock that only moves when a test says so."""

    def __init__(self, start: float = 1_000.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("a clock cannot go backwards")
        self._now += seconds

    def __repr__(self) -> str:
        return f"ManualClock(now={self._now})"
