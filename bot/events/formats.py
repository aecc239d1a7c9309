"""The event formats and how many rounds each plays by default."""

from __future__ import annotations

import math
from enum import StrEnum


class Format(StrEnum):
    SWISS = "swiss"
    ROUND_ROBIN = "round_robin"
    SINGLE_ELIMINATION = "single_elimination"


LABELS = {Format.SWISS: "Swiss", Format.ROUND_ROBIN: "Round robin",
          Format.SINGLE_ELIMINATION: "Knockout"}
"""How a format is named to people."""


def default_rounds(form: Format, players: int) -> int:
    """Swiss: ⌈log2 n⌉; round robin: everyone meets everyone once; elimination: until one is
    left."""
    if players < 2:
        return 0
    if form is Format.ROUND_ROBIN:
        return players - 1 if players % 2 == 0 else players
    return math.ceil(math.log2(players))
