"""Auroria Codex: the structure decks' table with one AI level on both seats.

Run: ``.venv/bin/python -m bench auroria_balance [--level normal|strong] [--games N]
[--think-ms MS] [--jobs N] [--decks WORD,…] [--resume FILE [--report]]`` (``--quick`` for
a smoke run). ``strong`` thinks ``--think-ms`` (default ``AI_THINK_MS``) of CPU time per
decision, as ``bench ai`` does, so a busy or niced machine does not weaken it; ``--jobs``
plays games side by side, one process each; ``--decks`` keeps the pairings naming one of
those deck keys.

``--resume FILE`` appends every finished game to FILE as one JSON line, flushed at once,
skips the games FILE already holds and says how many are still to play, so a stopped run
continues where it stopped; the table is computed from FILE. ``--report`` prints the table
from FILE without playing. Games are played round by round (game 0 of every pairing, then
game 1…), so a stopped run has about as many games in every pairing.

Every pairing of decks, mirrors included, plays its games with deck A on seat 1 in the even
games and on seat 2 in the odd ones; who starts is drawn from the seed, as in any match.
A row gives A's points (a draw counts half) and the starting player's points, each with its
95 % Wilson interval, the share of games ended by deck-out and the median length in
decisions. Bounds from the issue: the intervals of A's and the starting player's shares
overlap 35-65 % (a mirror's A share is 50 % by symmetry, so its starting player is the
figure to watch), deck-out ≤ 10 %, median ≤ 250 decisions.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TextIO

from bench.report import Row, wilson
from bot.engine import Action, Decision, Game, Rng
from bot.engine.autoplay import ai_moves, new_game
from bot.engine.search import STRONG, Budget, search
from bot.games.auroria import GAME
from bot.games.auroria.pool import POOL
from bot.settings import load_settings

GAMES = 200
SHARE = (35.0, 65.0)
DECK_OUT = 10.0
MEDIAN = 250


@dataclass(frozen=True)
class Played:
    """One finished game, as a line of the results file: the pairing, the game's seed, the
    level and think time, which seat deck A had (0 = seat 1), which seat started, each
    seat's score, the winning seat (None for a draw), how it ended, its length in
    decisions and the CPU seconds it took."""

    a: str
    b: str
    seed: int
    level: str
    think_ms: int
    a_seat: int
    first: int
    scores: tuple[float, float]
    winner: int | None
    deck_out: bool
    length: int
    cpu_s: float

    @property
    def key(self) -> tuple[str, str, int]:
        return self.a, self.b, self.seed

    @property
    def a_points(self) -> float:
        return self.scores[self.a_seat]

    @property
    def first_points(self) -> float:
        return self.scores[self.first]

    def to_line(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":")) + "\n"

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Played:
        s1, s2 = (float(s) for s in data["scores"])
        winner = data["winner"]
        return cls(str(data["a"]), str(data["b"]), int(data["seed"]), str(data["level"]),
                   int(data["think_ms"]), int(data["a_seat"]), int(data["first"]), (s1, s2),
                   None if winner is None else int(winner), bool(data["deck_out"]),
                   int(data["length"]), float(data["cpu_s"]))


@dataclass
class Pairing:
    """Results of deck ``a`` against deck ``b``."""

    a: str
    b: str
    played: list[Played] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.played)

    @property
    def a_points(self) -> float:
        return sum(p.a_points for p in self.played)

    @property
    def first_points(self) -> float:
        return sum(p.first_points for p in self.played)

    def share(self, points: float) -> str:
        lo, hi = wilson(points, self.games)
        return f"{100 * points / self.games:.1f} [{100 * lo:.0f}–{100 * hi:.0f}]"

    @property
    def deck_out_pct(self) -> float:
        return 100 * sum(p.deck_out for p in self.played) / self.games

    @property
    def median(self) -> float:
        return statistics.median(p.length for p in self.played)

    def ok(self) -> bool:
        """Within the bounds: each share's interval overlaps them (a share clearly outside
        fails), deck-outs and the median length at most theirs."""
        lo, hi = SHARE

        def overlaps(points: float) -> bool:
            low, high = wilson(points, self.games)
            return 100 * low <= hi and 100 * high >= lo

        return (overlaps(self.first_points) and (self.a == self.b or overlaps(self.a_points))
                and self.deck_out_pct <= DECK_OUT and self.median <= MEDIAN)


def play_game(a: str, b: str, level: str, seed: int, think_ms: int) -> Played:
    """Game ``seed`` of deck ``a`` against deck ``b``: A sits first in even games. A module
    function, so a process pool can run games side by side."""
    cpu = time.process_time()
    a_seat = seed % 2
    seats = (a, b) if a_seat == 0 else (b, a)

    def choose(game: Game[Any, Any], state: Any, decision: Decision, rng: Rng) -> Action:
        if level == STRONG:  # think time in CPU seconds, as bench ai counts it
            return search(game, state, decision, rng, Budget(seconds=think_ms / 1000),
                          clock=time.process_time)
        return game.ai_choose(level, game.view(state, decision.player), decision, rng)

    state = new_game(GAME, 2, seed, {"deck_1": seats[0], "deck_2": seats[1]})
    length = 0
    for move in ai_moves(GAME, state, Rng(seed ^ 0x5EED), choose, any_open=True):
        state = move.after
        length += 1
    result = GAME.result(state)
    assert result is not None  # ai_moves ends only at a result
    # the first turn's player: the active one on odd turns
    first = state.active if state.turn % 2 == 1 else 1 - state.active
    s1, s2 = result.scores
    winner = None if s1 == s2 else int(s2 > s1)
    return Played(a, b, seed, level, think_ms, a_seat, first, (s1, s2), winner,
                  result.reason == "deck-out", length, round(time.process_time() - cpu, 3))


def load(path: Path) -> list[Played]:
    """The games a results file holds. A last line cut short (the run was stopped while
    writing it) is dropped from the file, so the game is played again."""
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    if text and not text.endswith("\n"):
        text = text[:text.rfind("\n") + 1]
        path.write_text(text, encoding="utf-8")
        print(f"{path}: dropped a last line cut short; its game is played again")
    played = []
    for number, line in enumerate(text.splitlines(), 1):
        try:
            played.append(Played.from_json(json.loads(line)))
        except (ValueError, KeyError, TypeError) as error:
            raise SystemExit(f"{path}, line {number}: not a game's record ({error})") from None
    return played


def schedule(pairings: Sequence[tuple[str, str]], games: int, level: str, think_ms: int,
             done: Iterable[Played]) -> list[tuple[str, str, str, int, int]]:
    """The games still to play, round by round: game 0 of every pairing, then game 1…
    A results file made at another level or think time is refused: its games would be
    counted with these."""
    keys = set()
    for p in done:
        if (p.level, p.think_ms) != (level, think_ms):
            raise SystemExit(f"the results file holds {p.level} games at {p.think_ms} ms; "
                             f"this run is {level} at {think_ms} ms: use another file")
        keys.add(p.key)
    return [(a, b, level, seed, think_ms) for seed in range(games) for a, b in pairings
            if (a, b, seed) not in keys]


def play(todo: Sequence[tuple[str, str, str, int, int]], jobs: int) -> Iterator[Played]:
    """Each game of ``todo`` as it finishes (in any order when ``jobs`` > 1)."""
    if jobs <= 1:
        yield from (play_game(*args) for args in todo)
        return
    with ProcessPoolExecutor(jobs) as pool:
        futures = [pool.submit(play_game, *args) for args in todo]
        try:
            yield from (future.result() for future in as_completed(futures))
        finally:
            for future in futures:
                future.cancel()


def record(games: Iterable[Played], out: TextIO | None) -> list[Played]:
    """The games, each written to ``out`` (when given) and flushed as soon as it ends."""
    played = []
    for game in games:
        played.append(game)
        if out is not None:
            out.write(game.to_line())
            out.flush()
    return played


def rows(pairings: Sequence[tuple[str, str]], games: int, played: Iterable[Played]
         ) -> list[Pairing]:
    """Each pairing with its games among the first ``games`` seeds (one with none is left
    out)."""
    by_key = {pair: Pairing(*pair) for pair in pairings}
    for p in played:
        if p.seed < games and (p.a, p.b) in by_key:
            by_key[p.a, p.b].played.append(p)
    return [r for r in by_key.values() if r.played]


def table(pairings: list[Pairing], level: str, think_ms: int) -> str:
    """The deck table as Markdown."""
    lines = [f"Level: {level} on both seats"
             + (f", {think_ms} ms of CPU a decision" if level == STRONG else "")
             + "; shares in % with 95 % Wilson intervals.",
             "| A | B | games | A's points | first player's points | deck-out % "
             "| median decisions | in bounds |", "|---" * 8 + "|"]
    for r in pairings:
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
    parser.add_argument("--resume", type=Path, metavar="FILE",
                        help="results file: append each game, skip the games it holds")
    parser.add_argument("--report", action="store_true",
                        help="print the table from the --resume file without playing")
    args = parser.parse_args(list(argv))
    if args.report and args.resume is None:
        parser.error("--report reads the --resume file: name one")
    return args


def run(quick: bool, argv: Sequence[str] = ()) -> list[Row]:
    args = parse(argv)
    level = args.level
    games = args.games or (20 if quick else GAMES)
    # only a strong seat thinks: other levels' records say 0 ms
    think_ms = (args.think_ms or load_settings().ai_think_ms) if level == STRONG else 0
    words = [w.strip() for w in args.decks.split(",") if w.strip()]
    pairings = [(a, b) for a, b in itertools.combinations_with_replacement(POOL.decks, 2)
                if not words or a in words or b in words]
    done = load(args.resume) if args.resume else []
    left = schedule(pairings, games, level, think_ms, done)
    todo = [] if args.report else left
    if args.resume:
        print(f"{args.resume}: {len(done)} games recorded, {len(left)} of "
              f"{games * len(pairings)} still to play", flush=True)
    if todo:
        if args.resume:
            args.resume.parent.mkdir(parents=True, exist_ok=True)
            with args.resume.open("a", encoding="utf-8") as results:
                record(play(todo, args.jobs), results)
            done = load(args.resume)
        else:
            done = record(play(todo, args.jobs), None)
    table_rows = rows(pairings, games, done)
    print(table(table_rows, level, think_ms))
    lo, hi = SHARE
    out: list[Row] = []
    for r in table_rows:
        name = f"{r.a} vs {r.b}"
        out += [Row(f"{name}: A's points", 100 * r.a_points / r.games, "%", f"{lo:.0f}-{hi:.0f}",
                    f"{r.games} games, {level}"),
                Row(f"{name}: deck-outs", r.deck_out_pct, "%", f"<={DECK_OUT:.0f}"),
                Row(f"{name}: median length", r.median, "dec", f"<={MEDIAN}")]
    every = [p for r in table_rows for p in r.played]
    if every:
        out.append(Row("CPU per game", 1000 * statistics.fmean(p.cpu_s for p in every), "ms"))
    return out
