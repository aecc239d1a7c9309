"""Engine: random games per second for every game and player count, normal-AI decision time,
and RLCard's UNO as an outside reference in the same run.

Run: ``.venv/bin/python -m bench engine`` (``--quick`` for a smoke run).
A random game goes through the public protocol loop (``run_playout`` without the checker):
each step builds the acting seat's view, asks the AI, and applies the move through
``bot.engine.play``; RLCard's ``env.run`` likewise builds each seat's observation. Rates are
per CPU second of this process (steadier than wall time on a shared machine; the wall
figure is in the note). Games differ in length, so decisions per second are compared too.
The ratio to UNO is measured side by side: each game's random 2-player games and UNO's
alternate in 20 rounds, so a host whose speed drifts during the run (a shared machine can
swing by a third) slows both alike; the note gives the rounds' median and range.
RLCard is optional and not a project dependency: ``pip install rlcard`` to include it.
"""

from __future__ import annotations

import math
import statistics
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


def random_games(game: Game[Any, Any], players: int, games: int, first: int = 0) -> Rate:
    """Random games with seeds ``first`` … ``first + games - 1``."""
    return _timed(lambda: sum(len(run_playout(game, players, seed, check=False).actions)
                              for seed in range(first, first + games)), games)


def rlcard_uno() -> Callable[[int], Rate] | None:
    """A player of n random 2-player UNO games in RLCard, or None when RLCard is not
    installed."""
    try:
        import rlcard  # type: ignore[import-untyped, import-not-found, unused-ignore]
        from rlcard.agents import RandomAgent  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])

    def play(games: int) -> Rate:
        def play_all() -> int:
            decisions = 0
            for _ in range(games):
                trajectories, _ = env.run(is_training=False)
                # Each seat's trajectory alternates state, action, …, state.
                decisions += sum((len(t) - 1) // 2 for t in trajectories)
            return decisions

        return _timed(play_all, games)

    return play


ROUNDS = 20
UNO_GAMES = 5
"""UNO games per game of ours in a round: UNO's are about half as long in decisions, so a
round spends similar time on both."""


def side_by_side(game: Game[Any, Any], uno: Callable[[int], Rate], games: int) -> Row:
    """``game``'s random 2-player decisions per CPU second over UNO's, the two played in
    alternating rounds; the value is over all rounds, the note gives the rounds' spread."""
    per_round = max(1, games // ROUNDS)
    ours: list[Rate] = []
    theirs: list[Rate] = []
    for r in range(max(1, games // per_round)):
        ours.append(random_games(game, 2, per_round, first=r * per_round))
        theirs.append(uno(per_round * UNO_GAMES))
    ratios = sorted(a.decisions_per_cpu_second / b.decisions_per_cpu_second
                    for a, b in zip(ours, theirs, strict=True))

    def rate(rates: list[Rate]) -> float:
        return sum(r.decisions for r in rates) / sum(r.cpu for r in rates)

    return Row(f"{game.name} 2p / RLCard UNO, decisions per second", rate(ours) / rate(theirs),
               "x", note=f"{len(ratios)} rounds side by side: median "
               f"{statistics.median(ratios):.2f}, range {ratios[0]:.2f}–{ratios[-1]:.2f}")


def run(quick: bool) -> list[Row]:
    games, normal_games = (10, 2) if quick else (200, 30)
    rows: list[Row] = []
    for name in registry.names():
        game = registry.get(name)
        for players in range(game.min_players, game.max_players + 1):
            rows.append(random_games(game, players, games).row(f"{name} {players}p random games"))
            rows += latency_rows(f"{name} {players}p normal AI decision",
                                 ai_decision_times(game, players, {}, normal_games))
    uno = rlcard_uno()
    if uno is None:
        rows.append(Row("RLCard UNO 2p random games", math.nan, "games/s",
                        note="skipped: rlcard is not installed (pip install rlcard)"))
        return rows
    rows.append(uno(games * UNO_GAMES).row("RLCard UNO 2p random games"))
    rows += [side_by_side(registry.get(name), uno, games) for name in registry.names()]
    return rows
