"""A small seeded generator whose whole position is one integer, so it lives in game state.

Python's ``random.Random`` state is a 625-word tuple and its algorithms may change between
versions; splitmix64 is tiny, stable forever and fast enough for card shuffles.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
K = TypeVar("K", int, str)

_MASK = (1 << 64) - 1
_SMALL = 64
_LIMITS = (0, *((1 << 64) - (1 << 64) % n for n in range(1, _SMALL)))
"""``_LIMITS[n]``: the draws below it map evenly onto ``[0, n)`` (the small bounds games use
come from this table, not two big-number operations a draw)."""


class Rng:
    """splitmix64: ``state`` is the full position; copy it by value to fork or save."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    # ``randrange`` repeats ``next_u64``'s steps inline, constants as literals: a random
    # playout draws several numbers per decision, and the call cost about a tenth of each
    # draw. A test checks that the two agree.

    def next_u64(self) -> int:
        z = self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n == 1:
            # Every draw is accepted and maps to 0, so only the position needs to move: a
            # loop picking among one open decision or one kind of answer draws this often.
            self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            return 0
        if n <= 0:
            raise ValueError("randrange needs a positive bound")
        limit = _LIMITS[n] if n < _SMALL else 0x10000000000000000 - 0x10000000000000000 % n
        while True:
            z = self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            z ^= z >> 31
            if z < limit:
                return z % n

    def random(self) -> float:
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randrange(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place, each ``randrange(i + 1)`` inline (a deal draws once per card,
        and the call cost a fifth of each draw; a test checks the two agree)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < _SMALL else 0x10000000000000000 - 0x10000000000000000 % n
            while True:
                z = state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def deal(self, items: Sequence[K]) -> list[K]:
        """``items`` in uniformly random order that depends only on which items they are, not
        on the order given: redealing hidden cards this way reveals nothing of the real deal."""
        pool = sorted(items)
        self.shuffle(pool)
        return pool

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def fork(self, salt: int) -> Rng:
        """An independent generator derived from this one's position and a salt."""
        return Rng(self.state ^ ((salt * 0xD1B54A32D192ED03) & _MASK))
