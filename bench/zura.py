"""Zura: random games per second, normal AI time per decision, normal's win rate vs random.

Run: ``.venv/bin/python -m bench zura`` (``--quick`` for a smoke run).
Games go through the public protocol loop (``run_playout`` without the checker): each step
builds the seat's view, asks the AI, and applies the move through ``bot.engine.play``.
"""

from __future__ import annotations

import time

from bench.report import Row, ai_decision_times, latency_rows
from bot.engine import Rng, play
from bot.engine.playout import run_playout
from bot.games.zura import GAME


def _games_per_second(players: int, games: int) -> tuple[float, float]:
    steps = 0
    start = time.perf_counter()
    for seed in range(games):
        steps += len(run_playout(GAME, players, seed, check=False).actions)
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / games


def _engine_games_per_second(players: int, games: int) -> float:
    """Random games without building views (the random level does not read them)."""
    start = time.perf_counter()
    for seed in range(games):
        state = GAME.setup(players, {}, seed)
        rng = Rng(seed)
        while GAME.result(state) is None:
            decision = GAME.pending(state)[0]
            action = GAME.ai_choose("random", {}, decision, rng)
            state, _ = play(GAME, state, decision.player, action)
    return games / (time.perf_counter() - start)




def _win_rate(players: int, games: int) -> float:
    """Share of games one normal seat (rotating) wins outright or shares first place."""
    wins = 0
    for seed in range(games):
        seat = seed % players
        levels = ["random"] * players
        levels[seat] = "normal"
        result = run_playout(GAME, players, seed, levels=levels, check=False).result
        assert result is not None
        wins += result.placings[seat] == 1
    return 100.0 * wins / games


def run(quick: bool) -> list[Row]:
    games = 20 if quick else 300
    rows = []
    for players in (2, 4):
        rate, steps = _games_per_second(players, games)
        rows.append(Row(f"random games/s, {players} players", rate, "games/s", ">=500",
                        f"{steps:.0f} decisions per game"))
        rows.append(Row(f"random games/s, {players} players, no views",
                        _engine_games_per_second(players, games), "games/s", ">=500"))
    rows += latency_rows("normal AI decision (4 players)",
                         ai_decision_times(GAME, 4, {}, 5 if quick else 50))
    matches = 20 if quick else 400
    for players in (2, 4):
        rows.append(Row(f"normal win rate vs random, {players} players", _win_rate(
            players, matches), "%", ">=70", f"{matches} games, 1 normal seat"))
    return rows
