"""The Zura turn, step by step: applying an answered decision and moving on to the next one.

``answer`` takes ``s``, a clone made by ``apply`` for this one step, and the list of events to
append to; the step reassigns fields of ``s`` (never mutating a tuple) and runs on until the
next decision is needed, leaving its name in ``s.phase``:

``draw``   take the top of the discard pile or draw from the deck
``act``    discard cards of one landscape, or first use an ability offered beside the discards
``peek``/``flip``/``steal``  the effects of a big discard, in the rulebook's order
``order``  arrange several claimed cards on the stack
``over``   the game has ended

The top card's ability acts through its handler (``abilities``) at the moments it names, and
may open a step of its own (``scry``, ``restack``, ``swap``, ``extra`` in the default set).
"""

from __future__ import annotations

from functools import cache

from bot.engine import Event, Rng
from bot.engine.said import Said
from bot.games.zura import knowledge
from bot.games.zura import sentences as words
from bot.games.zura.abilities import effects, of_phase, on_top
from bot.games.zura.board import (
    HERMIT,
    IMP,
    KIND,
    LAND,
    SLOT_NAMES,
    count_of,
    face_down,
    land_name,
    set_hand,
    slot_name,
    stealable,
    take_from_hand,
    travel_cards,
    tz_key,
    tz_name,
)
from bot.games.zura.cards import CARDS
from bot.games.zura.state import ZState

_SLOT = {name: i for i, name in enumerate(SLOT_NAMES)}
_TRAVEL_LAND = CARDS.travel.__getitem__


def hand_target(s: ZState) -> int:
    return CARDS.hand_size + on_top(s, s.turn).extra_hand


def answer(s: ZState, player: int, choice: tuple[str, ...], ev: list[Event]) -> bool:
    """Apply ``player``'s answer to the open decision of ``s.phase``; False when the step
    still waits for another seat's sealed answer (a swap)."""
    step = _STEPS.get(s.phase)
    if step is not None:
        step(s, player, choice, ev)
        return True
    ability = of_phase(s.phase)
    assert ability is not None, f"no step called {s.phase!r}"
    then = ability.answer(s, player, choice, ev)
    if then == "draw":
        begin_draw(s, ev)
    elif then == "act":
        s.phase = "act"
    elif then == "end":
        end_turn(s, ev)
    return then != "wait"


def _act(s: ZState, player: int, choice: tuple[str, ...], ev: list[Event]) -> None:
    land, _, n = choice[0].partition(":")
    if land in LAND:
        discard(s, LAND[land], int(n), ev)
    else:
        on_top(s, s.turn).act(s, choice[0], ev)


def _draw(s: ZState, player: int, choice: tuple[str, ...], ev: list[Event]) -> None:
    if choice[0] == "take":
        take_discard(s, ev)
    else:
        fill_hand(s, ev)
        s.phase = "act"


def _slot_step(s: ZState, player: int, choice: tuple[str, ...], ev: list[Event]) -> None:
    slot = _SLOT[choice[0]]
    if s.phase == "peek":
        peek(s, slot, ev)
    else:
        flip(s, slot, ev)


def _steal(s: ZState, player: int, choice: tuple[str, ...], ev: list[Event]) -> None:
    steal(s, None if choice[0] == "none" else int(choice[0][1:]), ev)


def _order(s: ZState, player: int, choice: tuple[str, ...], ev: list[Event]) -> None:
    stack_gains(s, tuple(int(c) for c in choice), ev)


_STEPS = {"act": _act, "draw": _draw, "peek": _slot_step, "flip": _slot_step, "steal": _steal,
          "order": _order}


# --- turn start and drawing -------------------------------------------------------------

def start_turn(s: ZState, ev: list[Event]) -> None:
    s.taken, s.used, s.land, s.count = 0, (), -1, 0
    s.peeks = s.flips = s.steals = 0
    s.gained, s.scried, s.swap_with, s.swap_give = (), -1, -1, (-1, -1)
    s.turns += 1
    ev.append(Event("turn", words.TURN, {"player": s.turn}, data={"seat": s.turn}))
    if on_top(s, s.turn).at_turn_start(s, ev):
        return
    begin_draw(s, ev)


def begin_draw(s: ZState, ev: list[Event]) -> None:
    """Ask about the discard pile while it may be used; otherwise fill the hand from the deck."""
    ability = on_top(s, s.turn)
    if (len(s.hands[s.turn]) < CARDS.hand_size + ability.extra_hand and s.discard
            and s.taken < ability.from_discard):
        s.phase = "draw"
        return
    fill_hand(s, ev)
    s.phase = "act"


