"""The Aura deck, read from ``cards.json`` at import and validated with clear errors.

Every player owns one deck; a card is a small integer that is unique *within* its deck, and
the deck's owner follows from where the card lies. With ``B = numbers + 2`` cards per colour,
colour ``k`` (its index in ``colours``) holds the numbers ``k*B + v - 1`` for ``v = 1..numbers``,
its wild at ``k*B + numbers`` and its action at ``k*B + numbers + 1``; the Aura card comes last.
Sorting ids therefore sorts a hand by colour, then value, wild, action.

``colours`` is listed in trump order: each colour trumps the next, and the last trumps the
first (red > purple > green > beige > blue > red, as printed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.engine.datacheck import DataError as CardDataError
from bot.engine.datacheck import load_json, need, record, text, whole
from bot.engine.said import Said

ACTIONS = ("return", "trade", "double", "reverse", "block")
"""The five action effects the rules implement; the data assigns each a colour."""
_KEY = re.compile(r"^[a-z][a-z-]{0,20}$")
_TOP = {"name", "colours", "numbers", "action_rank", "wild_draw_value", "actions", "decks"}

NUMBER, WILD, ACTION, AURA_KIND = 0, 1, 2, 3
KIND_NAMES = ("number", "wild", "action", "aura")


@dataclass(frozen=True, slots=True)
class Action:
    key: str
    name: str
    colour: int
    text: str


@dataclass(frozen=True, slots=True)
class DeckLook:
    """What tells decks apart at the table: the back's line count and the Aura colour."""

    lines: int
    aura: str


@dataclass(frozen=True, slots=True)
class CardSet:
    name: str
    colours: tuple[str, ...]
    numbers: int
    action_rank: int
    wild_draw_value: int
    actions: tuple[Action, ...]
    """Indexed by colour: the action card of that colour."""
    decks: tuple[DeckLook, ...]

    @property
    def per_colour(self) -> int:
        return self.numbers + 2

    @property
    def aura(self) -> int:
        return len(self.colours) * self.per_colour










def _list(value: Any, where: str, low: int, high: int) -> list[Any]:
    need(isinstance(value, list) and low <= len(value) <= high, where,
          f"must be a list of {low} to {high} entries")
    return list(value)


def parse_card_set(data: Any, src: str = "card set") -> CardSet:
    """Validate ``data`` (the parsed JSON) into a ``CardSet``; raise ``CardDataError`` if unfit."""
    top = record(data, src, _TOP)
    colours = tuple(text(c, f"{src}: colours[{i}]")
                    for i, c in enumerate(_list(top["colours"], f"{src}: colours", 2, 8)))
    need(all(_KEY.match(c) for c in colours), f"{src}: colours", "must be lower-case words")
    need(len(set(colours)) == len(colours), f"{src}: colours", "a colour is listed twice")
    numbers = whole(top["numbers"], f"{src}: numbers", 2, 20)
    rank = whole(top["action_rank"], f"{src}: action_rank", numbers + 1, 99)
    draw = whole(top["wild_draw_value"], f"{src}: wild_draw_value", 1, numbers)
    by_colour: dict[int, Action] = {}
    seen: set[str] = set()
    for i, item in enumerate(_list(top["actions"], f"{src}: actions", len(colours),
                                   len(colours))):
        where = f"{src}: actions[{i}]"
        obj = record(item, where, {"key", "name", "colour", "text"})
        key = text(obj["key"], f"{where}.key")
        need(key in ACTIONS and key not in seen, f"{where}.key",
              f"`{key}` must be one of {', '.join(ACTIONS)}, each once")
        seen.add(key)
        need(obj["colour"] in colours, f"{where}.colour", f"must be one of {', '.join(colours)}")
        colour = colours.index(obj["colour"])
        need(colour not in by_colour, f"{where}.colour", "two actions share this colour")
        by_colour[colour] = Action(key, text(obj["name"], f"{where}.name"), colour,
                                   text(obj["text"], f"{where}.text"))
    decks = []
    for i, item in enumerate(_list(top["decks"], f"{src}: decks", 4, 4)):
        obj = record(item, f"{src}: decks[{i}]", {"lines", "aura"})
        decks.append(DeckLook(whole(obj["lines"], f"{src}: decks[{i}].lines", 1, 9),
                              text(obj["aura"], f"{src}: decks[{i}].aura")))
    need(len({d.lines for d in decks}) == len(decks), f"{src}: decks",
          "every deck needs its own back pattern")
    return CardSet(text(top["name"], f"{src}: name"), colours, numbers, rank, draw,
                   tuple(by_colour[k] for k in range(len(colours))), tuple(decks))


