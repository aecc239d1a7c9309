"""What one seat (or a spectator) may know about an Aura game, as a JSON-compatible dict.

A renderer draws the board and the hand from this dict alone. Hidden cards are absent:
they appear as a ``Back`` (the owner's back pattern) or only as a count. Shape::

    {
      "game": "aura",
      "viewer": int | None,            # the seat this view is for; None = public/spectator
      "players": 2..4,
      "variant": {"beginner": bool, "advanced": bool, "simultaneous_blocks": bool},
      "turn": int,                     # 1-based; an additional turn has its own number
      "active": int,                   # whose turn it is
      "additional_turn": bool,         # this turn is an additional turn
      "phase": "play" | "block" | "reveal" | "discard" | "cleanup" | "extra" | "over",
      "waiting": [int, ...],           # seats with an open decision now
      "ending": bool,                  # an Aura card surfaced twice: this is the last turn
      "opening": [[Card | None, ...]], # the draws for the starting player, one list per
                                       # round, one entry per seat (None: out of the tie)
      "seats": [Seat, ...],            # indexed by seat
      "table": Table | None,           # None when no card is on the table
      "hand": [Card, ...] | None,      # the viewer's hand, in the exact order in which hand
                                       # cards appear among the options of every decision
      "result": Standing | None,       # once the game is over
    }

    Seat = {
      "seat": int,
      "aura": str,                     # the colour of that player's Aura card ("gold"…)
      "back": int,                     # lines on that deck's card backs (1–4)
      "hand": int,                     # cards in hand (blocks still sealed count here)
      "deck": int,                     # cards in the draw deck, the Aura card not counted
      "under_aura": int,               # of those, how many lie below the Aura card
      "aura_surfaced": 0 | 1 | 2,      # times the Aura card reached the top of the deck
      "discard": int,                  # cards in the discard pile
      "discarded": [Card, ...] | None, # the pile's faces, oldest first: for its owner only
                                       # (a pile lies face down), for everyone once the game
                                       # is over. Discarded blocks and hand cards are named
                                       # in the public log; cards off the top of the deck
                                       # never are.
      "remaining": int,                # hand + deck: the score if the game ended now
    }

    Table = {
      "active": int,
      "revealed": bool,                # False while cards lie face down (play and block)
      "cards": [Slot, ...],            # the active player's cards, left to right (2–5)
      "blockers": [Row, ...],          # every blocking player, in turn order
      "resolving": int | None,         # reveal phase: the seat resolving its cards now
      "effects": {"double": bool, "reverse": bool, "block": [int, ...]},
                                       # Double / Reverse in effect; seats whose Block card
                                       # is in effect (all False/empty before the reveal)
      "final": bool,                   # True once every effect is resolved (discard phase
                                       # on); before that, marks are provisional
    }

    Slot = {"card": Card | Back | None,  # None: the card went back to a hand (Return)
            "chain": int | None}         # the number it shares with another card: a chain

    Row = {
      "seat": int,
      "choosing": bool,                # this blocker is placing blocks right now
      "sealed": bool,                  # simultaneous blocks: cells hidden from this viewer
      "cells": [Cell | None, ...],     # aligned with "cards": what lies in front of each
                                       # card (None: nothing to show, or sealed)
      "owes": int | None,              # after the reveal: cards this seat must discard
      "blocked_all": bool | None,      # after the reveal: every card stopped (extra turn)
    }

    Cell = {
      "card": Card | Back | None,      # None: no card here (or it was discarded/returned)
      "beats": "trump" | "higher" | "block" | None,
                                       # after the reveal: how it stops the card it faces
      "blocked": bool | None,          # after the reveal, chains applied
      "discards": bool | None,         # after the reveal: this card costs the seat a discard
    }

    Card = {"id": int,                 # unique within its deck; str(id) is the option key
                                       # of that card in hand
            "colour": "red" | "purple" | "green" | "beige" | "blue",
            "kind": "number" | "wild" | "action",
            "value": int | None,       # printed number; a wild's named number; else None
            "action": str | None,      # "return", "trade", "double", "reverse", "block"
            "label": str}              # "Red 7", "Blue wild", "Return (red action)"

    Back = {"back": int}               # a face-down card: its deck's line count

    Standing = {"scores": [float], "placings": [int], "detail": str}

Card and Back dicts are shared between views and read-only (``memo.Face``, a ``dict``
subclass that refuses changes); everything else in a view is freshly built.

A row's ``cells`` always has one entry per position. Before the reveal a cell exists where a
block lies (its marks are None). After the reveal every position whose card is still on the
table has a cell with its marks, with ``"card": None`` where that seat placed no block.
"""

