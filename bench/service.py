"""Move latency through MatchService on each store backend, against a bare insert + commit.

The service's cost per move is: load the match row and seats, check and apply the action,
commit snapshot + log entry in one transaction, and build outbound messages. The baseline is
the least any durable move could cost on the same database: one insert and commit through
a bare driver on the same storage (aiosqlite on the same file, the usual asyncio way to
write SQLite; asyncpg on the same PostgreSQL cluster).
Uses the test game High Card (``tests/highcard.py``), so run it from the repository root.

Each timed call is measured twice: wall-clock, and the CPU time of this process (all its
threads, aiosqlite's included; not the PostgreSQL server's), which a machine shared with other
work distorts far less.
PostgreSQL runs in a throwaway cluster on a unix socket (``tests/pgcluster.py``) with the
server's default, durable settings: every commit waits for its WAL flush, which SQLite in
WAL mode with ``synchronous = NORMAL`` does not. A second PostgreSQL run ("async commit")
turns ``synchronous_commit`` off, which matches SQLite's durability here, so its
milliseconds compare with SQLite's like for like. Skipped without PostgreSQL binaries.
Targets (issue 11): move p95 ≤ 10 ms without rendering and ≤ 3× the bare commit.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import math
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import aiosqlite
import asyncpg

from bench.report import Row, latency_rows, percentile
from bot.engine import registry
from bot.match import MatchService
from bot.store import PostgresStore, SqliteStore, Store
from tests.highcard import GAME
from tests.pgcluster import Cluster, find_bindir

PLAYERS = (1, 2)
PAYLOAD = '{"decision":"r1.p0","choice":["7"]}' * 10


class _Samples:
    """Wall-clock and process CPU seconds of each timed call."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    @contextlib.contextmanager
    def timed(self) -> Iterator[None]:
        wall, cpu = time.perf_counter(), time.process_time()
        yield
        self.cpu.append(time.process_time() - cpu)
        self.wall.append(time.perf_counter() - wall)


async def _human_moves(svc: MatchService, matches: int) -> _Samples:
    """Two people alternate; every submit is exactly one commit."""
    samples = _Samples()
    for _ in range(matches):
        info = await svc.create(GAME.name, PLAYERS[0])
        await svc.join(info.id, PLAYERS[1])
        await svc.start(info.id, PLAYERS[0])
        while (await svc.info(info.id)).status == "active":
            for user in PLAYERS:
                decision = (await svc.hand(info.id, user)).decisions[0]
                with samples.timed():
                    await svc.submit(info.id, user, decision.id, [decision.options[0].key])
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


async def _sqlite_bare_inserts(path: Path, count: int) -> _Samples:
    """The floor: one row inserted and committed, same file, same journal settings."""
    async with aiosqlite.connect(path) as db:
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute("PRAGMA synchronous = NORMAL")
        await db.execute("CREATE TABLE IF NOT EXISTS bench_raw (id INTEGER PRIMARY KEY, "
                         "payload TEXT)")
        await db.commit()
        samples = _Samples()
        for _ in range(count):
            with samples.timed():
                await db.execute("INSERT INTO bench_raw (payload) VALUES (?)", (PAYLOAD,))
                await db.commit()
    return samples


async def _postgres_bare_inserts(url: str, count: int) -> _Samples:
    """The floor on PostgreSQL: one autocommitted insert, same cluster, same driver."""
    db = await asyncpg.connect(url)
    try:
        await db.execute("CREATE TABLE IF NOT EXISTS bench_raw (id BIGSERIAL PRIMARY KEY, "
                         "payload TEXT)")
        samples = _Samples()
        for _ in range(count):
            with samples.timed():
                await db.execute("INSERT INTO bench_raw (payload) VALUES ($1)", PAYLOAD)
    finally:
        await db.close()
    return samples


async def _backend_rows(label: str, store: Store, matches: int,
                        bare: Callable[[int], Awaitable[_Samples]]) -> list[Row]:
    """Service move latency on ``store`` (opened and closed here) against ``bare`` commits."""
    await store.open()
    try:
        svc = MatchService(store)
        humans = await _human_moves(svc, matches)
        with_ai = await _moves_with_ai(svc, matches // 2)
    finally:
        await store.close()
    floor = await bare(len(humans.wall))
    median, p95 = latency_rows(f"{label}: submit, 2 humans (1 commit)", humans.wall)
    p95.target = "<=10"
    cpu, floor_cpu = statistics.median(humans.cpu), statistics.median(floor.cpu)
    return [
        median, p95,
        *latency_rows(f"{label}: submit + 3 AI replies (≤4 commits)", with_ai),
        *latency_rows(f"{label}: bare insert + commit", floor.wall),
        Row(f"{label}: submit / bare insert (medians)",
            statistics.median(humans.wall) / statistics.median(floor.wall), "x",
            note=f"{len(humans.wall)} moves"),
        Row(f"{label}: submit / bare insert (p95s)",
            percentile(humans.wall, 0.95) / percentile(floor.wall, 0.95), "x", "<=3"),
        Row(f"{label}: submit, CPU of this process, median", cpu * 1000, "ms"),
        Row(f"{label}: bare insert + commit, CPU median", floor_cpu * 1000, "ms"),
        Row(f"{label}: submit / bare insert (CPU medians)", cpu / floor_cpu, "x"),
    ]


async def _postgres_rows(matches: int) -> list[Row]:
    bindir = find_bindir()
    if bindir is None:
        return [Row("PostgreSQL: skipped", math.nan, "",
                    note="no PostgreSQL server binaries (initdb, pg_ctl) on this machine")]
    cluster = Cluster(bindir, settings={}).start()
    rows: list[Row] = []
    try:
        base = await cluster.create_database("bench")
        # A setting in the URL applies to each connection. "async commit" turns off
        # synchronous_commit: SQLite's durability here (a crash may lose the last commits
        # but never corrupts), so that row compares the backends like for like.
        for label, url in (("PostgreSQL", base),
                           ("PostgreSQL async commit", f"{base}&synchronous_commit=off")):
            rows += await _backend_rows(label, PostgresStore(url), matches,
                                        functools.partial(_postgres_bare_inserts, url))
    finally:
        cluster.stop()
    return rows


async def _measure(quick: bool) -> list[Row]:
    registry.register(GAME)
    matches = 20 if quick else 200
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.sqlite3"
        rows = await _backend_rows("SQLite", SqliteStore(path), matches,
                                   lambda count: _sqlite_bare_inserts(path, count))
    return rows + await _postgres_rows(matches)


def run(quick: bool) -> list[Row]:
    return asyncio.run(_measure(quick))
