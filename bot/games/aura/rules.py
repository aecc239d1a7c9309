"""Applying an answered decision, then the turn moving on by itself until the next one.

``apply_action`` makes the change one answer asks for; ``advance`` then runs every automatic
step (reveal, effects, cleanup, draw, the Aura card) until some seat must decide or the game
is over, so ``pending`` can read the open decisions straight off the state.

Moves are made through the engine's ``play``, which has already found the open decision and
checked the answer against its menu (offered keys, counts, no repeats, full orders); every
option a menu offers is legal, so the only check left here is the colour rule of a play.
"""

from __future__ import annotations

from bot.engine import Action, Event, IllegalAction, Sentence
from bot.engine.said import Said, said, said_n
from bot.engine.types import NO_DATA
from bot.games.aura import sentences as words
from bot.games.aura.cards import (
    AURA,
    COLOUR,
    COLOURS,
    EMPTY,
    KEY_CARD,
    KIND,
    NAMED,
    RETURN,
    TRADE,
    WILD,
)
from bot.games.aura.draft import Draft
from bot.games.aura.outcome import judge
from bot.games.aura.state import (
    ACTING,
    BLOCK,
    CLEANUP,
    DISCARD,
    EXTRA,
    NAMING,
    ORDERING,
    OVER,
    PLAY,
    REVEAL,
    AuraState,
    replace_at,
)

HAND_LIMIT = 8
DRAW_LIMIT = 5
PLAY_MIN, PLAY_MAX = 2, 5
NO_WILDS = (0,) * COLOURS
_WILDS = frozenset(c for c in range(AURA) if KIND[c] == WILD)
_REVEALED = {EMPTY: said("nothing"), **dict(enumerate(NAMED))}


def count(n: int) -> Said:
    """'1 card', '3 cards': numbers in the log read as a player would say them."""
    return said_n("{n} card", "{n} cards", n)


def names(cards: list[int] | tuple[int, ...]) -> tuple[Said, ...]:
    return tuple(NAMED[c] for c in cards)


# --- the draw deck and its Aura card -------------------------------------------------------

def reachable(decks: list[tuple[int, ...]] | tuple[tuple[int, ...], ...],
              surfaced: list[int] | tuple[int, ...], seat: int) -> int:
    """Cards that can still come off the top of ``seat``'s deck this game.

    Before the Aura card first surfaces every card can (the ones under it are shuffled back
    in); after that only those above it; after the second time none.
    """
    deck = decks[seat]
    if surfaced[seat] == 0:
        return len(deck) - 1
    return deck.index(AURA) if surfaced[seat] == 1 else 0


def settle(d: Draft, seat: int) -> None:
    """Handle the Aura card reaching the top: set aside and shuffle once, end the game twice."""
    while d.decks[seat][0] == AURA and d.surfaced[seat] < 2:
        d.surfaced = replace_at(d.surfaced, seat, d.surfaced[seat] + 1)
        if d.surfaced[seat] == 2:
            last_turn(d, seat, "aura", (words.AURA_AGAIN, words.AURA_AGAIN_LAST))
            return
        rest = list(d.decks[seat][1:])
        if d.advanced:
            d.say("aura", words.AURA_BOTTOM, {"player": seat}, {"seat": seat})
        else:
            d.rand.shuffle(rest)
            d.say("aura", words.AURA_SHUFFLED, {"player": seat}, {"seat": seat})
            d.say("shuffle", words.SHUFFLE, NO_DATA, {"seat": seat, "order": list(rest)}, ())
        d.decks[seat] = (*rest, AURA)


def last_turn(d: Draft, seat: int, kind: str, said: tuple[Sentence, Sentence]) -> None:
    """The game ends once this turn is over; the log says so the first time only (``said``:
    the sentence without that, then with it)."""
    d.say(kind, said[0] if d.ending else said[1], {"player": seat}, {"seat": seat})
    d.ending = True


def take_top(d: Draft, seat: int, count: int) -> list[int]:
    """Remove up to ``count`` cards from the top of ``seat``'s deck, minding the Aura card.

    Cards above the Aura card come off in one slice; ``settle`` runs whenever it surfaces.
    """
    taken: list[int] = []
    while len(taken) < count and d.decks[seat][0] != AURA:
        deck = d.decks[seat]
        k = min(count - len(taken), deck.index(AURA))
        taken += deck[:k]
        d.decks[seat] = deck[k:]
        settle(d, seat)
    return taken


def to_hand(d: Draft, seat: int, cards: list[int]) -> None:
    d.hands[seat] = tuple(sorted(d.hands[seat] + tuple(cards)))


# --- turn boundaries ------------------------------------------------------------------------

