"""Store faults on SQLite that the service must survive: a full disk and a read-only file.

Each runs in a process of its own (``tests/store/faulty.py``). In both, the move is refused
with a ``StoreError`` (which the Discord layer turns into "The table could not save that
move; nothing changed — press again."), nothing of it is stored or applied in memory, the
other match can still be read, and the same move goes through once the fault is over, with
no restart. The locked file is in ``tests/e2e/test_store_faults.py``; PostgreSQL's lost
connection and restarted server in ``test_postgres_faults.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from bot.engine import registry
from bot.match import MatchService
from bot.store import SqliteStore
from tests.highcard import GAME
from tests.store.faulty import move, new_match, read_only

ROOT = Path(__file__).resolve().parents[2]


def run_faulty(mode: str, folder: Path) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-m", "tests.store.faulty", mode, str(folder)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return report


def assert_refused_then_recovered(report: dict[str, Any], cause: str) -> None:
    assert cause in report["refused"]
    assert report["same_decision"] and report["same_log"]
    assert report["other_readable"]
    assert report["recovered"]


def test_a_full_disk_refuses_the_move_and_the_next_press_works(tmp_path: Path) -> None:
    assert_refused_then_recovered(run_faulty("full", tmp_path), "disk I/O error")


async def test_a_read_only_file_refuses_the_move_and_works_once_writable(
        tmp_path: Path) -> None:
    registry.register(GAME)
    path = tmp_path / "parlor.sqlite3"
    async with SqliteStore(path) as store:
        svc = MatchService(store)
        for _ in range(2):
            await move(svc, await new_match(svc))
    read_only(path, True)  # as the bot finds it after a restart
    try:
        assert_refused_then_recovered(run_faulty("readonly", tmp_path),
                                      "attempt to write a readonly database")
    finally:
        read_only(path, False)
