"""Capacity: the clicks a second one bot token sustains under Discord's rate limits (issue 37).

Run: ``.venv/bin/python -m bench capacity`` (``--quick``: fewer matches, shorter steps;
``--matches N``; ``--sqlite-only``; ``--rates 10,20`` and ``--seconds N``: steps of your own,
e.g. one steady step for a CPU profile; ``--profile FILE``: the bot's cProfile from the load
on, for calls per click).

Play-by-post matches of Zura, Aura and Auroria Codex (two scripted humans each, in turn,
three from each server's card-table channel) run at once through the real bot, in a process
of its own, and a fake Discord that models the network (100 ms round trips, 1 MB/s upload)
and enforces Discord's rate limits: 50 requests a second per token besides interaction
endpoints, and the per-route buckets
(``tests/fakediscord/ratelimits.py``). The presses come at a steady rate, raised step by
step (``bench/load.py`` schedules them) until the bot falls behind, a 429 or an error; a step
is sustained when it got the presses it asked for, press → next prompt p99 ≤ 1 s, no 429 and
no error. Each person thinks 2 s
before pressing a new prompt. Printed: the highest
sustained clicks a second (every press counts, steps inside a decision too), what each step
reached, the bot's CPU per click (its event loop and its store's thread, from ``/proc``:
a figure a busy machine hardly changes, unlike the clicks a second), rate-limited calls,
image uploads and uploaded bytes per click (tiny placeholder pictures, the real drawing
code path: ``bench waits`` has the real bytes), and the bot's resident memory per live
match. On SQLite, then on PostgreSQL (a throwaway cluster,
``tests/pgcluster.py``) when its server binaries are on the machine.
The fake Discord and the players run in this process, not the bot's: Discord is not on the
bot's cores, so their CPU (printed per click beside the bot's) is not the bot's cost; on a
2-core machine they still take a share of it.
Target (issue 37): ≥ 45 clicks/s per token on SQLite, the PostgreSQL figure beside it.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import math
import os
import signal
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench._discord import Stats, Table, Turn
from bench.load import LoadRun, Tally, cpu_seconds, cpu_wait_seconds, loop_cpu_seconds
from bench.report import Row, percentile
from tests.fakediscord import FakeDiscord
from tests.fakediscord.ratelimits import GLOBAL_PER_SECOND
from tests.fakediscord.timing import Wire, total, wire
from tests.pgcluster import Cluster, find_bindir

GAMES = ("zura", "aura", "auroria")
RATES = (5.0, 10.0, 15.0, 20.0, 25.0, 30.0, 32.0, 34.0, 36.0, 38.0, 40.0, 45.0, 50.0, 60.0)
"""Presses a second asked for, step by step (steps inside a decision come on top: about
1.5 clicks a press, so the steps are finer around the target's 45 clicks a second)."""
PROMPT_P99 = 1.0
MATCHES_A_SERVER = 3
"""Matches opened from one server's card-table channel: the load spreads over servers."""
OPENING = 3
"""Matches opened at once: opening many at once bursts past the global budget."""
THINK = 2.0
"""Seconds a person looks at a new prompt before pressing: without them, scripted players
press within milliseconds, so one match alone fills its DM channels' buckets (5 edits in
5 s) and the load stops being many matches."""


class PacedRun(LoadRun):
    """A load run whose players think ``THINK`` seconds before a prompt can be pressed."""

    def queue(self, turns: list[Turn]) -> None:
        self.known.update(t.prompt.id for t in turns)
        asyncio.get_running_loop().call_later(THINK, self.waiting.extend, turns)
SEED = 20240601


@dataclass
class Step:
    rate: float
    seconds: float
    tally: Tally
    sent: Wire
    cpu: float
    """The bot's CPU seconds a second (1.0: one core busy)."""
    loop: float
    """Of ``cpu``, its event loop's (the main thread's; the rest is the store's thread)."""
    starved: float
    """The share of the time the bot was ready to run but waited for a CPU."""
    harness: float
    """The fake Discord's and the players' CPU seconds a second (this process)."""
    emptied: int
    """Requests that took a route bucket's last place: discord.py then waited for a reset."""

    @property
    def clicks_per_second(self) -> float:
        return self.sent.clicks / self.seconds

    def per_click(self, seconds_a_second: float) -> float:
        """CPU ms per click from CPU seconds a second."""
        return seconds_a_second * self.seconds / max(self.sent.clicks, 1) * 1000

    @property
    def p99(self) -> float:
        return percentile(self.tally.prompts, 0.99)

    @property
    def overloaded(self) -> bool:
        """Presses missed, a 429 or a failure: higher steps would only fail harder."""
        return (self.tally.moves < 0.9 * self.rate * self.seconds or self.sent.refused > 0
                or bool(self.tally.failures))

    @property
    def sustained(self) -> bool:
        return not self.overloaded and self.p99 <= PROMPT_P99

    def why_not(self) -> str:
        reasons = []
        if self.tally.moves < 0.9 * self.rate * self.seconds:
            reasons.append(f"{self.tally.moves / self.seconds:.1f} presses/s of {self.rate:g} "
                           f"(none waiting: {self.tally.missed}, bot behind: "
                           f"{self.tally.behind})")
        if self.p99 > PROMPT_P99:
            reasons.append(f"p99 {self.p99 * 1000:.0f} ms")
        if self.sent.refused:
            reasons.append(f"{self.sent.refused} 429s")
        if self.tally.failures:
            reasons.append(f"{len(self.tally.failures)} failures: {self.tally.failures[0]}")
        return "; ".join(reasons) or "sustained"


async def climb(matches: int, seconds: float, database_url: str = "",
                rates: Sequence[float] = RATES, profile: Path | None = None
                ) -> tuple[list[Step], float, list[str]]:
    """Open ``matches``, then raise the rate through ``rates`` until a step is not
    sustained. The steps, the bot's resident MB per live match, and the problems of the
    run. ``profile``: the bot's cProfile statistics of the steps, to this file."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        stats_file = work / "stats.jsonl"
        async with FakeDiscord(rtt=0.1, upload_bps=1e6, rate_limits=True) as fake:
            table = Table(fake, work, games=GAMES, servers=matches // MATCHES_A_SERVER)
            run = PacedRun(table, matches, RATES[0], seconds)
            limits = fake.rate_limits
            assert limits is not None
            async with table.bot(images="quick", stats=stats_file, seed=SEED,
                                 database_url=database_url, profile=profile) as proc:
                await asyncio.sleep(1.5)  # a stats line before any match
                before = Stats.read(stats_file).rss_mb[-1]
                await run.open_all(at_once=OPENING)
                await asyncio.sleep(1.5)
                per_match = (Stats.read(stats_file).rss_mb[-1] - before) / matches
                if profile is not None:
                    proc.send_signal(signal.SIGUSR1)
                steps = []
                for rate in rates:
                    print(f"capacity: bot pid {proc.pid}, asking {rate:g} presses/s for "
                          f"{seconds:g} s", file=sys.stderr, flush=True)  # a profiler's cue
                    run.tally, run.rate = Tally(), rate
                    start = time.monotonic()
                    cpu, starved = cpu_seconds(proc.pid), cpu_wait_seconds(proc.pid)
                    loop = loop_cpu_seconds(proc.pid)
                    harness, emptied = time.process_time(), limits.emptied
                    # What the fake holds so far is never collected again: a full collection
                    # of its records stalls this process's loop 0.1-0.2 s, which then counts
                    # the requests that queued meanwhile as a burst (a 429 the bot never sent).
                    gc.freeze()
                    elapsed = await run.play()
                    steps.append(Step(rate, elapsed, run.tally,
                                      wire(fake.state, since=start, until=start + elapsed),
                                      (cpu_seconds(proc.pid) - cpu) / elapsed,
                                      (loop_cpu_seconds(proc.pid) - loop) / elapsed,
                                      (cpu_wait_seconds(proc.pid) - starved) / elapsed,
                                      (time.process_time() - harness) / elapsed,
                                      limits.emptied - emptied))
                    if steps[-1].overloaded:
                        break
            problems = fake.check()
            if table.errors_logged():
                problems.append(f"{table.errors_logged()} ERROR lines in the bot's log")
    return steps, per_match, problems


async def backend_rows(label: str, matches: int, seconds: float, database_url: str = "",
                       rates: Sequence[float] = RATES, profile: Path | None = None
                       ) -> list[Row]:
    steps, per_match, problems = await climb(matches, seconds, database_url, rates, profile)
    good = [s for s in steps if s.sustained]
    best = max(good, key=lambda s: s.clicks_per_second) if good else None
    rows = [Row(f"{label}: sustained clicks per second per token",
                best.clicks_per_second if best else 0.0, "/s", ">=45",
                note=f"{matches} matches; the last step: {steps[-1].why_not()}")]
    for step in steps:
        rows.append(Row(f"{label}: asked {step.rate:g} presses/s", step.clicks_per_second,
                        "clk/s", note=f"press→next prompt median "
                                      f"{percentile(step.tally.prompts, 0.5) * 1000:.0f} ms, p99 "
                                      f"{step.p99 * 1000:.0f} ms; bot "
                                      f"CPU {step.cpu:.0%} of a core, waiting for one "
                                      f"{step.starved:.0%} of the time; the fake and the "
                                      f"players {step.harness:.0%} of a core; "
                                      f"{step.emptied} buckets emptied; "
                                      f"{step.sent.per_click(step.sent.limited_calls):.2f} "
                                      f"rate-limited calls a click; {step.tally.finished} "
                                      f"matches over (each replaced by a new one); "
                                      f"{step.why_not()}"))
        rows.append(Row(f"{label}: asked {step.rate:g}: bot CPU per click",
                        step.per_click(step.cpu), "ms",
                        note=f"its event loop {step.per_click(step.loop):.1f} ms, the store's "
                             f"thread {step.per_click(step.cpu - step.loop):.1f} ms; the fake "
                             f"Discord and the players {step.per_click(step.harness):.1f} ms "
                             f"(another process)"))
    sent = total(s.sent for s in steps)
    per = sent.per_click
    rows += [
        Row(f"{label}: rate-limited calls per click", per(sent.limited_calls), "", "<=1.0",
            note=f"{sent.calls} REST calls for {sent.clicks} clicks"),
        Row(f"{label}: the global budget's ceiling", GLOBAL_PER_SECOND / max(
            per(sent.limited_calls), 1e-9), "clk/s",
            note=f"{GLOBAL_PER_SECOND} requests/s ÷ rate-limited calls per click"),
        Row(f"{label}: image uploads per click", per(sent.uploads), "", "<=0.5"),
        Row(f"{label}: uploaded bytes per click", per(sent.upload_bytes), "B",
            note="placeholder pictures: see bench waits for real ones"),
        Row(f"{label}: bot resident memory per live match", per_match * 1000, "KB"),
        Row(f"{label}: problems", len(problems), "", "0", note="; ".join(problems)[:300]),
    ]
    rows.append(Row("machine load average", os.getloadavg()[0], "",
                    note=f"on {os.cpu_count()} cores: other work slows the bot"))
    return rows


async def postgres_rows(matches: int, seconds: float, rates: Sequence[float]) -> list[Row]:
    bindir = find_bindir()
    if bindir is None:
        return [Row("PostgreSQL: skipped", math.nan, "",
                    note="no PostgreSQL server binaries (initdb, pg_ctl) on this machine")]
    cluster = Cluster(bindir, settings={}).start()
    try:
        url = await cluster.create_database("capacity")
        return await backend_rows("PostgreSQL", matches, seconds, url, rates)
    finally:
        cluster.stop()


async def measure(matches: int, seconds: float, postgres: bool,
                  rates: Sequence[float] = RATES, profile: Path | None = None) -> list[Row]:
    rows = await backend_rows("SQLite", matches, seconds, rates=rates, profile=profile)
    return rows + (await postgres_rows(matches, seconds, rates) if postgres else [])


def run(quick: bool, argv: Sequence[str] = ()) -> list[Row]:
    parser = argparse.ArgumentParser(prog="python -m bench capacity")
    parser.add_argument("--matches", type=int, help="matches at once (default 150; 30 quick)")
    parser.add_argument("--sqlite-only", action="store_true")
    parser.add_argument("--rates", type=lambda text: [float(r) for r in text.split(",")],
                        help="the presses a second asked for, step by step (e.g. 10,20: a "
                             "CPU profile at a steady load)")
    parser.add_argument("--seconds", type=float, help="each step's length (default 15; 6 "
                                                       "quick)")
    parser.add_argument("--profile", type=Path,
                        help="the bot's cProfile statistics of the SQLite steps, to this file "
                             "(for calls per click: it slows the bot)")
    args = parser.parse_args(list(argv))
    matches, seconds = (30, 6.0) if quick else (150, 15.0)
    return asyncio.run(measure(args.matches or matches, args.seconds or seconds,
                               not args.sqlite_only, args.rates or RATES, args.profile))
