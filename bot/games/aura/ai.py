"""Aura AI players, from the seat's view and the open decision only (DESIGN §7).

``random`` samples uniformly among legal answers (a legal play is sampled, never guessed).
``normal`` plays by simple heuristics over the seat's own view. Before the reveal every card
on the table is face down, so plays and blocks are judged by how likely a blind opponent
card is to beat them. After the reveal everything on the table is known, and each choice
(Return, Trade, a wild's number) is judged exactly with the rules' own ``judge``: the AI
picks what leaves its opponents owing the most and itself the least.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from bot.engine import ORDER, Action, Decision, Rng
from bot.games.aura.cards import (
    ACTION,
    BLOCK,
    CARD_KEY,
    CARDS,
    COLOUR,
    COLOURS,
    DOUBLE,
    EMPTY,
    KEY_CARD,
    KIND,
    NUMBER,
    RANK,
    RETURN,
    REVERSE,
    TRADE,
    VALUE,
    WILD,
)
from bot.games.aura.decisions import kind
from bot.games.aura.outcome import Outcome, judge
from bot.games.aura.rules import PLAY_MAX, PLAY_MIN
from bot.games.aura.view import AuraView, Shown, Table

# --- random ---------------------------------------------------------------------------------

_new = tuple.__new__
"""The random AI builds its ``Action`` as the tuple itself: the named tuple's ``__new__`` is a
Python function, a call more on every random decision."""


def tag(decision: Decision) -> str:
    """The kind of decision, from the tag that ends its id (see ``decisions``)."""
    return kind(decision.id)


def sample_play(hand: list[int], rng: Rng) -> list[int]:
    """A uniformly chosen kind of legal play: one colour, or all different colours."""
    by_colour: dict[int, list[int]] = {}
    for c in hand:
        by_colour.setdefault(COLOUR[c], []).append(c)
    groups = [g for g in by_colour.values() if len(g) >= PLAY_MIN]
    kinds = (["same"] if groups else []) + (["mixed"] if len(by_colour) >= PLAY_MIN else [])
    if rng.choice(kinds) == "same":
        group = rng.choice(groups)
        size = PLAY_MIN + rng.randrange(min(PLAY_MAX, len(group)) - 1)
        return [group.pop(rng.randrange(len(group))) for _ in range(size)]
    colours = list(by_colour.values())
    size = PLAY_MIN + rng.randrange(min(PLAY_MAX, len(colours)) - 1)
    chosen = [colours.pop(rng.randrange(len(colours))) for _ in range(size)]
    return [rng.choice(g) for g in chosen]


def _pick(items: list[str], k: int, rng: Rng) -> list[str]:
    """``k`` distinct items in random order, drawing only ``k`` random numbers."""
    pool = list(items)
    return [pool.pop(rng.randrange(len(pool))) for _ in range(k)]


def choose_random(decision: Decision, rng: Rng) -> Action:
    kind = tag(decision)
    options = decision.options
    if kind == "play":
        picked = sample_play([KEY_CARD[o.key] for o in options], rng)
        return _new(Action, (decision.id, tuple([CARD_KEY[c] for c in picked])))
    if kind == "block":
        # Uniform over the kind of answer first (a card, leave it, stop), so stopping early
        # is explored as often as blocking. A block menu lists the hand, then one or two
        # ways to leave cards (``decisions.BLOCK_ENDS``): counted from the end, so a block,
        # nearly half of all decisions, reads two options rather than the whole menu.
        ends = 1
        while ends < len(options) and options[-1 - ends].group != "hand":
            ends += 1
        held = len(options) - ends
        pick = rng.randrange(ends + (held > 0))
        at = held + pick if pick < ends else rng.randrange(held)
        return _new(Action, (decision.id, (options[at].key,)))
    if decision.max == 1 and decision.kind != ORDER:
        return _new(Action, (decision.id, (rng.choice(options).key,)))
    count = len(options) if decision.kind == ORDER else decision.min
    return _new(Action, (decision.id, tuple(_pick([o.key for o in options], count, rng))))


# --- normal ---------------------------------------------------------------------------------

PLACED = 0.75
"""How often a blind blocker is assumed to put a card in front of any one card."""
SHARE = 1 / COLOURS
_TOP = CARDS.per_colour
KEEP_VALUE = {RETURN: 2.0, TRADE: 1.4, DOUBLE: 2.4, REVERSE: 0.8, BLOCK: 3.0}
"""What an action card in hand is worth, in cards (discard choices keep the dear ones)."""


def beaten_by_chance(card: int) -> float:
    """The chance that one random card of a deck beats ``card`` (colour trump or higher)."""
    if KIND[card] == NUMBER:
        higher = CARDS.numbers - VALUE[card] + 1 + (VALUE[card] < CARDS.numbers)
    else:
        higher = 1 if KIND[card] == WILD else 0
    return SHARE + SHARE * higher / _TOP


def beats_by_chance(card: int) -> float:
    """The chance that ``card`` as a block beats one random card of a deck."""
    if card == BLOCK:
        return 1.0
    rank = CARDS.numbers if KIND[card] == WILD else RANK[card]
    return SHARE + SHARE * (rank - 1) / _TOP


def play_score(cards: tuple[int, ...], can_trade: bool) -> float:
    """Expected discards one blind blocker suffers from ``cards``, plus the actions' worth."""
    groups: dict[int, list[int]] = {}
    wilds = 0
    for c in cards:
        if KIND[c] == WILD:
            wilds += 1
        else:
            groups.setdefault(VALUE[c] or -c - 1, []).append(c)
    unblocked = 0.0
    for members in groups.values():
        all_blocked = 1.0
        for c in members:
            all_blocked *= PLACED * beaten_by_chance(c)
        unblocked += len(members) * (1 - all_blocked)
    unblocked += wilds * 1.2
    if REVERSE in cards:
        unblocked = len(cards) - unblocked
    if DOUBLE in cards:
        unblocked *= 2
    bonus = 0.5 * (RETURN in cards) + 0.4 * (TRADE in cards and can_trade)
    return unblocked + bonus - 1.5 * (BLOCK in cards)


