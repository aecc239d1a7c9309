"""The Zura card set, read from ``cards.json`` at import and validated with clear errors.

The rulebook leaves the card list open, so the default set (house rules) is data: landscapes,
travel card counts, every Tzerzurian with its points, ability and copies. Physical cards are
plain integers: travel card ``i`` has landscape ``CARDS.travel[i]``; Tzerzurian ``i`` has type
``CARDS.tz[i]``. Ids are dealt in file order, so sorting travel ids sorts by landscape.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, cast

from bot.engine.datacheck import load_json, need, record, text, whole

Kind = Literal["tzerzurian", "hermit", "imp"]
KINDS: tuple[Kind, ...] = ("tzerzurian", "hermit", "imp")
MAX_MENU = 25
"""Discord's limit on options in one menu; the set must keep every menu within it."""
_KEY = re.compile(r"^[a-z][a-z0-9-]{0,30}$")
_TOP = {"name", "deal", "hand_size", "search_area", "abilities", "landscapes", "tzerzurians"}


@dataclass(frozen=True, slots=True)
class Landscape:
    index: int
    key: str
    name: str
    colour: str


@dataclass(frozen=True, slots=True)
class TzType:
    """One kind of Tzerzurian card; ``points`` is None for a variable (X) card."""

    index: int
    key: str
    name: str
    kind: Kind
    landscape: int
    """Index into ``CardSet.landscapes``; -1 for the Hermit and the Imps."""
    points: int | None
    ability: str


@dataclass(frozen=True, slots=True)
class CardSet:
    name: str
    deal: int
    """Travel cards dealt to each player at set-up."""
    hand_size: int
    """A turn draws back up to this many (one more with ``hand7``)."""
    rows: int
    columns: int
    abilities: Mapping[str, str]
    """Ability key → the card's text; each key's rules are its handler in ``abilities.py``."""
    landscapes: tuple[Landscape, ...]
    types: tuple[TzType, ...]
    travel: tuple[int, ...]
    """Travel card id → landscape index."""
    tz: tuple[int, ...]
    """Tzerzurian card id → type index."""

    @property
    def slots(self) -> int:
        return self.rows * self.columns

    def tz_type(self, card: int) -> TzType:
        return self.types[self.tz[card]]


def _key(value: Any, where: str, seen: set[str]) -> str:
    key = text(value, where)
    need(bool(_KEY.match(key)), where, f"`{key}` must be lower-case letters, digits or '-'")
    need(key not in seen, where, f"`{key}` is used twice")
    seen.add(key)
    return key


def _abilities(raw: Any, src: str) -> dict[str, str]:
    """Ability key → card text; each key needs a handler in ``abilities.py`` to be played."""
    need(isinstance(raw, Mapping) and len(raw) > 0, f"{src}: abilities",
         "must be a non-empty object")
    seen: set[str] = set()
    return {_key(key, f"{src}: abilities", seen): text(value, f"{src}: abilities.{key}")
            for key, value in raw.items()}


def _landscapes(raw: Any, src: str) -> tuple[tuple[Landscape, ...], tuple[int, ...]]:
    need(isinstance(raw, list) and len(raw) > 0, f"{src}: landscapes", "must be a non-empty list")
    seen: set[str] = set()
    lands, travel = [], []
    for i, item in enumerate(raw):
        where = f"{src}: landscapes[{i}]"
        obj = record(item, where, {"key", "name", "colour", "travel_cards"}, set())
        land = Landscape(i, _key(obj["key"], f"{where}.key", seen), text(obj["name"], where),
                         text(obj["colour"], f"{where}.colour"))
        lands.append(land)
        travel += [i] * whole(obj["travel_cards"], f"{where}.travel_cards", 1, 200)
    return tuple(lands), tuple(travel)


def _types(raw: Any, src: str, lands: tuple[Landscape, ...], abilities: Mapping[str, str]
           ) -> tuple[tuple[TzType, ...], tuple[int, ...]]:
    need(isinstance(raw, list) and len(raw) > 0, f"{src}: tzerzurians", "must be a non-empty list")
    by_key = {land.key: land.index for land in lands}
    seen: set[str] = set()
    types, tz = [], []
    for i, item in enumerate(raw):
        where = f"{src}: tzerzurians[{i}]"
        obj = record(item, where, {"key", "name", "points", "ability", "copies"},
                      {"kind", "landscape"})
        key = _key(obj["key"], f"{where}.key", seen)
        kind = obj.get("kind", "tzerzurian")
        need(kind in KINDS, f"{where}.kind", f"must be one of {', '.join(KINDS)}")
        landscape = -1
        if kind == "tzerzurian":
            need(obj.get("landscape") in by_key, f"{where}.landscape",
                  f"must be one of {', '.join(by_key)}")
            landscape = by_key[obj["landscape"]]
        else:
            need("landscape" not in obj, where, f"a {kind} has no landscape")
        points = obj["points"]
        if points == "X":
            need(kind == "tzerzurian", f"{where}.points", "only landscape cards may be X")
            value = None
        else:
            value = whole(points, f"{where}.points", -20, 20)
        need(obj["ability"] in abilities, f"{where}.ability",
              f"`{obj['ability']}` is not one of {', '.join(abilities)}")
        types.append(TzType(i, key, text(obj["name"], f"{where}.name"), cast(Kind, kind),
                            landscape, value, obj["ability"]))
        tz += [i] * whole(obj["copies"], f"{where}.copies", 1, 20)
    return tuple(types), tuple(tz)


def parse_card_set(data: Any, src: str = "card set") -> CardSet:
    """Validate ``data`` (the parsed JSON) into a ``CardSet``; raise ``DataError`` if unfit."""
    top = record(data, src, _TOP, set())
    hand = whole(top["hand_size"], f"{src}: hand_size", 1, 20)
    deal = whole(top["deal"], f"{src}: deal", 0, hand)
    area = record(top["search_area"], f"{src}: search_area", {"rows", "columns"}, set())
    rows = whole(area["rows"], f"{src}: search_area.rows", 1, 5)
    cols = whole(area["columns"], f"{src}: search_area.columns", 1, 5)
    abilities = _abilities(top["abilities"], src)
    lands, travel = _landscapes(top["landscapes"], src)
    types, tz = _types(top["tzerzurians"], src, lands, abilities)
    # Four players may each hold one card over the hand size; someone must still draw.
    need(len(travel) > 4 * (hand + 1), src, f"{len(travel)} travel cards are too few for "
          f"four hands of {hand + 1}")
    need(len(tz) > rows * cols, src, f"{len(tz)} Tzerzurians cannot fill a search area of "
          f"{rows * cols} and leave a draw pile")
    # The restack menu lists every card type but the top one.
    need(len(types) <= MAX_MENU + 1, src, f"{len(types)} card types; at most {MAX_MENU + 1} "
          "fit the menus")
    return CardSet(text(top["name"], f"{src}: name"), deal, hand, rows, cols, abilities,
                   lands, types, travel, tz)


def load_card_set(path: Path) -> CardSet:
    return parse_card_set(load_json(path), path.name)


CARDS = load_card_set(Path(__file__).with_name("cards.json"))
"""The default set every Zura match uses."""
