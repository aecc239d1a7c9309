"""Two High Card matches played through ``MatchService`` while the SQLite file cannot be
written, in a process of its own (``python -m tests.store.faulty MODE FOLDER``): a limit on
file size (RLIMIT_FSIZE, a full disk to SQLite) must stay in that process, and a read-only
file needs the file made immutable as well when we are root (root writes read-only files).
Prints one JSON report for ``test_faults``.

Modes: ``full`` plays with the file-size limit set after each match's first move, then
lifted; ``readonly`` opens a database the parent made read-only (a restart on a read-only
file), plays, then makes it writable again.
"""

from __future__ import annotations

import asyncio
import json
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from bot.engine import registry
from bot.match import MatchService
from bot.store import SqliteStore, StoreError
from bot.store.dialect import Fetch
from tests.highcard import GAME

PLAYERS = (1, 2)


async def new_match(svc: MatchService) -> int:
    info = await svc.create(GAME.name, PLAYERS[0])
    await svc.join(info.id, PLAYERS[1])
    await svc.start(info.id, PLAYERS[0])
    return info.id


async def move(svc: MatchService, match_id: int) -> tuple[int, str]:
    """The first offered answer to the decision open to whoever is to act; (user, decision)."""
    for user in PLAYERS:
        decisions = (await svc.hand(match_id, user)).decisions
        if decisions:
            await svc.submit(match_id, user, decisions[0].id, [decisions[0].options[0].key])
            return user, decisions[0].id
    raise AssertionError("nobody is to act")


async def next_decision(svc: MatchService, match_id: int) -> str:
    for user in PLAYERS:
        decisions = (await svc.hand(match_id, user)).decisions
        if decisions:
            return decisions[0].id
    return ""


def full_disk(on: bool) -> None:
    """No file of this process may grow (writes past the end fail with EFBIG), or any may."""
    resource.setrlimit(resource.RLIMIT_FSIZE,
                       (0 if on else resource.RLIM_INFINITY, resource.RLIM_INFINITY))


def read_only(path: Path, on: bool) -> None:
    """``chmod a-w`` (or back to ``u+w``), and ``chattr +i`` (or ``-i``) when we are root."""
    if on:
        path.chmod(0o444)
    if os.geteuid() == 0:
        subprocess.run(["chattr", "+i" if on else "-i", str(path)], check=True)
    if not on:
        path.chmod(0o644)


async def scenario(mode: str, folder: Path) -> dict[str, Any]:
    registry.register(GAME)
    path = folder / "parlor.sqlite3"
    report: dict[str, Any] = {}
    async with SqliteStore(path) as store:
        svc = MatchService(store)
        if mode == "full":
            first, other = await new_match(svc), await new_match(svc)
            await move(svc, first)
            # An empty WAL: the next commit must grow a file.
            await store.dialect.single(Fetch("PRAGMA wal_checkpoint(TRUNCATE)"), write=False)
            full_disk(True)
        else:
            first, other = 1, 2
        before = await next_decision(svc, first)
        logged = len(await store.actions(first))
        try:
            await move(svc, first)
            report["refused"] = ""
        except StoreError as exc:
            report["refused"] = str(exc)
        report["same_decision"] = await next_decision(svc, first) == before
        report["same_log"] = len(await store.actions(first)) == logged
        report["other_readable"] = (await svc.info(other)).status == "active"
        if mode == "full":
            full_disk(False)
        else:
            read_only(path, False)
        await move(svc, first)
        report["recovered"] = len(await store.actions(first)) == logged + 1
        await move(svc, other)
    return report


def main() -> None:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a failed write, not a killed process
    mode, folder = sys.argv[1], Path(sys.argv[2])
    print(json.dumps(asyncio.run(scenario(mode, folder))))


if __name__ == "__main__":
    main()