def legal_plays(hand: list[int]) -> list[tuple[int, ...]]:
    out = []
    for size in range(PLAY_MIN, min(PLAY_MAX, len(hand)) + 1):
        for combo in combinations(hand, size):
            colours = {COLOUR[c] for c in combo}
            if len(colours) in (1, size):
                out.append(combo)
    return out


def keep_value(card: int) -> float:
    """How much keeping ``card`` is worth (discard the cheapest)."""
    if KIND[card] == ACTION:
        return KEEP_VALUE[card]
    if KIND[card] == WILD:
        return 1.6
    return 0.3 + VALUE[card] / CARDS.numbers


# --- reading the table off the view ---------------------------------------------------------

def _me(view: AuraView) -> int:
    """The deciding seat: an AI only ever reads its own seat's view."""
    me = view["viewer"]
    if me is None:
        raise ValueError("An AI decides from its own seat's view.")
    return me


def _table(view: AuraView) -> Table:
    """The cards on the table, which every decision but a play is about."""
    table = view["table"]
    if table is None:
        raise ValueError("No cards are on the table.")
    return table


def table_of(view: AuraView) -> tuple[list[list[int]], list[list[int]]]:
    """The table's rows and the named wild numbers per seat, as ``judge`` wants them."""
    table = _table(view)
    players = view["players"]
    rows = [[EMPTY] * len(table["cards"]) for _ in range(players)]
    named = [[0] * COLOURS for _ in range(players)]

    def put(seat: int, i: int, entry: Shown | None) -> None:
        if entry is None or "back" in entry:
            return
        card = entry["id"]
        rows[seat][i] = card
        if KIND[card] == WILD and entry["value"]:
            named[seat][COLOUR[card]] = entry["value"]

    for i, slot in enumerate(table["cards"]):
        put(table["active"], i, slot["card"])
    for row in table["blockers"]:
        for i, cell in enumerate(row["cells"]):
            put(row["seat"], i, cell["card"] if cell else None)
    return rows, named


def worth(view: AuraView, result: Outcome, me: int | None = None) -> float:
    """How good ``result`` is for ``me`` (the viewer by default): opponents' discards
    against their own."""
    me = _me(view) if me is None else me
    owes = result.owes
    others = len(owes) - 1
    score = (sum(owes) - owes[me]) / others - owes[me]
    stopped = any(result.blocked_all)
    if view["active"] == me:
        return score + (0.8 if stopped and not view["additional_turn"] else 0.0)
    return score - (0.8 / others if stopped and not view["additional_turn"] else 0.0)


SEARCHED_WILDS = 2
"""Unnamed wilds whose every number is tried; any further ones are named greedily."""


