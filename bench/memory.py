"""Memory per active match: what one running match costs the bot process, per game.

Run: ``.venv/bin/python -m bench memory`` (``--quick`` for a smoke run).
For each game at its largest table, N matches of people only are started through
``MatchService`` on a SQLite file and played a few moves in, with a state cache big enough
to hold them all, so every match is "active" in memory. Reported per match:
- traced: Python heap growth measured by ``tracemalloc`` (the state objects and the rest);
- resident: growth of the resident set (RSS) of a fresh process that holds the matches
  without tracing (fresh, because a process that already freed memory reuses it unseen);
- stored: the size of the state's JSON text in the database.
The service caches 256 states by default; matches past that load lazily from the store, so
this figure bounds the cache, not the number of matches a process can serve. The last row
projects the resident memory of a process holding 1,000 matches of the costliest game:
that fresh process's RSS before its matches plus 1,000 times the growth per match
(target ≤ 300 MB, issue 11).
"""

from __future__ import annotations

import asyncio
import gc
import multiprocessing
import os
import statistics
import tempfile
import tracemalloc
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from bench.report import Row
from bot.engine import Rng, registry
from bot.match import MatchService
from bot.store import SqliteStore

MOVES = 10
"""Moves played in each match before measuring, so states are mid-game, not fresh deals."""
KIB = 1024


def resident_bytes() -> int:
    """This process's resident set size (Linux)."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


async def _play_some_moves(svc: MatchService, match_id: int, users: list[int]) -> None:
    """Up to ``MOVES`` moves, each chosen by the random AI from the player's own view."""
    rng = Rng(match_id)
    for _ in range(MOVES):
        info = await svc.info(match_id)
        if info.status != "active" or not info.to_act:
            return
        hand = await svc.hand(match_id, users[info.to_act[0]])
        action = registry.get(info.game).ai_choose("random", hand.view, hand.decisions[0], rng)
        await svc.submit(match_id, hand.user_id, action.decision, action.choice)


async def _start_matches(svc: MatchService, game: str, players: int, count: int) -> list[int]:
    ids = []
    for n in range(count):
        users = [n * 10 + seat + 1 for seat in range(players)]
        info = await svc.create(game, users[0], seed=n)
        for user in users[1:]:
            await svc.join(info.id, user)
        await svc.start(info.id, users[0])
        await _play_some_moves(svc, info.id, users)
        ids.append(info.id)
    return ids


async def _grow(folder: Path, game: str, players: int, count: int,
                measure: Callable[[], int]) -> tuple[int, float, list[int]]:
    """``measure`` before, its growth per match while ``count`` matches are held, and the
    JSON sizes of their stored states. A first match warms imports and caches unmeasured."""
    async with SqliteStore(folder / f"{game}.sqlite3") as store:
        svc = MatchService(store, cache_size=count + 1)
        await _start_matches(svc, game, players, 1)
        gc.collect()
        before = measure()
        ids = await _start_matches(svc, game, players, count)
        gc.collect()
        grown = (measure() - before) / count
        records = [await store.get_match(i) for i in ids]
    sizes = [len(r.state) for r in records if r is not None and r.state is not None]
    return before, grown, sizes


def _resident(folder: Path, game: str, players: int, count: int) -> tuple[int, float]:
    """Run in a fresh process: its RSS before the matches, and the growth per match."""
    before, grown, _ = asyncio.run(_grow(folder, game, players, count, resident_bytes))
    return before, grown


def _traced() -> int:
    return tracemalloc.get_traced_memory()[0]


async def _measure(quick: bool) -> list[Row]:
    count = 30 if quick else 500
    rows: list[Row] = []
    projected = 0.0
    fresh = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name in registry.names():
            game: Any = registry.get(name)
            players = game.max_players
            tracemalloc.start()
            _, traced, sizes = await _grow(folder / "traced", name, players, count, _traced)
            tracemalloc.stop()
            with ProcessPoolExecutor(1, mp_context=fresh) as pool:
                base, resident = await asyncio.wrap_future(pool.submit(
                    _resident, folder / "resident", name, players, count))
            projected = max(projected, base + 1000 * resident)
            label = f"{name} {players}p"
            rows += [
                Row(f"{label}: traced per match", traced / KIB, "KiB",
                    note=f"{count} matches, {MOVES} moves in"),
                Row(f"{label}: resident per match", resident / KIB, "KiB"),
                Row(f"{label}: stored state JSON", statistics.median(sizes) / KIB, "KiB",
                    note="median"),
            ]
    rows.append(Row("projected RSS, 1,000 matches of the costliest game",
                    projected / KIB / KIB, "MiB", "<=300", "fresh process + 1,000 × resident"))
    return rows


def run(quick: bool) -> list[Row]:
    return asyncio.run(_measure(quick))
