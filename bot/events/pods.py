"""Round robin in pods of 3–4 (Aura, Zura): every round splits the field into tables of
three or four, so that everyone meets everyone and no two meet again while others have not.

A pod's result counts as a game between each two of its players worth ``1 / (k − 1)`` of a
game for a pod of ``k`` (``pod_games``): finishing ahead of someone is a win against them,
level with them a draw. So a player's points from a pod are the share of the others they
finished ahead of (ties count half): the winner of a pod scores 1, the last 0, and players
level share; a pod of two is an ordinary game. Buchholz, Sonneborn–Berger and head-to-head
read those weighted games as they read two-player ones (``bot.events.standings``).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from functools import cache

from bot.events.records import DRAW, LOSS, WIN, Game

TABLE_SIZES = (3, 4)
"""Pod sizes an event may ask for (2 is the ordinary round robin)."""

REPEAT = 1000
"""The cost of seating two who met again, above any spread of repeats a round can
have (at most 6 pairs in each of 8 pods, each met at most ~16 times, so below 1000 · 1)."""

Pods = tuple[tuple[int, ...], ...]
"""One round: its pods, each in seat order (seat 0 moves first)."""


def pod_sizes(players: int, size: int) -> list[int]:
    """How ``players`` split into pods near ``size`` (3 or 4): as even as can be, none above
    four, and a table of two only when three or four cannot make the number (5 in pods of
    3, or fewer than 3 players)."""
    count = max(players // size if size == 3 else math.ceil(players / size),
                math.ceil(players / 4), 1)
    base, extra = divmod(players, count)
    return [base + 1] * extra + [base] * (count - extra)


def pod_round_robin(players: Sequence[int], size: int) -> list[Pods]:
    """Every round of a round robin in pods for ``players`` (seeded best first): rounds
    until each two have met, each round the split that repeats the fewest meetings (the
    sum of the squares of how often each two at a table met before, found by swapping
    players between pods until no swap lowers it), holding at least one pair still to meet.
    Seats: within a pod, whoever has moved first least often moves first. Deterministic:
    the schedule depends only on the number of players and the size."""
    return [tuple(tuple(players[p] for p in pod) for pod in pods)
            for pods in _schedule(len(players), size)]


@cache
def _schedule(n: int, size: int) -> tuple[Pods, ...]:
    """``pod_round_robin`` over the seeds 0 … n − 1 (kept: each round of an event asks)."""
    if n < 2:
        return ()
    met = [[0] * n for _ in range(n)]
    firsts = [0] * n
    sizes = pod_sizes(n, size)
    rounds: list[Pods] = []
    while any(met[a][b] == 0 for a, b in itertools.combinations(range(n), 2)):
        pods = _split(met, sizes, len(rounds))
        seated = []
        for pod in pods:
            order = tuple(sorted(pod, key=lambda p: (firsts[p], p)))
            firsts[order[0]] += 1
            for a, b in itertools.combinations(order, 2):
                met[a][b] += 1
                met[b][a] += 1
            seated.append(order)
        rounds.append(tuple(seated))
    return tuple(rounds)


def _cost(met: list[list[int]], pod: Sequence[int]) -> int:
    """A pod's cost: every two at it who met already count heavily (a round should bring
    together as many still to meet as it can), the more often they met the more."""
    return sum(REPEAT + met[a][b] ** 2 for a, b in itertools.combinations(pod, 2)
               if met[a][b])


def _split(met: list[list[int]], sizes: Sequence[int], number: int) -> list[list[int]]:
    """A round's pods: dealt in turn from a rotation of the field, then improved by swaps."""
    n = len(met)
    shift = number % n
    field = list(range(n))[shift:] + list(range(n))[:shift]
    pods: list[list[int]] = [[] for _ in sizes]
    for k, player in enumerate(field):
        pods[k % len(sizes)].append(player)  # the larger pods come first: sizes fit
    better = True
    while better:
        better = False
        for i, j in itertools.combinations(range(len(pods)), 2):
            for x, y in itertools.product(range(len(pods[i])), range(len(pods[j]))):
                a, b = pods[i][x], pods[j][y]
                before = _cost(met, pods[i]) + _cost(met, pods[j])
                pods[i][x], pods[j][y] = b, a
                if _cost(met, pods[i]) + _cost(met, pods[j]) < before:
                    better = True
                else:
                    pods[i][x], pods[j][y] = a, b
    if not any(met[a][b] == 0 for pod in pods for a, b in itertools.combinations(pod, 2)):
        a, b = next((a, b) for a, b in itertools.combinations(range(n), 2) if met[a][b] == 0)
        home = next(pod for pod in pods if a in pod)
        away = next(pod for pod in pods if b in pod)
        out = next(p for p in home if p != a)
        home[home.index(out)], away[away.index(b)] = b, out
    return pods


def pod_games(round_number: int, seats: Sequence[int],
              places: Sequence[int] | None) -> list[Game]:
    """A pod as the games between each two of its players, each worth ``1 / (k − 1)``
    (``places``: each seat's placing, 1 best, ties equal; None while it is played)."""
    weight = 1.0 / (len(seats) - 1)
    games = []
    for i, j in itertools.combinations(range(len(seats)), 2):
        score = None
        if places is not None:
            score = WIN if places[i] < places[j] else LOSS if places[i] > places[j] else DRAW
        games.append(Game(round_number, seats[i], seats[j], score, weight))
    return games