from __future__ import annotations

from bot.engine import View
from bot.games.aura.cards import (
    ACTION,
    ACTION_KEY,
    AURA,
    BLOCK,
    CARDS,
    COLOUR,
    EMPTY,
    KIND,
    KIND_NAMES,
    LABEL,
    NUMBER,
    VALUE,
    WILD,
)
from bot.games.aura.memo import ByIdentity, Face
from bot.games.aura.outcome import Outcome, chains_of, judge
from bot.games.aura.scoring import standings
from bot.games.aura.state import (
    BLOCK as BLOCK_PHASE,
)
from bot.games.aura.state import (
    BLOCKED,
    BY_BLOCK,
    BY_HIGHER,
    BY_TRUMP,
    DISCARDS,
    HOW_MASK,
    OVER,
    PLAY,
    REVEAL,
    AuraState,
    blockers,
    placing,
    waiting,
)

_HOW: dict[int, str | None] = {0: None, BY_TRUMP: "trump", BY_HIGHER: "higher",
                               BY_BLOCK: "block"}


def _face(card: int, named: int) -> Face:
    return Face({"id": card, "colour": CARDS.colours[COLOUR[card]], "kind": KIND_NAMES[KIND[card]],
                 "value": named or (VALUE[card] if KIND[card] == NUMBER else None),
                 "action": ACTION_KEY[card] if KIND[card] == ACTION else None,
                 "label": LABEL[card]})


_FACES = tuple(tuple(_face(c, v if KIND[c] == WILD else 0) for v in range(CARDS.numbers + 1))
               for c in range(AURA))
"""``_FACES[card][n]``: the face of ``card``; for a wild, named ``n`` (0: not yet)."""
_FACE = tuple(faces[0] for faces in _FACES)
"""``_FACE[card]``: the face of a card off the table (a wild not named)."""
_BACKS = tuple(Face({"back": d.lines}) for d in CARDS.decks)


def _seat(state: AuraState, seat: int, viewer: int | None, hidden_blocks: int) -> View:
    deck = state.decks[seat]
    pile = state.discards[seat]
    shown = viewer == seat or state.phase == OVER
    look = CARDS.decks[seat]
    return {
        "seat": seat,
        "aura": look.aura,
        "back": look.lines,
        "hand": len(state.hands[seat]) + hidden_blocks,
        "deck": len(deck) - 1,
        "under_aura": len(deck) - 1 - deck.index(AURA),
        "aura_surfaced": state.surfaced[seat],
        "discard": len(pile),
        "discarded": [_FACE[c] for c in pile] if shown else None,
        "remaining": len(deck) - 1 + len(state.hands[seat]) + hidden_blocks,
    }


def _outcome_of(state: AuraState) -> Outcome | None:
    """The marks to show: live while effects resolve, fixed once discarding starts."""
    if state.phase == REVEAL:
        return judge(state.table, state.active, state.wilds)
    if not state.marks:
        return None
    played = state.table[state.active]
    blocked_all = tuple(
        seat != state.active and all(m & BLOCKED for m, t in zip(marks, played, strict=True)
                                     if t != EMPTY)
        for seat, marks in enumerate(state.marks))
    return Outcome(state.marks, state.owes, blocked_all, state.doubled, state.reversed,
                   chains_of(played, state.wilds[state.active]))


