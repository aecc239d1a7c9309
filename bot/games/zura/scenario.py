"""Scenario set-up: a Zura table fixed card by card, for rule tests and ``python -m bot scenario``.

``setup`` (every field optional)::

    {
      "turn": 0,                         # the seat whose turn begins (default 0)
      "hands": [["forest", "forest", "cave"], []],   # travel cards per seat, by landscape
      "deck": ["mountain", "cave"],      # travel draw deck, top first
      "discard": ["cave"],               # travel discard pile, top first
      "rest": "deck",                    # travel cards not named: shuffled under the deck
                                         # ("deck", default) or under the discard pile ("discard")
      "search": ["forest-seer", null,    # the search area row by row (A1..A4, B1..B4): a card
                 {"card": "imp", "up": true},          # key, null (empty), or an object: a
                 {"card": "hermit", "peeked_by": [1]}, # face-up lone Imp, a card some seats
                 {"card": "cave-elder", "shown": true},# peeked at, a card everyone saw earlier
                 ...],                   # omitted: filled with cards not named elsewhere
      "tz_deck": ["hermit", "imp"],      # Tzerzurian pile, top first
      "tz_rest": "deck",                 # Tzerzurians not named: shuffled under the pile
                                         # ("deck", default) or a seat number: the bottom of
                                         # that seat's stack
      "stacks": [["cave-seer", "forest-keeper"], []]  # claimed cards per seat, bottom first
    }

Cards not named are shuffled with ``seed``; so are later reshuffles. The turn then begins as in
play: ``scry`` if that ability is on top, then the discard-pile question while the hand is short
and the pile not empty, then drawing up to the hand size; a full hand goes straight to the
discard menu.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import BadScenario, Rng
from bot.games.zura import rules
from bot.games.zura.cards import CARDS
from bot.games.zura.state import ZState


class _Pool:
    """Card ids still unplaced, by name (landscape or Tzerzurian key)."""

    def __init__(self, what: str, names: Sequence[str], ids: Sequence[int]) -> None:
        self.what = what
        self.free: dict[str, list[int]] = {name: [] for name in names}
        for card, index in enumerate(ids):
            self.free[names[index]].append(card)

    def take(self, name: Any, where: str) -> int:
        if name not in self.free:
            raise BadScenario(f"{where}: `{name}` is not a {self.what} "
                              f"({', '.join(self.free)}).")
        if not self.free[name]:
            raise BadScenario(f"{where}: no {name} card is left to place.")
        return self.free[name].pop(0)

    def take_all(self, names: Any, where: str) -> list[int]:
        if not isinstance(names, list):
            raise BadScenario(f"{where} must be a list.")
        return [self.take(name, f"{where}[{i}]") for i, name in enumerate(names)]

    def rest(self, rng: Rng) -> list[int]:
        cards = sorted(c for ids in self.free.values() for c in ids)
        rng.shuffle(cards)
        return cards


def _per_seat(setup: Mapping[str, Any], key: str, players: int) -> list[Any]:
    value = setup.get(key, [[] for _ in range(players)])
    if not isinstance(value, list) or len(value) != players:
        raise BadScenario(f"`{key}` needs one list per player ({players}).")
    return value


def _search(raw: Any, tz: _Pool, players: int
            ) -> tuple[list[int], list[bool], list[bool], list[int]]:
    """The named search area; -1 marks an empty slot."""
    n = CARDS.slots
    if not isinstance(raw, list) or len(raw) != n:
        raise BadScenario(f"`search` needs {n} entries (row by row).")
    slots: list[int] = []
    up, shown, peeked = [False] * n, [False] * n, [0] * n
    for i, entry in enumerate(raw):
        where = f"search[{i}]"
        if entry is None:
            slots.append(-1)
            continue
        if isinstance(entry, str):
            entry = {"card": entry}
        if not isinstance(entry, Mapping) or set(entry) - {"card", "up", "shown", "peeked_by"}:
            raise BadScenario(f"{where}: use a card key or {{card, up, shown, peeked_by}}.")
        card = tz.take(entry.get("card"), where)
        slots.append(card)
        up[i] = bool(entry.get("up", False))
        if up[i] and CARDS.tz_type(card).kind != "imp":
            raise BadScenario(f"{where}: only a lone Imp lies face up between turns.")
        shown[i] = up[i] or bool(entry.get("shown", False))
        for seat in entry.get("peeked_by", []):
            if not isinstance(seat, int) or not 0 <= seat < players:
                raise BadScenario(f"{where}: `peeked_by` holds seat numbers.")
            peeked[i] |= 1 << seat
    if sum(up) > 1:
        raise BadScenario("`search`: at most one lone Imp can lie face up.")
    return slots, up, shown, peeked


def build_scenario(players: int, seed: int, setup: Mapping[str, Any]) -> ZState:
    rng = Rng(seed)
    travel = _Pool("landscape", [land.key for land in CARDS.landscapes], CARDS.travel)
    tz = _Pool("Tzerzurian card", [t.key for t in CARDS.types], CARDS.tz)
    hands = [travel.take_all(h, f"hands[{p}]")
             for p, h in enumerate(_per_seat(setup, "hands", players))]
    if any(len(h) > CARDS.hand_size + 1 for h in hands):
        raise BadScenario(f"A hand holds at most {CARDS.hand_size + 1} cards.")
    deck = travel.take_all(setup.get("deck", []), "deck")[::-1]
    discard = travel.take_all(setup.get("discard", []), "discard")[::-1]
    rest = setup.get("rest", "deck")
    if rest == "deck":
        deck = travel.rest(rng) + deck
    elif rest == "discard":
        discard = travel.rest(rng) + discard
    else:
        raise BadScenario("`rest` must be \"deck\" or \"discard\".")
    stacks = [tz.take_all(st, f"stacks[{p}]")
              for p, st in enumerate(_per_seat(setup, "stacks", players))]
    named = "search" in setup
    slots, up, shown, peeked = _search(setup["search"] if named else [None] * CARDS.slots, tz,
                                       players)
    tz_deck = tz.take_all(setup.get("tz_deck", []), "tz_deck")[::-1]
    unnamed = tz.rest(rng)
    if not named:
        slots, unnamed = unnamed[-CARDS.slots:], unnamed[:-CARDS.slots]
    tz_rest = setup.get("tz_rest", "deck")
    if tz_rest == "deck":
        tz_deck = unnamed + tz_deck
    elif isinstance(tz_rest, int) and not isinstance(tz_rest, bool) and 0 <= tz_rest < players:
        stacks[tz_rest] = unnamed + stacks[tz_rest]
    else:
        raise BadScenario("`tz_rest` must be \"deck\" or a seat number.")
    if tz_deck and -1 in slots:
        raise BadScenario("`search` has an empty slot while the Tzerzurian pile has cards.")
    turn = setup.get("turn", 0)
    if not isinstance(turn, int) or isinstance(turn, bool) or not 0 <= turn < players:
        raise BadScenario(f"`turn` must be a seat number 0–{players - 1}.")
    state = ZState(
        players=players, rng=rng.state, step=0, turn=turn, phase="act", deck=tuple(deck),
        discard=tuple(discard), hands=tuple(tuple(sorted(h)) for h in hands),
        tz_deck=tuple(tz_deck), slots=tuple(slots), up=tuple(up), shown=tuple(shown),
        peeked=tuple(peeked), stacks=tuple(tuple(st) for st in stacks))
    rules.start_turn(state, [])
    return state