def load_card_set(path: Path) -> CardSet:
    return parse_card_set(load_json(path), path.name)


CARDS = load_card_set(Path(__file__).with_name("cards.json"))

# Per-card tables, indexed by card id, so the hot rules code does plain tuple look-ups.
_B = CARDS.per_colour
AURA = CARDS.aura
EMPTY = -1
"""A table position with no card (never played there, or taken back by Return)."""
COLOURS = len(CARDS.colours)
COLOUR = (*(c // _B for c in range(AURA)), -1)
KIND = (*(NUMBER if c % _B < CARDS.numbers else WILD if c % _B == CARDS.numbers else ACTION
          for c in range(AURA)), AURA_KIND)
VALUE = (*(c % _B + 1 if KIND[c] == NUMBER else 0 for c in range(AURA)), 0)
"""The printed number (0 for wilds, actions and the Aura card): chains and the tie-break sum."""
RANK = (*(CARDS.action_rank if KIND[c] == ACTION else VALUE[c] for c in range(AURA)), 0)
"""Strength when blocking: the number, actions above every number; a wild's is named later."""
TRUMPS = tuple((k + 1) % COLOURS for k in range(COLOURS))
"""``TRUMPS[k]``: the colour that colour ``k`` beats whatever the values."""
CARD_KEY = tuple(str(c) for c in range(AURA))
"""``CARD_KEY[card]``: the option key that names a card (its id as text)."""
KEY_CARD = {key: c for c, key in enumerate(CARD_KEY)}
"""The card an option key names: a look-up, a quarter of the cost of ``int(key)`` (plays,
blocks and discards read their keys this way)."""


def wild_of(colour: int) -> int:
    return colour * _B + CARDS.numbers


def action_of(colour: int) -> int:
    return colour * _B + CARDS.numbers + 1


def _action_card(key: str) -> int:
    for act in CARDS.actions:
        if act.key == key:
            return action_of(act.colour)
    raise CardDataError(f"cards.json: no action `{key}`")


RETURN, TRADE, DOUBLE, REVERSE, BLOCK = (_action_card(k) for k in ACTIONS)
ACTION_KEY = {action_of(a.colour): a.key for a in CARDS.actions}
FULL_DECK = tuple(range(AURA + 1))
BEGINNER_DECK = tuple(c for c in FULL_DECK if KIND[c] != ACTION)
"""The beginner variant leaves the action cards in the box."""


def _label(card: int) -> str:
    if card == AURA:
        return "Aura card"
    colour = CARDS.colours[COLOUR[card]].capitalize()
    if KIND[card] == NUMBER:
        return f"{colour} {VALUE[card]}"
    if KIND[card] == WILD:
        return f"{colour} wild"
    act = CARDS.actions[COLOUR[card]]
    return f"{act.name} ({colour.lower()} action)"


LABEL = tuple(_label(c) for c in FULL_DECK)
"""Short names fit for a button: 'Red 7', 'Blue wild', 'Return (red action)'."""


def _said(card: int) -> Said:
    """The card's name as a catalogue message: one per colour and kind ("Red {n}"), so a
    language orders colour and number its own way."""
    if card == AURA or KIND[card] != NUMBER:
        return Said(LABEL[card])
    colour = CARDS.colours[COLOUR[card]].capitalize()
    return Said(f"{colour} {{n}}", {"n": VALUE[card]})


NAMED = tuple(_said(c) for c in FULL_DECK)
"""``LABEL`` to say in the reader's language (``str()`` of each is its label)."""
TIE_BREAK_SPECIAL = tuple(KIND[c] in (WILD, ACTION) for c in FULL_DECK)


def draw_value(card: int) -> int:
    """Face value when drawing for the starting player (a wild counts as its top value)."""
    return CARDS.wild_draw_value if KIND[card] == WILD else RANK[card]


def parse_card(text: str) -> int:
    """A card from its name, for scenarios: 'red 7', 'blue wild', 'red action', 'return'."""
    words = text.lower().replace("(", " ").replace(")", " ").split()
    if words == ["aura"]:
        return AURA
    if len(words) >= 1 and words[0] in ACTIONS:
        return _action_card(words[0])
    if len(words) == 2 and words[0] in CARDS.colours:
        colour = CARDS.colours.index(words[0])
        if words[1] == "wild":
            return wild_of(colour)
        if words[1] == "action":
            return action_of(colour)
        if words[1].isdigit() and 1 <= int(words[1]) <= CARDS.numbers:
            return colour * _B + int(words[1]) - 1
    raise ValueError(f"`{text}` is not an Aura card (try 'red 7', 'blue wild' or 'return')")
