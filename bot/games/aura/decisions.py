"""The open decisions of a state, as menus fit for Discord (at most 25 options each).

Every decision id ends with a tag naming its kind (``play``, ``block``, ``order``,
``return``, ``trade``, ``wild``, ``discard``, ``stack``, ``extra``); the AI dispatches on it.
Ids of one-at-a-time decisions carry the state's step; a simultaneous decision (blocks in
the simultaneous variant, discards, stacking) carries the step at which its phase opened
plus the seat, so it keeps its id until that seat answers.

Option keys: a hand card is its id (``"17"``, group ``hand``, in hand order); a card on the
table is ``"<seat>.<position>"``; a player's own block is ``"b<position>"``; cards off the
top of the deck are ``"t1"``, ``"t2"``…; a card in the discard pile is ``"d<id>"``; a colour
is ``"col<index>"``; a wild's number is its digit.
"""

from __future__ import annotations

from bot.engine import ORDER, PICK, Decision, Option
from bot.engine.names import seat_said
from bot.engine.said import Said, as_is, said, said_n
from bot.games.aura.cards import AURA, CARD_KEY, CARDS, COLOUR, EMPTY, NAMED, RETURN, TRADE
from bot.games.aura.rules import PLAY_MAX, PLAY_MIN, reachable, unnamed_wild
from bot.games.aura.state import (
    BLOCK,
    CLEANUP,
    DISCARD,
    EXTRA,
    ORDERING,
    PLAY,
    REVEAL,
    AuraState,
    placing,
)

MENU_MAX = 25
KINDS = (PLAY, BLOCK, ORDERING, "return", "trade", "wild", DISCARD, "stack", EXTRA)
"""Every kind of decision, by the tag its id ends with (the order a first game meets them)."""


def kind(decision_id: str) -> str:
    """The kind of a decision, from the tag that ends its id."""
    return decision_id.rpartition(".")[2]

_new = tuple.__new__
"""Decisions of a play, a block and a discard (most of a game's) are built as the tuple
itself: the named tuple's ``__new__`` is a Python function taking ten arguments."""
HAND = tuple(Option(CARD_KEY[c], NAMED[c], "hand") for c in range(AURA))
FROM_PILE = tuple(Option(f"d{c}", NAMED[c], "discard") for c in range(AURA))
NONE = Option("none", said("Leave it unblocked"))
DONE = Option("done", said("Stop blocking (leave the rest)"))
BLOCK_ENDS = ((NONE,), (NONE, DONE))
"""After the hand in a block menu; stopping is offered while more than one card is left."""
RETURN_NOTHING = Option("none", said("Return nothing"))
KEEP = Option("keep", said("Keep the Trade card"))
VALUES = tuple(Option(str(v), as_is(v)) for v in range(1, CARDS.numbers + 1))
"""A wild's number: the digit is the whole label, in every language."""
TOPS = tuple(Option(f"t{k}", said("Top of deck #{n}", n=k), "deck")
             for k in range(1, MENU_MAX))
AGAIN = Option("again", said("Take the additional turn"))
PASS = Option("pass", said("Pass"))
COLOUR_OPTS = tuple(Option(f"col{k}", said("{colour} cards",
                                           colour=Said(name.capitalize())), "colour")
                    for k, name in enumerate(CARDS.colours))
YOUR_BLOCKS = tuple(tuple(Option(f"b{i}", said("{card} (your block on card {n})",
                                                card=NAMED[c], n=i + 1), "table")
                          for c in range(AURA)) for i in range(PLAY_MAX))
"""``YOUR_BLOCKS[position][card]``: a block of one's own to discard."""
BLOCK_PROMPTS = {(target, size, active): said(
    "Card {n} of {size} from {player} lies face down: block it with a card, or leave it.",
    n=target + 1, size=size, player=seat_said(active))
                 for size in range(PLAY_MIN, PLAY_MAX + 1) for target in range(size)
                 for active in range(4)}
PLAY_PROMPT = said("Play 2–5 cards face down: all of one colour, or all of different colours.")
ORDER_ACTIONS = said("Choose the order in which your actions resolve.")
RETURN_PROMPT = said("Return: send one card on the table back to its owner's hand.")
UNDER_DECK = said("Order your cards going under your deck: the first is drawn first.")
AGAIN_PROMPT = said("Every card of yours was stopped: play again now (nobody draws), or pass?")
# Menus are built for every open decision of every step: what can be is built once above.


def decision_id(state: AuraState, seat: int) -> str:
    """The id of ``seat``'s open decision (whether or not one is open)."""
    phase = state.phase
    if phase == BLOCK and state.simultaneous:
        return f"b{state.window}.{seat}.{state.cursor[seat]}.block"
    if phase == DISCARD:
        return f"d{state.window}.{seat}.discard"
    if phase == CLEANUP:
        return f"c{state.window}.{seat}.stack"
    if phase == REVEAL:
        tag = "order" if state.stage == ORDERING else (
            "wild" if not state.todo else "return" if state.todo[0] == RETURN else "trade")
        return f"a{state.step}.{tag}"
    return f"a{state.step}.{phase}"


def _play(state: AuraState, window: str) -> Decision:
    hand = state.hands[state.active]
    return _new(Decision, (
        decision_id(state, state.active), state.active, PICK, PLAY_PROMPT,
        tuple([HAND[c] for c in hand]), PLAY_MIN, min(PLAY_MAX, len(hand)),
        (CARD_KEY[hand[0]], CARD_KEY[hand[1]]), window, False))


