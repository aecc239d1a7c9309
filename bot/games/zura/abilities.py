"""Every Zura ability, one handler each: the one place in the game an ability's rules live.

The rulebook leaves the powers open, so ``cards.json`` names them (key, card text) and each
key has a handler here, registered in ``ABILITIES``. The turn (``rules``), the menus
(``decisions``), the rules help (``help``) and the AIs ask the handler on top of the playing
seat's stack; nothing else in the game names an ability. A new ability is its entry in
``cards.json``, a handler here and its caption in ``bot/render/zura.py``.

A handler overrides the moments its card acts at; every default is "no effect":

- ``extra_hand``, ``from_discard``: drawing (hand size, cards the discard pile may give);
- ``bonus``: peeks, flips and steals added to a discard's printed effects;
- ``at_turn_start``, ``act_options``/``act``, ``after_small_discard``: moments that may open
  the handler's own step, named ``phase``, whose decisions are ``pending`` and whose answer
  is ``answer``; the answer says how the turn goes on (``Next``).
"""

from __future__ import annotations

from typing import ClassVar, Literal

from bot.engine import Decision, Event, Option
from bot.engine.datacheck import DataError
from bot.engine.names import seat_said
from bot.engine.said import Said, said, said_n
from bot.games.zura import knowledge
from bot.games.zura import sentences as words
from bot.games.zura.board import (
    ABILITY,
    LAND,
    land_name,
    landscape_options,
    pick,
    set_hand,
    take_from_hand,
    tz_key,
    tz_name,
)
from bot.games.zura.cards import CARDS
from bot.games.zura.scoring import card_value, colour_counts
from bot.games.zura.state import ZState

Next = Literal["draw", "act", "end", "wait"]
"""After an ability's step: draw, discard, end the turn, or wait for another seat's answer."""


class Ability:
    """A top card's power; this base is the empty stack's (no power at all)."""

    key: ClassVar[str] = ""
    topic: ClassVar[Said] = Said("")
    """The ``/rules`` topic, in our own words (the card's text is in ``cards.json``); the
    empty stack's is never shown."""
    rank: ClassVar[int] = 0
    """How much the normal AI wants this power on top (higher first)."""
    phase: ClassVar[str] = ""
    """The step this power opens, if any (a name of ``ZState.phase``)."""
    doing: ClassVar[Said] = said("playing")
    """What the player does in that step, for the table read as text."""
    extra_hand: ClassVar[int] = 0
    """Travel cards drawn beyond the hand size."""
    from_discard: ClassVar[int] = 1
    """Cards a draw may take from the discard pile."""

    def bonus(self, n: int) -> tuple[int, int, int]:
        """Peeks, flips and steals added to a discard of ``n`` cards (3 or more)."""
        return 0, 0, 0

    def at_turn_start(self, s: ZState, ev: list[Event]) -> bool:
        """Act as the turn begins; True when this opens ``phase`` (the draw waits)."""
        return False

    def act_options(self, s: ZState) -> list[Option]:
        """Options offered beside the discards (group ``ability``)."""
        return []

    def act(self, s: ZState, key: str, ev: list[Event]) -> None:
        """One of ``act_options`` was chosen: usually opens ``phase``."""
        raise NotImplementedError(f"{type(self).__name__} offers no option before discarding")

    def after_small_discard(self, s: ZState, ev: list[Event]) -> bool:
        """After a discard of 1 or 2 cards; True when this opens ``phase`` (the turn waits)."""
        return False

    def pending(self, s: ZState) -> list[Decision]:
        """The decisions of ``phase``."""
        return []

    def answer(self, s: ZState, player: int, choice: tuple[str, ...], ev: list[Event]) -> Next:
        """Apply an answer to a decision of ``phase``."""
        raise NotImplementedError(f"{type(self).__name__} opens no step of its own")


class _Table(dict[str, Ability]):
    def __missing__(self, key: str) -> Ability:
        raise DataError(f"Zura ability `{key}` has no handler in "
                            "bot/games/zura/abilities.py.")


ABILITIES: dict[str, Ability] = _Table()
"""Ability key → its handler."""
NONE = Ability()
"""The power of an empty stack."""
_BY_PHASE: dict[str, Ability] = {}


class _ByCard(dict[int, Ability]):
    """Tzerzurian card id → the handler of its ability, looked up once per card."""

    def __missing__(self, card: int) -> Ability:
        found = self[card] = ABILITIES[ABILITY[card]]
        return found


_BY_CARD = _ByCard()


def register(ability: Ability) -> Ability:
    """Make ``ability`` the handler of its key (and of its step, if it has one)."""
    ABILITIES[ability.key] = ability
    if ability.phase:
        _BY_PHASE[ability.phase] = ability
    _BY_CARD.clear()
    return ability


