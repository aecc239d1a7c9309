"""Small helpers so each rule test states its table and its moves in a few lines."""

from __future__ import annotations

from typing import Any

from bot.engine import Action, Decision, Event, play
from bot.games.zura import GAME
from bot.games.zura.cards import CARDS
from bot.games.zura.state import ZState

SEARCH = ["forest-seer", "mountain-seer", "cave-seer", "hermit",
          "imp", "forest-trickster", "mountain-trickster", "cave-trickster"]
"""A search area with one card of each sort a test may want to flip (A1..A4, B1..B4)."""

SIX = ["forest"] * 3 + ["mountain"] * 2 + ["cave"]
"""A full hand with no big group (a quiet turn for the other seat)."""


def table(players: int = 2, seed: int = 0, **setup: Any) -> ZState:
    setup.setdefault("search", SEARCH)
    return GAME.scenario(players, {}, seed, setup)


def decision(state: ZState, player: int | None = None) -> Decision:
    """The one open decision (of ``player`` when given)."""
    mine = [d for d in GAME.pending(state) if player is None or d.player == player]
    assert len(mine) == 1, mine
    return mine[0]


def keys(state: ZState, player: int | None = None) -> list[str]:
    return [o.key for o in decision(state, player).options]


def do(state: ZState, *choice: str, player: int | None = None,
       log: list[Event] | None = None) -> ZState:
    """Answer the open decision through the shared checks, as a player would."""
    d = decision(state, player)
    state, events = play(GAME, state, d.player, Action(d.id, choice))
    if log is not None:
        log.extend(events)
    return state


def stack(state: ZState, seat: int) -> list[str]:
    """A seat's stack as card keys, bottom first."""
    return [CARDS.tz_type(c).key for c in state.stacks[seat]]


def slots(state: ZState) -> list[str | None]:
    return [CARDS.tz_type(c).key if c >= 0 else None for c in state.slots]


def hand(state: ZState, seat: int) -> list[str]:
    return [CARDS.landscapes[CARDS.travel[c]].key for c in state.hands[seat]]


def lands(cards: tuple[int, ...]) -> list[str]:
    return [CARDS.landscapes[CARDS.travel[c]].key for c in cards]
