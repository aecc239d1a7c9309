"""Swiss pairing as one maximum-weight matching (networkx) over the players still in.

Every possible table gets a cost, a tuple compared level by level, most important first:

1. ``repeat``: a rematch, or a second bye. Avoided whenever any pairing avoids it.
2. ``bye``: how many players without a bye rank below the one who gets it, so the bye goes
   to the lowest-ranked player who has not had one.
3. ``score``: the squared difference of the two scores (in half points): score groups are
   paired within themselves, and floaters go to the nearest group.
4. ``height``: the score difference times the higher score, so a float happens as low in the
   table as it can: score groups are paired top-down.
5. ``colour``: both players went first (or both second) more often than not, so one of them
   would end two apart; first-player counts stay within one of each other wherever the
   score groups allow.
6. ``fold``: within a group, the top half meets the bottom half (1 v n/2+1, ...); a floater
   is the lowest of its group and meets the highest of the next.
7. ``alternate``: both went first (or both second) last time.

The tuples are folded into one integer weight whose levels cannot overflow into each other
(each level's scale exceeds the largest total the levels below can reach), so the maximum
weight perfect matching is the lexicographically cheapest pairing. Integer weights keep
networkx's blossom algorithm exact.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import networkx as nx

from bot.events.records import Entrant, Game, Round

Cost = tuple[int, int, int, int, int, int, int]
Pairs = list[tuple[int, int]]


@dataclass
class Field:
    """What pairing reads of the history, for the players still in, ranked best first."""

    order: list[int]
    points: dict[int, int]
    """Half points, so scores stay integers."""
    met: set[frozenset[int]] = field(default_factory=set)
    balance: Counter[int] = field(default_factory=Counter)
    """Games moving first minus games moving second."""
    last: dict[int, int] = field(default_factory=dict)
    """+1: moved first in their latest game, -1: second."""
    byes: Counter[int] = field(default_factory=Counter)
    place: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Position within the score group and the group's size."""

    def cost(self, a: int, b: int | None) -> Cost:
        """The cost of seating ``a`` (ranked above ``b``) at one table; None is the bye."""
        if b is None:
            below = self.order[self.order.index(a) + 1:]
            return (min(self.byes[a], 1), sum(1 for p in below if not self.byes[p]),
                    0, 0, 0, 0, 0)
        repeat = int(frozenset((a, b)) in self.met)
        colour = int(self.balance[a] * self.balance[b] > 0)
        pa, pb = self.points[a], self.points[b]
        diff = abs(pa - pb)
        (ia, na), (ib, nb) = self.place[a], self.place[b]
        if diff:
            hi_i, hi_n, lo_i = (ia, na, ib) if pa > pb else (ib, nb, ia)
            fold = (hi_n - 1 - hi_i) + lo_i
        else:
            fold = abs(abs(ia - ib) - na // 2)
        alternate = int(a in self.last and self.last.get(a) == self.last.get(b))
        return (repeat, 0, diff * diff, diff * max(pa, pb), colour, fold, alternate)

    def float_cost(self, a: int, below: int) -> Cost:
        """The cost of sending ``a`` on to the next bracket (scored ``below``): the gap it
        will cross, and the lowest floats first."""
        diff = self.points[a] - below
        i, n = self.place[a]
        return (0, 0, diff * diff, diff * self.points[a], 0, n - 1 - i, 0)

    def seat(self, a: int, b: int, table: int) -> tuple[int, int]:
        """Who moves first: the one who has moved first less, else the one who moved second
        last time, else the higher-ranked on even tables and the lower on odd ones."""
        if self.balance[a] != self.balance[b]:
            return (a, b) if self.balance[a] < self.balance[b] else (b, a)
        la, lb = self.last.get(a, 0), self.last.get(b, 0)
        if la != lb:
            return (a, b) if la < lb else (b, a)
        return (a, b) if table % 2 == 0 else (b, a)


def field_of(entrants: Sequence[Entrant], games: Iterable[Game]) -> Field:
    """The history of ``games`` for ``entrants`` (the players still in)."""
    half: Counter[int] = Counter()
    f = Field([], {})
    for game in sorted(games, key=lambda g: g.round):
        if game.second is None:
            f.byes[game.first] += 1
        else:
            f.met.add(frozenset((game.first, game.second)))
            f.balance[game.first] += 1
            f.balance[game.second] -= 1
            f.last[game.first], f.last[game.second] = 1, -1
        for player in game.players():
            score = game.score_of(player)
            if score is not None:
                half[player] += round(score * 2)
    rating = {e.player: e.rating for e in entrants}
    f.order = sorted(rating, key=lambda p: (-half[p], -rating[p], p))
    f.points = {p: half[p] for p in f.order}
    groups: dict[int, list[int]] = {}
    for p in f.order:
        groups.setdefault(half[p], []).append(p)
    for members in groups.values():
        for i, p in enumerate(members):
            f.place[p] = (i, len(members))
    return f


WINDOW = 8
"""Candidate tables per player: the ``WINDOW`` nearest on each side in the line-up."""
WHOLE = 32
"""A field this small is paired as one matching over every table: the exact optimum."""
CHUNK = 24
"""Players of one score group paired in one bracket at most; a bigger group is split along
its line-up, so the fold stays whole and a few players float to the next part."""
SPARE = 2
"""Float slots a bracket has beyond its parity, in pairs: players it may send down rather
than pair them for a rematch or a colour clash."""


def lineup(f: Field, players: Sequence[int]) -> list[int]:
    """``players`` (ranked) with each score group's top and bottom halves interleaved, so
    every player's ideal partner (the fold: 1 v n/2+1) and the floaters between adjacent
    groups sit next to each other."""
    out: list[int] = []
    for group in _groups(f, players):
        half = len(group) // 2
        top, bottom = group[:half], group[half:]
        out += [p for pair in zip(top, bottom, strict=False) for p in pair] + bottom[half:]
    return out


def _groups(f: Field, players: Sequence[int]) -> list[list[int]]:
    groups: list[list[int]] = []
    for p in players:
        if groups and f.points[p] == f.points[groups[-1][0]]:
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups


def pair_swiss(entrants: Sequence[Entrant], games: Iterable[Game],
               window: int = WINDOW) -> Round:
    """Pair the next round for ``entrants`` (the players still in) after ``games``.

    A field of up to ``WHOLE`` players is one matching over every possible table. A bigger
    one is paired in brackets, top-down: each part of a score group, with the floaters from
    above, is one matching with a few float slots that send players on to the next bracket
    (at the cost of the score gap they cross), over the tables within ``window`` places of
    each other in the line-up. That keeps every matching small: its cost grows with the cube
    of the players, and one matching over all 512 players of a big Swiss takes minutes. It
    gives up the exact optimum below the score levels (a floater's first-player balance, the
    fold), never a rematch: should the result still hold a rematch or a second bye, the
    whole field is paired as one matching with the window doubled until none is left or
    every table is a candidate.
    """
    f = field_of(entrants, games)
    n = len(f.order)
    if n < 2:
        return Round((), f.order[0] if f.order else None)
    if n <= WHOLE:
        window = n
        tables, bye, _ = _match(f, lineup(f, f.order), window, None)
    else:
        tables, bye = _brackets(f, window)
    while _repeats(f, tables, bye) and window < n:
        window *= 2
        tables, bye, _ = _match(f, lineup(f, f.order), window, None)
    rank = {p: i for i, p in enumerate(f.order)}
    tables.sort(key=lambda t: rank[t[0]])
    return Round(tuple(f.seat(a, b, k) for k, (a, b) in enumerate(tables)), bye)


def _repeats(f: Field, tables: Pairs, bye: int | None) -> bool:
    return any(f.cost(a, b)[0] for a, b in tables) or (bye is not None and f.byes[bye] > 0)


def _lowest(f: Field, bye: int | None) -> bool:
    """Whether the bye (if any) went to the lowest-ranked player who has not had one."""
    return bye is None or not any(not f.byes[p] for p in f.order[f.order.index(bye) + 1:])


def _brackets(f: Field, window: int) -> tuple[list[tuple[int, int]], int | None]:
    """Pair bracket by bracket, top-down: each bracket is at most ``CHUNK`` players of one
    score group's line-up, joined by whoever floated from the bracket above. A bracket that
    cannot be paired without a rematch (or a second bye), or the last one when its bye misses
    the lowest-ranked player without one, takes back the bracket above and pairs both as one,
    as far up as it must."""
    chunks = [line[i:i + CHUNK] for group in _groups(f, f.order)
              for line in [lineup(f, group)] for i in range(0, len(line), CHUNK)]
    done: list[tuple[list[int], list[int], Pairs]] = []
    """Each bracket's floaters from above, its own players, and its tables."""
    carry: list[int] = []
    bye = None
    for k, chunk in enumerate(chunks):
        below = f.points[chunks[k + 1][0]] if k + 1 < len(chunks) else None
        came, own = sorted(carry, key=f.order.index), chunk
        pairs, bye, carry = _match(f, came + own, window, below)
        while (_repeats(f, pairs, bye) or not _lowest(f, bye)) and done:
            came, above, _ = done.pop()
            own = above + own
            pairs, bye, carry = _match(f, came + own, window, below)
        done.append((came, own, pairs))
    return [t for _, _, pairs in done for t in pairs], bye


def _match(f: Field, line: list[int], window: int,
           below: int | None) -> tuple[Pairs, int | None, list[int]]:
    """The cheapest pairing of ``line`` over its candidate tables: the tables (higher-ranked
    first), the bye, and the players floated to the next group (scored ``below``; None for
    the last bracket, which gives the bye instead)."""
    n = len(line)
    rank = {p: i for i, p in enumerate(f.order)}
    slots = 0 if below is None else n % 2 + 2 * SPARE
    extra = n % 2 if below is None else slots
    costs: dict[tuple[int, int], Cost] = {}
    for i, a in enumerate(line):
        for j in range(i + 1, min(n, i + window + 1)):
            b = line[j]
            costs[i, j] = f.cost(a, b) if rank[a] < rank[b] else f.cost(b, a)
        for s in range(n, n + extra):
            costs[i, s] = f.cost(a, None) if below is None else f.float_cost(a, below)
    for s in range(n, n + extra):
        for t in range(s + 1, n + extra):
            costs[s, t] = (0, 0, 0, 0, 0, 0, 0)
    tables = (n + extra) // 2
    width = len(next(iter(costs.values())))
    scales = [1] * width
    for level in range(width - 2, -1, -1):
        top = max(c[level + 1] for c in costs.values())
        scales[level] = scales[level + 1] * (top * tables + 1)
    weighed = {edge: sum(c * s for c, s in zip(cost, scales, strict=True))
               for edge, cost in costs.items()}
    base = max(weighed.values()) + 1
    graph: nx.Graph[int] = nx.Graph()
    graph.add_weighted_edges_from((i, j, base - w) for (i, j), w in weighed.items())
    bye = None
    pairs: Pairs = []
    floated: list[int] = []
    for u, v in nx.max_weight_matching(graph, maxcardinality=True):
        i, j = min(u, v), max(u, v)
        if i >= n:
            continue
        if j >= n:
            if below is None:
                bye = line[i]
            else:
                floated.append(line[i])
            continue
        a, b = line[i], line[j]
        pairs.append((a, b) if rank[a] < rank[b] else (b, a))
    return pairs, bye, floated
