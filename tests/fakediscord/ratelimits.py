"""Discord's REST rate limits, as its documentation describes them (topics/rate-limits).

* A global budget per bot token: 50 requests a second across all routes. Interaction
  endpoints (the callback, and the webhooks reached with an interaction token: followups and
  the original response) are not bound to it.
* Per-route buckets keyed by the route and its top-level resource (``channel_id``,
  ``guild_id``, ``webhook_id`` + ``webhook_token``): each answer carries ``X-RateLimit-Limit``,
  ``-Remaining``, ``-Reset`` (epoch seconds), ``-Reset-After`` (seconds) and ``-Bucket``.
* Past a limit: 429 with ``{"message", "retry_after", "global"}``, ``Retry-After`` (whole
  seconds, rounded up) and ``X-RateLimit-Scope`` (``user`` for a route, ``global`` with
  ``X-RateLimit-Global: true`` for the global budget; a global 429 carries no bucket headers).

Discord does not publish the per-route numbers ("should not be hard coded"); ``ROUTE_LIMITS``
holds the ones bots observe in the headers (5 messages per 5 s per channel), every other route
a bucket as wide as the global budget. Windows are fixed: they open at the first request and
reset whole, which is what ``Reset-After`` describes and what discord.py paces itself by.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

GLOBAL_PER_SECOND = 50
ROUTE_LIMITS: dict[str, tuple[int, float]] = {
    "POST /channels/{channel_id}/messages": (5, 5.0),
    "PATCH /channels/{channel_id}/messages/{message_id}": (5, 5.0),
    "DELETE /channels/{channel_id}/messages/{message_id}": (5, 1.0),
    "POST /webhooks/{webhook_id}/{webhook_token}": (5, 5.0),
    "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original": (5, 5.0),
    "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": (5, 5.0),
}
"""Requests per window of seconds, per top-level resource."""
DEFAULT_ROUTE_LIMIT = (GLOBAL_PER_SECOND, 1.0)
MAJOR_PARAMETERS = ("channel_id", "guild_id", "webhook_id", "webhook_token")


def exempt(path: str) -> bool:
    """Interaction endpoints: the callback and the webhooks of an interaction token (the only
    webhooks a bot without webhooks of its own calls)."""
    return path.startswith(("/interactions/", "/webhooks/"))


@dataclass
class Window:
    """A fixed window: ``limit`` requests until ``reset_at`` (monotonic seconds)."""

    limit: int
    per: float
    used: int = 0
    reset_at: float = 0.0

    def take(self, now: float) -> bool:
        """Count one request; False when the window is already full."""
        if now >= self.reset_at:
            self.used, self.reset_at = 0, now + self.per
        if self.used >= self.limit:
            return False
        self.used += 1
        return True

    def wait(self, now: float) -> float:
        return max(0.0, self.reset_at - now)


@dataclass(frozen=True)
class Verdict:
    """What the limits make of one request: headers to send, and the 429 if refused."""

    headers: dict[str, str]
    scope: str | None = None
    """None: allowed; ``"user"`` (a route bucket) or ``"global"``: refused with a 429."""
    retry_after: float = 0.0

    def body(self) -> dict[str, object]:
        message = "You are being rate limited."
        return {"message": message, "retry_after": round(self.retry_after, 3),
                "global": self.scope == "global"}


class RateLimits:
    """The buckets of one bot token. ``clock`` is real monotonic time: discord.py waits out
    ``Reset-After`` and ``retry_after`` with real sleeps."""

    def __init__(self, route_limits: Mapping[str, tuple[int, float]] | None = None,
                 global_per_second: int = GLOBAL_PER_SECOND,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.route_limits = {**ROUTE_LIMITS, **(route_limits or {})}
        self.global_window = Window(global_per_second, 1.0)
        self.buckets: dict[tuple[str, str], Window] = {}
        self.clock = clock
        self.emptied = 0
        """Requests that took a route bucket's last place: the client must wait for a reset."""

    def take(self, route: str, params: Mapping[str, str], path: str) -> Verdict:
        """Count a request to ``route`` (a discord.py route key) reaching Discord now."""
        now = self.clock()
        if not exempt(path) and not self.global_window.take(now):
            retry = self.global_window.wait(now)
            headers = {"Retry-After": str(max(1, math.ceil(retry))),
                       "X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"}
            return Verdict(headers, "global", retry)
        major = "+".join(params[k] for k in MAJOR_PARAMETERS if k in params)
        bucket = self.buckets.get((route, major))
        if bucket is None:
            bucket = self.buckets[(route, major)] = Window(
                *self.route_limits.get(route, DEFAULT_ROUTE_LIMIT))
        allowed = bucket.take(now)
        reset_after = bucket.wait(now)
        headers = {
            "X-RateLimit-Limit": str(bucket.limit),
            "X-RateLimit-Remaining": str(bucket.limit - bucket.used),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket_hash(route),
        }
        if allowed:
            self.emptied += bucket.used == bucket.limit
            return Verdict(headers)
        headers.update({"Retry-After": str(max(1, math.ceil(reset_after))),
                        "X-RateLimit-Scope": "user"})
        return Verdict(headers, "user", reset_after)


def bucket_hash(route: str | None) -> str:
    """The ``X-RateLimit-Bucket`` of a route: one bucket per route, as discord.py keys them."""
    return hashlib.sha1((route or "unknown").encode()).hexdigest()[:16]
