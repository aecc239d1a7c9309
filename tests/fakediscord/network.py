"""A network between the bot and the fake: a round-trip time and the bot's upload bandwidth.

A request reaches Discord (its effect is applied and timestamped) once its bytes are
uploaded and half a round trip has passed; its answer is back half a round trip later. The
bot has one uplink: bodies upload one after another at ``upload_bps`` bytes a second, so
sending calls side by side saves round trips, not upload time. Gateway events reach the bot
half a round trip after Discord sends them. ``rtt=0`` and no bandwidth: loopback, no sleeps.
"""

from __future__ import annotations

import asyncio
import time


class Network:
    def __init__(self, rtt: float = 0.0, upload_bps: float | None = None) -> None:
        if rtt < 0 or (upload_bps is not None and upload_bps <= 0):
            raise ValueError("rtt must be >= 0 and upload_bps > 0")
        self.rtt = rtt
        self.upload_bps = upload_bps
        self._uplink_free = 0.0

    @property
    def modelled(self) -> bool:
        return self.rtt > 0 or self.upload_bps is not None

    @property
    def one_way(self) -> float:
        return self.rtt / 2

    def arrival(self, size: int, sent: float) -> float:
        """When a request of ``size`` bytes sent at ``sent`` (monotonic) reaches Discord."""
        uploaded = sent
        if self.upload_bps is not None:
            uploaded = max(sent, self._uplink_free) + size / self.upload_bps
            self._uplink_free = uploaded
        return uploaded + self.one_way

    async def request(self, size: int) -> None:
        """Wait as a request of ``size`` bytes sent now would, until it reaches Discord."""
        if self.modelled:
            await sleep_until(self.arrival(size, time.monotonic()))

    async def answer(self) -> None:
        """Wait as the answer does on its way back."""
        if self.rtt > 0:
            await asyncio.sleep(self.one_way)


async def sleep_until(when: float) -> None:
    delay = when - time.monotonic()
    if delay > 0:
        await asyncio.sleep(delay)
