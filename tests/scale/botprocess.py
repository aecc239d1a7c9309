"""A Parlor bot process pointed at a fake Discord, watching its own event loop and memory.

    python -m tests.scale.botprocess API_BASE GATEWAY_URL [--images KIND] [--stats FILE]

Settings come from the environment as for ``python -m bot`` (DISCORD_TOKEN, PARLOR_DB,
DATABASE_URL, SHARD_COUNT, SHARD_IDS, LOG_LEVEL). With ``--stats`` the process appends one
JSON line per second to FILE: its resident memory, the event-loop lag samples of that
second (how late a 10 ms sleep woke up: time the loop was busy with something else, or
the machine with other processes) and the loop's steps that used ``SLOW_STEP`` or more of
CPU (thread time: what a busy machine does not inflate), each with where it stopped.
``--seed N`` gives every match the seed N (as the end-to-end tests do). ``--profile FILE``:
from a SIGUSR1 on (a benchmark sends it when its load begins), the event loop's thread runs
under cProfile, whose statistics go to FILE on exit (calls per click; it slows the bot, so
its timings are not figures).
``--images``: ``real`` renders, ``quick`` tiny placeholder PNGs (the same code path), or
``none``, the text stand-in games without a renderer get (messages without attachments).
SIGTERM closes the bot cleanly. ``start`` launches one from a test or a benchmark.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import json
import os
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, cast

from bot import logs
from bot.app import ParlorBot
from bot.discord.images import Images
from bot.engine import View
from bot.settings import load_settings
from tests.fakediscord import FakeDiscord
from tests.fakediscord.harness import DiscordPatch

ROOT = Path(__file__).resolve().parents[2]
TICK = 0.01
"""The lag probe's sleep: lag is how much later than this it wakes up."""
IMAGES = ("real", "quick", "none")
SLOW_STEP = 0.005
"""Seconds of CPU from which a loop step is recorded with its place."""


class NoImages(Images):
    """As for a game without a renderer: every image is left out, the view shown as text."""

    def available(self, view: View) -> bool:
        return False

    async def start(self) -> None:
        """Nothing to start: nothing is drawn."""


@dataclass(frozen=True)
class Remote:
    """Where a fake Discord in another process listens: all ``DiscordPatch`` needs."""

    api_base: str
    gateway_url: str

    @property
    def base_url(self) -> str:
        return self.api_base.rsplit("/api/", 1)[0]


