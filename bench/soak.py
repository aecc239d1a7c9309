"""Soak: the load run of ``bench/load.py`` for ten minutes at a pace the bot keeps up with,
so that matches end and new ones start many times over; memory must stay flat.

Run: ``.venv/bin/python -m bench soak`` (``--quick``: 100 matches, 20 moves/s for 30 s).
500 matches, 50 moves a second for 600 s; memory is listed minute by minute.
"""

from __future__ import annotations

import asyncio

from bench.load import measure
from bench.report import Row


def run(quick: bool) -> list[Row]:
    if quick:
        return asyncio.run(measure(100, 20, 30, 5))
    return asyncio.run(measure(500, 50, 600, 60))
