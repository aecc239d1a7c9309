"""What one seat (or a spectator) may know of a Zura game: the declared view and its builder.

``view(state, viewer)`` is the only thing renderers, the text, the help and the AI players
read. Hidden cards are absent, never flagged. The view stays a JSON-compatible dict at run
time (images, alt text, replays and the render process pool rely on that); the TypedDicts
below are its contract, checked by mypy in every reader (no postponed annotations
here, so the run-time types know which keys are ``NotRequired``).

The hand is sorted by landscape in the order of ``landscapes``; ``number`` (1-based) is the
card's place in it. Menus list landscapes in that same order and name card numbers
("Forest ×3 (cards 1–3)"), so a numbered hand image matches the menu.
"""

from typing import Literal, NotRequired, TypedDict

from bot.games.zura.board import slot_name
from bot.games.zura.cards import CARDS, TzType
from bot.games.zura.scoring import colour_counts, score
from bot.games.zura.state import ZState


class TzCard(TypedDict):
    """A Tzerzurian's face."""

    id: NotRequired[int]
    """The physical card, the key of order and restack options; absent from ``seen`` cards
    (a face-down card is remembered by its face, not its id)."""
    key: str
    name: str
    kind: Literal["tzerzurian", "hermit", "imp"]
    landscape: str | None
    colour: str | None
    points: int | Literal["X"]
    value: NotRequired[int]
    """Its worth to its owner now (X resolved): in stacks only."""
    ability: str
    ability_text: str


class TravelCard(TypedDict):
    landscape: str
    name: str
    colour: str
    number: NotRequired[int]
    """Its place in the viewer's hand, 1-based: in ``hand`` only."""


class Landscape(TypedDict):
    key: str
    name: str
    colour: str


class Slot(TypedDict):
    """A place of the search area, row by row: A1 A2 A3 A4 B1 … (index = row*columns+col)."""

    index: int
    name: str
    row: int
    column: int
    state: Literal["down", "up", "empty"]
    """``empty`` once the Tzerzurian pile ran out."""
    card: NotRequired[TzCard]
    """Only when ``up``."""
    lone_imp: bool
    """A face-up Imp waiting for its pair."""
    peeked_by: list[int]
    """Seats that looked at it since it was placed (public)."""
    seen: NotRequired[TzCard]
    """Only when ``down`` and this viewer knows the card: it peeked, or the card was face up
    earlier."""
    public: bool
    """Everyone knows the card: face up now, or face down again after being flipped."""


class Search(TypedDict):
    rows: int
    columns: int
    slots: list[Slot]


class Stack(TypedDict):
    seat: int
    size: int
    top: TzCard | None
    """With ``value``."""
    score: int


class Pile(TypedDict):
    size: int
    top: TravelCard | None


class Discarded(TypedDict):
    landscape: str
    count: int


class ThisTurn(TypedDict):
    discarded: Discarded | None
    peeks_left: int
    flips_left: int
    steals_left: int
    gained: list[TzCard]
    """Claimed this turn, waiting to be stacked (public)."""
    swap_with: int | None


class FinalTurns(TypedDict):
    emptied_by: int
    turns_left: int


class ZView(TypedDict):
    """One seat's view (``viewer`` None: a spectator's)."""

    game: Literal["zura"]
    viewer: int | None
    players: int
    turn: int
    """The seat whose turn it is."""
    phase: str
    """A step of ``rules`` (or of an ability); in ``swap`` both traders decide at once."""
    step: int
    """Grows with every action."""
    landscapes: list[Landscape]
    search: Search
    stacks: list[Stack]
    my_stack: list[TzCard] | None
    """The viewer's own stack, bottom first, with values."""
    scores: list[int]
    """Points each seat would have now (all public)."""
    hand_sizes: list[int]
    hand: list[TravelCard] | None
    """Own seat only, in menu order, numbered."""
    looking_at: TravelCard | None
    """``scry``: the travel card the viewer is looking at."""
    discard: Pile
    travel_deck: int
    """Cards left in the travel draw deck."""
    tz_deck: int
    """Cards left in the Tzerzurian draw pile."""
    this_turn: ThisTurn
    final_turns: FinalTurns | None
    over: bool


