"""Applying one answered decision: the rule checks a menu cannot express, then the change.

The engine's ``play`` already checked the structure (known keys, counts, no repeats); here
every key is parsed again defensively, so a direct call with nonsense raises
``IllegalAction`` too, never a crash.
"""

from __future__ import annotations

from bot.engine import Action, Event, IllegalAction, StaleDecision
from bot.engine.names import player as who
from bot.games.aura.cards import CARDS, COLOUR, COLOURS, EMPTY, KIND, LABEL, RETURN, TRADE, WILD
from bot.games.aura.decisions import open_decisions
from bot.games.aura.draft import Draft
from bot.games.aura.flow import (
    PLAY_MAX,
    PLAY_MIN,
    advance,
    begin_turn,
    discard,
    next_turn,
    reachable,
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


def _int(key: str, prefix: str = "") -> int:
    if not key.startswith(prefix) or not key[len(prefix):].isdigit():
        raise IllegalAction("That choice is not on offer.")
    return int(key[len(prefix):])


def _hand_cards(d: Draft, seat: int, keys: tuple[str, ...]) -> list[int]:
    joined = "".join(keys)
    if keys and not (joined.isascii() and joined.isdecimal()):
        raise IllegalAction("That choice is not on offer.")
    cards = [int(k) for k in keys]
    if not set(cards).issubset(d.hands[seat]) or len(set(cards)) != len(cards):
        raise IllegalAction("Choose cards from your own hand.")
    return cards


def _play(d: Draft, seat: int, keys: tuple[str, ...]) -> None:
    cards = _hand_cards(d, seat, keys)
    if not PLAY_MIN <= len(cards) <= PLAY_MAX:
        raise IllegalAction(f"Play between {PLAY_MIN} and {PLAY_MAX} cards.")
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
    card = _hand_cards(d, seat, (key,))[0]
    d.hands[seat] = tuple(c for c in d.hands[seat] if c != card)
    d.table[seat] = replace_at(d.table[seat], target, card)
    d.cursor[seat] = target + 1
    d.say("block", f"{who(seat)} blocks card {target + 1} face down.", seat=seat,
          position=target)
    d.say("blocked_with", f"You block card {target + 1} with {LABEL[card]}.", (seat,),
          seat=seat, position=target, card=card)


def _order(d: Draft, seat: int, keys: tuple[str, ...]) -> None:
    acts = tuple(_int(k) for k in keys)
    if sorted(acts) != sorted(c for c in d.table[seat] if c in (RETURN, TRADE)):
        raise IllegalAction("Order exactly your Return and Trade cards.")
    d.todo = acts
    d.stage = ACTING


def _return(d: Draft, seat: int, key: str) -> None:
    d.todo = d.todo[1:]
    if key == "none":
        d.say("return", f"{who(seat)}'s Return sends nothing back.", seat=seat)
        return
    owner_text, _, pos_text = key.partition(".")
    owner, pos = _int(owner_text), _int(pos_text)
    if owner >= d.players or pos >= len(d.table[owner]) or d.table[owner][pos] == EMPTY:
        raise IllegalAction("There is no card there.")
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
        colour = _int(key, "col")
        if colour >= COLOURS or not any(COLOUR[c] == colour for c in d.discards[seat]):
            raise IllegalAction("Your discard pile has no card of that colour.")
        d.trade_colour = colour
        return
    card = _int(key, "d")
    if card not in d.discards[seat] or (d.trade_colour >= 0 and
                                        COLOUR[card] != d.trade_colour):
        raise IllegalAction("Pick a card from your discard pile.")
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
    value = _int(key)
    if not 1 <= value <= CARDS.numbers:
        raise IllegalAction(f"Name a number from 1 to {CARDS.numbers}.")
    pos = unnamed_wild(d.table[seat], d.wilds[seat])
    card = d.table[seat][pos]
    d.wilds[seat] = replace_at(d.wilds[seat], COLOUR[card], value)
    d.say("wild", f"{who(seat)} names the {LABEL[card]} {value}.", seat=seat, card=card,
          value=value)


def _discard(d: Draft, seat: int, keys: tuple[str, ...]) -> None:
    if len(keys) != d.owing[seat] or len(set(keys)) != len(keys):
        raise IllegalAction(f"Discard exactly {d.owing[seat]} different cards.")
    blocks = [_int(k, "b") for k in keys if k.startswith("b")]
    tops = [_int(k, "t") for k in keys if k.startswith("t")]
    hand = _hand_cards(d, seat, tuple(k for k in keys if not k.startswith(("b", "t"))))
    row = d.table[seat]
    if any(i >= len(row) or row[i] == EMPTY for i in blocks):
        raise IllegalAction("Discard only blocks you placed this turn.")
    if any(not 1 <= t <= min(d.owing[seat], reachable(d.decks, d.surfaced, seat))
           for t in tops):
        raise IllegalAction("Your deck does not have that many cards.")
    discard(d, seat, blocks, hand, len(tops))


def _stack(d: Draft, seat: int, keys: tuple[str, ...]) -> None:
    cards = [_int(k) for k in keys]
    if sorted(cards) != sorted(c for c in d.table[seat] if c != EMPTY):
        raise IllegalAction("Order exactly your cards on the table.")
    under_deck(d, seat, cards)


def _extra(d: Draft, key: str) -> None:
    if key == "again":
        begin_turn(d, d.active, True)
    elif key == "pass":
        d.say("pass", f"{who(d.active)} passes the additional turn.", seat=d.active)
        next_turn(d)
    else:
        raise IllegalAction("Choose to play again or pass.")


def apply_action(state: AuraState, seat: int, action: Action) -> tuple[AuraState, list[Event]]:
    if not any(d.id == action.decision and d.player == seat for d in open_decisions(state)):
        raise StaleDecision("That prompt is out of date; nothing was changed.")
    keys = action.choice
    phase = state.phase
    several = phase in (PLAY, DISCARD, CLEANUP) or (phase == REVEAL and state.stage == ORDERING)
    if not keys or (len(keys) > 1 and not several):
        raise IllegalAction("Make exactly one choice." if not several else "Make a choice.")
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
