"""Lessons (``/learn``, issue 31): how many decisions each game's lesson takes the learner,
and how many kinds of decision it introduces, played along its documented line as a real
match (``MatchService``'s lessons on a temporary SQLite store, the AI seats as in any match).

Run: ``.venv/bin/python -m bench tutorial``. Deterministic (the deal, the line and the AI
are seeded), so ``--quick`` changes nothing; the bounds are also tested
(``tests/match/test_lessons.py``).
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from bench.report import Row
from bot.engine import registry
from bot.engine.lesson import LEARNER
from bot.match import MatchService
from bot.store import SqliteStore

GAMES = ("aura", "zura", "auroria")
AT_MOST = {"aura": 25, "zura": 25, "auroria": 60}
LEARNER_ID = 1


async def _rows() -> list[Row]:
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as folder:
        async with SqliteStore(Path(folder) / "parlor.sqlite3") as store:
            service = MatchService(store, seed_source=lambda: 1)
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
            finally:
                service.close()
    return rows


def run(quick: bool = False) -> list[Row]:
    return asyncio.run(_rows())
