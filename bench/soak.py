"""Soak: the load run of ``bench/load.py`` for ten minutes at a pace the bot keeps up with,
with few enough matches that each is played to its end and replaced a few times over (a
two-player Zura match takes some 200–400 moves); memory must stay flat.

Run: ``.venv/bin/python -m bench soak`` (``--quick``: 20 matches, 20 moves/s for 30 s).
50 matches, 50 moves a second for 600 s; memory is listed minute by minute.
"""

from __future__ import annotations

import asyncio

from bench.load import measure
from bench.report import Row


def run(quick: bool) -> list[Row]:
    if quick:
        return asyncio.run(measure(20, 20, 30, 5))
    return asyncio.run(measure(50, 50, 600, 60))
