"""Applying one answered decision: the one rule a menu cannot express, then the change.

Moves are made through the engine's ``play``, which has already found the open decision and
checked the answer against its menu (offered keys, counts, no repeats, full orders); every
option a menu offers is legal, so the only check left here is the colour rule of a play.
"""

from __future__ import annotations

from bot.engine import Action, Event, IllegalAction
from bot.engine.names import player as who
from bot.games.aura.cards import COLOUR, EMPTY, KIND, LABEL, RETURN, TRADE, WILD
from bot.games.aura.draft import Draft
from bot.games.aura.flow import (
    advance,
    begin_turn,
    discard,
    next_turn,
    to_hand,
    under_deck,
    unnamed_wild,
)
from bot.games.aura.state import (
    ACTING,
    BLOCK,
    CLEANUP,
    DISCARD,
    EXTRA,
    ORDERING,
    PLAY,
    REVEAL,
    AuraState,
    replace_at,
)


def _play(d: Draft, seat: int, keys: tuple[str, ...]) -> None:
    cards = [int(k) for k in keys]
    colours = {COLOUR[c] for c in cards}
    if len(colours) not in (1, len(cards)):
        raise IllegalAction("Play cards of one colour, or each of a different colour.")
    d.hands[seat] = tuple(c for c in d.hands[seat] if c not in cards)
    size = len(cards)
    d.table = [tuple(cards) if s == seat else (EMPTY,) * size for s in range(d.players)]
    d.cursor = [size if s == seat else 0 for s in range(d.players)]
    d.phase = BLOCK
    d.window = d.step
    d.say("play", f"{who(seat)} plays {size} cards face down.", seat=seat, count=size)
    d.say("played", f"You play {', '.join(LABEL[c] for c in cards)}.", (seat,), seat=seat,
          cards=cards)


def _block(d: Draft, seat: int, key: str) -> None:
    size = len(d.table[d.active])
    target = d.cursor[seat]
    if key == "none":
        d.cursor[seat] = target + 1
        return
    if key == "done":
        d.cursor[seat] = size
        d.say("block_done", f"{who(seat)} places no more blocks.", seat=seat)
        return
    card = int(key)
    d.hands[seat] = tuple(c for c in d.hands[seat] if c != card)
    d.table[seat] = replace_at(d.table[seat], target, card)
    d.cursor[seat] = target + 1
    d.say("block", f"{who(seat)} blocks card {target + 1} face down.", seat=seat,
          position=target)
    d.say("blocked_with", f"You block card {target + 1} with {LABEL[card]}.", (seat,),
          seat=seat, position=target, card=card)


def _order(d: Draft, seat: int, keys: tuple[str, ...]) -> None:
    d.todo = tuple(int(k) for k in keys)
    d.stage = ACTING


def _return(d: Draft, seat: int, key: str) -> None:
    d.todo = d.todo[1:]
    if key == "none":
        d.say("return", f"{who(seat)}'s Return sends nothing back.", seat=seat)
        return
    owner_text, _, pos_text = key.partition(".")
    owner, pos = int(owner_text), int(pos_text)
    card = d.table[owner][pos]
    d.table[owner] = replace_at(d.table[owner], pos, EMPTY)
    if KIND[card] == WILD:
        d.wilds[owner] = replace_at(d.wilds[owner], COLOUR[card], 0)
    to_hand(d, owner, [card])
    d.say("return", f"{who(seat)}'s Return sends {LABEL[card]} back to {who(owner)}'s hand.",
          seat=seat, owner=owner, position=pos, card=card)


def _trade(d: Draft, seat: int, key: str) -> None:
    if key == "keep":
        d.todo = d.todo[1:]
        d.trade_colour = -1
        d.say("trade", f"{who(seat)} keeps the Trade card.", seat=seat)
        return
    if key.startswith("col"):
        d.trade_colour = int(key[3:])
        return
    card = int(key[1:])
    pos = d.table[seat].index(TRADE)
    d.table[seat] = replace_at(d.table[seat], pos, card)
    d.discards[seat] = (*(c for c in d.discards[seat] if c != card), TRADE)
    d.secret[seat] = tuple(c for c in d.secret[seat] if c != card)
    d.trade_colour = -1
    d.todo = d.todo[1:]
    if card == RETURN:
        d.todo = (RETURN, *d.todo)
    d.say("trade", f"{who(seat)} trades the Trade card for {LABEL[card]} from the discard "
          "pile.", seat=seat, card=card, position=pos)


def _wild(d: Draft, seat: int, key: str) -> None:
    value = int(key)
    pos = unnamed_wild(d.table[seat], d.wilds[seat])
    card = d.table[seat][pos]
    d.wilds[seat] = replace_at(d.wilds[seat], COLOUR[card], value)
    d.say("wild", f"{who(seat)} names the {LABEL[card]} {value}.", seat=seat, card=card,
          value=value)


def _discard(d: Draft, seat: int, keys: tuple[str, ...]) -> None:
    blocks = [int(k[1:]) for k in keys if k.startswith("b")]
    tops = sum(k.startswith("t") for k in keys)
    hand = [int(k) for k in keys if not k.startswith(("b", "t"))]
    discard(d, seat, blocks, hand, tops)


def _stack(d: Draft, seat: int, keys: tuple[str, ...]) -> None:
    under_deck(d, seat, [int(k) for k in keys])


def _extra(d: Draft, key: str) -> None:
    if key == "again":
        begin_turn(d, d.active, True)
    else:
        d.say("pass", f"{who(d.active)} passes the additional turn.", seat=d.active)
        next_turn(d)


def apply_action(state: AuraState, seat: int, action: Action) -> tuple[AuraState, list[Event]]:
    """``seat``'s answer to its open decision, already checked against that decision's menu."""
    keys = action.choice
    phase = state.phase
    d = Draft(state)
    if phase == PLAY:
        _play(d, seat, keys)
    elif phase == BLOCK:
        _block(d, seat, keys[0])
    elif phase == REVEAL:
        if d.stage == ORDERING:
            _order(d, seat, keys)
        elif not d.todo:
            _wild(d, seat, keys[0])
        elif d.todo[0] == RETURN:
            _return(d, seat, keys[0])
        else:
            _trade(d, seat, keys[0])
    elif phase == DISCARD:
        _discard(d, seat, keys)
    elif phase == CLEANUP:
        _stack(d, seat, keys)
    elif phase == EXTRA:
        _extra(d, keys[0])
    d.step += 1
    advance(d)
    return d.freeze(), d.events
