"""A match service with clocks on a real temporary SQLite file, with a hand-moved clock."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.match import MatchService
from bot.match.timekeeper import Timekeeper
from tests.match.clocks import Now, open_service


@pytest.fixture
def now() -> Now:
    return Now()


@pytest.fixture
async def clocks(tmp_path: Path, now: Now) -> AsyncIterator[Timekeeper]:
    keeper = await open_service(tmp_path / "parlor.sqlite3", now)
    try:
        yield keeper
    finally:
        await keeper.store.close()


@pytest.fixture
def svc(clocks: Timekeeper) -> MatchService:
    return clocks.service