def _tz_base(kind: TzType) -> TzCard:
    land = CARDS.landscapes[kind.landscape] if kind.landscape >= 0 else None
    return {
        "key": kind.key, "name": kind.name, "kind": kind.kind,
        "landscape": land.key if land else None, "colour": land.colour if land else None,
        "points": kind.points if kind.points is not None else "X",
        "ability": kind.ability, "ability_text": CARDS.abilities[kind.ability],
    }


# Templates, copied into each view (a copy is cheaper than building a dict).
_TZ = [_tz_base(CARDS.types[t]) for t in CARDS.tz]
"""Tzerzurian card id → its face, without the id (how a face-down card is remembered)."""
_TZ_ID: list[TzCard] = [{**face, "id": card} for card, face in enumerate(_TZ)]
"""Tzerzurian card id → its face with the id (a public card)."""
_FIXED = [CARDS.types[t].points for t in CARDS.tz]
_LAND = [CARDS.types[t].landscape for t in CARDS.tz]
_TZ_VALUED: list[TzCard] = [{**face, "value": _FIXED[card] or 0}
                             for card, face in enumerate(_TZ_ID)]
"""Tzerzurian card id → its face, id and value (an X card's value is set per collection)."""
_LANDSCAPES: list[Landscape] = [{"key": land.key, "name": land.name, "colour": land.colour}
               for land in CARDS.landscapes]
_TRAVEL: list[TravelCard] = [{"landscape": CARDS.landscapes[land].key,
                                  "name": CARDS.landscapes[land].name,
                                  "colour": CARDS.landscapes[land].colour}
                                 for land in CARDS.travel]
_HAND_MAX = CARDS.hand_size + 1
_NUMBERED: list[list[TravelCard]] = [[{**face, "number": i} for i in range(1, _HAND_MAX + 1)]
                                     for face in _TRAVEL]
"""Travel card id → its face numbered 1 … the largest hand."""


def _valued(card: int, players: int, counts: list[int]) -> TzCard:
    """A card of a collection with ``value`` resolved for that collection (``counts``)."""
    face = _TZ_VALUED[card].copy()
    if _FIXED[card] is None:
        face["value"] = players + counts[_LAND[card]]
    return face


def collection(state: ZState, seat: int) -> tuple[int, ...]:
    """A seat's claimed cards, including those claimed this turn and not yet stacked."""
    if seat == state.turn and state.gained:
        return state.stacks[seat] + state.gained
    return state.stacks[seat]


def tallies(state: ZState) -> tuple[tuple[list[int], int], ...]:
    """Colour counts and score of every seat's collection, kept on the state (and its clones)
    while the stacks and this turn's gains (and, with gains, the turn) stay the same."""
    known = state.tally
    turn = state.turn if state.gained else -1  # the turn matters only with cards gained
    if known is not None:
        (stacks, gained, then), out = known
        if stacks is state.stacks and gained is state.gained and then == turn:
            return out
    tally = []
    for p in range(state.players):
        owned = collection(state, p)
        counts = colour_counts(owned)
        tally.append((counts, score(owned, state.players, counts)))
    out = tuple(tally)
    state.tally = ((state.stacks, state.gained, turn), out)
    return out


def _slot_face(i: int, state: Literal["down", "up", "empty"], public: bool,
               lone_imp: bool) -> Slot:
    return {"index": i, "name": slot_name(i), "row": i // CARDS.columns,
            "column": i % CARDS.columns, "state": state, "lone_imp": lone_imp, "public": public,
            "peeked_by": []}


_SLOT_KINDS: tuple[tuple[Literal["down", "up", "empty"], bool, bool], ...] = (
    ("down", False, False), ("down", True, False), ("up", True, False), ("up", True, True),
    ("empty", False, False))
