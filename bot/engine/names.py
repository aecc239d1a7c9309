"""How rules text names players: games write "Player N" (seat N-1) and front ends that know
the people at the table swap in their display names, so the log reads "Alice discards 2"."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.engine.said import Seat, said

_PLAYER = re.compile(r"\bPlayer ([1-9][0-9]?)\b")


def player(seat: int) -> str:
    """The neutral name of ``seat`` in event texts, prompts and result details."""
    return f"Player {seat + 1}"


PLAYER_N = said("Player {n}")
"""A seat's neutral name as a message ("Spieler 2"), for ``seat_said``."""


def seat_said(seat: int) -> Seat:
    """``seat`` as a value of a sentence: "Player N" in the reader's language, or the
    person's name once a front end names the seats (``bot.engine.said.named``)."""
    return Seat(PLAYER_N.msgid, {"n": seat + 1})


def with_names(text: str, names: Sequence[str]) -> str:
    """``text`` with each "Player N" replaced by ``names[N-1]`` when that seat exists."""

    def swap(m: re.Match[str]) -> str:
        seat = int(m.group(1)) - 1
        return names[seat] if seat < len(names) else m.group(0)

    return _PLAYER.sub(swap, text)
