"""Round robin in pods of 3–4: properties of every schedule for 2–16 players, and the
scoring of a pod (placement points, ties shared) in the standings."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.events import Entrant, Game, standings
from bot.events.pods import pod_games, pod_round_robin, pod_sizes
from bot.events.records import WIN


@settings(deadline=None)  # a schedule's first call is computed, then cached
@given(n=st.integers(2, 16), size=st.sampled_from((3, 4)), offset=st.integers(1, 10**6))
def test_every_round_seats_everyone_once_and_everyone_meets(n: int, size: int,
                                                             offset: int) -> None:
    players = [offset + 7 * k for k in range(n)]
    schedule = pod_round_robin(players, size)
    met: Counter[frozenset[int]] = Counter()
    for pods in schedule:
        seated = [p for pod in pods for p in pod]
        assert sorted(seated) == sorted(players)
        sizes = sorted((len(pod) for pod in pods), reverse=True)
        assert sizes == pod_sizes(n, size)
        assert sizes[0] - sizes[-1] <= 1 and sizes[0] <= 4
        assert min(sizes) >= 3 or n in (2, 5)  # a table of two only when 3–4 cannot fit
        for pod in pods:
            met.update(frozenset(pair) for pair in itertools.combinations(pod, 2))
    assert set(met) == {frozenset(pair) for pair in itertools.combinations(players, 2)}
    assert len(schedule) <= max(n - 1, 1)  # never longer than two-player tables take
    last = schedule[-1]
    before = met - Counter(frozenset(pair) for pod in last
                           for pair in itertools.combinations(pod, 2))
    unmet_before = {frozenset(pair) for pair in itertools.combinations(players, 2)} - set(before)
    assert unmet_before  # the last round was needed: it seated two who had not met


@settings(deadline=None)  # a schedule's first call is computed, then cached
@given(n=st.integers(3, 16), size=st.sampled_from((3, 4)))
def test_the_schedule_depends_only_on_the_count(n: int, size: int) -> None:
    """The service pairs again from the entrant list after a kill: same count, same
    shape, whoever the players are."""
    a = pod_round_robin(list(range(n)), size)
    b = pod_round_robin([100 + k for k in range(n)], size)
    assert [[[p + 100 for p in pod] for pod in pods] for pods in a] == \
        [[list(pod) for pod in pods] for pods in b]


@settings(deadline=None)  # a schedule's first call is computed, then cached
@given(n=st.integers(3, 16), size=st.sampled_from((3, 4)))
def test_who_moves_first_is_spread(n: int, size: int) -> None:
    """Within two (each pod seats first whoever moved first least; a pod of players who all
    did already cannot help it — 14 and 15 players end two apart)."""
    schedule = pod_round_robin(list(range(n)), size)
    firsts = Counter(pod[0] for pods in schedule for pod in pods)
    counts = [firsts[p] for p in range(n)]
    assert max(counts) - min(counts) <= 2


def test_six_in_pods_of_three_meet_in_four_rounds() -> None:
    """Two pods of three cover 6 new pairs in round 1 and at most 4 a round after (the
    other 9 cross the first split): four rounds is the fewest, and the schedule takes it."""
    assert len(pod_round_robin(list(range(6)), 3)) == 4


@given(places=st.lists(st.integers(1, 4), min_size=2, max_size=4))
def test_a_pod_scores_its_placings(places: list[int]) -> None:
    """Points: the share of the others a player finished ahead of, ties counting half —
    the winner alone scores 1, the last alone 0, the pod hands out k/2."""
    seats = list(range(1, len(places) + 1))
    games = pod_games(1, seats, places)
    table = {s.player: s.points for s in standings([Entrant(p) for p in seats], games)}
    k = len(seats)
    assert sum(table.values()) == pytest.approx(k / 2)
    for seat, place in zip(seats, places, strict=True):
        ahead = sum(1 for other in places if place < other)
        level = sum(1 for other in places if other == place) - 1
        assert table[seat] == pytest.approx((ahead + level / 2) / (k - 1))
    assert all(s.played == 1 for s in standings([Entrant(p) for p in seats], games))


def test_tie_breaks_of_a_pod_round_robin_by_hand() -> None:
    """Four players, two rounds of pods of three (hand-computed).
    Round 1: pod (1, 2, 3) placed 1, 2, 3; 4 has a bye (a win).
    Round 2: pod (4, 1, 2) placed 1, 3, 2 (4 won, 2 second, 1 last); 3 has a bye.
    Points: 1 = 1 + 0 = 1; 2 = ½ + ½ = 1; 3 = 0 + 1 = 1; 4 = 1 + 1 = 2.
    Buchholz contributions (a pod's: its opponents' points × ½; a bye's: own points):
      1: r1 (2+3)/2 = 1, r2 (4+2)/2 = 1.5 → cut 1 = 1.5; 2: r1 (1+1)/2 = 1, r2 (2+1)/2 = 1.5
      → 1.5; 3: r1 (1+1)/2 = 1, bye 1 → 1; 4: bye 2, r2 (1+1)/2 = 1 → 2.
    Sonneborn–Berger (opponent's points × what was scored against them, weighted ½):
      1: beat 2 and 3 in r1 → (1 + 1)/2 = 1; 2: beat 3 in r1 (½), beat 1 in r2 (½) → 1;
      3: nothing → 0. So 4, then 1 and 2 level on everything but head-to-head (each beat
      the other once: ½ each), then rating (2 rated above 1), then 3."""
    games = [*pod_games(1, [1, 2, 3], [1, 2, 3]), Game(1, 4, None, WIN),
             *pod_games(2, [4, 1, 2], [1, 3, 2]), Game(2, 3, None, WIN)]
    table = standings([Entrant(1, 10), Entrant(2, 20), Entrant(3), Entrant(4)], games)
    assert [(s.player, s.points, s.buchholz_cut1, s.sonneborn_berger, s.head_to_head)
            for s in table] == [(4, 2, 2, 1.0, 0), (2, 1, 1.5, 1, 0.5), (1, 1, 1.5, 1, 0.5),
                                (3, 1, 1, 0, 0)]
    assert [s.played for s in table] == [2, 2, 2, 2]