def handler(key: str | None) -> Ability:
    """The handler of ``key``; an empty stack's (None, or ``NONE.key``) has no power."""
    return ABILITIES[key] if key else NONE


def on_top(s: ZState, seat: int) -> Ability:
    """The handler of the ability on top of ``seat``'s stack: the only one that counts."""
    stack = s.stacks[seat]
    return _BY_CARD[stack[-1]] if stack else NONE


def of_phase(phase: str) -> Ability | None:
    """The ability whose own step ``phase`` is, if any."""
    return _BY_PHASE.get(phase)


def effects(n: int, key: str | None) -> tuple[int, int, int]:
    """Peeks, flips and steals owed for discarding ``n`` cards with ``key`` on top.

    Six or more cards (seven is possible with ``hand7``) give the six-card effect.
    """
    if n < 3:
        return 0, 0, 0
    peeks, flips, steals = handler(key).bonus(n)
    return (n >= 5) + peeks, (1 if n == 3 else 2) + flips, (n >= 6) + steals


# --- the default set's abilities ---------------------------------------------------------------

class Peek4(Ability):
    key = "peek4"
    topic = said("When you discard 4 or more cards, you also peek at one search card.")
    rank = 7

    def bonus(self, n: int) -> tuple[int, int, int]:
        return int(n >= 4), 0, 0


class Steal5(Ability):
    key = "steal5"
    topic = said("When you discard 5 or more cards, you may also steal the top card of an "
                 "opponent's stack.")
    rank = 8

    def bonus(self, n: int) -> tuple[int, int, int]:
        return 0, 0, int(n >= 5)


class Hand7(Ability):
    key = "hand7"
    topic = said("You refill your hand to 7 cards instead of 6.")
    rank = 6
    extra_hand = 1


class Discard2(Ability):
    key = "discard2"
    topic = said("When you draw, up to 2 of your cards may come from the discard pile.")
    rank = 5
    from_discard = 2


class Extra12(Ability):
    key = "extra12"
    topic = said("When you discard only 1 or 2 cards, you may throw away one more card of "
                 "another landscape (it does not count towards flips).")
    rank = 4
    phase = "extra"
    doing = said("taking an extra action")

    def after_small_discard(self, s: ZState, ev: list[Event]) -> bool:
        if any(CARDS.travel[c] != s.land for c in s.hands[s.turn]):
            s.phase = self.phase
            return True
        return False

    def pending(self, s: ZState) -> list[Decision]:
        options = landscape_options(s.hands[s.turn],
                                    said("Also throw away a {land} (card {n})"), skip=s.land)
        options.append(Option.of("none", said("Keep the rest of my hand"), "keep"))
        return [pick(s, s.turn, said("Throw away one card of another landscape too?"), options,
                     "none")]

    def answer(self, s: ZState, player: int, choice: tuple[str, ...], ev: list[Event]) -> Next:
        if choice[0] != "none":  # thrown away with no effect of its own
            land = LAND[choice[0]]
            cards, hand = take_from_hand(s.hands[s.turn], land, 1)
            set_hand(s, s.turn, hand)
            s.discard += cards
            knowledge.played(s, s.turn, land, 1)
            ev.append(Event("discard", words.DISCARD_EXTRA,
                            {"player": s.turn, "land": land_name(land)},
                            data={"seat": s.turn, "landscape": land, "count": 1,
                                  "extra": True}))
        return "end"


class Restack(Ability):
    key = "restack"
    topic = said("Once in your turn, before discarding, move any card of your stack to its top "
                 "(and so choose which power you have).")
    rank = 2
    phase = "restack"
    doing = said("putting claimed cards on the stack")

    def act_options(self, s: ZState) -> list[Option]:
        if self.key in s.used or not self.choices(s):
            return []
        return [Option.of(self.key, said("Restack: move one of your cards to the top"),
                          "ability")]

    def choices(self, s: ZState) -> list[Option]:
        """One option per card type below the top (the newest card of each type)."""
        stack = s.stacks[s.turn]
        counts = colour_counts(stack)
        seen = {CARDS.tz[stack[-1]]} if stack else set()
        options = []
        for card in reversed(stack):
            kind = CARDS.types[CARDS.tz[card]]
            if kind.index in seen:
                continue
            seen.add(kind.index)
            points = card_value(kind, counts, s.players)
            options.append(Option.of(str(card), said_n(
                "{card} ({n} point)", "{card} ({n} points)", points, card=Said(kind.name)),
                "stack"))
        return options

    def act(self, s: ZState, key: str, ev: list[Event]) -> None:
        s.phase = self.phase

    def pending(self, s: ZState) -> list[Decision]:
        return [pick(s, s.turn, said("Which card goes on top of your stack?"),
                     self.choices(s))]

    def answer(self, s: ZState, player: int, choice: tuple[str, ...], ev: list[Event]) -> Next:
        card = int(choice[0])
        stacks = list(s.stacks)
        stacks[s.turn] = (*tuple(c for c in stacks[s.turn] if c != card), card)
        s.stacks = tuple(stacks)
        s.used += (self.key,)
        ev.append(Event("restack", words.RESTACK, {"player": s.turn, "card": tz_name(card)},
                        data={"seat": s.turn, "card": tz_key(card)}))
        return "act"


