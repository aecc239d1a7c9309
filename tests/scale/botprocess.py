"""A Parlor bot process pointed at a fake Discord, watching its own event loop and memory.

    python -m tests.scale.botprocess API_BASE GATEWAY_URL [--images KIND] [--stats FILE]

Settings come from the environment as for ``python -m bot`` (DISCORD_TOKEN, PARLOR_DB,
DATABASE_URL, SHARD_COUNT, SHARD_IDS, LOG_LEVEL). With ``--stats`` the process appends one
JSON line per second to FILE: its resident memory and the event-loop lag samples of that
second (how late a 10 ms sleep woke up: time the loop was busy with something else).
``--images``: ``real`` renders, ``quick`` tiny placeholder PNGs (the same code path), or
``none``, the text stand-in games without a renderer get (messages without attachments).
SIGTERM closes the bot cleanly. ``start`` launches one from a test or a benchmark.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import sys
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


class NoImages(Images):
    """As for a game without a renderer: every image is left out, the view shown as text."""

    def available(self, view: View) -> bool:
        return False


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


async def watch(out: IO[str], every: float = 1.0) -> None:
    """Write ``{"t", "rss_mb", "lag_ms": [...]}`` lines until cancelled."""
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
                                  "lag_ms": lags}) + "\n")
            out.flush()
            lags, last = [], now


async def serve(images: Images | None, stats: Path | None) -> None:
    settings = load_settings(env_file=None)
    settings.prepare()
    logs.setup(settings.log_level_number, secrets=settings.secrets)
    bot = ParlorBot(settings, images=images, guild_ready_timeout=0.05)
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
    args = parser.parse_args(argv)
    images: Images | None = None
    if args.images == "quick":
        from tests.e2e.conftest import QuickImages
        images = QuickImages()
    elif args.images == "none":
        images = NoImages()
    with DiscordPatch(cast(Any, Remote(args.api_base, args.gateway_url))):
        asyncio.run(serve(images, args.stats))
    return 0


async def start(fake: FakeDiscord, env: dict[str, str], log: Path, *,
                images: str = "quick",
                stats: Path | None = None) -> asyncio.subprocess.Process:
    """Launch a bot process on ``fake`` with ``env`` on top of ours (stdout and stderr go to
    ``log``); returns at once: wait for its shards with ``fake.server.connected``."""
    args = [sys.executable, "-m", "tests.scale.botprocess", fake.api_base, fake.gateway_url,
            "--images", images]
    if stats is not None:
        args += ["--stats", str(stats)]
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
