"""What one seat (or a spectator) may know about an Aura game: the view's types, and the view.

The view stays a JSON-compatible dict at run time (images, alt text, replays, the render
process pool and the rules-help moment search read it as such); the ``TypedDict`` types
below declare every key, so the renderer, the AI, the text and the help are checked by mypy.
Hidden cards are absent: they appear as a ``Back`` (the owner's back pattern) or only as a
count.

``Card`` and ``Back`` dicts are shared between views and read-only (``memo.Face``, a
``dict`` subclass that refuses changes); everything else in a view is freshly built.

A row's ``cells`` always has one entry per position. Before the reveal a cell exists where a
block lies (its marks are None). After the reveal every position whose card is still on the
table has a cell with its marks, with ``"card": None`` where that seat placed no block.
"""

from __future__ import annotations

from typing import Literal, TypedDict, cast, final

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
from bot.games.aura.memo import Face, by_identity
from bot.games.aura.outcome import Outcome, chains_of, judge
from bot.games.aura.rules import PLAY_MAX
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
    waiting,
)


@final
class Card(TypedDict):
    """A face-up card."""

    id: int
    """Unique within its deck; ``str(id)`` is the option key of that card in hand."""
    colour: str
    """"red", "purple", "green", "beige" or "blue"."""
    kind: Literal["number", "wild", "action"]
    value: int | None
    """The printed number; a wild's named number; else None."""
    action: str | None
    """"return", "trade", "double", "reverse" or "block"."""
    label: str
    """"Red 7", "Blue wild", "Return (red action)"."""


@final
class Back(TypedDict):
    """A face-down card: its deck's line count."""

    back: int


Shown = Card | Back


class Seat(TypedDict):
    seat: int
    aura: str
    """The colour of that player's Aura card ("gold"…)."""
    back: int
    """Lines on that deck's card backs (1–4)."""
    hand: int
    """Cards in hand (blocks still sealed count here)."""
    deck: int
    """Cards in the draw deck, the Aura card not counted."""
    under_aura: int
    """Of those, how many lie below the Aura card."""
    aura_surfaced: int
    """Times the Aura card reached the top of the deck (0, 1 or 2)."""
    discard: int
    """Cards in the discard pile."""
    discarded: list[Card] | None
    """The pile's faces, oldest first: for its owner only (a pile lies face down), for
    everyone once the game is over. Discarded blocks and hand cards are named in the public
    log; cards off the top of the deck never are."""
    remaining: int
    """Hand + deck: the score if the game ended now."""


class Slot(TypedDict):
    """One of the active player's cards on the table."""

    card: Shown | None
    """None: the card went back to a hand (Return)."""
    chain: int | None
    """The number it shares with another card: a chain."""


Beats = Literal["trump", "higher", "block"]


class Cell(TypedDict):
    """What lies in front of one of the active player's cards, for one blocker."""

    card: Shown | None
    """None: no card here (or it was discarded or returned)."""
    beats: Beats | None
    """After the reveal: how it stops the card it faces."""
    blocked: bool | None
    """After the reveal, chains applied."""
    discards: bool | None
    """After the reveal: this card costs the seat a discard."""


class Row(TypedDict):
    """One blocking player's row."""

    seat: int
    choosing: bool
    """This blocker is placing blocks right now."""
    sealed: bool
    """Simultaneous blocks: cells hidden from this viewer."""
    cells: list[Cell | None]
    """Aligned with the table's ``cards`` (None: nothing to show, or sealed)."""
    owes: int | None
    """After the reveal: cards this seat must discard."""
    blocked_all: bool | None
    """After the reveal: every card stopped (an additional turn)."""


class Effects(TypedDict):
    """Double and Reverse in effect; the seats whose Block card is (none before the reveal)."""

    double: bool
    reverse: bool
    block: list[int]


