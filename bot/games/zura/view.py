"""What one seat (or a spectator) may know of a Zura game: the declared view and its builder.

``view(state, viewer)`` is the only thing renderers, the text, the help and the AI players
read. Hidden cards are absent, never flagged. The view stays a JSON-compatible dict at run
time (images, alt text, replays and the render process pool rely on that); the TypedDicts
below are its contract, checked by mypy in every reader (no postponed annotations
here, so the run-time types know which keys are ``NotRequired``).

The hand is sorted by landscape in the order of ``landscapes``; ``number`` (1-based) is the
card's place in it. Menus list landscapes in that same order and name card numbers
("Forest ×3 (cards 1–3)"), so a numbered hand image matches the menu.

A view is read-only: card faces and slots are built once and shared by every view showing
them (a fresh dict per face made views three times slower to build).
"""

from typing import Literal, NamedTuple, NotRequired, TypedDict

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


# Faces are built once and shared by every view that shows them (views are read-only).
_TZ = [_tz_base(CARDS.types[t]) for t in CARDS.tz]
"""Tzerzurian card id → its face, without the id (how a face-down card is remembered)."""
_TZ_ID: list[TzCard] = [{**face, "id": card} for card, face in enumerate(_TZ)]
"""Tzerzurian card id → its face with the id (a public card)."""
_FIXED = [CARDS.types[t].points for t in CARDS.tz]
_LAND = [CARDS.types[t].landscape for t in CARDS.tz]
_VALUED: dict[tuple[int, int], TzCard] = {}
"""(card id, its value) → its face, id and value: a collection's card."""
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
    fixed = _FIXED[card]
    value = fixed if fixed is not None else players + counts[_LAND[card]]
    face = _VALUED.get((card, value))
    if face is None:
        face = _VALUED[card, value] = {**_TZ_ID[card], "value": value}
    return face


def collection(state: ZState, seat: int) -> tuple[int, ...]:
    """A seat's claimed cards, including those claimed this turn and not yet stacked."""
    if seat == state.turn and state.gained:
        return state.stacks[seat] + state.gained
    return state.stacks[seat]


class Tally(NamedTuple):
    """Every seat's collection as views show it (shared by them, read-only)."""

    counts: list[list[int]]
    """Per seat, cards of each landscape."""
    scores: list[int]
    stacks: list[Stack]
    owned: list[list[TzCard]]
    """Per seat, its stack with values: ``my_stack`` of that seat's view."""


def tallies(state: ZState) -> Tally:
    """The collections, kept on the state (and its clones) while the stacks and this turn's
    gains (and, with gains, the turn) stay the same."""
    known = state.tally
    turn = state.turn if state.gained else -1  # the turn matters only with cards gained
    if known is not None:
        (stacks, gained, then), out = known
        if stacks is state.stacks and gained is state.gained and then == turn:
            return out
    n = state.players
    out = Tally([], [], [], [])
    for p, stack in enumerate(state.stacks):
        owned = collection(state, p)
        counts = colour_counts(owned)
        points = score(owned, n, counts)
        out.counts.append(counts)
        out.scores.append(points)
        out.stacks.append({"seat": p, "size": len(stack), "score": points,
                           "top": _valued(stack[-1], n, counts) if stack else None})
        out.owned.append([_valued(c, n, counts) for c in stack])
    state.tally = ((state.stacks, state.gained, turn), out)
    return out


_EMPTY, _DOWN, _SEEN, _KNOWN, _UP = range(5)
"""How a slot looks to its viewer: empty, face down and unknown, face down but peeked at
by the viewer, face down but shown earlier (known to all), face up."""
_SLOTS: dict[tuple[int, int, int, int], Slot] = {}
"""(slot, card or -1, look, peeked mask) → the slot as a view shows it."""
_IMP = tuple(CARDS.types[t].kind == "imp" for t in CARDS.tz)
_INDEXES = range(CARDS.slots)