def resident_mb() -> float:
    """This process's resident set size in MB (Linux)."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


class StepClock:
    """The CPU each event-loop step (a callback, or a task running to its next await)
    uses, on this thread's clock; the steps over ``SLOW_STEP`` are kept with the project
    line they stopped at (a task's innermost await in ``bot/`` or ``cogs/``)."""

    def __init__(self) -> None:
        self.slow: list[tuple[float, str]] = []
        self.steps = 0
        self.cpu = 0.0

    def install(self) -> None:
        run = asyncio.events.Handle._run
        clock = self

        def timed(handle: asyncio.events.Handle) -> None:
            started = time.thread_time()
            run(handle)
            used = time.thread_time() - started
            clock.steps += 1
            clock.cpu += used
            if used >= SLOW_STEP:
                clock.slow.append((round(used * 1000, 1), where(handle)))

        asyncio.events.Handle._run = timed  # type: ignore[method-assign]

    def take(self) -> dict[str, Any]:
        """This second's figures, and a fresh start."""
        out = {"steps": self.steps, "step_cpu_ms": round(self.cpu * 1000, 1),
               "slow_steps": self.slow}
        self.slow, self.steps, self.cpu = [], 0, 0.0
        return out


def where(handle: asyncio.events.Handle) -> str:
    """The project line a step stopped at, else what it ran. The walk follows a task's
    awaits down, through ``async with`` of ``asynccontextmanager`` generators too."""
    callback: Any = handle._callback  # type: ignore[attr-defined]
    task = getattr(callback, "__self__", None)
    if not isinstance(task, asyncio.Task):
        return getattr(callback, "__qualname__", repr(callback))[:80]
    step: Any = task.get_coro()
    found = getattr(step, "__qualname__", repr(step))
    while step is not None:
        frame = getattr(step, "cr_frame", None) or getattr(step, "ag_frame", None)
        if frame is None:
            break
        name = Path(frame.f_code.co_filename)
        if ROOT in name.parents and name.parts[len(ROOT.parts)] in ("bot", "cogs"):
            found = f"{name.relative_to(ROOT)}:{frame.f_lineno} {frame.f_code.co_name}"
        inner = getattr(step, "cr_await", None) or getattr(step, "ag_await", None)
        manager = frame.f_locals.get("self")
        if getattr(inner, "cr_frame", None) is None and hasattr(manager, "gen"):
            inner = manager.gen  # contextlib's __aenter__/__aexit__: into the generator
        step = inner
    return str(found)


async def watch(out: IO[str], every: float = 1.0) -> None:
    """Write ``{"t", "rss_mb", "lag_ms": [...], "steps", "step_cpu_ms", "slow_steps"}``
    lines until cancelled."""
    steps = StepClock()
    steps.install()
    loop = asyncio.get_running_loop()
    started = last = loop.time()
    lags: list[float] = []
    while True:
        before = loop.time()
        await asyncio.sleep(TICK)
        now = loop.time()
        lags.append(round((now - before - TICK) * 1000, 3))
        if now - last >= every:
            out.write(json.dumps({"t": round(now - started, 3), "rss_mb": round(resident_mb(), 1),
                                  "lag_ms": lags, **steps.take()}) + "\n")
            out.flush()
            lags, last = [], now


async def serve(images: Images | None, stats: Path | None, seed: int | None = None) -> None:
    settings = load_settings(env_file=None)
    settings.prepare()
    logs.setup(settings.log_level_number, secrets=settings.secrets)
    bot = ParlorBot(settings, images=images, guild_ready_timeout=0.05,
                    seed_source=None if seed is None else lambda: seed)
    asyncio.get_running_loop().add_signal_handler(
        signal.SIGTERM, lambda: asyncio.ensure_future(bot.close()))
    with contextlib.ExitStack() as stack:
        if stats is not None:
            watcher = asyncio.create_task(watch(stack.enter_context(stats.open("a"))))
            stack.callback(watcher.cancel)
        async with bot:
            await bot.start(settings.discord_token)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.scale.botprocess")
    parser.add_argument("api_base")
    parser.add_argument("gateway_url")
    parser.add_argument("--images", choices=IMAGES, default="real",
                        help="real renders, tiny placeholder PNGs, or none (text)")
    parser.add_argument("--stats", type=Path, help="append memory and loop lag here")
    parser.add_argument("--seed", type=int, help="every match's seed (default: random)")
    parser.add_argument("--profile", type=Path, help="cProfile statistics to this file")
    args = parser.parse_args(argv)
    images: Images | None = None
    if args.images == "quick":
        from tests.e2e.conftest import QuickImages
        images = QuickImages()
    elif args.images == "none":
        images = NoImages()
    with DiscordPatch(cast(Any, Remote(args.api_base, args.gateway_url))):
        if args.profile is None:
            asyncio.run(serve(images, args.stats, args.seed))
            return 0
        profile = cProfile.Profile(time.thread_time)  # CPU: a busy machine adds none
        signal.signal(signal.SIGUSR1, lambda *_: profile.enable())
        try:
            asyncio.run(serve(images, args.stats, args.seed))
        finally:
            profile.disable()
            profile.dump_stats(args.profile)
    return 0


async def start(fake: FakeDiscord, env: dict[str, str], log: Path, *,
                images: str = "quick", stats: Path | None = None, seed: int | None = None,
                profile: Path | None = None) -> asyncio.subprocess.Process:
    """Launch a bot process on ``fake`` with ``env`` on top of ours (stdout and stderr go to
    ``log``); returns at once: wait for its shards with ``fake.server.connected``."""
    args = [sys.executable, "-m", "tests.scale.botprocess", fake.api_base, fake.gateway_url,
            "--images", images]
    if stats is not None:
        args += ["--stats", str(stats)]
    if seed is not None:
        args += ["--seed", str(seed)]
    if profile is not None:
        args += ["--profile", str(profile)]
    full = {**os.environ, "DISCORD_TOKEN": fake.token, "LOG_LEVEL": "INFO", "DATABASE_URL": "",
            "SHARD_COUNT": "", "SHARD_IDS": "", **env}
    with log.open("ab") as out:
        return await asyncio.create_subprocess_exec(*args, cwd=ROOT, env=full, stdout=out,
                                                    stderr=out)


async def stop(proc: asyncio.subprocess.Process, timeout: float = 10.0) -> int:
    """SIGTERM, then SIGKILL if it has not exited within ``timeout``; its exit code."""
    if proc.returncode is None:
        proc.terminate()
        try:
            await asyncio.wait_for(proc.wait(), timeout)
        except TimeoutError:
            proc.kill()
            await proc.wait()
    assert proc.returncode is not None
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
