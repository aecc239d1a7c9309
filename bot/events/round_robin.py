"""Round robin by the circle method: each pair meets once, everyone plays once a round."""

from __future__ import annotations

from collections.abc import Sequence

from bot.events.records import Round


def round_robin(players: Sequence[int]) -> list[Round]:
    """Every round of a round robin for ``players`` (seeded best first).

    The first player stays put while the rest turn one place a round; with an odd count an
    empty place joins the circle and whoever meets it has the bye. Who moves first: against
    the fixed player it alternates from round to round; at every other table the player in
    the top row moves first. Each of the others spends as many rounds in the top row as in
    the bottom one (besides the round facing the fixed player), so everyone's first-player
    count ends within one of their second-player count.
    """
    circle: list[int | None] = list(players)
    if len(circle) % 2:
        circle.append(None)
    n = len(circle)
    rounds = []
    for number in range(n - 1):
        tables: list[tuple[int, int]] = []
        bye = None
        for k in range(n // 2):
            a, b = circle[k], circle[n - 1 - k]
            if k == 0 and number % 2:
                a, b = b, a
            if a is None or b is None:
                bye = a if b is None else b
            else:
                tables.append((a, b))
        rounds.append(Round(tuple(tables), bye))
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds
