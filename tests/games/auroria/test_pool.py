"""The Set 1 pool as data: legal structure decks with their identities, the coverage rule of
the house rules, texts written from the data, and set-up with the structure decks."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from bot.engine import BadOptions, parse_options
from bot.games.auroria import GAME
from bot.games.auroria.cards import CardDef
from bot.games.auroria.cardtext import card_text
from bot.games.auroria.decklist import encode
from bot.games.auroria.decks import MAX_CARDS, MIN_CARDS
from bot.games.auroria.derived import BUILTIN, CATALOG
from bot.games.auroria.pool import POOL, check_deck

Check = Callable[[CardDef], bool]


def _ops(c: CardDef) -> list[dict[str, Any]]:
    """Every op of a card, the ops inside choose modes included."""
    out: list[dict[str, Any]] = []
    stack = [dict(op) for eff in c.effects for op in eff.ops]
    while stack:
        op = stack.pop()
        out.append(op)
        stack += [dict(inner) for mode in op.get("modes", ()) for inner in mode["ops"]]
    return out


def _trigger(name: str) -> Check:
    return lambda c: c.effect(name) is not None


def _keyword(name: str) -> Check:
    return lambda c: name in c.keywords


def _op(name: str) -> Check:
    return lambda c: any(op["op"] == name for op in _ops(c))


def _type(name: str) -> Check:
    return lambda c: c.type == name


def _zero_in_one_line(c: CardDef) -> bool:
    return c.type == "creature" and (c.front == 0) != (c.back == 0)


# The house rules' list: every keyword and card type on at least two cards of the pool.
COVERAGE: dict[str, Check] = {
    "On Play": _trigger("on_play"),
    "On Death": _trigger("on_death"),
    "Discarded": _trigger("discarded"),
    "Activate: Main": _trigger("activate"),
    **{kw: _keyword(kw) for kw in ("Quickness", "Ranger", "Stealth", "Structure", "Swift",
                                   "Defender", "Dual Attack", "Piercing", "Bloom")},
    "Planted": _op("plant"),
    "Overgrowth": _op("overgrowth"),
    "enhanced cards": lambda c: c.enhanced,
    "equip / drop / Discover items": lambda c: c.type == "item" and c.equip in (
        "creature", "any"),
    "items under a leader (Gold Coin)": lambda c: c.type == "item" and c.equip == "under",
    "Potions": _type("potion"),
    "Counters": _type("counter"),
    "Aura Spells": _type("aura"),
    "a 0 power in one line": _zero_in_one_line,
}

# The identity house-rules.md gives each structure deck, as checks on the deck's cards.
IDENTITY: dict[str, dict[str, Check]] = {
    "city": {"Structures": _keyword("Structure"), "Defender": _keyword("Defender"),
             "Items": _type("item"), "Gold Coin": lambda c: c.name == "Gold Coin",
             "Discover": COVERAGE["equip / drop / Discover items"]},
    "valley": {"Quickness": _keyword("Quickness"), "Piercing": _keyword("Piercing"),
               "Dual Attack": _keyword("Dual Attack"), "Swift": _keyword("Swift"),
               "direct Influence loss": lambda c: any(
                   op["op"] == "influence" and op["n"] < 0 for op in _ops(c))},
    "potions": {"Potions": _type("potion"), "Counters": _type("counter"),
                "spells": _type("spell"), "Aura Spells": _type("aura"),
                "Discarded effects": _trigger("discarded"), "Stealth": _keyword("Stealth")},
    "overgrowth": {"Planted": _op("plant"), "Bloom": _keyword("Bloom"),
                   "Overgrowth": _op("overgrowth"), "Ranger": _keyword("Ranger"),
                   "On Death": _trigger("on_death")},
}
EXPECTED = {"city": ("The Traveling City", "white"), "valley": ("The Burning Valley", "red"),
            "potions": ("Potion Spells", "blue"), "overgrowth": ("Verdant Overgrowth", "green")}


def test_the_four_structure_decks_of_the_codex() -> None:
    assert {k: (d.name, d.colour) for k, d in POOL.decks.items()} == EXPECTED
    assert sorted(c.colour for c in POOL.cards.values() if c.type == "leader") == sorted(
        colour for _, colour in EXPECTED.values())


@pytest.mark.parametrize("key", EXPECTED)
def test_each_structure_deck_is_legal(key: str) -> None:
    deck = POOL.decks[key]
    assert check_deck(deck.leader, deck.main, deck.side) == []
    assert MIN_CARDS <= len(deck.main) + 1 <= MAX_CARDS
    assert len(deck.side) == 10
    assert POOL.cards[deck.leader].colour == deck.colour


@pytest.mark.parametrize(("key", "feature"), [(k, f) for k in IDENTITY for f in IDENTITY[k]])
def test_each_structure_deck_has_its_identity(key: str, feature: str) -> None:
    deck = POOL.decks[key]
    found = {cid for cid in deck.main if IDENTITY[key][feature](POOL.cards[cid])}
    assert found, f"{key} has no card for {feature}"


@pytest.mark.parametrize("feature", COVERAGE)
def test_every_keyword_and_type_is_on_at_least_two_cards(feature: str) -> None:
    found = [c.name for c in POOL.cards.values() if COVERAGE[feature](c)]
    assert len(found) >= 2, f"{feature}: {found}"


def test_every_pool_card_is_in_a_structure_deck() -> None:
    used = {cid for d in POOL.decks.values() for cid in (d.leader, *d.main, *d.side)}
    assert used == set(POOL.cards)


def test_leaders_open_three_channels_within_the_house_limits() -> None:
    for c in POOL.cards.values():
        if c.type == "leader":
            assert 1 <= c.front <= 3 and 20 <= c.influence <= 25
            assert c.colour and c.race and len(c.traits) == 1


@pytest.mark.parametrize("card", list(POOL.cards.values()), ids=lambda c: c.id)
def test_every_text_is_the_one_written_from_the_data(card: CardDef) -> None:
    assert card.text == card_text(card)
    for op in _ops(card):
        if abs(op.get("n", 1)) > 1 or op["op"] in ("damage", "power", "influence"):
            assert str(abs(op["n"])) in card.text, (op, card.text)
    for trigger, words in (("on_play", "On Play:"), ("on_death", "On Death:"),
                           ("discarded", "Discarded:"), ("activate", "Activate: Main")):
        assert (card.effect(trigger) is not None) == (words in card.text)
    assert card.enhanced == card.text.startswith("Enhanced.")


def test_texts_read_the_data_in_the_projects_words() -> None:
    texts = {c.id: c.text for c in POOL.cards.values()}
    assert texts["b_frost"] == "Exhaust a ready enemy creature, then deal 1 damage to it."
    assert texts["r_warcry"] == ("A creature of yours gets +2 power and gains Quickness this "
                                 "turn.")
    assert texts["w_shield"] == ("Equip to a creature of yours. The equipped creature gets "
                                 "+1 power and has Defender.")
    assert texts["w_toll"] == "Choose one: the opponent loses 1 Influence; or draw a card."
    assert texts["g_regrowth"] == "Overgrowth 3 (plant 3 cards from your graveyard)."


def test_choose_modes_are_labelled_from_their_ops() -> None:
    op = dict(POOL.cards["w_toll"].effects[0].ops[0])
    assert [m["label"] for m in op["modes"]] == ["The opponent loses 1 Influence", "Draw a card"]


def test_names_numbers_and_ids_are_unique_and_apart_from_the_test_set() -> None:
    names = [c.name.casefold() for c in POOL.cards.values()]
    assert len(set(names)) == len(names)
    assert len(set(POOL.numbers.values())) == len(POOL.numbers)
    assert not set(POOL.cards) & set(BUILTIN)
    assert set(CATALOG) == set(POOL.cards) | set(BUILTIN)


# ----- set-up with the structure decks ----------------------------------------------------------
def _deck_of(state: Any, p: int) -> list[str]:
    z = state.zones[p]
    return sorted(state.kinds[u] for name in ("deck", "hand") for u in z[name])


def test_setup_deals_the_chosen_structure_decks() -> None:
    opts = parse_options(GAME.options, {"deck_1": "valley", "deck_2": "overgrowth"})
    s = GAME.setup(2, opts, 3)
    for p, key in enumerate(("valley", "overgrowth")):
        deck = POOL.decks[key]
        assert s.kinds[s.zones[p]["leader"][0]] == deck.leader
        assert _deck_of(s, p) == sorted(deck.main)
        assert len(s.zones[p]["hand"]) == 7


def test_setup_uses_structure_decks_by_default() -> None:
    leaders = set()
    for seed in range(12):
        s = GAME.setup(2, parse_options(GAME.options, {}), seed)
        for p in (0, 1):
            lead = s.kinds[s.zones[p]["leader"][0]]
            deck = next(d for d in POOL.decks.values() if d.leader == lead)
            assert _deck_of(s, p) == sorted(deck.main)
            leaders.add(lead)
    assert len(leaders) == 4


def test_a_deck_code_is_a_seat_option() -> None:
    red = POOL.decks["valley"]
    mixed = [c for c in red.main if c != "r_wyrm"] + ["r_energy"]
    code = encode(red.leader, mixed)
    opts = parse_options(GAME.options, {"deck_1": code.lower(), "deck_2": "city"})
    assert opts["deck_1"] == code
    s = GAME.setup(2, opts, 5)
    assert _deck_of(s, 0) == sorted(mixed)


@pytest.mark.parametrize(("value", "message"), [
    ("castle", "must be one of `random`, `city`"),
    ("AUR-0000", "damaged"),
    (7, "must be one of `random`"),
])
def test_bad_deck_options_are_refused(value: object, message: str) -> None:
    with pytest.raises(BadOptions, match=message):
        parse_options(GAME.options, {"deck_2": value})


def test_an_illegal_deck_code_is_refused_with_its_problems() -> None:
    red = POOL.decks["valley"]
    code = encode(red.leader, [*red.main, "r_bolt", "r_bolt"])
    with pytest.raises(BadOptions, match=re.escape("At most 4 copies of Cinder Bolt")):
        parse_options(GAME.options, {"deck_1": code})
