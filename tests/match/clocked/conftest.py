"""A clocked match service on a real temporary SQLite file, with a hand-moved clock."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.match.clocked import ClockedMatchService
from tests.match.clocks import Now, open_service


@pytest.fixture
def now() -> Now:
    return Now()


@pytest.fixture
async def svc(tmp_path: Path, now: Now) -> AsyncIterator[ClockedMatchService]:
    service = await open_service(tmp_path / "parlor.sqlite3", now)
    try:
        yield service
    finally:
        await service.store.close()
