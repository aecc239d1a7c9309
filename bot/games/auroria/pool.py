"""The Set 1 card pool: four leaders and four structure decks, read from ``set1/*.json``.

Files are read with the engine's one JSON loader (``bot.engine.datacheck.load_json``), and
every file is checked when it is loaded: unknown or missing fields, bad values, duplicate
ids, names or collector numbers, and each structure deck against the codex's construction
rules. Every error is a ``DataError`` naming the file and the card. Card texts are never
written in the data: they are generated from it (``cardtext``), so text and behaviour
cannot disagree.

Data format (one JSON object per file)::

    leaders.json: {"cards": [CARD, ...]}
    <deck>.json:  {"deck": {"key", "name", "colour", "about", "leader",
                            "main": {card id: copies}, "side": {card id: copies}},
                   "cards": [CARD, ...]}

    CARD = the ``cards.parse_card`` fields plus ``no`` (the collector number, which deck
    codes use), without ``text`` and without mode labels (both generated).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.engine import Rng
from bot.engine.datacheck import DataError, load_json, need, record, text, whole
from bot.engine.said import Said
from bot.games.auroria.cards import CardDef, CardError, parse_card
from bot.games.auroria.cardtext import CardTextError, card_text, mode_label
from bot.games.auroria.decks import deck_problems
from bot.games.auroria.testset import TEST_SET

FOLDER = Path(__file__).with_name("set1")
LEADERS = "leaders.json"
DECK_FILES = ("city.json", "valley.json", "potions.json", "overgrowth.json")
CARD_FIELDS = frozenset({"id", "no", "name", "type", "colour"})
CARD_OPTIONAL = frozenset({"race", "traits", "cost", "front", "back", "influence", "keywords",
                           "effects", "equip", "counters", "enhanced", "empowered"})
EFFECT_FIELDS = frozenset({"trigger"})
EFFECT_OPTIONAL = frozenset({"ops", "targets", "cost"})
TARGET_FIELDS = frozenset({"kind", "side", "state"})
DECK_FIELDS = frozenset({"key", "name", "colour", "about", "leader", "main", "side"})
COLOURS = ("white", "red", "blue", "green")
LEADER_POWER = (1, 3)
LEADER_INFLUENCE = (20, 25)
"""House rules: a leader has power 1-3 and Influence 20-25."""
MAX_NUMBER = 9999


@dataclass(frozen=True, slots=True)
class StructureDeck:
    """A pre-built deck: ``main`` and ``side`` list card ids, one entry per copy."""

    key: str
    name: str
    colour: str
    about: str
    leader: str
    main: tuple[str, ...]
    side: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Pool:
    cards: Mapping[str, CardDef]
    numbers: Mapping[str, int]
    """Card id -> collector number."""
    by_number: Mapping[int, str]
    decks: Mapping[str, StructureDeck]
    """Structure decks by key, in the codex's order."""


def _listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _modes(ops: Any) -> Iterator[dict[str, Any]]:
    """Every mode of every ``choose`` op in ``ops``, nested ones included."""
    stack = list(_listed(ops))
    while stack:
        op = stack.pop()
        for mode in _listed(op.get("modes")) if isinstance(op, dict) else ():
            if isinstance(mode, dict):
                yield mode
                stack.extend(_listed(mode.get("ops")))


def _check_fields(raw: Any, where: str) -> None:
    """Known fields only, at every level, so a misspelt one is never silently ignored."""
    record(raw, where, CARD_FIELDS, CARD_OPTIONAL)
    need(isinstance(raw.get("effects", []), list), where, "`effects` must be a list")
    for i, eff in enumerate(raw.get("effects", [])):
        at = f"{where}.effects[{i}]"
        record(eff, at, EFFECT_FIELDS, EFFECT_OPTIONAL)
        for name in ("ops", "targets"):
            need(isinstance(eff.get(name, []), list), at, f"`{name}` must be a list")
        for j, target in enumerate(eff.get("targets", [])):
            record(target, f"{at}.targets[{j}]", frozenset(), TARGET_FIELDS)
        for mode in _modes(eff.get("ops")):
            record(mode, f"{at}: a choose mode", frozenset(), frozenset({"ops"}))


def build_card(raw: Mapping[str, Any]) -> CardDef:
    """Parse a pool card, writing its mode labels and its text from its data."""
    labelled = json.loads(json.dumps(raw))
    effects = _listed(labelled.get("effects"))
    for eff in effects:
        for mode in _modes(eff.get("ops")):
            mode["label"] = ""
    draft = parse_card(labelled)
    for eff_raw, eff in zip(effects, draft.effects, strict=True):
        for mode in _modes(eff_raw.get("ops")):
            mode["label"] = mode_label(draft, eff, mode)
    labelled["text"] = card_text(parse_card(labelled))
    return parse_card(labelled)


