"""Restart: a bot with 10,000 stored matches serves its first interaction within 2 s.

Run: ``.venv/bin/python -m bench restart`` (``--quick``: 1,000 stored matches).

Through the fake Discord, with the bot in its own process (see ``bench/_discord.py``): a
pair of players opens a Zura match and the bot stops with a prompt in a player's DMs. The
bot is started again and that prompt pressed as soon as the bot is connected — the first
interaction of its life. Timed from the start of the bot process: connected to the gateway,
the press acknowledged (target ≤ 2 s), the next prompt arrived. Done twice: with only that
match stored, then after 10,000 more running Zura matches were stored on the same file
(written beforehand through ``MatchService``, no bot running). Matches load lazily — when
someone acts in them — so the two should differ little. Also the bot's CPU time in its
first seconds: work done on start for every stored match would show there.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path

from bench._discord import WAIT, Stats, Table, Turn
from bench.load import cpu_seconds
from bench.report import Row
from bot.match import MatchService
from bot.store import SqliteStore
from tests.fakediscord import FakeDiscord

GAME = "zura"
STORED = 10_000
SETTLE = 10.0
"""Seconds after the start at which the bot's CPU time is read."""


async def store_matches(db: Path, count: int) -> None:
    """``count`` running two-player matches of people who never show up in Discord."""
    async with SqliteStore(db) as store:
        svc = MatchService(store)
        for n in range(count):
            host, guest = 10**12 + 2 * n, 10**12 + 2 * n + 1
            info = await svc.create(GAME, host, guild_id=1, channel_id=2, seed=n)
            await svc.join(info.id, guest)
            await svc.start(info.id, host)


async def restart(table: Table, turn: Turn, label: str, work: Path) -> tuple[list[Row], Turn]:
    """Start the bot, press ``turn``'s prompt at once; the figures and the next turn."""
    stats = work / f"{label}.jsonl"
    started = time.perf_counter()
    async with table.bot(images="quick", stats=stats) as proc:
        connected = time.perf_counter() - started
        pressed, _ = await table.press(turn.user, turn.prompt)
        answered = time.perf_counter() - started
        result = await table.fake.wait_until(lambda: table.after_press(turn, set()), WAIT,
                                             what="the next prompt")
        prompt = time.perf_counter() - started
        await asyncio.sleep(max(0.0, SETTLE - (time.perf_counter() - started)))
        cpu = cpu_seconds(proc.pid)
    lag = Stats.read(stats).lag_ms
    rows = [
        Row(f"{label}: start → connected", connected * 1000, "ms"),
        Row(f"{label}: start → first press answered", answered * 1000, "ms", "<=2000",
            note=f"pressed {(pressed - started) * 1000:.0f} ms after start"),
        Row(f"{label}: start → next prompt", prompt * 1000, "ms"),
        Row(f"{label}: bot CPU in its first {SETTLE:g} s", cpu * 1000, "ms",
            note=f"event-loop lag max {max(lag, default=0):.0f} ms"),
    ]
    return rows, result.turns[0]


async def _measure(stored: int) -> list[Row]:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        async with FakeDiscord() as fake:
            table = Table(fake, work)
            async with table.bot(images="quick"):
                (turn, *_) = await table.first_turns(table.pair())
            rows, turn = await restart(table, turn, "1 match stored", work)
            filled = time.perf_counter()
            await store_matches(work / "parlor.sqlite3", stored)
            filled = time.perf_counter() - filled
            more, _ = await restart(table, turn, f"{stored + 1:,} matches stored", work)
            problems, errors = fake.check(), table.errors_logged()
    return [*rows, *more,
            Row("errors", len(problems) + errors, "", "0", note="; ".join(problems)[:200]),
            Row("storing the matches beforehand", filled, "s", note=f"{stored:,} matches")]


def run(quick: bool) -> list[Row]:
    return asyncio.run(_measure(1000 if quick else STORED))
