"""Auroria Codex: the structure decks' table with one AI level on both seats.

Run: ``.venv/bin/python -m bench auroria_balance`` (``--quick`` for a smoke run). The level
is ``AURORIA_BALANCE_LEVEL`` (default ``normal``; any level the game offers; ``strong``
thinks ``AI_THINK_MS`` per decision), the games per pairing ``AURORIA_BALANCE_GAMES``
(default 200).

Every pairing of decks, mirrors included, plays its games with deck A on seat 1 in half of
them and on seat 2 in the other half; who starts is drawn from the seed, as in any match.
A row gives A's points (a draw counts half) and the starting player's points, each with its
95 % Wilson interval, the share of games ended by deck-out and the median length in
decisions. Targets from the issue: A and the starting player within 35-65 % (a mirror's A
share is 50 % by symmetry, so its starting player is the figure to watch), deck-out ≤ 10 %,
median ≤ 250 decisions.
"""

from __future__ import annotations

import itertools
import os
import statistics
import time
from dataclasses import dataclass

from bench.report import Row, wilson
from bot.engine.playout import run_playout
from bot.engine.search import Budget
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


def play_pairing(a: str, b: str, games: int, level: str = "normal",
                 first_seed: int = 0) -> Pairing:
    """``games`` games of deck ``a`` against deck ``b``, seats alternating."""
    out = Pairing(a, b, lengths=[])
    budget = Budget(seconds=load_settings().ai_think_ms / 1000)
    for i in range(games):
        seats = (a, b) if i % 2 == 0 else (b, a)
        game = run_playout(GAME, 2, first_seed + i,
                           options={"deck_1": seats[0], "deck_2": seats[1]},
                           levels=[level, level], check=False, budget=budget)
        assert game.result is not None
        final = game.final
        # the first turn's player: the active one on odd turns
        first = final.active if final.turn % 2 == 1 else 1 - final.active
        out.games += 1
        out.a_points += game.result.scores[0 if i % 2 == 0 else 1]
        out.first_points += game.result.scores[first]
        out.deck_outs += game.result.reason == "deck-out"
        assert out.lengths is not None
        out.lengths.append(len(game.actions))
    return out


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


def run(quick: bool) -> list[Row]:
    level = os.environ.get("AURORIA_BALANCE_LEVEL", "normal")
    games = 20 if quick else int(os.environ.get("AURORIA_BALANCE_GAMES", GAMES))
    start = time.process_time()
    rows = [play_pairing(a, b, games, level)
            for a, b in itertools.combinations_with_replacement(POOL.decks, 2)]
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
    out.append(Row("CPU per game", 1000 * cpu / (games * len(rows)), "ms"))
    return out