def begin_turn(d: Draft, active: int, bonus: bool) -> None:
    d.turn += 1
    d.active = active
    d.bonus = bonus
    d.phase = PLAY
    d.say("turn", words.BONUS_TURN if bonus else words.TURN,
          {"player": active, "turn": d.turn}, {"seat": active, "bonus": bonus})


def draw_phase(d: Draft) -> None:
    """Everyone draws up to five, to at most eight in hand; a short deck ends the game."""
    for k in range(d.players):
        seat = (d.active + k) % d.players
        need = min(DRAW_LIMIT, HAND_LIMIT - len(d.hands[seat]))
        if need <= 0:
            continue
        drawn = take_top(d, seat, need)
        to_hand(d, seat, drawn)
        if drawn:
            d.say("draw", words.DRAW, {"player": seat, "cards": count(len(drawn))},
                  {"seat": seat, "count": len(drawn)})
            d.say("drew", words.DRAW, {"player": seat, "cards": names(drawn)},
                  {"seat": seat, "cards": drawn}, (seat,))
        if len(drawn) < need:
            last_turn(d, seat, "short", (words.SHORT, words.SHORT_LAST))


def next_turn(d: Draft) -> None:
    draw_phase(d)
    if d.ending:
        end_game(d)
    else:
        begin_turn(d, (d.active + 1) % d.players, False)


def end_game(d: Draft) -> None:
    """The discard piles turn face up: the tie-breaks read them."""
    d.phase = OVER
    d.secret = ((),) * d.players
    d.say("over", words.OVER, NO_DATA)


# --- the reveal and its effects ---------------------------------------------------------------

def reveal(d: Draft) -> None:
    d.phase = REVEAL
    d.resolver = d.active
    d.stage = ""
    shown = {str(s): list(row) for s, row in enumerate(d.table)}
    rows = [s for s, row in enumerate(d.table) if row.count(EMPTY) < len(row)]
    for k, seat in enumerate(rows):
        # One sentence per seat's row: the first carries the table for replays.
        cards = tuple(_REVEALED[c] for c in d.table[seat])
        if k == 0:
            d.say("reveal", words.REVEAL, {"player": seat, "cards": cards},
                  {"table": shown, "active": d.active})
        else:
            d.say("reveal_row", words.REVEAL, {"player": seat, "cards": cards}, {"seat": seat})


def unnamed_wild(row: tuple[int, ...], named: tuple[int, ...]) -> int:
    """The position of the first wild in ``row`` still without a number, or -1."""
    for i, c in enumerate(row):
        if c in _WILDS and not named[COLOUR[c]]:
            return i
    return -1


def _resolve(d: Draft) -> bool:
    """Run the reveal on, seat after seat: False when the resolver must decide, True once
    every seat has resolved and discarding has started."""
    while True:
        seat = d.resolver
        row = d.table[seat]
        stage = d.stage
        if stage == "":
            acts = (tuple([c for c in row if c in (RETURN, TRADE)])
                    if RETURN in row or TRADE in row else ())
            if len(acts) == 2:
                d.stage, d.todo = ORDERING, acts
                return False
            d.stage, d.todo = ACTING, acts
            continue
        if stage == ORDERING:
            return False
        if stage == ACTING:
            if not d.todo:
                d.stage = NAMING
                continue
            head = d.todo[0]
            if head not in row:
                d.todo = d.todo[1:]
                continue
            if head == TRADE and not d.discards[seat]:
                d.say("trade", words.TRADE_EMPTY, {"player": seat}, {"seat": seat})
                d.todo = d.todo[1:]
                continue
            return False
        if unnamed_wild(row, d.wilds[seat]) >= 0:
            return False
        following = (seat + 1) % d.players
        if following == d.active:
            start_discards(d)
            return True
        d.resolver, d.stage, d.todo = following, "", ()


def start_discards(d: Draft) -> None:
    result = judge(d.table, d.active, d.wilds)
    d.marks, d.owes = result.marks, result.owes
    d.doubled, d.reversed = result.double, result.reverse
    d.earned = any(result.blocked_all)
    d.phase = DISCARD
    d.window = d.step
    for seat in range(d.players):
        owed = result.owes[seat]
        if owed:
            d.say("owes", words.OWES, {"player": seat, "cards": count(owed)},
                  {"seat": seat, "count": owed})
        if result.blocked_all[seat]:
            d.say("blocked_all", words.BLOCKED_ALL, {"player": seat}, {"seat": seat})
        row = d.table[seat]
        have = (len(row) - row.count(EMPTY) + len(d.hands[seat])
                + reachable(d.decks, d.surfaced, seat))
        d.owing[seat] = min(owed, have)
        if d.owing[seat] and d.owing[seat] == have:
            blocks = [i for i, c in enumerate(d.table[seat]) if c != EMPTY]
            discard(d, seat, blocks, list(d.hands[seat]), have - len(blocks)
                    - len(d.hands[seat]))