class Table(TypedDict):
    active: int
    revealed: bool
    """False while cards lie face down (play and block)."""
    cards: list[Slot]
    """The active player's cards, left to right (2–5)."""
    blockers: list[Row]
    """Every blocking player, in turn order."""
    resolving: int | None
    """Reveal phase: the seat resolving its cards now."""
    effects: Effects
    final: bool
    """True once every effect is resolved (discard phase on); before that, marks are
    provisional."""


class Variant(TypedDict):
    beginner: bool
    advanced: bool
    simultaneous_blocks: bool


class Standing(TypedDict):
    scores: list[float]
    placings: list[int]


class AuraView(TypedDict):
    game: Literal["aura"]
    viewer: int | None
    """The seat this view is for; None: the public (spectator) view."""
    players: int
    variant: Variant
    turn: int
    """1-based; an additional turn has its own number."""
    active: int
    """Whose turn it is."""
    additional_turn: bool
    phase: str
    """"play", "block", "reveal", "discard", "cleanup", "extra" or "over"."""
    waiting: list[int]
    """Seats with an open decision now."""
    ending: bool
    """This is the last turn (an Aura card surfaced twice, or a deck ran short)."""
    opening: list[list[Card | None]]
    """The draws for the starting player, one list per round, one entry per seat (None: out
    of the tie)."""
    seats: list[Seat]
    """Indexed by seat."""
    table: Table | None
    """None when no card is on the table."""
    hand: list[Card] | None
    """The viewer's hand, in the exact order in which hand cards appear among the options of
    every decision."""
    result: Standing | None
    """Once the game is over."""


_new = tuple.__new__
"""The discard phase's ``Outcome`` is built as the tuple itself (no Python ``__new__``)."""

_HOW: dict[int, Beats | None] = {0: None, BY_TRUMP: "trump", BY_HIGHER: "higher",
                                 BY_BLOCK: "block"}


def _face(card: int, named: int) -> Card:
    # Typed once here: the read-only dict holds exactly a Card's keys.
    return cast(Card, Face({
        "id": card, "colour": CARDS.colours[COLOUR[card]], "kind": KIND_NAMES[KIND[card]],
        "value": named or (VALUE[card] if KIND[card] == NUMBER else None),
        "action": ACTION_KEY[card] if KIND[card] == ACTION else None, "label": LABEL[card]}))


_FACES = tuple(tuple(_face(c, v if KIND[c] == WILD else 0) for v in range(CARDS.numbers + 1))
               for c in range(AURA))
"""``_FACES[card][n]``: the face of ``card``; for a wild, named ``n`` (0: not yet)."""
_FACE = tuple(faces[0] for faces in _FACES)
"""``_FACE[card]``: the face of a card off the table (a wild not named)."""
_BACKS = tuple(cast(Back, Face({"back": d.lines})) for d in CARDS.decks)


# Parts of views that do not depend on the step are built once here and shared by every
# view that shows them (views are read-only: a test checks that nothing reading them writes).
_HIDDEN_SLOTS = tuple(tuple([Slot(card=back, chain=None)] * size for size in range(PLAY_MAX + 1))
                      for back in _BACKS)
"""``_HIDDEN_SLOTS[active][size]``: the active player's cards face down, before the reveal."""
_SLOTS = tuple(tuple(Slot(card=face, chain=None) for face in faces) for faces in _FACES)
"""``_SLOTS[card][n]``: one of the active player's cards face up, in no chain."""
_OPEN_CELLS = tuple(tuple(Cell(card=face, beats=None, blocked=None, discards=None)
                          for face in faces) for faces in _FACES)
"""``_OPEN_CELLS[card][n]``: a block its owner sees before the reveal."""
_HIDDEN_CELLS = tuple(Cell(card=back, beats=None, blocked=None, discards=None)
                      for back in _BACKS)
"""``_HIDDEN_CELLS[seat]``: a block of ``seat`` face down, before the reveal."""
_VARIANTS = tuple(tuple(tuple(Variant(beginner=b, advanced=a, simultaneous_blocks=s)
                            for s in (False, True)) for a in (False, True)) for b in (False, True))
