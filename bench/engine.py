"""Engine: random games per second for every game and player count, normal-AI decision time,
and RLCard's UNO as an outside reference in the same run.

Run: ``.venv/bin/python -m bench engine`` (``--quick`` for a smoke run).
A random game goes through the public protocol loop (``run_playout`` without the checker):
each step builds the acting seat's view, asks the AI, and applies the move through
``bot.engine.play``; RLCard's ``env.run`` likewise builds each seat's observation. Rates are
per CPU second of this process (steadier than wall time on a shared machine; the wall
figure is in the note). Games differ in length, so decisions per second are compared too.
RLCard is optional and not a project dependency: ``pip install rlcard`` to include it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench.report import Row, ai_decision_times, latency_rows
from bot.engine import Game, registry
from bot.engine.playout import run_playout


@dataclass(frozen=True)
class Rate:
    """Games and decisions played in ``wall`` and ``cpu`` seconds."""

    games: int
    decisions: int
    wall: float
    cpu: float

    @property
    def games_per_cpu_second(self) -> float:
        return self.games / self.cpu

    @property
    def decisions_per_cpu_second(self) -> float:
        return self.decisions / self.cpu

    def row(self, name: str) -> Row:
        return Row(name, self.games_per_cpu_second, "games/s", note=(
            f"{self.decisions / self.games:.0f} decisions/game, "
            f"{self.decisions_per_cpu_second:,.0f} decisions/s, "
            f"wall {self.games / self.wall:.1f} games/s"))


def _timed(play_games: Callable[[], int], games: int) -> Rate:
    start, cpu = time.perf_counter(), time.process_time()
    decisions = play_games()
    return Rate(games, decisions, time.perf_counter() - start, time.process_time() - cpu)


def random_games(game: Game[Any, Any], players: int, games: int) -> Rate:
    return _timed(lambda: sum(len(run_playout(game, players, seed, check=False).actions)
                              for seed in range(games)), games)


def rlcard_uno_games(games: int) -> Rate | None:
    """Random 2-player UNO games in RLCard, or None when RLCard is not installed."""
    try:
        import rlcard  # type: ignore[import-untyped, import-not-found, unused-ignore]
        from rlcard.agents import RandomAgent  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])

    def play_all() -> int:
        decisions = 0
        for _ in range(games):
            trajectories, _ = env.run(is_training=False)
            # Each seat's trajectory alternates state, action, …, state.
            decisions += sum((len(t) - 1) // 2 for t in trajectories)
        return decisions

    return _timed(play_all, games)


def run(quick: bool) -> list[Row]:
    games, normal_games = (10, 2) if quick else (200, 30)
    rows: list[Row] = []
    two_player: dict[str, Rate] = {}
    for name in registry.names():
        game = registry.get(name)
        for players in range(game.min_players, game.max_players + 1):
            rate = random_games(game, players, games)
            if players == 2:
                two_player[name] = rate
            rows.append(rate.row(f"{name} {players}p random games"))
            rows += latency_rows(f"{name} {players}p normal AI decision",
                                 ai_decision_times(game, players, {}, normal_games))
    uno = rlcard_uno_games(games * 5)
    if uno is None:
        rows.append(Row("RLCard UNO 2p random games", math.nan, "games/s",
                        note="skipped: rlcard is not installed (pip install rlcard)"))
        return rows
    rows.append(uno.row("RLCard UNO 2p random games"))
    for name, rate in two_player.items():
        rows.append(Row(f"{name} 2p / RLCard UNO, decisions per second",
                        rate.decisions_per_cpu_second / uno.decisions_per_cpu_second, "x"))
    return rows
