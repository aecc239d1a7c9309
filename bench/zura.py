"""Zura: random games per second, normal AI time per decision, and the normal AI's results
(win rate with its 95% interval, Imps per game) against random and against the normal AI
it replaced (issue 17), read from git.

Run: ``.venv/bin/python -m bench zura`` (``--quick`` for a smoke run). Rates are per CPU
second of this process (steadier than wall time on a shared machine).
Games go through the public protocol loop (``run_playout`` without the checker): each step
builds the seat's view, asks the AI, and applies the move through ``bot.engine.play``.
"""

from __future__ import annotations

import math
import subprocess
import time
import types
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.report import Row, ai_decision_times, blind_random, latency_rows, wilson
from bot.engine import Action, Decision, Game, Rng
from bot.engine.autoplay import Choose, final
from bot.engine.playout import run_playout
from bot.games.zura import GAME
from bot.games.zura.cards import CARDS
from bot.games.zura.view import ZView


def _games_per_second(players: int, games: int) -> tuple[float, float]:
    steps = 0
    start = time.process_time()
    for seed in range(games):
        steps += len(run_playout(GAME, players, seed, check=False).actions)
    elapsed = time.process_time() - start
    return games / elapsed, steps / games


def _engine_games_per_second(players: int, games: int) -> float:
    """Random games without building views (the random level does not read them)."""
    start = time.process_time()
    for seed in range(games):
        final(GAME, GAME.setup(players, {}, seed), Rng(seed), blind_random)
    return games / (time.process_time() - start)


_BASELINE = "1c74cc9"
"""The commit whose normal AI had the Imp blind spot (issue 17): the new one is measured
against it, read from git so no copy of it lives in the tree."""
_IMPS = frozenset(i for i, t in enumerate(CARDS.tz) if CARDS.types[t].kind == "imp")

Chooser = Callable[[ZView, Decision, Rng], Action]


def _level(name: str) -> Chooser:
    return lambda view, decision, rng: GAME.ai_choose(name, view, decision, rng)


def _baseline_normal() -> Chooser | None:
    """The old normal AI from git, or None outside a git checkout holding that commit."""
    try:
        source = subprocess.run(["git", "show", f"{_BASELINE}:bot/games/zura/ai.py"],
                                capture_output=True, text=True, check=True,
                                cwd=Path(__file__).parent).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    module = types.ModuleType("zura_ai_baseline")
    exec(compile(source, f"{_BASELINE}:ai.py", "exec"), module.__dict__)
    choose: Callable[[str, ZView, Decision, Rng], Action] = module.choose
    return lambda view, decision, rng: choose("normal", view, decision, rng)


@dataclass(frozen=True)
class _Match:
    """One seat (rotating) against the others over ``games`` games."""

    games: int
    wins: int
    imps: int
    """Imps the tested seat ended with, over all games."""
    all_four: int
    """Games in which the tested seat ended with every Imp."""
    other_imps: float
    """Imps per opponent, over all games."""

    def win_row(self, name: str) -> Row:
        low, high = wilson(self.wins, self.games)
        return Row(name, 100.0 * self.wins / self.games, "%", note=(
            f"{self.games} games, seats rotated, 95% CI {100 * low:.1f}-{100 * high:.1f}"))

    def imp_row(self, name: str) -> Row:
        return Row(name, self.imps / self.games, "imps", note=(
            f"all four in {100 * self.all_four / self.games:.0f}% of games; "
            f"each opponent {self.other_imps / self.games:.2f}"))


def _seated(seat: int, tested: Chooser, others: Chooser) -> Choose[Any]:
    """``tested`` on ``seat``, ``others`` on the rest, each from its seat's view."""
    def choose(game: Game[Any, Any], state: Any, decision: Decision, rng: Rng) -> Action:
        chooser = tested if decision.player == seat else others
        return chooser(game.view(state, decision.player), decision, rng)
    return choose


def _match(players: int, games: int, tested: Chooser, others: Chooser) -> _Match:
    """Games straight through the engine; the tested seat wins when it places first."""
    wins = imps = all_four = 0
    other_imps = 0.0
    for seed in range(games):
        seat = seed % players
        state = final(GAME, GAME.setup(players, {}, seed), Rng(seed ^ 0x5EED),
                      _seated(seat, tested, others))
        result = GAME.result(state)
        assert result is not None
        wins += result.placings[seat] == 1
        counts = [sum(c in _IMPS for c in stack) for stack in state.stacks]
        imps += counts[seat]
        all_four += counts[seat] == len(_IMPS)
        other_imps += (sum(counts) - counts[seat]) / (players - 1)
    return _Match(games, wins, imps, all_four, other_imps)


def _ai_rows(quick: bool) -> list[Row]:
    games = 20 if quick else 400
    normal, random = _level("normal"), _level("random")
    rows = []
    for players in (2, 4):
        vs_random = _match(players, games, normal, random)
        rows.append(vs_random.win_row(f"normal win rate vs random, {players} players"))
        rows[-1].target = ">=95"
        rows.append(vs_random.imp_row(f"normal Imps per game vs random, {players} players"))
    baseline = _baseline_normal()
    if baseline is None:
        rows.append(Row("normal vs old normal", math.nan, "%",
                        note=f"skipped: git cannot show commit {_BASELINE}"))
        return rows
    for players in (2, 4):
        vs_old = _match(players, games, normal, baseline)
        rows.append(vs_old.win_row(f"normal win rate vs old normal ({_BASELINE}), "
                                   f"{players} players"))
        rows.append(vs_old.imp_row(f"normal Imps per game vs old normal, {players} players"))
        old = _match(players, games, baseline, baseline)
        rows.append(old.imp_row(f"old normal Imps per game vs itself, {players} players"))
    return rows


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
    return rows + _ai_rows(quick)
