"""Auroria Codex: the structure decks' table with one AI level on both seats.

Run: ``.venv/bin/python -m bench auroria_balance [--level normal|strong] [--games N]
[--think-ms MS] [--jobs N] [--decks WORD,…]`` (``--quick`` for a smoke run). ``strong``
thinks ``--think-ms`` (default ``AI_THINK_MS``) of CPU time per decision, as ``bench ai``
does, so a busy machine does not weaken it; ``--jobs`` plays games side by side, one process
each; ``--decks`` keeps the pairings naming one of those deck keys.

Every pairing of decks, mirrors included, plays its games with deck A on seat 1 in half of
them and on seat 2 in the other half; who starts is drawn from the seed, as in any match.
A row gives A's points (a draw counts half) and the starting player's points, each with its
95 % Wilson interval, the share of games ended by deck-out and the median length in
decisions. Targets from the issue: A and the starting player within 35-65 % (a mirror's A
share is 50 % by symmetry, so its starting player is the figure to watch), deck-out ≤ 10 %,
median ≤ 250 decisions.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from bench.report import Row, wilson
from bot.engine import Action, Decision, Game, Rng
from bot.engine.autoplay import ai_moves, new_game
from bot.engine.search import STRONG, Budget, ai_action, search
from bot.games.auroria import GAME
from bot.games.auroria.pool import POOL
from bot.settings import load_settings

GAMES = 200
SHARE = (35.0, 65.0)
DECK_OUT = 10.0
MEDIAN = 250


@dataclass
class Pairing:
    """Results of deck ``a`` against deck ``b`` over ``games`` games."""

    a: str
    b: str
    games: int = 0
    a_points: float = 0.0
    first_points: float = 0.0
    deck_outs: int = 0
    lengths: list[int] | None = None

    def share(self, points: float) -> str:
        lo, hi = wilson(points, self.games)
        return f"{100 * points / self.games:.1f} [{100 * lo:.0f}–{100 * hi:.0f}]"

    @property
    def deck_out_pct(self) -> float:
        return 100 * self.deck_outs / self.games

    @property
    def median(self) -> float:
        return statistics.median(self.lengths or [0])

    def ok(self) -> bool:
        lo, hi = SHARE
        first = 100 * self.first_points / self.games
        a = 100 * self.a_points / self.games
        return (lo <= first <= hi and (self.a == self.b or lo <= a <= hi)
                and self.deck_out_pct <= DECK_OUT and self.median <= MEDIAN)


@dataclass(frozen=True)
class Played:
    """One game: deck A's points, the starting player's, how it ended, its length."""

    a_points: float
    first_points: float
    deck_out: bool
    length: int


def play_game(a: str, b: str, level: str, seed: int, think_s: float) -> Played:
    """Game ``seed`` of deck ``a`` against deck ``b``: A sits first in even games. A module
    function, so a process pool can run games side by side."""
    seats = (a, b) if seed % 2 == 0 else (b, a)
    budget = Budget(seconds=think_s)

    def choose(game: Game[Any, Any], state: Any, decision: Decision, rng: Rng) -> Action:
        if level == STRONG:  # think time in CPU seconds, as bench ai counts it
            return search(game, state, decision, rng, budget, clock=time.process_time)
        return ai_action(game, state, level, decision, rng, budget)

    state = new_game(GAME, 2, seed, {"deck_1": seats[0], "deck_2": seats[1]})
    length = 0
    for move in ai_moves(GAME, state, Rng(seed ^ 0x5EED), choose, any_open=True):
        state = move.after
        length += 1
    result = GAME.result(state)
    assert result is not None  # ai_moves ends only at a result
    # the first turn's player: the active one on odd turns
    first = state.active if state.turn % 2 == 1 else 1 - state.active
    return Played(result.scores[seed % 2], result.scores[first], result.reason == "deck-out",
                  length)


def play_pairing(a: str, b: str, games: int, level: str, think_s: float,
                 pool: ProcessPoolExecutor | None) -> Pairing:
    """``games`` games of deck ``a`` against deck ``b``, seats alternating."""
    args = [(a, b, level, seed, think_s) for seed in range(games)]
    played = (list(pool.map(play_game, *zip(*args, strict=True))) if pool
              else [play_game(*arg) for arg in args])
    return Pairing(a, b, games, sum(p.a_points for p in played),
                   sum(p.first_points for p in played), sum(p.deck_out for p in played),
                   [p.length for p in played])


def table(rows: list[Pairing], level: str) -> str:
    """The deck table as Markdown."""
    lines = [f"Level: {level} on both seats; shares in % with 95 % Wilson intervals.",
             "| A | B | games | A's points | first player's points | deck-out % "
             "| median decisions | in bounds |", "|---" * 8 + "|"]
    for r in rows:
        lines.append(f"| {r.a} | {r.b} | {r.games} | {r.share(r.a_points)} | "
                     f"{r.share(r.first_points)} | {r.deck_out_pct:.1f} | {r.median:.0f} | "
                     f"{'yes' if r.ok() else 'NO'} |")
    return "\n".join(lines)


def parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench auroria_balance", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", default="normal", help="the AI level on both seats")
    parser.add_argument("--games", type=int, help=f"games per pairing (default {GAMES})")
    parser.add_argument("--think-ms", type=int, help="strong think time per decision (CPU ms)")
    parser.add_argument("--jobs", type=int, default=1, help="games played side by side")
    parser.add_argument("--decks", default="", help="only pairings with one of these decks")
    return parser.parse_args(list(argv))


def run(quick: bool, argv: Sequence[str] = ()) -> list[Row]:
    args = parse(argv)
    level = args.level
    games = args.games or (20 if quick else GAMES)
    think_s = (args.think_ms or load_settings().ai_think_ms) / 1000
    words = [w.strip() for w in args.decks.split(",") if w.strip()]
    pairings = [(a, b) for a, b in itertools.combinations_with_replacement(POOL.decks, 2)
                if not words or a in words or b in words]
    start = time.process_time()
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        rows = [play_pairing(a, b, games, level, think_s, pool) for a, b in pairings]
    finally:
        if pool:
            pool.shutdown()
    cpu = time.process_time() - start
    print(table(rows, level))
    lo, hi = SHARE
    out: list[Row] = []
    for r in rows:
        name = f"{r.a} vs {r.b}"
        out += [Row(f"{name}: A's points", 100 * r.a_points / r.games, "%", f"{lo:.0f}-{hi:.0f}",
                    f"{games} games, {level}"),
                Row(f"{name}: deck-outs", r.deck_out_pct, "%", f"<={DECK_OUT:.0f}"),
                Row(f"{name}: median length", r.median, "dec", f"<={MEDIAN}")]
    if pool is None:  # worker processes' CPU is not this process's
        out.append(Row("CPU per game", 1000 * cpu / (games * len(rows)), "ms"))
    return out