def discard(d: Draft, seat: int, blocks: list[int], hand: list[int], tops: int) -> None:
    """Discard blocks (by position), hand cards and ``tops`` cards off the top of the deck.

    ``tops`` never exceeds what can come off the deck (``reachable``), so the public line is
    logged first and an Aura card surfacing on the way is logged after it.
    """
    row = list(d.table[seat])
    shown = [row[i] for i in blocks] + hand
    for i in blocks:
        row[i] = EMPTY
    d.table[seat] = tuple(row)
    if hand:
        d.hands[seat] = tuple([c for c in d.hands[seat] if c not in hand])
    said = (words.DISCARD_BOTH if shown else words.DISCARD_TOP) if tops else words.DISCARD
    d.say("discard", said, {"player": seat, "cards": names(shown), "count": count(tops)},
          {"seat": seat, "cards": shown, "hidden": tops})
    hidden = take_top(d, seat, tops)
    d.discards[seat] = d.discards[seat] + tuple(shown) + tuple(hidden)
    if hidden:
        d.secret = replace_at(d.secret, seat, d.secret[seat] + tuple(hidden))
    d.owing[seat] = 0
    if hidden:
        d.say("discard_top", words.DISCARDED_TOP, {"player": seat, "cards": names(hidden)},
              {"seat": seat, "cards": hidden}, (seat,))


# --- cleanup ------------------------------------------------------------------------------------

def start_cleanup(d: Draft) -> None:
    d.phase = CLEANUP
    d.window = d.step
    for seat in range(d.players):
        cards = [c for c in d.table[seat] if c != EMPTY]
        if d.advanced and d.surfaced[seat] == 0 and len(cards) > 1:
            d.stacking = replace_at(d.stacking, seat, True)
        else:
            under_deck(d, seat, cards)


def under_deck(d: Draft, seat: int, cards: list[int]) -> None:
    d.decks[seat] = d.decks[seat] + tuple(cards)
    d.table[seat] = (EMPTY,) * len(d.table[seat])
    if d.stacking[seat]:
        d.stacking = replace_at(d.stacking, seat, False)
    if cards:
        d.say("cleanup", words.CLEANUP, {"player": seat, "cards": count(len(cards))},
              {"seat": seat, "count": len(cards)})


def finish_cleanup(d: Draft) -> None:
    d.table = []
    d.cursor = [0] * d.players
    d.wilds = (NO_WILDS,) * d.players
    d.marks, d.owes = (), ()
    d.doubled = d.reversed = False
    earned, d.earned = d.earned, False
    if d.ending:
        end_game(d)
    elif earned and not d.bonus and len(d.hands[d.active]) >= PLAY_MIN:
        d.phase = EXTRA
    else:
        next_turn(d)


# --- the driver -----------------------------------------------------------------------------

def advance(d: Draft) -> None:
    """Run automatic steps until a decision is open or the game is over."""
    while True:
        if d.phase == BLOCK:
            size = len(d.table[d.active])
            waiting = False
            for seat in range(d.players):
                if seat != d.active and d.cursor[seat] < size:
                    if not d.hands[seat]:
                        d.cursor[seat] = size
                    else:
                        waiting = True
            if waiting:
                return
            reveal(d)
        elif d.phase == REVEAL:
            if not _resolve(d):
                return
        elif d.phase == DISCARD:
            if any(d.owing):
                return
            start_cleanup(d)
        elif d.phase == CLEANUP:
            if any(d.stacking):
                return
            finish_cleanup(d)
        else:
            return


# --- answering a decision -----------------------------------------------------------------

def _play(d: Draft, seat: int, keys: tuple[str, ...]) -> None:
    cards = [KEY_CARD[k] for k in keys]
    colours = {COLOUR[c] for c in cards}
    if len(colours) not in (1, len(cards)):
        raise IllegalAction(said("Play cards of one colour, or each of a different colour."))
    d.hands[seat] = tuple([c for c in d.hands[seat] if c not in cards])
    size = len(cards)
    d.table = [tuple(cards) if s == seat else (EMPTY,) * size for s in range(d.players)]
    d.cursor = [size if s == seat else 0 for s in range(d.players)]
    d.phase = BLOCK
    d.window = d.step
    d.say("play", words.PLAY, {"player": seat, "cards": count(size)},
          {"seat": seat, "count": size})
    d.say("played", words.PLAYED, {"player": seat, "cards": names(cards)},
          {"seat": seat, "cards": cards}, (seat,))