def _new_slot(i: int, card: int, look: int, mask: int) -> Slot:
    state: Literal["down", "up", "empty"] = (
        "empty" if look == _EMPTY else "up" if look == _UP else "down")
    slot: Slot = {"index": i, "name": slot_name(i), "row": i // CARDS.columns,
                  "column": i % CARDS.columns, "state": state,
                  "lone_imp": look == _UP and _IMP[card], "public": look in (_KNOWN, _UP),
                  "peeked_by": [p for p in range(8) if mask >> p & 1]}
    if look == _UP:
        slot["card"] = _TZ_ID[card]
    elif look in (_SEEN, _KNOWN):
        slot["seen"] = _TZ[card]
    _SLOTS[i, card, look, mask] = slot
    return slot


_LAST_SEARCH: dict[int | None, tuple[tuple[int, ...], tuple[bool, ...], tuple[bool, ...],
                                      tuple[int, ...], Search]] = {}
"""Per viewer, the search area last shown and the state fields it was built from: most steps
leave those fields the same objects (held here, so their ids are not reused)."""


def _search(state: ZState, viewer: int | None) -> Search:
    cards, up, shown, peeked = state.slots, state.up, state.shown, state.peeked
    last = _LAST_SEARCH.get(viewer)
    if (last is not None and last[0] is cards and last[1] is up and last[2] is shown
            and last[3] is peeked):
        return last[4]
    slots: list[Slot] = []
    bit = 0 if viewer is None else 1 << viewer
    for i, card, is_up, is_shown, mask in zip(_INDEXES, cards, up, shown, peeked, strict=True):
        if card < 0:
            key = (i, -1, _EMPTY, 0)
        elif is_up:
            key = (i, card, _UP, mask)
        elif is_shown:
            key = (i, card, _KNOWN, mask)
        elif mask & bit:
            key = (i, card, _SEEN, mask)
        else:
            key = (i, -1, _DOWN, mask)
        slots.append(_SLOTS.get(key) or _new_slot(*key))
    search: Search = {"rows": CARDS.rows, "columns": CARDS.columns, "slots": slots}
    _LAST_SEARCH[viewer] = (cards, up, shown, peeked, search)
    return search


def view(state: ZState, viewer: int | None) -> ZView:
    """The view of ``viewer``; read-only, as card faces and slots are shared between views."""
    tally = tallies(state)
    discarded: Discarded | None = (
        {"landscape": CARDS.landscapes[state.land].key, "count": state.count}
        if state.land >= 0 else None)
    return {
        "game": "zura",
        "viewer": viewer,
        "players": state.players,
        "turn": state.turn,
        "phase": state.phase,
        "step": state.step,
        "landscapes": _LANDSCAPES,
        "search": _search(state, viewer),
        "stacks": tally.stacks,
        "my_stack": tally.owned[viewer] if viewer is not None else None,
        "scores": tally.scores,
        "hand_sizes": list(map(len, state.hands)),
        "hand": ([_NUMBERED[c][i] for i, c in enumerate(state.hands[viewer])]
                 if viewer is not None else None),
        "looking_at": (_TRAVEL[state.scried]
                       if viewer == state.turn and state.scried >= 0 else None),
        "discard": {"size": len(state.discard),
                    "top": _TRAVEL[state.discard[-1]] if state.discard else None},
        "travel_deck": len(state.deck),
        "tz_deck": len(state.tz_deck),
        "this_turn": {
            "discarded": discarded,
            "peeks_left": state.peeks, "flips_left": state.flips, "steals_left": state.steals,
            "gained": [_TZ_ID[c] for c in state.gained],
            "swap_with": state.swap_with if state.swap_with >= 0 else None,
        },
        "final_turns": ({"emptied_by": state.ending, "turns_left": state.final_left}
                        if state.ending >= 0 else None),
        "over": state.phase == "over",
    }