def unnamed_wilds(view: AuraView, rows: list[list[int]], named: list[list[int]]
                  ) -> list[tuple[int, int]]:
    """Wilds on the table still without a number, as (seat, colour), in the order their
    owners name them: the seat resolving now first, then the others in turn order."""
    players = view["players"]
    first = _table(view)["resolving"]
    first = _me(view) if first is None else first
    out = []
    for k in range(players):
        seat = (first + k) % players
        for c in rows[seat]:
            if c != EMPTY and KIND[c] == WILD and not named[seat][COLOUR[c]]:
                out.append((seat, COLOUR[c]))
    return out


_NUMBERS = tuple(range(CARDS.numbers, 0, -1))
"""The numbers a wild can be named, in the order they are tried (highest first)."""


def distinct_numbers(rows: list[list[int]], names: list[list[int]], active: int, seat: int,
                     colour: int, numbers: Sequence[int]) -> list[int]:
    """``numbers`` less those that leave every block and chain as an earlier one does.

    A wild's number counts only against the numbers it meets: the same-colour card it blocks
    or is blocked by, and (played by the active player) the numbers it could chain with. Two
    numbers on the same side of each of those give the same ``judge`` outcome, so only the
    first is weighed, and it is also the one a full enumeration would pick on a tie. A card
    it meets that is itself a wild still unnamed makes every number count.
    """
    row = rows[seat]
    pos = next(i for i, c in enumerate(row) if c != EMPTY and KIND[c] == WILD
               and COLOUR[c] == colour)
    met: list[int] = []

    def meet(owner: int, card: int) -> bool:
        if KIND[card] != WILD:
            met.append(RANK[card])
            return True
        met.append(names[owner][COLOUR[card]])
        return met[-1] != 0

    if seat == active:
        whole = all(meet(seat, c) for i, c in enumerate(row) if c != EMPTY and i != pos)
        whole = whole and all(meet(s, r[pos]) for s, r in enumerate(rows) if s != seat
                              and r[pos] != EMPTY and COLOUR[r[pos]] == colour)
    else:
        target = rows[active][pos]
        whole = target == EMPTY or COLOUR[target] != colour or meet(active, target)
    if not whole:
        return list(numbers)
    seen: dict[tuple[int, ...], int] = {}
    for n in numbers:
        seen.setdefault(tuple((n > m) - (n < m) for m in met), n)
    return list(seen.values())


def settle(view: AuraView, rows: list[list[int]], named: list[list[int]],
           order: list[tuple[int, int]]) -> Outcome:
    """The outcome once every wild in ``order`` is named by its owner to suit that owner.

    A wild not yet named is unknown, not 0: each owner, in naming order, picks the number
    that is best for them given how the later owners will answer. The last
    ``SEARCHED_WILDS`` are searched through; any before them are named greedily (the later
    ones counted as unnamed), which bounds the work at 8 ** SEARCHED_WILDS tables, and only
    one number of each kind the table tells apart is tried (``distinct_numbers``).
    """
    active = _table(view)["active"]
    names = [list(n) for n in named]
    for i, (seat, colour) in enumerate(order):
        rest = order[i + 1:]
        searched = len(rest) < SEARCHED_WILDS
        best: tuple[float, int, Outcome] | None = None
        for value in distinct_numbers(rows, names, active, seat, colour, _NUMBERS):
            names[seat][colour] = value
            result = settle(view, rows, names, rest) if searched else judge(rows, active, names)
            score = worth(view, result, seat)
            if best is None or score > best[0]:
                best = (score, value, result)
        assert best is not None
        if searched:
            return best[2]
        names[seat][colour] = best[1]
    return judge(rows, active, names)


def _best(view: AuraView, options: list[str], table_for: Callable[[str], tuple[
        list[list[int]], list[list[int]]]]) -> str:
    """The option whose resulting table is worth most to the viewer (first one on ties),
    with every wild still unnamed answered by its owner (see ``settle``)."""
    scored = []
    for n, key in enumerate(options):
        rows, named = table_for(key)
        result = settle(view, rows, named, unnamed_wilds(view, rows, named))
        scored.append((worth(view, result), -n, key))
    return max(scored)[2]


# --- each kind of decision ------------------------------------------------------------------

def ranked_plays(view: AuraView, decision: Decision) -> list[tuple[int, ...]]:
    """Every legal play, best by ``play_score`` first (ties in hand order)."""
    hand = [int(o.key) for o in decision.options]
    can_trade = view["seats"][_me(view)]["discard"] > 0
    plays = legal_plays(hand)
    return sorted(plays, key=lambda combo: -play_score(combo, can_trade))


def _play(view: AuraView, decision: Decision) -> tuple[str, ...]:
    return tuple(str(c) for c in ranked_plays(view, decision)[0])


