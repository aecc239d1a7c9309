"""The Zura turn, step by step, on a draft state.

Each function here takes ``s``, a clone made by ``apply`` for this one step, and the list of
events to append to; it reassigns fields of ``s`` (never mutating a tuple) and runs on until
the next decision is needed, leaving its name in ``s.phase``:

``scry``   (top card ability) keep the looked-at travel card on top or put it at the bottom
``draw``   take the top of the discard pile or draw from the deck
``act``    discard cards of one landscape, or first use ``swap`` / ``restack``
``restack``/``swap``/``extra``  the follow-ups of those abilities
``peek``/``flip``/``steal``  the effects of a big discard, in the rulebook's order
``order``  arrange several claimed cards on the stack
``over``   the game has ended
"""

from __future__ import annotations

from bot.engine import Event, Rng
from bot.engine.names import player
from bot.games.zura.cards import CARDS
from bot.games.zura.state import ZState

IMP, HERMIT = "imp", "hermit"


who = player
"""A seat's neutral name in texts ("Player 2"); front ends swap in display names."""


def count_of(n: int, name: str) -> str:
    """ "1 Forest card", "3 Forest cards"."""
    return f"{n} {name} card" if n == 1 else f"{n} {name} cards"


def land_name(land: int) -> str:
    return _NAMES[land]


_NAMES = tuple(land.name for land in CARDS.landscapes)


def tz_name(card: int) -> str:
    return CARDS.types[CARDS.tz[card]].name


SLOT_NAMES = tuple(f"{chr(ord('A') + i // CARDS.columns)}{i % CARDS.columns + 1}"
                   for i in range(CARDS.slots))
""""A1" … "B4": row letter, column number."""


def slot_name(slot: int) -> str:
    return SLOT_NAMES[slot]


ABILITY = tuple(CARDS.types[t].ability for t in CARDS.tz)
"""Tzerzurian card id → its ability key."""
KIND = tuple(CARDS.types[t].kind for t in CARDS.tz)
"""Tzerzurian card id → tzerzurian, hermit or imp."""


def top_ability(s: ZState, seat: int) -> str | None:
    stack = s.stacks[seat]
    return ABILITY[stack[-1]] if stack else None


def hand_target(s: ZState) -> int:
    return CARDS.hand_size + (top_ability(s, s.turn) == "hand7")


def face_down(s: ZState) -> list[int]:
    return [i for i, c, up in zip(_SLOT_INDEXES, s.slots, s.up, strict=True)
            if c >= 0 and not up]


_SLOT_INDEXES = range(CARDS.slots)


def stealable(s: ZState) -> list[int]:
    return [p for p in range(s.players) if p != s.turn and s.stacks[p]]


def _set_hand(s: ZState, seat: int, hand: tuple[int, ...]) -> None:
    hands = list(s.hands)
    hands[seat] = hand
    s.hands = tuple(hands)


def take_from_hand(hand: tuple[int, ...], land: int, n: int) -> tuple[tuple[int, ...],
                                                                      tuple[int, ...]]:
    """The first ``n`` cards of ``land`` (all alike) and the hand without them.

    A hand is sorted by id, hence by landscape: the cards of ``land`` sit side by side.
    """
    travel = CARDS.travel
    first = 0
    while first < len(hand) and travel[hand[first]] != land:
        first += 1
    end = first
    while end < len(hand) and end - first < n and travel[hand[end]] == land:
        end += 1
    return hand[first:end], hand[:first] + hand[end:]


# --- turn start and drawing -------------------------------------------------------------

def start_turn(s: ZState, ev: list[Event]) -> None:
    s.taken, s.used, s.land, s.count = 0, (), -1, 0
    s.peeks = s.flips = s.steals = 0
    s.gained, s.scried, s.swap_with, s.swap_give = (), -1, -1, (-1, -1)
    ev.append(Event("turn", f"{who(s.turn)}'s turn.", data={"seat": s.turn}))
    if top_ability(s, s.turn) == "scry" and s.deck:
        s.scried, s.deck = s.deck[-1], s.deck[:-1]
        s.phase = "scry"
        return
    begin_draw(s, ev)


