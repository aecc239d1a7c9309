"""The declared view: what one seat may know (its own hand; the others' only as a count)."""

from __future__ import annotations

from typing import TypedDict

from bot.games.laydown.state import LaydownState


class LaydownView(TypedDict):
    game: str
    viewer: int | None
    players: int
    turn: int
    played: list[list[int]]
    totals: list[int]
    hand_sizes: list[int]
    hand: list[int] | None
    """The viewer's own cards; None in the public view."""
    over: bool


def view(state: LaydownState, viewer: int | None) -> LaydownView:
    return {
        "game": "laydown",
        "viewer": viewer,
        "players": len(state.hands),
        "turn": state.turn,
        "played": [list(p) for p in state.played],
        "totals": [sum(p) for p in state.played],
        "hand_sizes": [len(h) for h in state.hands],
        "hand": list(state.hands[viewer]) if viewer is not None else None,
        "over": not any(state.hands),
    }
