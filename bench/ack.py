"""Acknowledgement with both cores busy (issue 15): how long each interaction waits for its
first response (a defer, a reply or an in-place edit) while other processes hog the CPU.

Run: ``.venv/bin/python -m bench ack`` (``--quick``: 20 s instead of 90 s). With
``--suite`` it runs the end-to-end tests (``tests/e2e``) instead, with the same hogs and
``PARLOR_ACK_DEADLINE=1``: the fake Discord then refuses every answer later than 1 s, so
each such interaction fails its test (``--quick``: stop at the first failure).

The bot runs as its own process with real images on a SQLite file (``bench/_discord.py``);
the fake Discord and the players run in this one. Once the matches are dealt, ``HOGS``
processes spin on the CPU (one per core of the bench machine) while ``PAIRS`` pairs of
people play Zura through their DM prompts (every press, Confirm steps included) and one
more person keeps using commands and buttons in the matches' threads: the first
``/rules`` of each game (its diagrams are searched then), ``/replay`` (a GIF of the match
so far), ``/hand``, "My hand", ``/board``, ``/match list`` and ``/match info``. Every
interaction after the hogs start is counted, from when the fake Discord created it to the
bot's first callback, as Discord's 3-second deadline counts.
Target: p99 ≤ 1 s; no interaction unanswered.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

from bench._discord import WAIT, Pair, Stats, Table, Turn
from bench.report import Row, percentile
from bot.discord import customid as cid
from tests.fakediscord import FakeDiscord, InteractionHandle
from tests.fakediscord.pytest_plugin import ACK_DEADLINE
from tests.fakediscord.state import InteractionRecord

HOGS = 2
PAIRS = 3
GAMES = ("zura", "aura", "auroria")
TYPES = {2: "command", 3: "button or select"}
"""Interaction types counted (autocompletes and modals aside)."""
SLOW = ("/rules", "/replay")
"""Commands whose answers take real work (searched diagrams, a replay's GIF)."""
PAUSE = 0.5
"""Seconds the command user waits between two commands, as a person would."""


async def hog() -> asyncio.subprocess.Process:
    """A process that keeps one core busy until it is killed."""
    return await asyncio.create_subprocess_exec(sys.executable, "-c", "while True: pass")


class AckRun:
    def __init__(self, table: Table, seconds: float) -> None:
        self.table = table
        self.fake = table.fake
        self.seconds = seconds
        self.failures: list[str] = []
        self.moves = 0
        self.commands = 0
        self.slow: list[tuple[float, float]] = []
        """When each /rules or /replay came and when its answer was there."""

    async def play(self, pair: Pair, turns: list[Turn], until: float) -> None:
        """``_play``; a step that got stuck is a failure of the run, counted, not raised."""
        try:
            await self._play(pair, turns, until)
        except Exception as exc:  # stuck: the run goes on without this pair
            self.failures.append(repr(exc).split("\n", 1)[0][:200])

    async def _play(self, pair: Pair, turns: list[Turn], until: float) -> None:
        """The pair answers its prompts one after another until time is up (a match that
        ends is followed by a new one)."""
        known = {t.prompt.id for t in turns}
        while time.perf_counter() < until:
            if not turns:
                pair = self.table.pair()
                turns = await self.table.first_turns(pair)
                known.update(t.prompt.id for t in turns)
                continue
            turn = turns.pop(0)
            played = await self.table.play(turn, known)
            known.discard(turn.prompt.id)
            known.update(t.prompt.id for t in played.turns)
            turns += played.turns
            self.moves += 1

    async def use_commands(self, pairs: list[Pair], until: float) -> None:
        """One person per pair tries the table's commands in its thread, in turn."""
        fake = self.fake

        def in_thread(pair: Pair, name: str, **options: object
                      ) -> Callable[[], Awaitable[InteractionHandle]]:
            return lambda: fake.slash(pair.host, name, options, channel=pair.thread)

        def my_hand(pair: Pair) -> Callable[[], Awaitable[InteractionHandle]]:
            async def click() -> InteractionHandle:
                assert pair.thread is not None
                board = next((m for m in reversed(fake.messages(pair.thread))
                              if any(b.label == "My hand" for b in m.buttons)), None)
                if board is None:  # the match is over: its posts have no buttons left
                    return await fake.slash(pair.guest, "hand", {}, channel=pair.thread)
                return await fake.click(pair.guest, board, label="My hand")
            return click

        steps: list[Callable[[], Awaitable[InteractionHandle]]] = []
        for i, pair in enumerate(pairs):
            steps += [in_thread(pair, "rules", game=GAMES[i % len(GAMES)]),
                      in_thread(pair, "replay", match=self.match_id(pair)),
                      in_thread(pair, "hand"), my_hand(pair), in_thread(pair, "board"),
                      in_thread(pair, "match list"), in_thread(pair, "match info")]
        i = 0
        while time.perf_counter() < until:
            try:
                handle = await steps[i % len(steps)]()
                await handle.callback(WAIT)
                if _name(handle.record.data) in SLOW:
                    await handle.reply(WAIT)  # on the fake's clock (monotonic), as interactions
                    self.slow.append((handle.record.created_at, time.monotonic()))
            except Exception as exc:  # stuck: counted; the person goes on with the next one
                self.failures.append(repr(exc).split("\n", 1)[0][:200])
            self.commands += 1
            i += 1
            await asyncio.sleep(PAUSE)

    def match_id(self, pair: Pair) -> int:
        """The pair's match, read from its thread's name ("… #12")."""
        assert pair.thread is not None and pair.thread.name is not None
        return int(pair.thread.name.rsplit("#", 1)[1])


async def _measure(seconds: float) -> list[Row]:
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake:
            table = Table(fake, Path(tmp))
            stats = Path(tmp) / "stats.jsonl"
            async with table.bot(images="real", stats=stats):
                run = AckRun(table, seconds)
                pairs = [table.pair() for _ in range(PAIRS)]
                turns = [await table.first_turns(p) for p in pairs]
                hogs = [await hog() for _ in range(HOGS)]
                started = Stats.read(stats).seconds[-1:] or [0.0]
                since = max(fake.state.interactions, default=0)
                cpu = time.process_time()
                try:
                    until = time.perf_counter() + seconds
                    await asyncio.gather(*(run.play(p, t, until) for p, t in zip(pairs, turns,
                                                                                  strict=True)),
                                         run.use_commands(pairs, until))
                finally:
                    for proc in hogs:
                        proc.kill()
                        await proc.wait()
                cpu = time.process_time() - cpu
                await asyncio.sleep(1.0)  # the last answers
            errors = table.errors_logged()
            steps = Stats.read(stats, since=started[0])
            lag = steps.lag_ms
        records = [r for i, r in fake.state.interactions.items()
                   if i > since and r.type in TYPES]
    acks = {kind: [_ack(r) for r in records if r.callbacks and TYPES[r.type] == kind]
            for kind in TYPES.values()}
    every = [a for samples in acks.values() for a in samples]
    unanswered = sum(1 for r in records if not r.callbacks)
    rows = [Row("interactions counted", len(records), "",
                note=f"{run.moves} moves by {PAIRS} pairs, {run.commands} commands and "
                     f"'My hand' presses; {HOGS} CPU hogs")]
    for kind, samples in [("all", every), *acks.items()]:
        if samples:
            rows += [Row(f"{kind}: ack median", statistics.median(samples) * 1000, "ms"),
                     Row(f"{kind}: ack p95", percentile(samples, 0.95) * 1000, "ms"),
                     Row(f"{kind}: ack p99", percentile(samples, 0.99) * 1000, "ms",
                         "<=1000" if kind == "all" else ""),
                     Row(f"{kind}: ack max", max(samples) * 1000, "ms")]
    slowest = sorted((r for r in records if r.callbacks), key=_ack, reverse=True)[:3]
    spans = run.slow
    during = [_ack(r) for r in records if r.callbacks and _name(r.data) not in SLOW
              and any(start <= r.created_at <= end for start, end in spans)]
    rows += [
        Row("/rules and /replay: answer median", statistics.median(
            [end - start for start, end in spans] or [0.0]), "s",
            note=f"{len(spans)} answered; the diagram search, the replay and its GIF"),
        Row("others while those worked: ack p99", percentile(during, 0.99) * 1000, "ms",
            note=f"max {max(during, default=0) * 1000:.0f} ms over {len(during)}"),
        Row("acks over 1 s", sum(1 for a in every if a > 1.0), "", "0"),
        Row("bot's event-loop lag p99", percentile(lag, 0.99), "ms",
            note=f"max {max(lag, default=0):.0f} ms: how late a 10 ms sleep woke up"),
        Row("loop steps with 20 ms of CPU or more", sum(ms >= 20 for ms, _ in steps.slow_steps),
            "", note=f"longest {max((ms for ms, _ in steps.slow_steps), default=0):.0f} ms "
                     f"(CPU time, which other processes do not inflate); most CPU in slow "
                     f"steps: {steps.heaviest()}"),
        Row("unanswered interactions", unanswered, "", "0"),
        Row("players stuck (a reply or prompt later than the fake's wait)", len(run.failures),
            "", "0", note="; ".join(run.failures)[:300]),
        Row("ERROR lines in the bot's log", errors, "", "0"),
        Row("players' and fake's CPU seconds", cpu, "s",
            note="slowest: " + ", ".join(_name(r.data) for r in slowest)),
    ]
    return rows


def _ack(record: InteractionRecord) -> float:
    """Seconds from the interaction to the bot's first callback."""
    return record.callbacks[0].at - record.created_at


def _name(data: dict[str, object]) -> str:
    """A command's name or a component's verb, for the note on the slowest."""
    name = data.get("name")
    if isinstance(name, str):
        return "/" + name
    try:
        return cid.decode(str(data.get("custom_id"))).verb
    except cid.BadCustomId:
        return str(data.get("custom_id"))


def suite(quick: bool) -> list[Row]:
    """The end-to-end tests with every core busy and a 1-second answer deadline."""
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(HOGS)]
    started = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "tests/e2e", "-p", "no:cacheprovider",
             *(["-x"] if quick else [])],
            env={**os.environ, ACK_DEADLINE: "1"}, capture_output=True, text=True, check=False)
    finally:
        for proc in hogs:
            proc.kill()
            proc.wait()
    seconds = time.perf_counter() - started
    counts = {word: int(n) for n, word in re.findall(r"(\d+) (passed|failed|error)", done.stdout)}
    late = [float(s) for s in re.findall(r"callback ([\d.]+)s after creation", done.stdout)]
    return [
        Row("end-to-end tests passed", counts.get("passed", 0), "",
            note=f"{seconds:.0f} s with {HOGS} CPU hogs; pytest exit code {done.returncode}"),
        Row("end-to-end tests failed", counts.get("failed", 0) + counts.get("error", 0), "", "0",
            note=done.stdout.strip().rsplit("\n", 1)[-1][:200]),
        Row("answers later than 1 s", len(late), "", "0",
            note=f"latest {max(late, default=0):.2f} s"),
    ]


def run(quick: bool, argv: Sequence[str] = ()) -> list[Row]:
    parser = argparse.ArgumentParser(prog="python -m bench ack")
    parser.add_argument("--suite", action="store_true",
                        help="run the end-to-end tests with the hogs and a 1 s deadline")
    if parser.parse_args(list(argv)).suite:
        return suite(quick)
    return asyncio.run(_measure(20.0 if quick else 90.0))

