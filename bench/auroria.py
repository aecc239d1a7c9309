"""Auroria Codex: random games per second, normal AI time per decision, normal vs random.

Run: ``.venv/bin/python -m bench auroria`` (``--quick`` for a smoke run).
Games go through the public protocol loop (``run_playout`` without the checker): each step
builds the seat's view, asks the AI, and applies the move through ``bot.engine.play``.
"""

from __future__ import annotations

import time

from bench.report import Row, ai_decision_times, blind_random, latency_rows
from bot.engine import Rng, parse_options
from bot.engine.autoplay import final
from bot.engine.playout import run_playout
from bot.games.auroria import GAME

OPTIONS = parse_options(GAME.options, {})


def _games_per_second(games: int) -> tuple[float, float, float]:
    """(games per wall second, per CPU second, decisions per game): the CPU figure is the
    one to compare on a shared machine."""
    steps = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        steps += len(run_playout(GAME, 2, seed, check=False).actions)
    return (games / (time.perf_counter() - start), games / (time.process_time() - cpu),
            steps / games)


def _engine_games_per_second(games: int) -> tuple[float, float]:
    """Random games without building views (the random level does not read them)."""
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        final(GAME, GAME.setup(2, OPTIONS, seed), Rng(seed), blind_random)
    return games / (time.perf_counter() - start), games / (time.process_time() - cpu)




def _win_rate(games: int) -> float:
    """Share of games a normal seat (alternating) wins against random."""
    wins = 0
    for seed in range(games):
        seat = seed % 2
        levels = ["random", "random"]
        levels[seat] = "normal"
        result = run_playout(GAME, 2, seed, levels=levels, check=False).result
        assert result is not None
        wins += result.placings[seat] == 1 and result.placings[1 - seat] == 2
    return 100.0 * wins / games


def run(quick: bool) -> list[Row]:
    games = 20 if quick else 300
    wall, cpu, steps = _games_per_second(games)
    bare_wall, bare_cpu = _engine_games_per_second(games)
    rows = [Row("random games/s", wall, "games/s", ">=50", f"{steps:.0f} decisions per game"),
            Row("random games/CPU-s", cpu, "games/s", ">=50", "CPU time, for shared hosts"),
            Row("random games/s, no views", bare_wall, "games/s", ">=50"),
            Row("random games/CPU-s, no views", bare_cpu, "games/s", ">=50")]
    rows += latency_rows("normal AI decision",
                         ai_decision_times(GAME, 2, OPTIONS, 5 if quick else 50))
    rows.append(Row("normal beats random", _win_rate(20 if quick else 200), "%"))
    return rows
