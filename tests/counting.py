"""Counting the moves a search plays, to check how long its playouts run."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import Game


def counted_moves(monkeypatch: pytest.MonkeyPatch, game: Game[Any, Any]) -> list[int]:
    """From now on ``game.apply`` counts its calls in the one cell of the list returned."""
    moves = [0]
    apply = game.apply

    def counted(state: Any, player: int, action: Any) -> Any:
        moves[0] += 1
        return apply(state, player, action)

    monkeypatch.setattr(game, "apply", counted)
    return moves