def _block(d: Draft, seat: int, key: str) -> None:
    size = len(d.table[d.active])
    target = d.cursor[seat]
    if key == "none":
        d.cursor[seat] = target + 1
        return
    if key == "done":
        d.cursor[seat] = size
        d.say("block_done", words.BLOCK_DONE, {"player": seat}, {"seat": seat})
        return
    card = KEY_CARD[key]
    hand = d.hands[seat]
    at = hand.index(card)
    d.hands[seat] = hand[:at] + hand[at + 1:]
    d.table[seat] = replace_at(d.table[seat], target, card)
    d.cursor[seat] = target + 1
    d.say("block", words.BLOCK, {"player": seat, "active": d.active, "position": target + 1},
          {"seat": seat, "position": target})
    d.say("blocked_with", words.BLOCKED_WITH,
          {"player": seat, "active": d.active, "position": target + 1, "card": NAMED[card]},
          {"seat": seat, "position": target, "card": card}, (seat,))


def _order(d: Draft, seat: int, keys: tuple[str, ...]) -> None:
    d.todo = tuple([KEY_CARD[k] for k in keys])
    d.stage = ACTING


def _return(d: Draft, seat: int, key: str) -> None:
    d.todo = d.todo[1:]
    if key == "none":
        d.say("return", words.RETURN_NOTHING, {"player": seat}, {"seat": seat})
        return
    owner_text, _, pos_text = key.partition(".")
    owner, pos = int(owner_text), int(pos_text)
    card = d.table[owner][pos]
    d.table[owner] = replace_at(d.table[owner], pos, EMPTY)
    if KIND[card] == WILD:
        d.wilds = replace_at(d.wilds, owner, replace_at(d.wilds[owner], COLOUR[card], 0))
    to_hand(d, owner, [card])
    d.say("return", words.RETURN, {"player": seat, "owner": owner, "card": NAMED[card]},
          {"seat": seat, "owner": owner, "position": pos, "card": card})


def _trade(d: Draft, seat: int, key: str) -> None:
    if key == "keep":
        d.todo = d.todo[1:]
        d.trade_colour = -1
        d.say("trade", words.TRADE_KEEP, {"player": seat}, {"seat": seat})
        return
    if key.startswith("col"):
        d.trade_colour = int(key[3:])
        return
    card = int(key[1:])
    pos = d.table[seat].index(TRADE)
    d.table[seat] = replace_at(d.table[seat], pos, card)
    d.discards[seat] = (*(c for c in d.discards[seat] if c != card), TRADE)
    d.secret = replace_at(d.secret, seat, tuple(c for c in d.secret[seat] if c != card))
    d.trade_colour = -1
    d.todo = d.todo[1:]
    if card == RETURN:
        d.todo = (RETURN, *d.todo)
    d.say("trade", words.TRADE, {"player": seat, "card": NAMED[card]},
          {"seat": seat, "card": card, "position": pos})


def _wild(d: Draft, seat: int, key: str) -> None:
    value = int(key)
    pos = unnamed_wild(d.table[seat], d.wilds[seat])
    card = d.table[seat][pos]
    d.wilds = replace_at(d.wilds, seat, replace_at(d.wilds[seat], COLOUR[card], value))
    d.say("wild", words.WILD, {"player": seat, "card": NAMED[card], "value": value},
          {"seat": seat, "card": card, "value": value})


def _discard(d: Draft, seat: int, keys: tuple[str, ...]) -> None:
    # One pass sorting the keys by their kind (``decisions``: "b<position>", "t<k>", a card).
    blocks: list[int] = []
    hand: list[int] = []
    tops = 0
    for k in keys:
        if k[0] == "b":
            blocks.append(int(k[1:]))
        elif k[0] == "t":
            tops += 1
        else:
            hand.append(KEY_CARD[k])
    discard(d, seat, blocks, hand, tops)


def _stack(d: Draft, seat: int, keys: tuple[str, ...]) -> None:
    under_deck(d, seat, [KEY_CARD[k] for k in keys])


def _extra(d: Draft, key: str) -> None:
    if key == "again":
        begin_turn(d, d.active, True)
    else:
        d.say("pass", words.PASS, {"player": d.active}, {"seat": d.active})
        next_turn(d)


def apply_action(state: AuraState, player: int, action: Action
                 ) -> tuple[AuraState, list[Event]]:
    """``player``'s answer to its open decision, already checked against that decision's menu."""
    keys = action.choice
    phase = state.phase
    d = Draft(state)
    if phase == PLAY:
        _play(d, player, keys)
    elif phase == BLOCK:
        _block(d, player, keys[0])
    elif phase == REVEAL:
        if d.stage == ORDERING:
            _order(d, player, keys)
        elif not d.todo:
            _wild(d, player, keys[0])
        elif d.todo[0] == RETURN:
            _return(d, player, keys[0])
        else:
            _trade(d, player, keys[0])
    elif phase == DISCARD:
        _discard(d, player, keys)
    elif phase == CLEANUP:
        _stack(d, player, keys)
    elif phase == EXTRA:
        _extra(d, keys[0])
    d.step += 1
    advance(d)
    return d.freeze(), d.events
