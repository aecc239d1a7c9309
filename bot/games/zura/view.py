"""What one seat (or a spectator) may know of a Zura game, as a JSON-compatible dict.

``view(state, viewer)`` is the only thing renderers and AI players read. Hidden cards are
absent, never flagged. Shape (``viewer`` None = spectator)::

    {
      "game": "zura",
      "viewer": 1 | None,
      "players": 3,
      "turn": 0,                      # seat whose turn it is
      "phase": "act",                 # scry draw act restack swap extra peek flip steal
                                      # order over (see rules.py)
      "step": 12,                     # grows with every action
      "landscapes": [{"key": "forest", "name": "Forest", "colour": "green"}, ...],
      "search": {
        "rows": 2, "columns": 4,
        "slots": [                    # row by row: A1 A2 A3 A4 B1 ... (index = row*columns+col)
          {"index": 0, "name": "A1", "row": 0, "column": 0,
           "state": "down",           # "down" | "up" | "empty" (deck ran out)
           "card": TZ,                # only when "up"
           "lone_imp": False,         # True: a face-up Imp waiting for its pair
           "peeked_by": [2],          # seats that looked at it since it was placed (public)
           "seen": TZ,                # only when "down" and this viewer knows the card:
                                      # it peeked, or the card was face up earlier
           "public": False},          # "down" but everyone saw it face up earlier
          ...]},
      "stacks": [{"seat": 0, "size": 4, "top": TZ | None, "score": 7}, ...],
      "my_stack": [TZ, ...] | None,   # the viewer's own stack, bottom first
      "scores": [7, 0, 3],            # points each seat would have now (all public)
      "hand_sizes": [6, 5, 6],
      "hand": [TRAVEL, ...] | None,   # own seat only, in menu order (see below)
      "looking_at": TRAVEL | None,    # scry: the travel card the viewer is looking at
      "discard": {"size": 14, "top": TRAVEL | None},
      "travel_deck": 21,              # cards left in the travel draw deck
      "tz_deck": 17,                  # cards left in the Tzerzurian draw pile
      "this_turn": {
        "discarded": {"landscape": "forest", "count": 4} | None,
        "peeks_left": 0, "flips_left": 1, "steals_left": 0,
        "gained": [TZ, ...],          # claimed this turn, waiting to be stacked (public)
        "swap_with": 2 | None},
      "final_turns": None | {"emptied_by": 1, "turns_left": 2},
      "over": False,
    }

    TZ = {"key": "forest-seer", "name": "Forest Seer", "kind": "tzerzurian" | "hermit" | "imp",
          "landscape": "forest" | None, "colour": "green" | None, "points": 3 | "X",
          "value": 3,               # worth to its owner now (X resolved); in stacks only
          "ability": "peek4", "ability_text": "..."}
    TRAVEL = {"number": 1, "landscape": "forest", "name": "Forest", "colour": "green"}

The hand is sorted by landscape in the order of ``landscapes``; ``number`` (1-based) is the
card's place in it. Menus list landscapes in that same order and name card numbers
("Forest ×3 (cards 1–3)"), so a numbered hand image matches the menu.
"""

from __future__ import annotations

from typing import Any

from bot.engine import View
from bot.games.zura.cards import CARDS, TzType
from bot.games.zura.rules import slot_name
from bot.games.zura.scoring import card_value, colour_counts, score
from bot.games.zura.state import ZState


def _tz_base(kind: TzType) -> dict[str, Any]:
    land = CARDS.landscapes[kind.landscape] if kind.landscape >= 0 else None
    return {
        "key": kind.key, "name": kind.name, "kind": kind.kind,
        "landscape": land.key if land else None, "colour": land.colour if land else None,
        "points": kind.points if kind.points is not None else "X",
        "ability": kind.ability, "ability_text": CARDS.abilities[kind.ability],
    }


_TZ = [_tz_base(CARDS.types[t]) for t in CARDS.tz]
_LANDSCAPES = [{"key": land.key, "name": land.name, "colour": land.colour}
               for land in CARDS.landscapes]
