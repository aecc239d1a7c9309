"""Worker processes for CPU-heavy pure work, so the event loop keeps serving (DESIGN §1, §7).

A thread does not help with CPU work in Python: the interpreter lock lets one thread run
Python at a time, so while a thread draws a GIF or searches a move the loop answers late.
A worker process has its own interpreter. Workers start on first use (``spawn``: a fresh
interpreter, safe next to the store's threads), one per CPU this process may run on; work
beyond that queues. What crosses must pickle: plain data in (views, records, JSON), plain
data out, and module-level functions. Games and renderers added as folders at run time
(appended to ``bot.games``'s and ``bot.render``'s package paths, as ``bot/games/README.md``
allows) are found in the workers too: they start with the paths this process has then.

``Unavailable`` tells the caller no worker did the work, so it chooses its own fallback
(a thread, a cheaper answer): processes could not be started here, or a worker died (the
pool restarts at the next call).
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import NoReturn, ParamSpec, TypeVar

log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")


def cpu_count() -> int:
    """CPUs this process may use (its affinity mask where the platform has one)."""
    counter = getattr(os, "process_cpu_count", None) or os.cpu_count
    return max(1, counter() or 1)


EXTENSIBLE = ("bot.games", "bot.render")
"""Packages whose path may grow at run time, mirrored into each worker."""
GIVE_UP = 3
"""Pools broken in a row, none answering, after which no more are started."""


class Unavailable(Exception):
    """No worker process ran the call; the caller falls back."""


class Workers:
    """A lazily started process pool of ``size`` workers (default: one per CPU), each run
    ``nice``-r than this process by ``nice`` (Unix), for work that may wait."""

    def __init__(self, size: int | None = None, nice: int = 0) -> None:
        self.size = size or cpu_count()
        self.nice = nice
        self._pool: ProcessPoolExecutor | None = None
        self._disabled = False
        """Set once processes could not be started: every later call falls back at once."""
        self._breaks = 0
        """Pools broken in a row without answering a call: at ``GIVE_UP`` the workers are
        taken to die as they start (a sandbox, a broken install), and are not tried again."""

    async def run(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``fn(*args, **kwargs)`` in a worker; ``Unavailable`` when none could run it."""
        if self._disabled:
            raise Unavailable("worker processes cannot be started here")
        try:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    self.size, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_prepare, initargs=(self.nice, _package_paths()))
            future = self._pool.submit(fn, *args, **kwargs)
        except (OSError, NotImplementedError, BrokenProcessPool) as exc:
            self._give_up(exc)
        try:
            answer = await asyncio.wrap_future(future)
        except BrokenProcessPool as exc:
            self._breaks += 1
            if self._breaks >= GIVE_UP:
                self._give_up(exc)
            log.warning("a worker process died (%s); the pool restarts at the next call", exc)
            self._pool = None
            raise Unavailable(str(exc)) from exc
        self._breaks = 0
        return answer

    def _give_up(self, exc: BaseException) -> NoReturn:
        log.warning("worker processes cannot be started (%s); working without them", exc)
        self._disabled = True
        self.close()
        raise Unavailable(str(exc)) from exc

    async def run_or_thread(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``fn(*args)`` in a worker, else in a thread of this process (slower for the loop,
        but the answer still comes)."""
        try:
            return await self.run(fn, *args, **kwargs)
        except Unavailable:
            return await asyncio.to_thread(fn, *args, **kwargs)

    async def start(self, fn: Callable[[], object]) -> None:
        """Start every worker now, each running ``fn`` once (to import what later work
        needs), so the first real work does not wait seconds for processes to start."""
        with contextlib.suppress(Unavailable):
            await asyncio.gather(*(self.run(fn) for _ in range(self.size)))

    @property
    def processes(self) -> tuple[int, ...]:
        """The pids of the running workers (for tests that kill one)."""
        found = getattr(self._pool, "_processes", None) or {}
        return tuple(found)

    def close(self) -> None:
        """Stop the workers (work in progress is abandoned)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


def _package_paths() -> dict[str, list[str]]:
    return {name: list(importlib.import_module(name).__path__) for name in EXTENSIBLE}


def _prepare(nice: int, paths: dict[str, list[str]]) -> None:
    """A worker's start: its priority, and the package paths of the process that made it."""
    if nice and hasattr(os, "nice"):
        os.nice(nice)
    for name, path in paths.items():
        importlib.import_module(name).__path__[:] = path
