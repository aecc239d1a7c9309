"""Tournament pairing: a 512-entrant Swiss of 9 rounds, paired and played out.

Run: ``.venv/bin/python -m bench tournament`` (``--quick``: 128 entrants, 7 rounds).

Each round is paired by ``bot.events.pair_swiss`` (maximum-weight matchings with networkx,
in score brackets of at most ``swiss.CHUNK`` players; see its docstring), then every table
gets a simulated result: the higher-rated player wins with the Elo expectation, one game in
ten is a draw. The pairing time per round is printed as CPU seconds of this process (what
one core spends, unaffected by other work on the machine) and as wall-clock seconds; the
issue's aim is ≤ 0.5 s a round on one core. The event is written to a temporary SQLite
store through ``EventStore`` as the bot writes it: the event, its entrants, each round with
its pairings in one transaction (timed: "open round"), then each table's result; the rows
it holds at the end are counted in the store. Also how far the pairings are from perfect:
rematches, first-player clashes, players who moved first two more times than second at the
end, the largest such gap.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import statistics
import tempfile
import time
from collections import Counter
from contextlib import closing
from pathlib import Path

from bench.report import Row, percentile
from bot.events import Entrant, Game, default_rounds, pair_swiss
from bot.events.formats import Format
from bot.events.records import DRAW, LOSS, WIN
from bot.events.swiss import field_of
from bot.store import SqliteStore
from bot.store.events import EventStore, NewEvent

DRAWS = 0.1


def outcome(rng: random.Random, first: Entrant, second: Entrant) -> float:
    """The first player's score, by the Elo expectation, with one draw in ten."""
    if rng.random() < DRAWS:
        return DRAW
    expected = 1 / (1 + 10 ** ((second.rating - first.rating) / 400))
    return WIN if rng.random() < expected else LOSS


def run(quick: bool) -> list[Row]:
    with tempfile.TemporaryDirectory() as work:
        return asyncio.run(_run(quick, Path(work) / "parlor.sqlite3"))


async def _run(quick: bool, db: Path) -> list[Row]:
    players, rounds = (128, 7) if quick else (512, 9)
    assert rounds == default_rounds(Format.SWISS, players)
    rng = random.Random(2026)
    entrants = [Entrant(p, round(rng.gauss(1500, 250))) for p in range(1, players + 1)]
    by_id = {e.player: e for e in entrants}
    games: list[Game] = []
    cpu: list[float] = []
    wall: list[float] = []
    writes: list[float] = []
    repeats = clashes = tables_total = 0
    async with SqliteStore(db) as store:
        events = EventStore(store)
        event = await events.create_event(NewEvent(1, 2, 3, "zura", Format.SWISS.value, rounds,
                                                   players, 86400.0))
        for e in entrants:
            await events.add_entrant(event.id, e.player, e.rating)
        for number in range(1, rounds + 1):
            field = field_of(entrants, games)
            started, started_cpu = time.perf_counter(), time.process_time()
            pairing = pair_swiss(entrants, games)
            cpu.append(time.process_time() - started_cpu)
            wall.append(time.perf_counter() - started)
            repeats += sum(field.cost(a, b)[0] for a, b in pairing.tables)
            clashes += sum(field.cost(a, b)[4] for a, b in pairing.tables)
            tables_total += len(pairing.tables)
            rows: list[tuple[int, int | None, float | None]] = [
                (a, b, None) for a, b in pairing.tables]
            if pairing.bye is not None:
                rows.append((pairing.bye, None, WIN))
            started = time.perf_counter()
            assert await events.open_round(event.id, number, 0.0, rows)
            writes.append(time.perf_counter() - started)
            for table_no, (a, b) in enumerate(pairing.tables, 1):
                score = outcome(rng, by_id[a], by_id[b])
                await events.record_score(event.id, number, table_no, score)
                games.append(Game(number, a, b, score))
            if pairing.bye is not None:
                games.append(Game(number, pairing.bye, None, WIN))
    with closing(sqlite3.connect(db)) as conn:  # counted from outside, as an operator would
        counts = {table: conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
                  for table in ("events", "entrants", "rounds", "pairings")}
    balance: Counter[int] = Counter()
    for g in games:
        if g.second is not None:
            balance[g.first] += 1
            balance[g.second] -= 1
    note = f"{players} entrants, {rounds} rounds"
    out = [
        Row("pairing cpu median", statistics.median(cpu), "s", "≤0.5", note),
        Row("pairing cpu p95", percentile(cpu, 0.95), "s"),
        Row("pairing cpu max", max(cpu), "s"),
        Row("pairing wall median", statistics.median(wall), "s"),
        Row("pairing wall p95", percentile(wall, 0.95), "s"),
        Row("pairing wall max", max(wall), "s"),
    ]
    out += [Row(f"round {i} pairing cpu", t, "s") for i, t in enumerate(cpu, 1)]
    out += [
        Row("open round (one transaction) median", statistics.median(writes) * 1000, "ms"),
        Row("open round max", max(writes) * 1000, "ms"),
    ]
    out += [Row(f"rows: {table}", n, "rows") for table, n in counts.items()]
    out += [
        Row("rematches", repeats, "tables"),
        Row("first-player clashes", clashes, "tables", "", f"of {tables_total}"),
        Row("players with |first - second| > 1", sum(abs(v) > 1 for v in balance.values()),
            "players"),
        Row("largest |first - second|", max(abs(v) for v in balance.values()), "games"),
    ]
    return out