def scry(s: ZState, keep: bool, ev: list[Event]) -> None:
    card = s.scried
    s.deck = (*s.deck, card) if keep else (card, *s.deck)
    s.scried = -1
    where = "back on top" if keep else "at the bottom"
    ev.append(Event("scry", f"{who(s.turn)} looks at the top travel card and puts it {where}.",
                    data={"seat": s.turn, "kept": keep}))
    begin_draw(s, ev)


def begin_draw(s: ZState, ev: list[Event]) -> None:
    """Ask about the discard pile while it may be used; otherwise fill the hand from the deck."""
    ability = top_ability(s, s.turn)
    target = CARDS.hand_size + (ability == "hand7")
    if len(s.hands[s.turn]) < target and s.discard and s.taken < 1 + (ability == "discard2"):
        s.phase = "draw"
        return
    fill_hand(s, ev)
    s.phase = "act"


def take_discard(s: ZState, ev: list[Event]) -> None:
    card = s.discard[-1]
    s.discard = s.discard[:-1]
    s.taken += 1
    _set_hand(s, s.turn, tuple(sorted(s.hands[s.turn] + (card,))))
    ev.append(Event("take", f"{who(s.turn)} takes a {land_name(CARDS.travel[card])} from the "
                    "discard pile.", data={"seat": s.turn, "landscape": CARDS.travel[card]}))
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
            ev.append(Event("reshuffle", f"The discard pile ({len(pile)} cards) is shuffled "
                            "into a new travel deck.", data={"cards": len(pile)}))
        took = deck[-need:]  # the top ``need`` cards, or all that are left
        drawn += took[::-1]
        deck = deck[:len(deck) - len(took)]
        need -= len(took)
    s.deck = deck
    if not drawn:
        return
    _set_hand(s, s.turn, tuple(sorted(hand + drawn)))
    ev.append(Event("draw", f"{who(s.turn)} draws {count_of(len(drawn), 'travel')}.",
                    data={"seat": s.turn, "count": len(drawn)}))
    got = [CARDS.travel[c] for c in sorted(drawn)]
    names = ", ".join([_NAMES[land] for land in got])
    ev.append(Event("drew", f"You drew: {names}.", audience=(s.turn,),
                    data={"landscapes": got}))


# --- abilities before discarding --------------------------------------------------------

def restack(s: ZState, card: int, ev: list[Event]) -> None:
    stacks = list(s.stacks)
    stacks[s.turn] = (*tuple(c for c in stacks[s.turn] if c != card), card)
    s.stacks = tuple(stacks)
    s.used += ("restack",)
    s.phase = "act"
    ev.append(Event("restack", f"{who(s.turn)} puts {tz_name(card)} on top of their stack.",
                    data={"seat": s.turn, "card": CARDS.types[CARDS.tz[card]].key}))


def swap_give(s: ZState, seat: int, land: int, ev: list[Event]) -> None:
    """Record one side of a swap; exchange the cards once both sides have chosen."""
    give = list(s.swap_give)
    give[0 if seat == s.turn else 1] = land
    s.swap_give = (give[0], give[1])
    if -1 in give:
        return
    a, b = s.turn, s.swap_with
    card_a, hand_a = take_from_hand(s.hands[a], give[0], 1)
    card_b, hand_b = take_from_hand(s.hands[b], give[1], 1)
    _set_hand(s, a, tuple(sorted(hand_a + card_b)))
    _set_hand(s, b, tuple(sorted(hand_b + card_a)))
    s.used += ("swap",)
    s.swap_with, s.swap_give = -1, (-1, -1)
    s.phase = "act"
    ev.append(Event("swap", f"{who(a)} and {who(b)} trade one travel card.",
                    data={"seats": [a, b]}))
    for me, gave, got in ((a, give[0], give[1]), (b, give[1], give[0])):
        ev.append(Event("swapped", f"You gave a {land_name(gave)} and got a {land_name(got)}.",
                        audience=(me,), data={"gave": gave, "got": got}))


# --- discarding and searching -----------------------------------------------------------

