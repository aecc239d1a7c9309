"""The pieces of a Zura table that rules, abilities and menus share: names, hands, slots.

Kept apart from ``rules`` so the ability handlers (``abilities``) can use them while the turn
in ``rules`` calls those handlers, without an import cycle.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import PICK, Decision, Option
from bot.engine.names import player
from bot.engine.said import Said, said_n
from bot.games.zura.cards import CARDS
from bot.games.zura.state import ZState

IMP, HERMIT = "imp", "hermit"

who = player
"""A seat's neutral name in texts ("Player 2"); front ends swap in display names."""


def count_of(n: int, land: int) -> Said:
    """ "1 Forest card", "3 Forest cards"."""
    return said_n("{n} {land} card", "{n} {land} cards", n, land=land_name(land))


def travel_cards(n: int) -> Said:
    """ "1 travel card", "3 travel cards"."""
    return said_n("{n} travel card", "{n} travel cards", n)


_NAMES = tuple(Said(land.name) for land in CARDS.landscapes)


def land_name(land: int) -> Said:
    """A landscape's name, said in the reader's language (its English name is the message,
    ``bot.words.tables`` puts the card set's names into the catalogues)."""
    return _NAMES[land]


LAND = {land.key: land.index for land in CARDS.landscapes}
"""Landscape key → index (the keys of landscape menu options)."""


def tz_name(card: int) -> Said:
    return Said(CARDS.types[CARDS.tz[card]].name)


def tz_key(card: int) -> str:
    return CARDS.types[CARDS.tz[card]].key


SLOT_NAMES = tuple(f"{chr(ord('A') + i // CARDS.columns)}{i % CARDS.columns + 1}"
                   for i in range(CARDS.slots))
""""A1" … "B4": row letter, column number."""


def slot_name(slot: int) -> str:
    return SLOT_NAMES[slot]


ABILITY = tuple(CARDS.types[t].ability for t in CARDS.tz)
"""Tzerzurian card id → its ability key."""
KIND = tuple(CARDS.types[t].kind for t in CARDS.tz)
"""Tzerzurian card id → tzerzurian, hermit or imp."""


_SLOT_INDEXES = range(CARDS.slots)


def face_down(s: ZState) -> list[int]:
    return [i for i, c, up in zip(_SLOT_INDEXES, s.slots, s.up, strict=True)
            if c >= 0 and not up]


def stealable(s: ZState) -> list[int]:
    return [p for p in range(s.players) if p != s.turn and s.stacks[p]]


def set_hand(s: ZState, seat: int, hand: tuple[int, ...]) -> None:
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


# --- building decisions ---------------------------------------------------------------------

def window(s: ZState, player: int) -> str:
    """A whole turn is one window for the seat playing it; a trade partner's answer is one
    window of its own."""
    return f"{s.turns}" if player == s.turn else f"{s.turns}.trade"


def pick(s: ZState, player: int, prompt: Said, options: Sequence[Option],
         default: str | None = None) -> Decision:
    """A pick-one decision of ``player`` in the current phase."""
    chosen = default if default is not None else options[0].key
    return Decision(f"{s.step}.{s.phase}.{player}", player, PICK, prompt, tuple(options),
                    1, 1, (chosen,), window(s, player))


def hand_groups(hand: tuple[int, ...]) -> list[tuple[int, int, int]]:
    return land_groups(tuple(CARDS.travel[c] for c in hand))


def land_groups(lands: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """(landscape, first card number, count) for each landscape in the hand, in hand order."""
    groups: list[tuple[int, int, int]] = []
    for number, land in enumerate(lands, start=1):
        if groups and groups[-1][0] == land:
            groups[-1] = (land, groups[-1][1], groups[-1][2] + 1)
        else:
            groups.append((land, number, 1))
    return groups


def landscape_options(hand: tuple[int, ...], label: Said, skip: int = -1) -> list[Option]:
    """One option per landscape in the hand, ``label`` filled with it: the card it spends is
    the first of that landscape, named by its number on the hand image. The group is not
    "hand", which the Discord menus would number as if each option were one card in hand
    order (issue 16)."""
    return [Option(CARDS.landscapes[land].key, label.with_values(land=land_name(land),
                                                                 n=first), "landscape")
            for land, first, _ in hand_groups(hand) if land != skip]
