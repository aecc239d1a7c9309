"""The event formats and how many rounds each plays by default."""

from __future__ import annotations

import math
from collections.abc import Mapping
from enum import StrEnum

from bot.engine.said import Said, said


class Format(StrEnum):
    SWISS = "swiss"
    ROUND_ROBIN = "round_robin"
    SINGLE_ELIMINATION = "single_elimination"


LABELS: Mapping[Format, Said] = {
    Format.SWISS: said("Swiss"),
    Format.ROUND_ROBIN: said("Round robin"),
    Format.SINGLE_ELIMINATION: said("Knockout"),
}
"""How a format is named to people (said in the reader's language where shown)."""


def default_rounds(form: Format, players: int) -> int:
    """Swiss: ⌈log2 n⌉; round robin: everyone meets everyone once; elimination: until one is
    left."""
    if players < 2:
        return 0
    if form is Format.ROUND_ROBIN:
        return players - 1 if players % 2 == 0 else players
    return math.ceil(math.log2(players))
