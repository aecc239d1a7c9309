"""Lessons (``/learn``, issue 31): how many decisions each game's lesson takes the learner,
and how many kinds of decision it introduces, along its documented line and with the
normal AI in the learner's seat instead.

Run: ``.venv/bin/python -m bench tutorial``. Deterministic (the deal, the line and the AI
are seeded), so ``--quick`` changes nothing; the bounds are also tested
(``tests/games/test_lessons.py``).
"""

from __future__ import annotations

from bench.report import Row
from bot.engine import Game, registry
from bot.engine.lesson import LEARNER, Lesson, Walk, walk

GAMES = ("aura", "zura", "auroria")
AT_MOST = {"aura": 25, "zura": 25, "auroria": 60}


def _rows(game: Game[object, object], lesson: Lesson, played: Walk, how: str) -> list[Row]:
    kinds = {kind for _, kind in played.introduced}
    won = played.result is not None and played.result.placings[LEARNER] == 1
    return [
        Row(f"{game.name} {how}: the learner's decisions", played.learner_decisions,
            "decisions", f"<= {AT_MOST[game.name]}",
            f"{len(played.moves)} with the AI's; the learner "
            + ("wins" if won else "does not win")),
        Row(f"{game.name} {how}: kinds of decision introduced", len(kinds), "kinds",
            f"= {len(game.kinds)}",
            "missing: " + (", ".join(k for k in game.kinds if k not in kinds) or "none")),
    ]


def run(quick: bool = False) -> list[Row]:
    rows: list[Row] = []
    for name in GAMES:
        game = registry.get(name)
        lesson = game.lesson()
        assert lesson is not None
        rows += _rows(game, lesson, walk(game, lesson), "line")
        rows += _rows(game, lesson, walk(game, lesson, learner="normal"),
                      "normal AI")
    return rows
