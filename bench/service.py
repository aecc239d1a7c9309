"""Move latency through MatchService on a SQLite file, against a bare insert + commit.

The service's cost per move is: load the match row and seats, check and apply the action,
commit snapshot + log entry in one transaction, and build outbound messages. The baseline is
the least any durable move could cost on the same file: one aiosqlite insert and commit.
Uses the test game High Card (``tests/highcard.py``), so run it from the repository root.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import aiosqlite

from bench.report import Row, latency_rows
from bot.engine import registry
from bot.match import MatchService
from bot.store import SqliteStore
from tests.highcard import GAME

PLAYERS = (1, 2)


async def _human_moves(svc: MatchService, matches: int) -> list[float]:
    """Two people alternate; every submit is exactly one commit."""
    samples = []
    for _ in range(matches):
        info = await svc.create(GAME.name, PLAYERS[0])
        await svc.join(info.id, PLAYERS[1])
        await svc.start(info.id, PLAYERS[0])
        while (await svc.info(info.id)).status == "active":
            for user in PLAYERS:
                decision = (await svc.hand(info.id, user)).decisions[0]
                start = time.perf_counter()
                await svc.submit(info.id, user, decision.id, [decision.options[0].key])
                samples.append(time.perf_counter() - start)
    return samples


async def _moves_with_ai(svc: MatchService, matches: int) -> list[float]:
    """One person against three AI seats: each submit also commits up to three AI moves."""
    samples = []
    for _ in range(matches):
        info = await svc.create(GAME.name, PLAYERS[0])
        for _ in range(3):
            await svc.add_ai(info.id, PLAYERS[0])
        await svc.start(info.id, PLAYERS[0])
        while (await svc.info(info.id)).status == "active":
            decision = (await svc.hand(info.id, PLAYERS[0])).decisions[0]
            start = time.perf_counter()
            await svc.submit(info.id, PLAYERS[0], decision.id, [decision.options[0].key])
            samples.append(time.perf_counter() - start)
    return samples


async def _bare_inserts(path: Path, count: int) -> list[float]:
    """The floor: one row inserted and committed, same file, same journal settings."""
    async with aiosqlite.connect(path) as db:
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute("PRAGMA synchronous = NORMAL")
        await db.execute("CREATE TABLE IF NOT EXISTS bench_raw (id INTEGER PRIMARY KEY, "
                         "payload TEXT)")
        await db.commit()
        samples = []
        payload = '{"decision":"r1.p0","choice":["7"]}' * 10
        for _ in range(count):
            start = time.perf_counter()
            await db.execute("INSERT INTO bench_raw (payload) VALUES (?)", (payload,))
            await db.commit()
            samples.append(time.perf_counter() - start)
    return samples


async def _measure(quick: bool) -> list[Row]:
    registry.register(GAME)
    matches = 20 if quick else 200
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.sqlite3"
        async with SqliteStore(path) as store:
            svc = MatchService(store)
            humans = await _human_moves(svc, matches)
            with_ai = await _moves_with_ai(svc, matches // 2)
        bare = await _bare_inserts(path, len(humans))
    ratio = statistics.median(humans) / statistics.median(bare)
    return [
        *latency_rows("submit, 2 humans (1 commit)", humans),
        *latency_rows("submit + 3 AI replies (≤4 commits)", with_ai),
        *latency_rows("bare aiosqlite insert + commit", bare),
        Row("submit / bare insert (medians)", ratio, "x", note=f"{len(humans)} moves"),
    ]


def run(quick: bool) -> list[Row]:
    return asyncio.run(_measure(quick))