_outcome = ByIdentity(_outcome_of)
"""Every seat's view of one state shows the same outcome."""


def _cells(state: AuraState, seat: int, viewer: int | None, result: Outcome | None
           ) -> list[View | None]:
    played = state.table[state.active]
    named = state.wilds[seat]
    cells: list[View | None] = []
    for i, c in enumerate(state.table[seat]):
        marked = result is not None and played[i] != EMPTY
        if c == EMPTY and not marked:
            cells.append(None)
            continue
        cell: View = {"card": None, "beats": None, "blocked": None, "discards": None}
        if c != EMPTY:
            cell["card"] = (_FACES[c][named[COLOUR[c]]] if result is not None or viewer == seat
                            else _BACKS[seat])
        if result is not None and marked:
            mark = result.marks[seat][i]
            cell["beats"] = _HOW[mark & HOW_MASK]
            cell["blocked"] = bool(mark & BLOCKED)
            cell["discards"] = bool(mark & DISCARDS)
        cells.append(cell)
    return cells


def _table(state: AuraState, viewer: int | None) -> tuple[View, set[int]]:
    """The table and the seats whose blocks are sealed from ``viewer``."""
    active = state.active
    played = state.table[active]
    revealed = state.phase not in (PLAY, BLOCK_PHASE)
    result = _outcome(state) if revealed else None
    choosing = set(placing(state)) if state.phase == BLOCK_PHASE else set()
    named = state.wilds[active]
    cards = []
    for i, c in enumerate(played):
        face: View | None = None
        if c != EMPTY:
            face = (_FACES[c][named[COLOUR[c]]] if revealed or viewer == active
                    else _BACKS[active])
        chain = result.chains[i] if result is not None else 0
        cards.append({"card": face, "chain": chain or None})
    rows = []
    sealed: set[int] = set()
    for seat in blockers(state):
        hide = not revealed and state.simultaneous and viewer != seat
        if hide:
            sealed.add(seat)
        rows.append({
            "seat": seat,
            "choosing": seat in choosing,
            "sealed": hide,
            "cells": [None] * len(played) if hide else _cells(state, seat, viewer, result),
            "owes": result.owes[seat] if result is not None else None,
            "blocked_all": result.blocked_all[seat] if result is not None else None,
        })
    table: View = {
        "active": active,
        "revealed": revealed,
        "cards": cards,
        "blockers": rows,
        "resolving": state.resolver if state.phase == REVEAL else None,
        "effects": {
            "double": result is not None and result.double,
            "reverse": result is not None and result.reverse,
            "block": [s for s in blockers(state) if revealed and BLOCK in state.table[s]],
        },
        "final": revealed and state.phase != REVEAL,
    }
    return table, sealed


def build_view(state: AuraState, viewer: int | None) -> View:
    """The whole view for ``viewer`` (None: the public view)."""
    table: View | None = None
    sealed: set[int] = set()
    if state.table:
        table, sealed = _table(state, viewer)
    seats = [_seat(state, s, viewer, len(state.table[s]) - state.table[s].count(EMPTY)
                   if s in sealed else 0) for s in range(state.players)]
    over = state.phase == OVER
    result = standings(state).to_json() if over else None
    if result is not None:
        del result["reason"]
    return {
        "game": "aura",
        "viewer": viewer,
        "players": state.players,
        "variant": {"beginner": state.beginner, "advanced": state.advanced,
                    "simultaneous_blocks": state.simultaneous},
        "turn": state.turn,
        "active": state.active,
        "additional_turn": state.bonus,
        "phase": state.phase,
        "waiting": waiting(state),
        "ending": state.ending,
        "opening": [[_FACE[c] if c != EMPTY else None for c in rnd]
                    for rnd in state.opening],
        "seats": seats,
        "table": table,
        "hand": [_FACE[c] for c in state.hands[viewer]] if viewer is not None else None,
        "result": result,
    }
