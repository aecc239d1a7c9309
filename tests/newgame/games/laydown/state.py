"""The state: plain immutable data with a JSON round trip."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

HAND = 3
CARDS = tuple(range(1, 10))


@dataclass(frozen=True)
class LaydownState:
    rng: int
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    played: tuple[tuple[int, ...], ...]
    turn: int

    @property
    def moves(self) -> int:
        return sum(len(p) for p in self.played)

    def to_json(self) -> dict[str, Any]:
        return {"rng": self.rng, "deck": list(self.deck), "hands": [list(h) for h in self.hands],
                "played": [list(p) for p in self.played], "turn": self.turn}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> LaydownState:
        return LaydownState(data["rng"], tuple(data["deck"]),
                          tuple(tuple(h) for h in data["hands"]),
                          tuple(tuple(p) for p in data["played"]), data["turn"])
