"""Round robin (circle method) and single elimination (seeded by rating)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.events import (
    Entrant,
    Format,
    bracket,
    default_rounds,
    next_bracket,
    round_robin,
)
from bot.events.elimination import seed_order


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 40))
def test_round_robin_pairs_everyone_once(n: int) -> None:
    players = list(range(100, 100 + n))
    rounds = round_robin(players)
    assert len(rounds) == default_rounds(Format.ROUND_ROBIN, n)
    met: Counter[frozenset[int]] = Counter()
    first: Counter[int] = Counter()
    byes: Counter[int] = Counter()
    for r in rounds:
        seated = r.players()
        assert sorted(seated) == players, "everyone plays (or has the bye) once a round"
        for a, b in r.tables:
            met[frozenset((a, b))] += 1
            first[a] += 1
            first[b] -= 1
        if r.bye is not None:
            byes[r.bye] += 1
    assert len(met) == n * (n - 1) // 2 and set(met.values()) == {1}
    assert all(abs(first[p]) <= 1 for p in players), first
    assert byes == (Counter(players) if n % 2 else Counter())


def test_seed_order_puts_the_top_seeds_apart() -> None:
    assert seed_order(2) == [1, 2]
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 70))
def test_elimination_byes_go_to_the_top_seeds_and_the_best_meet_last(n: int) -> None:
    entrants = [Entrant(p, 1000 + 7 * p) for p in range(n)]  # higher player, higher seed
    seeds = [e.player for e in sorted(entrants, key=lambda e: -e.rating)]
    places = bracket(entrants)
    size = 2 * len(places)
    assert size >= n > size // 2 or n == size
    seated = [p for pair in places for p in pair if p is not None]
    assert sorted(seated) == sorted(e.player for e in entrants)
    walkovers = [a if b is None else b for a, b in places if a is None or b is None]
    assert sorted(p for p in walkovers if p is not None) == sorted(seeds[: size - n])
    # the higher seed always wins: the final is seed 1 against seed 2
    rounds = 0
    while True:
        rounds += 1
        winners = [min((p for p in pair if p is not None), key=seeds.index)
                   for pair in places]
        if len(winners) == 1:
            break
        places = next_bracket(winners)
    assert set(places[0]) == {seeds[0], seeds[1]}
    assert rounds == default_rounds(Format.SINGLE_ELIMINATION, n)


def test_default_swiss_rounds() -> None:
    assert [default_rounds(Format.SWISS, n) for n in (2, 3, 4, 5, 8, 9, 512)] == [
        1, 2, 2, 3, 3, 4, 9]