def _block(state: AuraState, seat: int, window: str) -> Decision:
    size = len(state.table[state.active])
    target = state.cursor[seat]
    options = (*[HAND[c] for c in state.hands[seat]], *BLOCK_ENDS[size - target > 1])
    prompt = BLOCK_PROMPTS[target, size, state.active]
    return _new(Decision, (decision_id(state, seat), seat, PICK, prompt, options, 1, 1,
                           (options[-1].key,), window, False))


def table_options(state: AuraState) -> tuple[Option, ...]:
    """Every card on the table, the active player's first, then blockers in turn order."""
    out = []
    for k in range(state.players):
        seat = (state.active + k) % state.players
        for i, c in enumerate(state.table[seat]):
            if c == EMPTY:
                continue
            label = said("{card} ({player}, card {n})", card=NAMED[c],
                         player=seat_said(seat), n=i + 1) if seat == state.active else \
                said("{card} ({player}, block on {n})", card=NAMED[c], player=seat_said(seat),
                     n=i + 1)
            out.append(Option(f"{seat}.{i}", label, "table"))
    return tuple(out)


def trade_options(state: AuraState) -> tuple[Option, ...]:
    """The resolver's discard pile; by colour first when it is too long for one menu."""
    pile = sorted(state.discards[state.resolver])
    if state.trade_colour >= 0:
        pile = [c for c in pile if COLOUR[c] == state.trade_colour]
    elif len(pile) >= MENU_MAX:
        colours = {COLOUR[c] for c in pile}
        return (*(COLOUR_OPTS[k] for k in sorted(colours)), KEEP)
    return (*(FROM_PILE[c] for c in pile), KEEP)


def _reveal(state: AuraState, window: str) -> Decision:
    seat = state.resolver
    did = decision_id(state, seat)
    if state.stage == ORDERING:
        acts = tuple(Option(str(c), NAMED[c]) for c in state.table[seat]
                     if c in (RETURN, TRADE))
        return Decision(did, seat, ORDER, ORDER_ACTIONS, acts, len(acts), len(acts),
                        tuple(o.key for o in acts), window)
    if state.todo:
        if state.todo[0] == RETURN:
            return Decision(did, seat, PICK, RETURN_PROMPT,
                            (*table_options(state), RETURN_NOTHING),
                            default=(RETURN_NOTHING.key,), window=window)
        options = trade_options(state)
        prompt = said("Trade: first pick a colour from your discard pile.") \
            if options[0].group == "colour" \
            else said("Trade: swap your Trade card for a card from your discard pile.")
        return Decision(did, seat, PICK, prompt, options, default=(KEEP.key,),
                        window=window)
    row = state.table[seat]
    where = unnamed_wild(row, state.wilds[seat])
    prompt = said("Name the number of your {card} (card {n}).", card=NAMED[row[where]],
                  n=where + 1) if seat == state.active else \
        said("Name the number of your {card} (your block on card {n}).",
             card=NAMED[row[where]], n=where + 1)
    return Decision(did, seat, PICK, prompt, VALUES, default=(VALUES[-1].key,),
                    window=window)


def _discard(state: AuraState, seat: int, window: str) -> Decision:
    count = state.owing[seat]
    blocks = tuple([YOUR_BLOCKS[i][c] for i, c in enumerate(state.table[seat]) if c != EMPTY])
    tops = TOPS[:min(count, reachable(state.decks, state.surfaced, seat))]
    hand = tuple([HAND[c] for c in state.hands[seat]])
    options = blocks + hand + tops
    default = tuple([o.key for o in (tops + blocks + hand)[:count]])
    prompt = said_n("Discard {n}: from your blocks, your hand, or the top of your deck (you "
                    "see those only after choosing).", "Discard {n}: from your blocks, your "
                    "hand, or the top of your deck (you see those only after choosing).", count)
    return _new(Decision, (decision_id(state, seat), seat, PICK, prompt, options, count,
                           count, default, window, True))


def _stack(state: AuraState, seat: int, window: str) -> Decision:
    cards = tuple(Option(str(c), NAMED[c]) for c in state.table[seat] if c != EMPTY)
    return Decision(decision_id(state, seat), seat, ORDER, UNDER_DECK, cards, len(cards),
                    len(cards), tuple(o.key for o in cards), window)


def window_of(state: AuraState) -> str:
    """The decision window open now: the active player's play, one blocker's blocks, one
    resolver's reveal choices, the discards, the cleanup. The offer to play again after
    every card was stopped opens the additional turn's play window."""
    phase = state.phase
    if phase == EXTRA:
        return f"{state.turn + 1}.{PLAY}"
    return f"{state.turn}.{phase}"


def pending(state: AuraState) -> list[Decision]:
    """The open decisions, each marked with its window."""
    window = window_of(state)
    phase = state.phase
    if phase == PLAY:
        return [_play(state, window)]
    if phase == BLOCK:
        return [_block(state, s, window) for s in placing(state)]
    if phase == REVEAL:
        return [_reveal(state, window)]
    if phase == DISCARD:
        return [_discard(state, s, window) for s in range(state.players) if state.owing[s]]
    if phase == CLEANUP:
        return [_stack(state, s, window) for s in range(state.players) if state.stacking[s]]
    if phase == EXTRA:
        return [Decision(decision_id(state, state.active), state.active, PICK, AGAIN_PROMPT,
                         (AGAIN, PASS), default=(AGAIN.key,), window=window)]
    return []
