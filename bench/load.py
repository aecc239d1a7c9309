"""Load: 1,000 active matches and 100 moves a second for 60 s, through the fake Discord.

Run: ``.venv/bin/python -m bench load`` (``--quick``: 50 matches, 20 moves/s for 10 s;
``--strong``: every second match has a strong AI as a third player, a fifth of all seats,
whose searches run in the bot's worker processes while the loop serves the presses).
``python -m bench soak`` runs the same for longer and reports memory over time.

The players and the fake Discord run in this process, the bot in its own (one process, on
a SQLite file; see ``bench/_discord.py``), loopback only, bounded in time. First every
pair of players opens a Zura match through ``/play``, Join and Start. Then, at a steady
rate, a random match whose DM prompt has arrived gets a press (through any Confirm step)
and waits for its next prompt; a match that ends is replaced by a new one. Reported:
moves handled and the rate reached, errors (refused or unanswered interactions, error
replies, ERROR lines in the bot's log, stuck steps: expected 0), press → acknowledged and
press → next prompt, and what the bot process says about itself second by second: how late
a 10 ms sleep woke up (event-loop lag) and its resident memory.

Messages go without images, as for a game without a renderer: the renderers cost tens of
milliseconds of CPU per move (``python -m bench render``), so real images at 100 moves a
second would need several cores for drawing alone, and the fake Discord parses each upload
slowly (a few ms), which would make it, not the bot, the bottleneck. This measures
everything else.
Targets (issue 11): loop lag p99 ≤ 50 ms and resident memory ≤ 300 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bench._discord import Pair, Stats, Table, Turn
from bench.report import Row, percentile
from tests.fakediscord import FakeDiscord, InteractionHandle

OPENING = 20
"""Matches opened at once while setting up."""
MAX_IN_FLIGHT = 100
"""Presses awaiting the bot at most: past that the bot is a second behind, and further
presses are counted as missed instead of piling up."""
TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Tally:
    moves: int = 0
    missed: int = 0
    """Presses the schedule wanted while no match was waiting for one."""
    behind: int = 0
    """Presses the schedule wanted while ``MAX_IN_FLIGHT`` were awaiting the bot."""
    finished: int = 0
    failures: list[str] = field(default_factory=list)
    acks: list[float] = field(default_factory=list)
    prompts: list[float] = field(default_factory=list)
    handles: list[InteractionHandle] = field(default_factory=list)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far (Linux)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def loop_cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process's main thread so far (Linux): in the bot, its
    event loop, apart from its other threads (the store's, aiosqlite's)."""
    with open(f"/proc/{pid}/task/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def cpu_wait_seconds(pid: int) -> float:
    """How long the process's main thread was ready to run but waited for a CPU (Linux):
    on a machine busy with other work this, not the bot, makes the loop late."""
    with open(f"/proc/{pid}/schedstat") as schedstat:
        return int(schedstat.read().split()[1]) / 1e9


class LoadRun:
    """Many pairs playing at once against one bot process."""

    def __init__(self, table: Table, matches: int, rate: float, seconds: float) -> None:
        self.table = table
        self.fake = table.fake
        self.matches = matches
        self.rate = rate
        self.seconds = seconds
        self.rng = random.Random(11)
        self.waiting: list[Turn] = []
        self.known: set[int] = set()
        """Prompts queued or being answered."""
        self.ended: set[int] = set()
        """Threads of the matches seen over (each is replaced once)."""
        self.tally = Tally()

    def queue(self, turns: list[Turn]) -> None:
        self.waiting += turns
        self.known.update(t.prompt.id for t in turns)

    async def first_turn(self, pair: Pair) -> None:
        """Open a match for ``pair`` and queue its first prompts once they are out."""
        self.queue(await self.table.first_turns(pair))

    async def open_all(self, at_once: int = OPENING) -> float:
        """Open every match, ``at_once`` at a time; seconds it took."""
        started = time.perf_counter()
        pairs = [self.table.pair() for _ in range(self.matches)]
        for i in range(0, len(pairs), at_once):
            await asyncio.gather(*(self.first_turn(p) for p in pairs[i:i + at_once]))
        return time.perf_counter() - started

    async def move(self, turn: Turn) -> None:
        """One press and what follows it; a failure is counted, its match left alone."""
        try:
            await self._move(turn)
        except Exception as exc:  # a refused press or a stuck match: an error of the run
            self.tally.failures.append(repr(exc)[:200])

    async def _move(self, turn: Turn) -> None:
        """One press and the wait for what follows it: new prompts, or the result."""
        table = self.table
        played = await table.play(turn, self.known)
        self.tally.acks.append(played.acknowledged)
        self.tally.handles.append(played.handle)
        self.tally.moves += 1
        self.known.discard(turn.prompt.id)
        if played.next_prompt is not None:
            self.tally.prompts.append(played.next_prompt)
        self.queue(played.turns)
        thread = turn.pair.thread
        if thread is not None and thread.id not in self.ended and table.over(turn.pair):
            self.ended.add(thread.id)
            self.tally.finished += 1
            await self.first_turn(table.pair())

    async def play(self) -> float:
        """Presses at ``rate`` for ``seconds``; the seconds it really took, in-flight moves
        included."""
        loop = asyncio.get_running_loop()
        tasks: set[asyncio.Task[None]] = set()
        start = loop.time()
        due = 0
        while loop.time() < start + self.seconds:
            wait = start + due / self.rate - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
                continue
            due += 1
            if len(tasks) >= MAX_IN_FLIGHT:
                self.tally.behind += 1
                continue
            if not self.waiting:
                self.tally.missed += 1
                continue
            index = self.rng.randrange(len(self.waiting))
            self.waiting[index], self.waiting[-1] = self.waiting[-1], self.waiting[index]
            task = asyncio.create_task(self.move(self.waiting.pop()))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
        await asyncio.gather(*tasks)
        return loop.time() - start

    def error_replies(self) -> int:
        """Submitting presses answered with a private message: an error was explained."""
        return sum(1 for h in self.tally.handles if h.followups)


def _lines(samples: list[float], name: str) -> list[Row]:
    """Median, p95 and p99 of ``samples`` (seconds) in milliseconds."""
    return [Row(f"{name} {label}", percentile(samples, q) * 1000, "ms")
            for label, q in (("median", 0.5), ("p95", 0.95), ("p99", 0.99))]


def memory_over_time(stats: Stats, every: float) -> str:
    """Resident MB sampled every ``every`` seconds, for the note column."""
    if not stats.seconds:
        return ""
    start, marks, next_at = stats.seconds[0], [], 0.0
    for t, rss in zip(stats.seconds, stats.rss_mb, strict=True):
        if t - start >= next_at:
            marks.append(f"{rss:.0f}")
            next_at += every
    return f"MB every {every:g} s: " + " ".join(marks)


async def measure(matches: int, rate: float, seconds: float, memory_every: float,
                  strong_every: int = 0) -> list[Row]:
    """The whole run: set up, play, report (``bench soak`` calls this too)."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        stats_file = work / "stats.jsonl"
        async with FakeDiscord() as fake:
            table = Table(fake, work, strong_every)
            run = LoadRun(table, matches, rate, seconds)
            async with table.bot(images="none", stats=stats_file) as proc:
                setup = await run.open_all()
                await asyncio.sleep(1.5)  # a full stats line before the load starts
                since = Stats.read(stats_file).seconds[-1]
                cpu, harness = cpu_seconds(proc.pid), time.process_time()
                starved = cpu_wait_seconds(proc.pid)
                elapsed = await run.play()
                cpu, harness = cpu_seconds(proc.pid) - cpu, time.process_time() - harness
                starved = cpu_wait_seconds(proc.pid) - starved
                stats = Stats.read(stats_file, since)
            problems = fake.check()
            errors = table.errors_logged()
    tally = run.tally
    failures = len(problems) + errors + len(tally.failures) + run.error_replies()
    detail = "; ".join([*problems, *tally.failures])[:300]
    return [
        Row("matches opened before the load", matches, "", note=f"in {setup:.1f} s"),
        Row("moves handled", tally.moves, "",
            note=f"{elapsed:.1f} s; {tally.finished} matches finished and were replaced"),
        Row("moves per second", tally.moves / elapsed, "/s", f">={rate:g}",
            note=f"presses missed: {tally.behind} with {MAX_IN_FLIGHT} awaiting the bot, "
                 f"{tally.missed} with no match waiting; the fake Discord and the players "
                 f"used {harness / elapsed * 100:.0f}% of one core"),
        Row("errors", failures, "", "0",
            note=f"{errors} ERROR log lines, {run.error_replies()} error replies; {detail}"),
        *_lines(tally.acks, "press → acknowledged"),
        *_lines(tally.prompts, "press → next prompt"),
        Row("event-loop lag median", percentile(stats.lag_ms, 0.5), "ms"),
        Row("event-loop lag p99", percentile(stats.lag_ms, 0.99), "ms", "<=50",
            note=f"{len(stats.lag_ms)} samples"),
        Row("event-loop lag max", max(stats.lag_ms, default=float("nan")), "ms"),
        Row("loop step CPU p99.9", stats.step_ms(0.999), "ms",
            note=f"{stats.steps} steps (0: under 5 ms); a busy machine does not inflate this"),
        Row("loop steps with 20 ms of CPU or more", sum(ms >= 20 for ms, _ in stats.slow_steps),
            "", note=f"longest {max((ms for ms, _ in stats.slow_steps), default=0):.0f} ms; "
                     f"most CPU in slow steps: {stats.heaviest()}"),
        Row("bot CPU per move", cpu / max(tally.moves, 1) * 1000, "ms",
            note=f"{cpu / elapsed * 100:.0f}% of one core"),
        Row("bot ready but waiting for a CPU", starved / elapsed * 100, "%",
            note=f"of the time; machine load average {os.getloadavg()[0]:.1f} on "
                 f"{os.cpu_count()} cores"),
        Row("bot resident memory, start of load", stats.rss_mb[0] if stats.rss_mb else 0,
            "MB"),
        Row("bot resident memory, max", max(stats.rss_mb, default=0), "MB", "<=300",
            note=memory_over_time(stats, memory_every)),
        Row("bot resident memory, growth in the second half", half_growth(stats.rss_mb), "MB",
            note="flat once warm: no leak"),
    ]


def half_growth(rss_mb: list[float]) -> float:
    """Resident memory at the end minus at the middle of the run."""
    return rss_mb[-1] - rss_mb[len(rss_mb) // 2] if rss_mb else 0.0


def run(quick: bool, argv: Sequence[str] = ()) -> list[Row]:
    parser = argparse.ArgumentParser(prog="python -m bench load")
    parser.add_argument("--strong", action="store_true",
                        help="every second match seats a strong AI as a third player: a "
                             "fifth of all seats")
    parser.add_argument("--matches", type=int,
                        help="matches at once (default 1,000; 50 with --quick)")
    parser.add_argument("--rate", type=float,
                        help="moves a second (default 100; 20 with --quick): a machine "
                             "busy with other work may not open 1,000 matches in time")
    args = parser.parse_args(list(argv))
    strong_every = 2 if args.strong else 0
    matches, rate, seconds, every = (50, 20, 10, 2) if quick else (1000, 100, 60, 10)
    return asyncio.run(measure(args.matches or matches, args.rate or rate, seconds, every,
                               strong_every))
