"""Community features: replays (log, frames, GIF), the undo check, ratings, rules diagrams.

Each game is a seeded two-player match between random AIs, rebuilt the way ``/replay`` and
``/undo`` rebuild a stored one. Run: ``python -m bench community``.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.report import Row, latency_rows, time_calls
from bot.discord.rulebook import find_moments, topics
from bot.engine import Game, Rng, parse_options, registry
from bot.engine.autoplay import ai_moves
from bot.match.ratings import Ratings, rate
from bot.match.replay import build_replay, state_text
from bot.match.undo import Moment, UndoRefused, check
from bot.render.replay import render_replay
from bot.store import (
    FINISHED,
    ActionRecord,
    MatchRecord,
    NewMatch,
    ResultRecord,
    SeatRecord,
    SqliteStore,
)


def played(game: Game[Any, Any], seed: int) -> tuple[MatchRecord, list[ActionRecord], list[Moment]]:
    """A finished random-AI match as a stored record and log, with every move's states."""
    options = parse_options(game.options, {})
    state = game.setup(2, options, seed)
    log: list[ActionRecord] = []
    moments: list[Moment] = []
    for move in ai_moves(game, state, Rng(seed)):
        row = ActionRecord(len(log) + 1, move.decision.player, None, move.decision.id,
                           move.action.to_json(), 0.0)
        log.append(row)
        moments.append(Moment(move.before, row, move.after, tuple(move.events)))
        state = move.after
    record = MatchRecord(1, game.name, FINISHED, options, seed, len(log), state_text(game, state),
                         None, 1, 2, None, 0.0, 0.0, (SeatRecord(0, 10), SeatRecord(1, 11)))
    return record, log, moments


def undo_rows(game: Game[Any, Any], moments: list[Moment]) -> list[Row]:
    times, allowed = [], 0
    for i, m in enumerate(moments):
        start = time.perf_counter()
        try:
            check(game, [m], 2, Rng(i))
            allowed += 1
        except UndoRefused:
            pass
        times.append(time.perf_counter() - start)
    return [*latency_rows(f"{game.name}: undo check per move", times),
            Row(f"{game.name}: moves that could be taken back", 100 * allowed / len(moments),
                "%")]


async def rating_rows(matches: int) -> list[Row]:
    with tempfile.TemporaryDirectory() as folder:
        async with SqliteStore(Path(folder) / "bench.sqlite3") as store:
            for k in range(matches):
                record = await store.create_match(NewMatch(
                    "zura", {}, 1, 10, guild_id=1,
                    seats=[SeatRecord(i, 10 + (k + i) % 8) for i in range(3)]))
                version = await store.start_match(record.id, 0, "{}")
                await store.close_match(record.id, version, FINISHED,
                                        ResultRecord((0.0,) * 3, (1, 2, 3)))
            start = time.perf_counter()
            await Ratings(store).bring_up_to_date(1, "zura")
            elapsed = time.perf_counter() - start
    return [Row(f"catch up {matches} three-player matches on SQLite, per match",
                elapsed / matches * 1000, "ms")]


def run(quick: bool) -> list[Row]:
    rows: list[Row] = []
    seeds = range(1, 3 if quick else 6)
    for name in registry.names():
        game = registry.get(name)
        matches = [played(game, seed) for seed in seeds]
        builds = []
        for record, log, _ in matches:
            start = time.perf_counter()
            build_replay(game, record, log)
            builds.append(time.perf_counter() - start)
        rows += latency_rows(f"{name}: rebuild a finished match (log + frames)", builds)
        record, log, moments = matches[0]
        replay = build_replay(game, record, log)
        start = time.perf_counter()
        gif = render_replay([(f.table, None) for f in replay.frames])
        rows += [Row(f"{name}: GIF of {min(len(replay.frames), 40)} frames",
                     time.perf_counter() - start, "s", note=f"{len(gif) // 1024} KiB"),
                 Row(f"{name}: moves per match", statistics.mean(len(m[1]) for m in matches),
                     "moves")]
        rows += undo_rows(game, moments)
        start = time.perf_counter()
        find_moments(game, topics(name))
        rows.append(Row(f"{name}: find every rules diagram", time.perf_counter() - start, "s"))
    players = [(10, 1), (11, 2), (12, 3), (13, 4)]
    rows += latency_rows("openskill update, four players",
                         time_calls(lambda: rate(1, "zura", players, {}), 200))
    rows += asyncio.run(rating_rows(20 if quick else 200))
    return rows