class Scry(Ability):
    key = "scry"
    topic = said("At the start of your turn, look at the top travel card and leave it there or "
                 "send it to the bottom of the deck.")
    rank = 1
    phase = "scry"
    doing = said("looking at the top travel card")

    def at_turn_start(self, s: ZState, ev: list[Event]) -> bool:
        if not s.deck:  # skipped when the travel deck is empty
            return False
        s.scried, s.deck = s.deck[-1], s.deck[:-1]
        s.phase = self.phase
        return True

    def pending(self, s: ZState) -> list[Decision]:
        top = land_name(CARDS.travel[s.scried])
        return [pick(s, s.turn,
                     said("The top travel card is a {land}. Leave it or move it?", land=top),
                     [Option.of("top", said("Leave the {land} on top", land=top), "scry"),
                      Option.of("bottom", said("Put the {land} at the bottom", land=top),
                                "scry")])]

    def answer(self, s: ZState, player: int, choice: tuple[str, ...], ev: list[Event]) -> Next:
        keep = choice[0] == "top"
        card = s.scried
        s.deck = (*s.deck, card) if keep else (card, *s.deck)
        s.scried = -1
        knowledge.looked(s, s.turn, card)
        ev.append(Event("scry", words.SCRY_TOP if keep else words.SCRY_BOTTOM,
                        {"player": s.turn}, data={"seat": s.turn, "kept": keep}))
        return "draw"


class Swap(Ability):
    """Both traders choose at once, without seeing the other's card (a sealed answer)."""

    key = "swap"
    topic = said("Once in your turn, before discarding: pick an opponent; you each give the other "
                 "one travel card of your choice.")
    rank = 3
    phase = "swap"
    doing = said("trading travel cards")

    def act_options(self, s: ZState) -> list[Option]:
        if self.key in s.used:
            return []
        return [Option.of(f"swap:{p}", said("Swap a travel card with {player}",
                                            player=seat_said(p)), "ability")
                for p in range(s.players) if p != s.turn and s.hands[p]]

    def act(self, s: ZState, key: str, ev: list[Event]) -> None:
        s.swap_with, s.phase = int(key.removeprefix("swap:")), self.phase
        ev.append(Event("swap-start", words.SWAP_START,
                        {"player": s.turn, "partner": s.swap_with},
                        data={"seats": [s.turn, s.swap_with]}))

    def pending(self, s: ZState) -> list[Decision]:
        out = []
        for side, seat in enumerate((s.turn, s.swap_with)):
            if s.swap_give[side] < 0:
                partner = s.swap_with if side == 0 else s.turn
                out.append(pick(s, seat, said("Trade with {player}: which card do you give?",
                                              player=seat_said(partner)),
                                landscape_options(s.hands[seat], said("Give a {land} (card {n})"))))
        return out

    def answer(self, s: ZState, player: int, choice: tuple[str, ...], ev: list[Event]) -> Next:
        """Record one side; exchange the cards once both sides have chosen."""
        give = list(s.swap_give)
        give[0 if player == s.turn else 1] = LAND[choice[0]]
        s.swap_give = (give[0], give[1])
        if -1 in give:
            return "wait"
        a, b = s.turn, s.swap_with
        card_a, hand_a = take_from_hand(s.hands[a], give[0], 1)
        card_b, hand_b = take_from_hand(s.hands[b], give[1], 1)
        set_hand(s, a, tuple(sorted(hand_a + card_b)))
        set_hand(s, b, tuple(sorted(hand_b + card_a)))
        s.used += (self.key,)
        knowledge.traded(s, a, b, give[0], give[1])
        s.swap_with, s.swap_give = -1, (-1, -1)
        ev.append(Event("swap", words.SWAP, {"player": a, "partner": b},
                        data={"seats": [a, b]}))
        for me, gave, got in ((a, give[0], give[1]), (b, give[1], give[0])):
            ev.append(Event("swapped", words.SWAPPED,
                            {"player": me, "gave": land_name(gave), "got": land_name(got)},
                            audience=(me,), data={"gave": gave, "got": got}))
        return "act"


for _ability in (Peek4(), Steal5(), Extra12(), Restack(), Hand7(), Discard2(), Scry(), Swap()):
    register(_ability)

