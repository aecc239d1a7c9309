"""How rules text names players: games write "Player N" (seat N-1) and front ends that know
the people at the table swap in their display names, so the log reads "Alice discards 2"."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.engine.said import Said, said

_PLAYER = re.compile(r"\bPlayer ([1-9][0-9]?)\b")


def player(seat: int) -> str:
    """The neutral name of ``seat`` in event texts, prompts and result details."""
    return f"Player {seat + 1}"


def seat_said(seat: int, names: Sequence[str] | None = None) -> str | Said:
    """``seat`` as a value of a sentence said in the reader's language: its display name
    from ``names`` (as the front end writes names), else "Player N" in that language."""
    if names is not None and seat < len(names):
        return names[seat]
    return said("Player {n}", n=seat + 1)


def with_names(text: str, names: Sequence[str]) -> str:
    """``text`` with each "Player N" replaced by ``names[N-1]`` when that seat exists."""

    def swap(m: re.Match[str]) -> str:
        seat = int(m.group(1)) - 1
        return names[seat] if seat < len(names) else m.group(0)

    return _PLAYER.sub(swap, text)
