"""Who blocked what: the blocking rules as one pure function of the cards on the table.

The rules, the views and the AI all judge a table through ``judge`` so they never disagree.
A block beats its target when its colour trumps the target's colour (whatever the values) or
when it has the same colour and a higher value; actions count above every number; a wild
counts as the number its owner named (0 until then). Each blocker is judged on their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bot.games.aura.cards import (
    BLOCK,
    COLOUR,
    DOUBLE,
    EMPTY,
    KIND,
    RANK,
    REVERSE,
    TRUMPS,
    VALUE,
    WILD,
)
from bot.games.aura.state import BLOCKED, BY_BLOCK, BY_HIGHER, BY_TRUMP, DISCARDS


def beats(block: int, block_named: Sequence[int], target: int, target_named: Sequence[int]
          ) -> int:
    """``BY_TRUMP``, ``BY_HIGHER`` or 0: how ``block`` stops ``target``, if it does.

    Same colour: the strength decides, a wild's being the number its owner named
    (``*_named`` holds each owner's wild numbers by colour), any other card's its ``RANK``.
    """
    colour = COLOUR[block]
    if TRUMPS[colour] == COLOUR[target]:
        return BY_TRUMP
    if colour == COLOUR[target] and (
            block_named[colour] if KIND[block] == WILD else RANK[block]) > (
            target_named[colour] if KIND[target] == WILD else RANK[target]):
        return BY_HIGHER
    return 0


_new = tuple.__new__
"""``judge`` builds its ``Outcome`` as the tuple itself: the named tuple's ``__new__`` is a
Python function, and the AI judges thousands of tables a decision."""


class Outcome(NamedTuple):
    """A named tuple, not a frozen dataclass: the AI judges thousands of tables a decision."""

    marks: tuple[tuple[int, ...], ...]
    """Per seat and position: how the block beat (``HOW_MASK`` bits), ``BLOCKED`` once the
    chains are applied, ``DISCARDS`` when that card costs the seat a discard (Reverse applied).
    The active player's row is all zeros."""
    owes: tuple[int, ...]
    blocked_all: tuple[bool, ...]
    double: bool
    reverse: bool
    chains: tuple[int, ...]
    """Per position of the active player's cards: the shared number when chained, else 0."""


def chains_of(played: Sequence[int], named: Sequence[int]) -> tuple[int, ...]:
    """Per position, the number a card shares with another (its value, a wild's named
    number; actions have none), else 0."""
    # One pass that notices a repeated number (most plays have none), not three.
    numbers: list[int] = []
    repeated = False
    for c in played:
        n = (named[COLOUR[c]] if KIND[c] == WILD else VALUE[c]) if c != EMPTY else 0
        if n and n in numbers:
            repeated = True
        numbers.append(n)
    if not repeated:
        return (0,) * len(numbers)
    return tuple([n if n and numbers.count(n) > 1 else 0 for n in numbers])


def judge(table: Sequence[Sequence[int]], active: int,
          wilds: Sequence[Sequence[int]]) -> Outcome:
    """The outcome of a full table: ``table[s]`` is seat ``s``'s row by position."""
    played = table[active]
    named = wilds[active]
    size = len(played)
    double = False
    reverses = 0
    for row in table:
        if DOUBLE in row:
            double = True
        if REVERSE in row:
            reverses += row.count(REVERSE)
    reverse = reverses % 2 == 1
    chains = chains_of(played, named)
    chained = any(chains)
    targets = [i for i, t in enumerate(played) if t != EMPTY]
    marks: list[tuple[int, ...]] = []
    owes: list[int] = []
    blocked_all: list[bool] = []
    for seat, row in enumerate(table):
        if seat == active:
            marks.append((0,) * size)
            owes.append(0)
            blocked_all.append(False)
            continue
        hows = [0] * size
        if BLOCK in row:
            for i in targets:
                hows[i] = BY_BLOCK
        else:
            mine = wilds[seat]
            for i in targets:
                if row[i] != EMPTY:
                    hows[i] = beats(row[i], mine, played[i], named)
        # A chain is blocked only when every card in it is.
        open_chains = ({chains[i] for i in targets if chains[i] and not hows[i]}
                       if chained else ())
        cells = [0] * size
        lost = 0
        every = True
        for i in targets:  # a stopped card costs nothing, an open one a discard; Reverse flips it
            how = hows[i]
            if how and chains[i] not in open_chains:
                cells[i] = how | BLOCKED | DISCARDS if reverse else how | BLOCKED
                lost += reverse
            else:
                every = False
                cells[i] = how if reverse else how | DISCARDS
                lost += not reverse
        marks.append(tuple(cells))
        owes.append(lost * 2 if double else lost)
        blocked_all.append(every)
    return _new(Outcome, (tuple(marks), tuple(owes), tuple(blocked_all), double, reverse, chains))