def take_discard(s: ZState, ev: list[Event]) -> None:
    card = s.discard[-1]
    s.discard = s.discard[:-1]
    s.taken += 1
    set_hand(s, s.turn, tuple(sorted(s.hands[s.turn] + (card,))))
    land = CARDS.travel[card]
    knowledge.took(s, s.turn, land)
    ev.append(Event("take", words.TAKE, {"player": s.turn, "land": land_name(land)},
                    data={"seat": s.turn, "landscape": land}))
    begin_draw(s, ev)


def fill_hand(s: ZState, ev: list[Event]) -> None:
    """Draw up to the hand size, shuffling the discard pile into a new deck when it runs out."""
    hand, deck = s.hands[s.turn], s.deck
    need = hand_target(s) - len(hand)
    drawn: tuple[int, ...] = ()
    while need > 0:
        if not deck:
            if not s.discard:
                break
            pile = list(s.discard)
            rng = Rng(s.rng)
            rng.shuffle(pile)
            s.rng, s.discard, deck = rng.state, (), tuple(pile)
            knowledge.reshuffled(s, pile)
            ev.append(Event("reshuffle", words.RESHUFFLE, {"cards": len(pile)},
                            data={"cards": len(pile)}))
        took = deck[-need:]  # the top ``need`` cards, or all that are left
        knowledge.drew(s, s.turn, took)
        drawn += took
        deck = deck[:len(deck) - len(took)]
        need -= len(took)
    s.deck = deck
    if not drawn:
        return
    set_hand(s, s.turn, tuple(sorted(hand + drawn)))
    lands = tuple(sorted(map(_TRAVEL_LAND, drawn)))  # ids sort by landscape
    ev.append(Event("draw", words.DRAW, {"player": s.turn,
                                         "cards": travel_cards(len(drawn))},
                    data={"seat": s.turn, "count": len(drawn)}))
    ev.append(Event("drew", words.DREW, {"player": s.turn, "lands": _names(lands)},
                    audience=(s.turn,), data={"landscapes": list(lands)}))


# --- discarding and searching -----------------------------------------------------------

def discard(s: ZState, land: int, n: int, ev: list[Event]) -> None:
    """Discard ``n`` cards of ``land``; the ability on top now adds to the printed effects."""
    cards, hand = take_from_hand(s.hands[s.turn], land, n)
    set_hand(s, s.turn, hand)
    s.discard += cards
    knowledge.played(s, s.turn, land, n)
    s.land, s.count = land, n
    top = on_top(s, s.turn)
    ev.append(Event("discard", words.DISCARD,
                    {"player": s.turn, "cards": count_of(n, land)},
                    data={"seat": s.turn, "landscape": land, "count": n}))
    if n <= 2:
        if not top.after_small_discard(s, ev):
            end_turn(s, ev)
        return
    s.peeks, s.flips, s.steals = effects(n, top.key)
    search(s, ev)


def search(s: ZState, ev: list[Event]) -> None:
    """Go to the next effect still owed: peeks, then flips, then steals, then stacking."""
    down = (s.peeks or s.flips) and face_down(s)  # asked only while something is owed
    if s.peeks and down:
        s.phase = "peek"
        return
    s.peeks = 0
    if s.flips and down:
        s.phase = "flip"
        return
    s.flips = 0
    if s.steals and stealable(s):
        s.phase = "steal"
        return
    s.steals = 0
    if len({CARDS.tz[c] for c in s.gained}) > 1:
        s.phase = "order"
        return
    stack_gains(s, s.gained, ev)


def peek(s: ZState, slot: int, ev: list[Event]) -> None:
    peeked = list(s.peeked)
    peeked[slot] |= 1 << s.turn
    s.peeked = tuple(peeked)
    s.peeks -= 1
    card = s.slots[slot]
    ev.append(Event("peek", words.PEEK, {"player": s.turn, "slot": slot_name(slot)},
                    data={"seat": s.turn, "slot": slot}))
    ev.append(Event("peeked", words.PEEKED, {"slot": slot_name(slot), "card": tz_name(card)},
                    audience=(s.turn,), data={"slot": slot, "card": tz_key(card)}))
    search(s, ev)