_TRAVEL: list[dict[str, Any]] = [{"landscape": CARDS.landscapes[land].key,
                                  "name": CARDS.landscapes[land].name,
                                  "colour": CARDS.landscapes[land].colour}
                                 for land in CARDS.travel]


def tz_card(card: int) -> dict[str, Any]:
    return dict(_TZ[card])


def travel_card(card: int, number: int | None = None) -> dict[str, Any]:
    out = dict(_TRAVEL[card])
    if number is not None:
        out["number"] = number
    return out


def stack_cards(cards: tuple[int, ...], players: int) -> list[dict[str, Any]]:
    """Cards of one collection with ``value`` resolved for that collection."""
    counts = colour_counts(cards)
    out = []
    for card in cards:
        item = tz_card(card)
        item["value"] = card_value(CARDS.types[CARDS.tz[card]], counts, players)
        out.append(item)
    return out


def collection(state: ZState, seat: int) -> tuple[int, ...]:
    """A seat's claimed cards, including those claimed this turn and not yet stacked."""
    if seat == state.turn and state.gained:
        return state.stacks[seat] + state.gained
    return state.stacks[seat]


def _slot(state: ZState, i: int, viewer: int | None) -> dict[str, Any]:
    card = state.slots[i]
    row, col = divmod(i, CARDS.columns)
    out: dict[str, Any] = {"index": i, "name": slot_name(i), "row": row, "column": col}
    if card < 0:
        out.update(state="empty", lone_imp=False, peeked_by=[], public=False)
        return out
    mask = state.peeked[i]
    out["peeked_by"] = [p for p in range(state.players) if mask >> p & 1]
    if state.up[i]:
        out.update(state="up", card=tz_card(card), public=True,
                   lone_imp=CARDS.types[CARDS.tz[card]].kind == "imp")
        return out
    out.update(state="down", lone_imp=False, public=state.shown[i])
    if state.shown[i] or (viewer is not None and mask >> viewer & 1):
        out["seen"] = tz_card(card)
    return out


def view(state: ZState, viewer: int | None) -> View:
    n = state.players
    scores = [score(collection(state, p), n) for p in range(n)]
    stacks = []
    for p, stack in enumerate(state.stacks):
        top = stack_cards(stack, n)[-1] if stack else None
        stacks.append({"seat": p, "size": len(stack), "top": top, "score": scores[p]})
    mine = viewer is not None
    hand = ([travel_card(c, i) for i, c in enumerate(state.hands[viewer], start=1)]
            if viewer is not None else None)
    looking = (travel_card(state.scried) if mine and viewer == state.turn and state.scried >= 0
               else None)
    discarded = ({"landscape": CARDS.landscapes[state.land].key, "count": state.count}
                 if state.land >= 0 else None)
    return {
        "game": "zura",
        "viewer": viewer,
        "players": n,
        "turn": state.turn,
        "phase": state.phase,
        "step": state.step,
        "landscapes": [dict(land) for land in _LANDSCAPES],
        "search": {"rows": CARDS.rows, "columns": CARDS.columns,
                   "slots": [_slot(state, i, viewer) for i in range(len(state.slots))]},
        "stacks": stacks,
        "my_stack": stack_cards(state.stacks[viewer], n) if viewer is not None else None,
        "scores": scores,
        "hand_sizes": [len(h) for h in state.hands],
        "hand": hand,
        "looking_at": looking,
        "discard": {"size": len(state.discard),
                    "top": travel_card(state.discard[-1]) if state.discard else None},
        "travel_deck": len(state.deck),
        "tz_deck": len(state.tz_deck),
        "this_turn": {
            "discarded": discarded,
            "peeks_left": state.peeks, "flips_left": state.flips, "steals_left": state.steals,
            "gained": [tz_card(c) for c in state.gained],
            "swap_with": state.swap_with if state.swap_with >= 0 else None,
        },
        "final_turns": ({"emptied_by": state.ending, "turns_left": state.final_left}
                        if state.ending >= 0 else None),
        "over": state.phase == "over",
    }
