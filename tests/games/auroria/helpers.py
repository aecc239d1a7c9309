"""Scenario helpers for Auroria rule tests: build a board, answer prompts by key, find cards."""

from __future__ import annotations

from typing import Any

from bot.engine import Action, Event, Result, parse_options, play
from bot.games.auroria import GAME
from bot.games.auroria.derived import power
from bot.games.auroria.state import State
from bot.games.auroria.view import AuroriaView


def scen(players: list[dict[str, Any]] | None = None, slow: bool = False,
         **setup: Any) -> State:
    """A scenario state; ``players`` default to two empty boards with decks of squires."""
    base = [{"deck": ["squire"] * 10}, {"deck": ["squire"] * 10}]
    for i, pl in enumerate(players or []):
        base[i] = {"deck": ["squire"] * 10, **pl}
    opts = parse_options(GAME.options, {"slow_mode": slow})
    return GAME.scenario(2, opts, 0, {"players": base, **setup})


def keys(s: State, player: int | None = None) -> list[str]:
    """Option keys of the open decision (of ``player`` if given)."""
    ds = [d for d in GAME.pending(s) if player is None or d.player == player]
    assert ds, "no open decision"
    return [o.key for o in ds[0].options]


def default(s: State) -> tuple[str, ...]:
    """The offered default of the one open decision (what one press or the clock takes)."""
    ds = GAME.pending(s)
    assert len(ds) == 1 and ds[0].default is not None, ds
    return ds[0].default


def who(s: State) -> int:
    ds = GAME.pending(s)
    assert len(ds) == 1, ds
    return ds[0].player


def act(s: State, *choice: str, player: int | None = None) -> tuple[State, list[Event]]:
    """Answer the open decision (of ``player`` if given) with ``choice``."""
    ds = [d for d in GAME.pending(s) if player is None or d.player == player]
    assert ds, "no open decision"
    return play(GAME, s, ds[0].player, Action(ds[0].id, tuple(choice)))


def do(s: State, *steps: str | tuple[str, ...]) -> State:
    """Answer several decisions in turn, each a key or a tuple of keys."""
    for step in steps:
        s, _ = act(s, *((step,) if isinstance(step, str) else step))
    return s


def uid(s: State, card_id: str, p: int | None = None, zone: str | None = None,
        nth: int = 0) -> int:
    """The ``nth`` card with id ``card_id`` (optionally of player ``p`` in ``zone``); without
    a zone, decks are not searched."""
    found = []
    for q, zones in enumerate(s.zones):
        for name, cards in zones.items():
            for u in cards:
                if s.kinds[u] == card_id and (p is None or p == q) and (
                        zone == name or (zone is None and name != "deck")):
                    found.append(u)
    found += [u for u in s.limbo if s.kinds[u] == card_id and zone in (None, "limbo")
              and p in (None, s.owner[u])]
    return sorted(found)[nth]


def where(s: State, u: int) -> tuple[int, str]:
    return s.zone_of(u)


def pw(s: State, u: int) -> int:
    return power(s, u)


def result(s: State) -> Result | None:
    return GAME.result(s)


def view(s: State, viewer: int | None) -> AuroriaView:
    return GAME.view(s, viewer)