def effects(n: int, ability: str | None) -> tuple[int, int, int]:
    """Peeks, flips and steals owed for discarding ``n`` cards with ``ability`` on top.

    Six or more cards (seven is possible with ``hand7``) give the six-card effect.
    """
    if n < 3:
        return 0, 0, 0
    peeks = (n >= 5) + (ability == "peek4" and n >= 4)
    steals = (n >= 6) + (ability == "steal5" and n >= 5)
    return peeks, 1 if n == 3 else 2, steals


def discard(s: ZState, land: int, n: int, ev: list[Event]) -> None:
    """Discard ``n`` cards of ``land``; the ability on top now adds to the printed effects."""
    cards, hand = take_from_hand(s.hands[s.turn], land, n)
    _set_hand(s, s.turn, hand)
    s.discard += cards
    s.land, s.count = land, n
    ability = top_ability(s, s.turn)
    ev.append(Event("discard", f"{who(s.turn)} discards {count_of(n, land_name(land))}.",
                    data={"seat": s.turn, "landscape": land, "count": n}))
    if n <= 2:
        if ability == "extra12" and any(CARDS.travel[c] != land for c in hand):
            s.phase = "extra"
            return
        end_turn(s, ev)
        return
    s.peeks, s.flips, s.steals = effects(n, ability)
    search(s, ev)


def discard_extra(s: ZState, land: int, ev: list[Event]) -> None:
    """The ``extra12`` card: thrown away with no effect of its own."""
    cards, hand = take_from_hand(s.hands[s.turn], land, 1)
    _set_hand(s, s.turn, hand)
    s.discard += cards
    ev.append(Event("discard", f"{who(s.turn)} also throws away a {land_name(land)}.",
                    data={"seat": s.turn, "landscape": land, "count": 1, "extra": True}))
    end_turn(s, ev)


def search(s: ZState, ev: list[Event]) -> None:
    """Go to the next effect still owed: peeks, then flips, then steals, then stacking."""
    down = bool(face_down(s))
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
    ev.append(Event("peek", f"{who(s.turn)} peeks at {slot_name(slot)}.",
                    data={"seat": s.turn, "slot": slot}))
    ev.append(Event("peeked", f"{slot_name(slot)} is {tz_name(card)}.", audience=(s.turn,),
                    data={"slot": slot, "card": CARDS.types[CARDS.tz[card]].key}))
    search(s, ev)


def flip(s: ZState, slot: int, ev: list[Event]) -> None:
    """Turn a card face up and claim what the rules give: a match, the Hermit, an Imp pair."""
    card = s.slots[slot]
    kind = CARDS.tz_type(card)
    up, shown = list(s.up), list(s.shown)
    up[slot] = shown[slot] = True
    s.up, s.shown = tuple(up), tuple(shown)
    s.flips -= 1
    ev.append(Event("flip", f"{who(s.turn)} flips {slot_name(slot)}: {kind.name}.",
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
    ev.append(Event("claim", f"{who(s.turn)} claims {tz_name(card)}.",
                    data={"seat": s.turn, "card": CARDS.types[CARDS.tz[card]].key}))


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
        ev.append(Event("steal", f"{who(s.turn)} takes {tz_name(card)} from {who(victim)}.",
                        data={"seat": s.turn, "from": victim,
                              "card": CARDS.types[CARDS.tz[card]].key}))
    search(s, ev)


def stack_gains(s: ZState, top_first: tuple[int, ...], ev: list[Event]) -> None:
    """Put this turn's claims on the stack, ``top_first[0]`` ending on top."""
    if top_first:
        stacks = list(s.stacks)
        stacks[s.turn] = stacks[s.turn] + tuple(reversed(top_first))
        s.stacks = tuple(stacks)
        s.gained = ()
        ev.append(Event("stack", f"{who(s.turn)} now shows {tz_name(top_first[0])} on top.",
                        data={"seat": s.turn, "top": CARDS.types[CARDS.tz[top_first[0]]].key}))
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
        ev.append(Event("last-round", f"The Tzerzurian pile is empty: every player but "
                        f"{who(s.turn)} plays one last turn.", data={"seat": s.turn}))
    if s.ending >= 0 and s.final_left == 0:
        s.phase = "over"
        ev.append(Event("over", "The search is over.", data={}))
        return
    s.turn = (s.turn + 1) % s.players
    start_turn(s, ev)
