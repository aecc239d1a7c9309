"""Auroria Codex: the structure decks' win-rate matrix with the normal AI on both seats.

Run: ``.venv/bin/python -m bench auroria_balance`` (``--quick`` for a smoke run).
Each pairing of two different decks plays ``GAMES`` games, deck A on seat 1 in half of them
and on seat 2 in the other half; who starts is drawn from the seed, as in any match. A row
gives A's share of the points against B (a draw counts half). The target from the issue:
every pairing within 35-65%.
"""

from __future__ import annotations

import itertools
import time

from bench.report import Row
from bot.engine.playout import run_playout
from bot.games.auroria import GAME
from bot.games.auroria.pool import POOL

GAMES = 200
TARGET = (35.0, 65.0)


def score(a: str, b: str, games: int, first_seed: int = 0) -> tuple[float, float]:
    """(A's points in %, mean decisions per game) over ``games`` games of A against B."""
    points = 0.0
    steps = 0
    for i in range(games):
        seed = first_seed + i
        seats = (a, b) if i % 2 == 0 else (b, a)
        out = run_playout(GAME, 2, seed, options={"deck_1": seats[0], "deck_2": seats[1]},
                          levels=["normal", "normal"], check=False)
        assert out.result is not None
        points += out.result.scores[seats.index(a)]
        steps += len(out.actions)
    return 100.0 * points / games, steps / games


def matrix(games: int) -> dict[tuple[str, str], float]:
    """A's points in % against B for every ordered pair of different decks."""
    out: dict[tuple[str, str], float] = {}
    for a, b in itertools.combinations(POOL.decks, 2):
        rate, _ = score(a, b, games)
        out[a, b], out[b, a] = rate, 100.0 - rate
    return out


def table(rates: dict[tuple[str, str], float]) -> str:
    """The matrix as Markdown: rows are A, columns B, cells A's points in % against B."""
    keys = list(POOL.decks)
    lines = ["| A \\ B | " + " | ".join(keys) + " |", "|---" * (len(keys) + 1) + "|"]
    for a in keys:
        cells = ["—" if a == b else f"{rates[a, b]:.1f}" for b in keys]
        lines.append(f"| {a} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def run(quick: bool) -> list[Row]:
    games = 20 if quick else GAMES
    start = time.process_time()
    rates = matrix(games)
    cpu = time.process_time() - start
    print(table(rates))
    lo, hi = TARGET
    rows = [Row(f"{a} vs {b}", rates[a, b], "%", f"{lo:.0f}-{hi:.0f}", f"{games} games")
            for a, b in itertools.combinations(POOL.decks, 2)]
    pairings = len(rows)
    rows.append(Row("CPU per game", 1000 * cpu / (games * pairings), "ms"))
    return rows
