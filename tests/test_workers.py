"""The worker pool: work runs in another process; where processes cannot start, the caller
still gets its answer (in a thread), and the work's own errors stay the work's."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any, NoReturn

import pytest

import bot.workers
from bot.workers import Unavailable, Workers


def pid() -> int:
    return os.getpid()


def missing_file(path: str) -> NoReturn:
    with open(path):
        raise AssertionError("the file exists")


@pytest.fixture
def workers() -> Iterator[Workers]:
    pool = Workers(1)
    try:
        yield pool
    finally:
        pool.close()


async def test_work_runs_in_another_process(workers: Workers) -> None:
    assert await workers.run(pid) != os.getpid()
    assert await workers.run_or_thread(pid) != os.getpid()


async def test_starting_starts_every_worker() -> None:
    pool = Workers(2)
    try:
        await pool.start(pid)
        assert len(pool.processes) == 2
    finally:
        pool.close()


async def test_an_error_of_the_work_is_raised_as_itself_and_keeps_the_pool(
        workers: Workers, tmp_path: Any) -> None:
    """An OSError the work raises is not taken for a pool that cannot start."""
    with pytest.raises(FileNotFoundError):
        await workers.run_or_thread(missing_file, str(tmp_path / "absent"))
    assert await workers.run(pid) != os.getpid()


class NoProcesses:
    """A process pool where the platform refuses to start processes."""

    starts = 0

    def __init__(self, *args: object, **kwargs: object) -> None:
        pass

    def submit(self, *args: object, **kwargs: object) -> NoReturn:
        NoProcesses.starts += 1
        raise PermissionError("no new processes here")

    def shutdown(self, *args: object, **kwargs: object) -> None:
        pass


async def test_without_processes_the_work_is_done_in_a_thread_and_no_start_is_retried(
        workers: Workers, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.workers, "ProcessPoolExecutor", NoProcesses)
    assert await workers.run_or_thread(pid) == os.getpid()
    assert await workers.run_or_thread(pid) == os.getpid()
    assert NoProcesses.starts == 1
    with pytest.raises(Unavailable):
        await workers.run(pid)
