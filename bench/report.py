"""Timing helpers and the table every benchmark prints."""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.engine import Action, Decision, Game, Rng
from bot.engine.autoplay import final, new_game


@dataclass
class Row:
    """One line of the report: what was measured, its figure, and an optional target."""

    name: str
    value: float
    unit: str
    target: str = ""
    note: str = ""


Z95 = 1.959964


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win share (a draw counts half a win), as fractions."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = p + Z95 ** 2 / (2 * n)
    spread = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n))
    scale = 1 + Z95 ** 2 / n
    return (centre - spread) / scale, (centre + spread) / scale


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def time_calls(fn: Callable[[], object], repeat: int) -> list[float]:
    """Wall-clock seconds of ``repeat`` calls to ``fn``."""
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def latency_rows(name: str, samples: list[float], target: str = "") -> list[Row]:
    """Median and p95 of ``samples`` (seconds) in milliseconds."""
    return [
        Row(f"{name} median", statistics.median(samples) * 1000, "ms", target),
        Row(f"{name} p95", percentile(samples, 0.95) * 1000, "ms"),
    ]


def print_table(title: str, rows: list[Row]) -> None:
    width = max([len(r.name) for r in rows] + [10])
    print(f"\n## {title}")
    print(f"{'measure'.ljust(width)}  {'value':>12}  unit   target  note")
    for r in rows:
        print(f"{r.name.ljust(width)}  {r.value:12.3f}  {r.unit:<5}  {r.target:<6}  {r.note}")


def blind_random(game: Game[Any, Any], state: Any, decision: Decision, rng: Rng) -> Action:
    """The random level without building the seat's view, which it never reads: what the
    engine alone costs."""
    return game.ai_choose("random", {}, decision, rng)


def ai_decision_times(game: Game[Any, Any], players: int, options: Mapping[str, Any], games: int,
                      level: str = "normal") -> list[float]:
    """Seconds the ``level`` AI takes per decision, over whole games it plays on every seat
    (building the seat's view is not counted)."""
    samples = []

    def timed(game: Game[Any, Any], state: Any, decision: Decision, rng: Rng) -> Action:
        view = game.view(state, decision.player)
        start = time.perf_counter()
        action = game.ai_choose(level, view, decision, rng)
        samples.append(time.perf_counter() - start)
        return action

    for seed in range(games):
        final(game, new_game(game, players, seed, options), Rng(seed), timed)
    return samples
