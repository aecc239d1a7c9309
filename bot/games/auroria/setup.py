"""A new game: the options, the deal (leaders in place, shuffled decks, seven cards each)
and who starts; in a best-of-three, the deal of each next game with the sideboarded decks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine import Event, Rng
from bot.games.auroria import board, series
from bot.games.auroria import sentences as words
from bot.games.auroria.decklist import seat_deck
from bot.games.auroria.derived import card
from bot.games.auroria.state import PLAYER_ZONES, Perm, State

HAND = 7
"""The opening hand, and what the free mulligan draws back to."""


def new_state(slow: bool, decks: list[tuple[str, list[str]]], rng: Rng) -> State:
    """Two players with leaders in place and shuffled decks (nothing drawn yet)."""
    kinds: list[str] = []
    owner: list[int] = []
    zones: list[dict[str, list[int]]] = []
    for p, (lead, deck) in enumerate(decks):
        z: dict[str, list[int]] = {name: [] for name in PLAYER_ZONES}
        for i, kind_id in enumerate([lead, *deck]):
            kinds.append(kind_id)
            owner.append(p)
            (z["leader"] if i == 0 else z["deck"]).append(len(kinds) - 1)
        rng.shuffle(z["deck"])
        zones.append(z)
    s = State(slow=slow, kinds=kinds, owner=owner, zones=zones, influence=[0, 0], rng=0)
    for p in (0, 1):
        lead_uid = zones[p]["leader"][0]
        s.perms[lead_uid] = Perm("leader")
        s.influence[p] = card(s, lead_uid).influence
    s.rng = rng.state
    return s


def new_game(options: Mapping[str, Any], seed: int) -> State:
    """Each seat's deck from its option, a random starter, seven cards each: mulligans next."""
    rng = Rng(seed)
    decks = [seat_deck(options[f"deck_{seat}"], rng) for seat in (1, 2)]
    s = new_state(bool(options["slow_mode"]), [(lead, main) for lead, main, _ in decks], rng)
    s.active = rng.randrange(2)
    s.rng = rng.state
    s.series = series.start(options["best_of"], decks, s.active)
    for p in (0, 1):
        board.draw(s, p, HAND, [])
    return s


def next_game(old: State, starter: int, ev: list[Event]) -> State:
    """Deal the next game of a best-of-three with the sideboarded decks."""
    assert old.series is not None
    rng = Rng(old.rng)
    s = new_state(old.slow, [(d["leader"], d["main"]) for d in old.series["decks"]], rng)
    s.active = starter
    s.rng = rng.state
    s.step = old.step
    s.series = {**old.series, "stage": "play", "starts": [*old.series["starts"], starter]}
    for p in (0, 1):
        board.draw(s, p, HAND, [])
    ev.append(Event("game_start", words.GAME_START,
                    {"n": len(old.series["games"]) + 1, "player": starter}))
    return s