def _card(raw: Any, where: str) -> tuple[CardDef, int]:
    cid = raw.get("id") if isinstance(raw, Mapping) else None
    where = f"{where}: card `{cid}`"
    _check_fields(raw, where)
    try:
        card = build_card(raw)
    except (CardError, CardTextError) as exc:
        raise DataError(f"{where}: {exc}") from None
    except (TypeError, ValueError, AttributeError, KeyError) as exc:
        # a value of the wrong shape that the card parser does not name itself
        raise DataError(f"{where}: a value has the wrong shape ({exc})") from None
    number = whole(raw["no"], f"{where}.no", 1, MAX_NUMBER)
    need(card.colour in (*COLOURS, "any"), where, f"unknown colour `{card.colour}`")
    if card.type == "leader":
        need(card.colour in COLOURS, where, "a leader needs one of the four colours")
        need(bool(card.race) and len(card.traits) == 1, where,
             "a leader opens three identity channels: a colour, a race and one trait")
        whole(card.front, f"{where}.front", *LEADER_POWER)
        whole(card.influence, f"{where}.influence", *LEADER_INFLUENCE)
    return card, number


def _copies(raw: Any, where: str, cards: Mapping[str, CardDef]) -> tuple[str, ...]:
    need(isinstance(raw, Mapping), where, "must map card ids to numbers of copies")
    out: list[str] = []
    for cid, n in raw.items():
        need(cid in cards, where, f"unknown card `{cid}`")
        out += [cid] * whole(n, f"{where}.{cid}", 1, 60)
    return tuple(out)


def _deck(raw: Any, where: str, cards: Mapping[str, CardDef]) -> StructureDeck:
    record(raw, f"{where}: deck", DECK_FIELDS)
    at = f"{where}: deck `{raw.get('key')}`"
    leader = raw["leader"]
    need(isinstance(leader, str) and leader in cards and cards[leader].type == "leader", at,
         f"`leader` {leader!r} is not a leader of the pool")
    deck = StructureDeck(text(raw["key"], f"{at}.key"), text(raw["name"], f"{at}.name"),
                         text(raw["colour"], f"{at}.colour"), text(raw["about"], f"{at}.about"),
                         leader, _copies(raw["main"], f"{at}.main", cards),
                         _copies(raw["side"], f"{at}.side", cards))
    need(deck.colour == cards[leader].colour, at, "the deck's colour is not its leader's")
    problems = deck_problems(leader, deck.main, cards, deck.side)
    need(not problems, at, "not a legal deck: " + " ".join(map(str, problems)))
    return deck


def load_pool(folder: Path = FOLDER, reserved: Collection[str] = ()) -> Pool:
    """Read and check every pool file; ``reserved`` ids (the test set's) may not be reused."""
    cards: dict[str, CardDef] = {}
    numbers: dict[str, int] = {}
    names: dict[str, str] = {}
    deck_raws: list[tuple[str, Any]] = []
    for name in (LEADERS, *DECK_FILES):
        where = f"{folder.name}/{name}"
        data = load_json(folder / name)
        record(data, where, frozenset({"cards"}), frozenset({"deck"}))
        need(isinstance(data["cards"], list), where, "`cards` must be a list")
        for raw in data["cards"]:
            card, number = _card(raw, where)
            at = f"{where}: card `{card.id}`"
            need(card.id not in cards and card.id not in reserved, at, "the id is taken")
            need(number not in numbers.values(), at, f"collector number {number} is taken")
            need(card.name.casefold() not in names, at,
                 f"the name {card.name!r} is taken by `{names.get(card.name.casefold())}`")
            cards[card.id], numbers[card.id] = card, number
            names[card.name.casefold()] = card.id
        if name != LEADERS:
            need("deck" in data, where, "missing deck")
            deck_raws.append((where, data["deck"]))
    decks: dict[str, StructureDeck] = {}
    for where, raw in deck_raws:
        deck = _deck(raw, where, cards)
        need(deck.key not in decks, where, f"the deck key `{deck.key}` is taken")
        decks[deck.key] = deck
    return Pool(cards, numbers, {n: cid for cid, n in numbers.items()}, decks)


POOL = load_pool(reserved={str(c["id"]) for c in TEST_SET})


def random_structure_deck(rng: Rng) -> StructureDeck:
    return POOL.decks[rng.choice(sorted(POOL.decks))]


def check_deck(leader: str | None, main: Sequence[str],
               side: Sequence[str] | None = None) -> list[Said]:
    """Every construction problem of a deck built from the pool (empty when legal);
    without a leader (reported by the caller) the checks needing one are skipped."""
    return deck_problems(leader, main, POOL.cards, side)
