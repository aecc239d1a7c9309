"""Tournament pairing: a 512-entrant Swiss of 9 rounds, paired and played out.

Run: ``.venv/bin/python -m bench tournament`` (``--quick``: 128 entrants, 7 rounds).

Each round is paired by ``bot.events.pair_swiss`` (maximum-weight matchings with networkx,
in score brackets of at most ``swiss.CHUNK`` players; see its docstring), then every table
gets a simulated result: the higher-rated player wins with the Elo expectation, one game in
ten is a draw. The pairing time per round is printed as CPU seconds of this process (what
one core spends, unaffected by other work on the machine) and as wall-clock seconds; the
issue's aim is ≤ 0.5 s a round on one core. Then the rows the event leaves in the store:
one ``events`` row, one ``entrants`` row per player, one ``rounds`` row per round and one
``pairings`` row per table and bye (the result is written into the pairing's row). Also how
far the pairings are from perfect: rematches, first-player clashes, players who moved first
two more times than second at the end, the largest such gap.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter

from bench.report import Row, percentile
from bot.events import Entrant, Game, default_rounds, pair_swiss
from bot.events.formats import Format
from bot.events.records import DRAW, LOSS, WIN
from bot.events.swiss import field_of

DRAWS = 0.1


def outcome(rng: random.Random, first: Entrant, second: Entrant) -> float:
    """The first player's score, by the Elo expectation, with one draw in ten."""
    if rng.random() < DRAWS:
        return DRAW
    expected = 1 / (1 + 10 ** ((second.rating - first.rating) / 400))
    return WIN if rng.random() < expected else LOSS


def run(quick: bool) -> list[Row]:
    players, rounds = (128, 7) if quick else (512, 9)
    assert rounds == default_rounds(Format.SWISS, players)
    rng = random.Random(2026)
    entrants = [Entrant(p, round(rng.gauss(1500, 250))) for p in range(1, players + 1)]
    by_id = {e.player: e for e in entrants}
    games: list[Game] = []
    cpu: list[float] = []
    wall: list[float] = []
    repeats = clashes = pairing_rows = 0
    for number in range(1, rounds + 1):
        field = field_of(entrants, games)
        started, started_cpu = time.perf_counter(), time.process_time()
        pairing = pair_swiss(entrants, games)
        cpu.append(time.process_time() - started_cpu)
        wall.append(time.perf_counter() - started)
        repeats += sum(field.cost(a, b)[0] for a, b in pairing.tables)
        clashes += sum(field.cost(a, b)[4] for a, b in pairing.tables)
        pairing_rows += len(pairing.players()) - len(pairing.tables)
        for a, b in pairing.tables:
            games.append(Game(number, a, b, outcome(rng, by_id[a], by_id[b])))
        if pairing.bye is not None:
            games.append(Game(number, pairing.bye, None, WIN))
    balance: Counter[int] = Counter()
    for g in games:
        if g.second is not None:
            balance[g.first] += 1
            balance[g.second] -= 1
    note = f"{players} entrants, {rounds} rounds"
    rows = [
        Row("pairing cpu median", statistics.median(cpu), "s", "≤0.5", note),
        Row("pairing cpu p95", percentile(cpu, 0.95), "s"),
        Row("pairing cpu max", max(cpu), "s"),
        Row("pairing wall median", statistics.median(wall), "s"),
        Row("pairing wall p95", percentile(wall, 0.95), "s"),
        Row("pairing wall max", max(wall), "s"),
    ]
    rows += [Row(f"round {i} pairing cpu", t, "s") for i, t in enumerate(cpu, 1)]
    rows += [
        Row("rows: events", 1, "rows"),
        Row("rows: entrants", players, "rows"),
        Row("rows: rounds", rounds, "rows"),
        Row("rows: pairings", pairing_rows, "rows", "", "one per table or bye"),
        Row("rematches", repeats, "tables"),
        Row("first-player clashes", clashes, "tables", "", f"of {pairing_rows}"),
        Row("players with |first - second| > 1", sum(abs(v) > 1 for v in balance.values()),
            "players"),
        Row("largest |first - second|", max(abs(v) for v in balance.values()), "games"),
    ]
    return rows