"""``_VARIANTS[beginner][advanced][simultaneous]`` (nested tuples: no key tuple to hash)."""

_LOOKS = tuple((d.aura, d.lines) for d in CARDS.decks)
_OPENING = {EMPTY: None, **dict(enumerate(_FACE))}
"""A card drawn for the starting player, or None where that seat no longer drew."""


def _pile_of(pile: tuple[int, ...]) -> list[Card]:
    return [_FACE[c] for c in pile]


_pile = by_identity(_pile_of, size=16)
"""A discard pile's faces: one list while the pile stays the same (most steps add nothing)."""


def _outcome_of(state: AuraState) -> Outcome | None:
    """The marks to show: live while effects resolve, fixed once discarding starts."""
    if state.phase == REVEAL:
        return judge(state.table, state.active, state.wilds)
    if not state.marks:
        return None
    active = state.active
    played = state.table[active]
    targets = [i for i, t in enumerate(played) if t != EMPTY]
    blocked_all = []
    for seat, marks in enumerate(state.marks):
        # Plain loops, not nested generators: every view of the discard phase asks this.
        every = seat != active
        for i in targets:
            if not marks[i] & BLOCKED:
                every = False
                break
        blocked_all.append(every)
    return _new(Outcome, (state.marks, state.owes, tuple(blocked_all), state.doubled,
                          state.reversed, chains_of(played, state.wilds[active])))


_outcome = by_identity(_outcome_of)
"""Every seat's view of one state shows the same outcome."""


def _opening_of(rounds: tuple[tuple[int, ...], ...]) -> list[list[Card | None]]:
    return [list(map(_OPENING.__getitem__, rnd)) for rnd in rounds]


_opening = by_identity(_opening_of)
"""The draws for the starting player stay the same all game: one list for every view."""


def _cells(row: tuple[int, ...], named: tuple[int, ...], played: tuple[int, ...],
           marks: tuple[int, ...] | None, hidden: Cell | None) -> list[Cell | None]:
    """One blocker's cells: ``marks`` None before the reveal, when ``hidden`` is the face-down
    cell the viewer sees (None: the viewer placed these blocks and sees them)."""
    if marks is None:
        if hidden is None:
            return [_OPEN_CELLS[c][named[COLOUR[c]]] if c != EMPTY else None for c in row]
        return [hidden if c != EMPTY else None for c in row]
    cells: list[Cell | None] = []
    for i, c in enumerate(row):
        face = _FACES[c][named[COLOUR[c]]] if c != EMPTY else None
        if played[i] == EMPTY:  # that card went back to a hand: no marks
            cells.append(None if face is None else
                         {"card": face, "beats": None, "blocked": None, "discards": None})
            continue
        mark = marks[i]
        cells.append({"card": face, "beats": _HOW[mark & HOW_MASK],
                      "blocked": bool(mark & BLOCKED), "discards": bool(mark & DISCARDS)})
    return cells


