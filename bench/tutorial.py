"""Lessons (``/learn``, issue 31): how many decisions each game's lesson takes the learner,
and how many kinds of decision it introduces, played along its documented line as a real
match (``MatchService``'s lessons on a temporary SQLite store, the AI seats as in any match);
and how long a hint takes, asked at the first decisions of each lesson, with the strong AI's
default think time in a worker process.

Run: ``.venv/bin/python -m bench tutorial`` (``--quick``: one hint per game). The lessons
are deterministic (the deal, the line and the AI are seeded); their bounds are also tested
(``tests/match/test_lessons.py``).
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path

from bench.report import Row, latency_rows
from bot.engine import registry
from bot.engine.lesson import LEARNER
from bot.match import MatchService
from bot.match.thinker import Thinker
from bot.settings import DEFAULT_THINK_MS
from bot.store import SqliteStore

GAMES = ("aura", "zura", "auroria")
AT_MOST = {"aura": 25, "zura": 25, "auroria": 60}
LEARNER_ID = 1
HINTS = 4
"""Hints asked per game: at the lesson's first decisions, along its line."""


async def _hint_times(service: MatchService, name: str, count: int) -> list[float]:
    """Seconds from asking to the hint, at the learner's first ``count`` decisions."""
    lesson = registry.get(name).lesson()
    assert lesson is not None
    info, _, _ = await service.learn(name, LEARNER_ID + 1, None)
    times = []
    for answer in lesson.line[:count]:
        decision = (await service.hand(info.id, LEARNER_ID + 1)).decisions[0]
        start = time.perf_counter()
        await service.hint(info.id, LEARNER_ID + 1, decision.id)
        times.append(time.perf_counter() - start)
        await service.submit(info.id, LEARNER_ID + 1, decision.id, answer)
    return times


async def _rows(quick: bool) -> list[Row]:
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as folder:
        async with SqliteStore(Path(folder) / "parlor.sqlite3") as store:
            service = MatchService(store, seed_source=lambda: 1,
                                   thinker=Thinker(DEFAULT_THINK_MS, workers=1))
            try:
                for name in GAMES:
                    kinds = registry.get(name).kinds
                    played = await service.lessons.rehearse(name, LEARNER_ID)
                    won = played.result.placings[LEARNER] == 1
                    introduced = {kind for _, kind in played.introduced}
                    rows += [
                        Row(f"{name}: the learner's decisions", played.learner_decisions,
                            "decisions", f"<= {AT_MOST[name]}",
                            f"{played.decisions} with the AI's; the learner "
                            + ("wins" if won else "does not win")),
                        Row(f"{name}: kinds of decision introduced", len(introduced), "kinds",
                            f"= {len(kinds)}", "missing: " + (
                                ", ".join(k for k in kinds if k not in introduced) or "none")),
                    ]
                hints: list[float] = []
                for name in GAMES:
                    hints += await _hint_times(service, name, 1 if quick else HINTS)
                rows += latency_rows("a hint, asked to answered", hints,
                                     f"~{DEFAULT_THINK_MS} ms (the think time)")
            finally:
                service.close()
    return rows


def run(quick: bool = False) -> list[Row]:
    return asyncio.run(_rows(quick))