_DOWN, _KNOWN, _UP, _LONE_IMP, _EMPTY = (
    [_slot_face(i, state, public, lone) for i in range(CARDS.slots)]
    for state, public, lone in _SLOT_KINDS)
"""Per slot: face down and unknown to all, face down but shown earlier, face up, a lone
Imp face up, empty. (Face up implies shown: ``invariants`` checks it.)"""
_IMP = tuple(CARDS.types[t].kind == "imp" for t in CARDS.tz)
_INDEXES = range(CARDS.slots)
_PEEKERS = [[p for p in range(8) if mask >> p & 1] for mask in range(1 << 8)]
"""A ``peeked`` bit mask → the seats in it."""


def _slots(state: ZState, viewer: int | None) -> list[Slot]:
    out: list[Slot] = []
    bit = 0 if viewer is None else 1 << viewer
    for i, card, up, shown, mask in zip(_INDEXES, state.slots, state.up, state.shown,
                                        state.peeked, strict=True):
        if card < 0:
            slot = _EMPTY[i].copy()
            slot["peeked_by"] = []
        elif up:
            slot = (_LONE_IMP if _IMP[card] else _UP)[i].copy()
            slot["peeked_by"] = _PEEKERS[mask][:]
            slot["card"] = _TZ_ID[card].copy()
        elif shown:
            slot = _KNOWN[i].copy()
            slot["peeked_by"] = _PEEKERS[mask][:]
            slot["seen"] = _TZ[card].copy()
        else:
            slot = _DOWN[i].copy()
            slot["peeked_by"] = _PEEKERS[mask][:]
            if mask & bit:
                slot["seen"] = _TZ[card].copy()
        out.append(slot)
    return out


def view(state: ZState, viewer: int | None) -> ZView:
    n = state.players
    tally = tallies(state)
    stacks: list[Stack] = []
    for p, stack in enumerate(state.stacks):
        counts, points = tally[p]
        stacks.append({"seat": p, "size": len(stack), "score": points,
                       "top": _valued(stack[-1], n, counts) if stack else None})
    discarded: Discarded | None = (
        {"landscape": CARDS.landscapes[state.land].key, "count": state.count}
        if state.land >= 0 else None)
    return {
        "game": "zura",
        "viewer": viewer,
        "players": n,
        "turn": state.turn,
        "phase": state.phase,
        "step": state.step,
        "landscapes": [land.copy() for land in _LANDSCAPES],
        "search": {"rows": CARDS.rows, "columns": CARDS.columns,
                   "slots": _slots(state, viewer)},
        "stacks": stacks,
        "my_stack": ([_TZ_VALUED[c].copy() if _FIXED[c] is not None
                      else _valued(c, n, tally[viewer][0]) for c in state.stacks[viewer]]
                     if viewer is not None else None),
        "scores": [points for _, points in tally],
        "hand_sizes": list(map(len, state.hands)),
        "hand": ([_NUMBERED[c][i].copy() for i, c in enumerate(state.hands[viewer])]
                 if viewer is not None else None),
        "looking_at": (_TRAVEL[state.scried].copy()
                       if viewer == state.turn and state.scried >= 0 else None),
        "discard": {"size": len(state.discard),
                    "top": _TRAVEL[state.discard[-1]].copy() if state.discard else None},
        "travel_deck": len(state.deck),
        "tz_deck": len(state.tz_deck),
        "this_turn": {
            "discarded": discarded,
            "peeks_left": state.peeks, "flips_left": state.flips, "steals_left": state.steals,
            "gained": [_TZ_ID[c].copy() for c in state.gained],
            "swap_with": state.swap_with if state.swap_with >= 0 else None,
        },
        "final_turns": ({"emptied_by": state.ending, "turns_left": state.final_left}
                        if state.ending >= 0 else None),
        "over": state.phase == "over",
    }