def _table(state: AuraState, viewer: int | None, waiting: list[int]) -> tuple[Table, set[int]]:
    """The table and the seats whose blocks are sealed from ``viewer`` (``waiting``: the seats
    with an open decision)."""
    # Fields and the outcome read once into locals: a named tuple's attribute read costs a
    # descriptor call, and the loop below would repeat them per blocker.
    active, phase, on_table, wilds = state.active, state.phase, state.table, state.wilds
    played = on_table[active]
    revealed = phase not in (PLAY, BLOCK_PHASE)
    result = _outcome(state) if revealed else None
    choosing = waiting if phase == BLOCK_PHASE else ()
    named = wilds[active]
    behind = blockers(state)
    rows: list[Row] = []
    sealed: set[int] = set()
    cards: list[Slot]
    if result is None:
        if not revealed:
            # Before the reveal every card is on the table, none in a chain.
            cards = (list(_HIDDEN_SLOTS[active][len(played)]) if viewer != active
                     else [_SLOTS[c][named[COLOUR[c]]] for c in played])
        else:
            cards = [{"card": _FACES[c][named[COLOUR[c]]] if c != EMPTY else None,
                      "chain": None} for c in played]
        seal = not revealed and state.simultaneous
        for seat in behind:
            hide = seal and viewer != seat
            if hide:
                sealed.add(seat)
            rows.append({
                "seat": seat,
                "choosing": seat in choosing,
                "sealed": hide,
                "cells": [None] * len(played) if hide else _cells(
                    on_table[seat], wilds[seat], played, None,
                    None if viewer == seat else _HIDDEN_CELLS[seat]),
                "owes": None,
                "blocked_all": None,
            })
        double = reverse = False
    else:
        marks, owes, blocked_all, double, reverse, chains = result
        cards = [{"card": _FACES[c][named[COLOUR[c]]] if c != EMPTY else None,
                  "chain": chain or None} for c, chain in zip(played, chains, strict=True)]
        for seat in behind:
            rows.append({
                "seat": seat,
                "choosing": seat in choosing,
                "sealed": False,
                "cells": _cells(on_table[seat], wilds[seat], played, marks[seat], None),
                "owes": owes[seat],
                "blocked_all": blocked_all[seat],
            })
    table: Table = {
        "active": active,
        "revealed": revealed,
        "cards": cards,
        "blockers": rows,
        "resolving": state.resolver if phase == REVEAL else None,
        "effects": {
            "double": double,
            "reverse": reverse,
            "block": [s for s in behind if BLOCK in on_table[s]] if revealed else [],
        },
        "final": revealed and phase != REVEAL,
    }
    return table, sealed


def _standing(state: AuraState) -> Standing:
    result = standings(state)
    return {"scores": list(result.scores), "placings": list(result.placings)}


def build_view(state: AuraState, viewer: int | None) -> AuraView:
    """The whole view for ``viewer`` (None: the public view)."""
    # The fields read once, by unpacking the tuple: each named-tuple attribute read costs a
    # descriptor call, and a view reads most fields.
    (players, beginner, advanced, simultaneous, _, _, turn, active, bonus, phase, hands, decks,
     discards, _, surfaced, ending, on_table, *_, opening) = state
    deciding = waiting(state)
    table: Table | None = None
    sealed: set[int] = set()
    if on_table:
        table, sealed = _table(state, viewer, deciding)
    over = phase == OVER
    # The seats in a plain loop over the per-seat fields read once, not a helper per seat:
    # every view builds them all.
    seats: list[Seat] = []
    for seat, (deck, pile, hand, aura_surfaced) in enumerate(zip(
            decks, discards, hands, surfaced, strict=True)):
        aura, lines = _LOOKS[seat]
        in_deck = len(deck) - 1
        held = len(hand)
        if seat in sealed:  # blocks still face down count as cards in hand
            row = on_table[seat]
            held += len(row) - row.count(EMPTY)
        seats.append({
            "seat": seat,
            "aura": aura,
            "back": lines,
            "hand": held,
            "deck": in_deck,
            # Searched from the bottom: the Aura card goes back there, so few cards lie under
            # it and the reversed copy is far cheaper than scanning the deck from the top.
            "under_aura": deck[::-1].index(AURA),
            "aura_surfaced": aura_surfaced,
            "discard": len(pile),
            "discarded": _pile(pile) if over or viewer == seat else None,
            "remaining": in_deck + held,
        })
    return {
        "game": "aura",
        "viewer": viewer,
        "players": players,
        "variant": _VARIANTS[beginner][advanced][simultaneous],
        "turn": turn,
        "active": active,
        "additional_turn": bonus,
        "phase": phase,
        "waiting": deciding,
        "ending": ending,
        "opening": _opening(opening),
        "seats": seats,
        "table": table,
        "hand": [_FACE[c] for c in hands[viewer]] if viewer is not None else None,
        "result": _standing(state) if over else None,
    }