def _block(view: AuraView, decision: Decision) -> tuple[str, ...]:
    """The likeliest blind winner; nothing more once the Block card already covers all."""
    rows, _ = table_of(view)
    cards = [int(o.key) for o in decision.options if o.group == "hand"]
    usable = [c for c in cards if c not in (DOUBLE, REVERSE)]
    if not usable or BLOCK in rows[_me(view)]:
        return ("done",) if decision.option("done") else ("none",)
    return (str(max(usable, key=beats_by_chance)),)


def _return(view: AuraView, decision: Decision) -> tuple[str, ...]:
    rows, named = table_of(view)

    def without(key: str) -> tuple[list[list[int]], list[list[int]]]:
        if key == "none":
            return rows, named
        seat, _, pos = key.partition(".")
        changed = [list(r) for r in rows]
        changed[int(seat)][int(pos)] = EMPTY
        return changed, named

    return (_best(view, [o.key for o in decision.options], without),)


def _trade(view: AuraView, decision: Decision) -> tuple[str, ...]:
    me = _me(view)
    rows, named = table_of(view)
    pos = rows[me].index(TRADE)
    keys = [o.key for o in decision.options]
    if keys[0].startswith("col"):
        pile = [c["id"] for c in view["seats"][me]["discarded"] or []]
        colours = {k: [c for c in pile if f"col{COLOUR[c]}" == k] for k in keys if k != "keep"}
        flat = {f"d{c}": k for k, cards in colours.items() for c in cards}
        pick = _trade_pick(view, rows, named, me, pos, [*flat, "keep"])
        return (flat.get(pick, "keep"),)
    return (_trade_pick(view, rows, named, me, pos, keys),)


def _trade_pick(view: AuraView, rows: list[list[int]], named: list[list[int]], me: int, pos: int,
                keys: list[str]) -> str:
    def swapped(key: str) -> tuple[list[list[int]], list[list[int]]]:
        if key == "keep":
            return rows, named
        card = int(key[1:])
        changed = [list(r) for r in rows]
        changed[me][pos] = card
        return changed, named

    return _best(view, keys, swapped)


def _wild(view: AuraView, decision: Decision) -> tuple[str, ...]:
    me = _me(view)
    rows, named = table_of(view)
    pos = next(i for i, c in enumerate(rows[me]) if c != EMPTY and KIND[c] == WILD
               and not named[me][COLOUR[c]])
    colour = COLOUR[rows[me][pos]]

    def naming(key: str) -> tuple[list[list[int]], list[list[int]]]:
        names = [list(n) for n in named]
        names[me][colour] = int(key)
        return rows, names

    numbers = distinct_numbers(rows, named, _table(view)["active"], me, colour,
                               [int(o.key) for o in reversed(decision.options)])
    return (_best(view, [str(n) for n in numbers], naming),)


def ranked_discards(view: AuraView, decision: Decision) -> list[str]:
    """The options of a discard, cheapest to give up first."""
    rows, _ = table_of(view)
    mine = rows[_me(view)]

    def cost(key: str) -> float:
        if key.startswith("t"):
            return 0.9 + int(key[1:]) * 1e-3
        if key.startswith("b"):
            return 0.6 * keep_value(mine[int(key[1:])])
        return keep_value(int(key))

    return sorted((o.key for o in decision.options), key=cost)


def _discard(view: AuraView, decision: Decision) -> tuple[str, ...]:
    return tuple(ranked_discards(view, decision)[:decision.min])


def choose_normal(view: AuraView, decision: Decision, rng: Rng) -> Action:
    kind = tag(decision)
    keys: tuple[str, ...]
    if kind == "play":
        keys = _play(view, decision)
    elif kind == "block":
        keys = _block(view, decision)
    elif kind == "return":
        keys = _return(view, decision)
    elif kind == "trade":
        keys = _trade(view, decision)
    elif kind == "wild":
        keys = _wild(view, decision)
    elif kind == "discard":
        keys = _discard(view, decision)
    elif kind == "order":
        keys = tuple(sorted((o.key for o in decision.options), key=lambda k: int(k) != TRADE))
    elif kind == "stack":
        keys = tuple(sorted((o.key for o in decision.options),
                            key=lambda k: -keep_value(int(k))))
    else:
        keys = ("again",) if decision.option("again") else (decision.options[0].key,)
    return Action(decision.id, keys)


def choose(level: str, view: AuraView, decision: Decision, rng: Rng) -> Action:
    if level == "normal":
        return choose_normal(view, decision, rng)
    return choose_random(decision, rng)
