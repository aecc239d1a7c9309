"""Aura: random games per second, normal AI time per decision, normal's win rate vs random.

Run: ``.venv/bin/python -m bench aura`` (``--quick`` for a smoke run).

"With views" games go through the public protocol loop (``run_playout`` without the
checker): each step builds the deciding seat's view, asks the AI and applies the move
through ``bot.engine.play``. "Engine only" skips the views, which the random level never
reads. Games per second is 1 / the median time of one game.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from bench.report import Row, blind_random, latency_rows
from bot.engine import Action, Decision, Game, Rng, parse_options
from bot.engine.autoplay import Choose, final
from bot.engine.playout import run_playout
from bot.games.aura import GAME


def _game_times(players: int, games: int) -> tuple[list[float], float]:
    """Seconds per random game through the protocol loop, and decisions per game."""
    times, steps = [], 0
    for seed in range(games):
        start = time.perf_counter()
        out = run_playout(GAME, players, seed, check=False)
        times.append(time.perf_counter() - start)
        steps += len(out.actions)
    return times, steps / games


def _engine_game_times(players: int, games: int) -> list[float]:
    """Seconds per random game without building views (the random level reads none)."""
    options = parse_options(GAME.options, {})
    times = []
    for seed in range(games):
        start = time.perf_counter()
        final(GAME, GAME.setup(players, options, seed), Rng(seed), blind_random)
        times.append(time.perf_counter() - start)
    return times


def _normal_on(me: int, samples: list[float]) -> Choose[Any]:
    """Seat ``me`` normal, timed into ``samples`` (its view not counted); the others random."""
    def choose(game: Game[Any, Any], state: Any, decision: Decision, rng: Rng) -> Action:
        view = game.view(state, decision.player)
        level = "normal" if decision.player == me else "random"
        start = time.perf_counter()
        action = game.ai_choose(level, view, decision, rng)
        if level == "normal":
            samples.append(time.perf_counter() - start)
        return action
    return choose


def _normal_vs_random(games: int) -> tuple[list[float], float]:
    """Two-player games, the normal seat alternating: its decision times and its win rate."""
    samples: list[float] = []
    wins = 0
    options = parse_options(GAME.options, {})
    for seed in range(games):
        me = seed % 2
        timed = _normal_on(me, samples)
        result = GAME.result(final(GAME, GAME.setup(2, options, seed), Rng(seed ^ 0xA0A), timed))
        assert result is not None
        wins += result.placings[me] == 1
    return samples, wins / games


def run(quick: bool) -> list[Row]:
    rows = []
    games = 40 if quick else 400
    for players, target in ((2, ">=300"), (4, "")):
        times, steps = _game_times(players, games)
        rows.append(Row(f"random {players}p games/s, with views", 1 / statistics.median(times),
                        "1/s", target, f"{steps:.0f} decisions a game"))
        times = _engine_game_times(players, games)
        rows.append(Row(f"random {players}p games/s, engine only",
                        1 / statistics.median(times), "1/s", target))
    samples, rate = _normal_vs_random(20 if quick else 200)
    rows += latency_rows("normal AI decision", samples)
    rows.append(Row("normal wins vs random, 2p", 100 * rate, "%", ">=95",
                    f"{20 if quick else 200} games, seats alternating"))
    return rows