def flip(s: ZState, slot: int, ev: list[Event]) -> None:
    """Turn a card face up and claim what the rules give: a match, the Hermit, an Imp pair."""
    card = s.slots[slot]
    kind = CARDS.tz_type(card)
    up, shown = list(s.up), list(s.shown)
    up[slot] = shown[slot] = True
    s.up, s.shown = tuple(up), tuple(shown)
    s.flips -= 1
    ev.append(Event("flip", words.FLIP,
                    {"player": s.turn, "slot": slot_name(slot), "card": Said(kind.name)},
                    data={"seat": s.turn, "slot": slot, "card": kind.key}))
    claim: list[int] = []
    if kind.kind == HERMIT or (kind.landscape >= 0 and kind.landscape == s.land):
        claim = [slot]
    elif kind.kind == IMP:
        other = [i for i, c in enumerate(s.slots)
                 if i != slot and c >= 0 and s.up[i] and KIND[c] == IMP]
        claim = [other[0], slot] if other else []
    for i in claim:
        _claim_slot(s, i, ev)
    search(s, ev)


def _claim_slot(s: ZState, slot: int, ev: list[Event]) -> None:
    card = s.slots[slot]
    s.gained += (card,)
    s.slots = (*s.slots[:slot], -1, *s.slots[slot + 1:])
    s.up = (*s.up[:slot], False, *s.up[slot + 1:])
    s.shown = (*s.shown[:slot], False, *s.shown[slot + 1:])
    s.peeked = (*s.peeked[:slot], 0, *s.peeked[slot + 1:])
    ev.append(Event("claim", words.CLAIM, {"player": s.turn, "card": tz_name(card)},
                    data={"seat": s.turn, "card": tz_key(card)}))


def steal(s: ZState, victim: int | None, ev: list[Event]) -> None:
    if victim is None:
        s.steals = 0
    else:
        stacks = list(s.stacks)
        card = stacks[victim][-1]
        stacks[victim] = stacks[victim][:-1]
        s.stacks = tuple(stacks)
        s.gained += (card,)
        s.steals -= 1
        ev.append(Event("steal", words.STEAL,
                        {"player": s.turn, "victim": victim, "card": tz_name(card)},
                        data={"seat": s.turn, "from": victim,
                              "card": tz_key(card)}))
    search(s, ev)


def stack_gains(s: ZState, top_first: tuple[int, ...], ev: list[Event]) -> None:
    """Put this turn's claims on the stack, ``top_first[0]`` ending on top."""
    if top_first:
        stacks = list(s.stacks)
        stacks[s.turn] = stacks[s.turn] + tuple(reversed(top_first))
        s.stacks = tuple(stacks)
        s.gained = ()
        ev.append(Event("stack", words.STACK, {"player": s.turn, "card": tz_name(top_first[0])},
                        data={"seat": s.turn, "top": tz_key(top_first[0])}))
    end_turn(s, ev)


# --- end of turn and of the game --------------------------------------------------------

def end_turn(s: ZState, ev: list[Event]) -> None:
    """Flip back what was not claimed (a lone Imp stays up), refill, pass or end the game."""
    deck = s.tz_deck
    if True in s.up or -1 in s.slots:  # most quiet turns flipped and claimed nothing
        slots, up, shown, peeked = list(s.slots), list(s.up), list(s.shown), list(s.peeked)
        for i, card in enumerate(slots):
            if card >= 0 and up[i] and KIND[card] != IMP:
                up[i] = False
            elif card < 0 and deck:
                slots[i], deck = deck[-1], deck[:-1]
                up[i] = shown[i] = False
                peeked[i] = 0
        s.slots, s.up, s.shown, s.peeked, s.tz_deck = (tuple(slots), tuple(up), tuple(shown),
                                                       tuple(peeked), deck)
    if s.ending >= 0:
        s.final_left -= 1
    elif not deck:
        s.ending, s.final_left = s.turn, s.players - 1
        ev.append(Event("last-round", words.LAST_ROUND, {"player": s.turn},
                        data={"seat": s.turn}))
    if s.ending >= 0 and s.final_left == 0:
        s.phase = "over"
        ev.append(Event("over", words.OVER, data={}))
        return
    s.turn = (s.turn + 1) % s.players
    start_turn(s, ev)


# --- event words -----------------------------------------------------------------------

@cache
def _names(lands: tuple[int, ...]) -> tuple[Said, ...]:
    """The landscapes drawn, as the log lists them ("Desert, Forest")."""
    return tuple(land_name(land) for land in lands)
