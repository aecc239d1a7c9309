"""Deck lists and deck codes: the formats round-trip, and import reports every problem."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from bot.engine.said import Said
from bot.games.auroria.decklist import (
    MAX_CHARS,
    clean,
    closest_name,
    decode,
    encode,
    find_card,
    format_list,
    parse_list,
    read_deck,
)
from bot.games.auroria.decks import deck_problems
from bot.games.auroria.derived import BUILTIN
from bot.games.auroria.pool import POOL


def english(problems: Sequence[Said]) -> list[str]:
    """Problems as the English a log or an English reader gets."""
    return [str(problem) for problem in problems]

RED = POOL.decks["valley"]


@pytest.mark.parametrize("key", list(POOL.decks))
def test_text_round_trips_every_structure_deck(key: str) -> None:
    deck = POOL.decks[key]
    text = format_list(deck.leader, deck.main, deck.side)
    assert text.startswith(f"Leader: {POOL.cards[deck.leader].name}\n")
    read = parse_list(text)
    assert read.problems == ()
    assert (read.leader, sorted(read.main), sorted(read.side or ())) == (
        deck.leader, sorted(deck.main), sorted(deck.side))


@pytest.mark.parametrize("key", list(POOL.decks))
def test_codes_round_trip_and_stay_short(key: str) -> None:
    deck = POOL.decks[key]
    code = encode(deck.leader, deck.main, deck.side)
    assert code.startswith("AUR-") and len(code) < 100
    read = decode(code)
    assert read.problems == ()
    assert (read.leader, sorted(read.main), sorted(read.side or ())) == (
        deck.leader, sorted(deck.main), sorted(deck.side))
    assert decode(encode(deck.leader, deck.main)).side is None


def test_codes_forgive_case_spacing_and_look_alike_digits() -> None:
    code = encode(RED.leader, RED.main)
    sloppy = "  " + " ".join(code[i:i + 5] for i in range(0, len(code), 5)).lower() + "\n"
    assert decode(sloppy).main == decode(code).main
    assert decode(code.replace("1", "l").replace("0", "O")).problems == ()


def test_a_damaged_code_is_one_clear_problem() -> None:
    code = encode(RED.leader, RED.main)
    for i in range(4, len(code)):
        flipped = code[:i] + ("Z" if code[i] != "Z" else "Y") + code[i + 1:]
        read = decode(flipped)
        assert read.problems and "damaged" in str(read.problems[0]), flipped
    assert "damaged" in str(decode("AUR-").problems[0])
    assert "damaged" in str(decode("AUR-U!?").problems[0])


def test_a_code_names_unknown_collector_numbers() -> None:
    import zlib

    body = bytes([1, 2, 1, 99, 4, 0])  # version, Vesk (no 2), one entry: card 99 × 4
    body += (zlib.crc32(body) & 0xFFFF).to_bytes(2, "big")
    value = int.from_bytes(body, "big")
    digits = (len(body) * 8 + 4) // 5
    alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    code = "AUR-" + "".join(alphabet[(value >> (5 * i)) & 31] for i in reversed(range(digits)))
    read = decode(code)
    assert "card number 99" in str(read.problems[0])
    assert read.leader == "r_vesk"


def test_read_deck_takes_a_code_or_a_list() -> None:
    assert read_deck(encode(RED.leader, RED.main)).leader == RED.leader
    assert read_deck(format_list(RED.leader, RED.main)).leader == RED.leader


def test_line_forms_leader_marks_comments_and_sections() -> None:
    text = """
    # my deck
    1 Vesk, Warlord of Cinders (leader)
    18x Red Energy
    Flare Energy x3
    // creatures
    4 ember courier
    4   VALLEY   RAIDER
    Sideboard:
    Cinder Bolt
    """
    read = parse_list(text)
    assert read.leader == "r_vesk"
    assert read.main.count("r_energy") == 18 and read.main.count("r_flare") == 3
    assert read.main.count("r_courier") == 4 and read.main.count("r_raider") == 4
    assert read.side == ("r_bolt",)
    assert parse_list("Vesk, Warlord of Cinders\n18 Red Energy").leader == "r_vesk"
    assert parse_list("* Leader - Vesk Warlord of Cinders").leader == "r_vesk"
    assert parse_list("Leader Vesk, Warlord of Cinders").leader == "r_vesk"
    old_mac = parse_list("Leader: Vesk, Warlord of Cinders\r4 Ember Courier\r\n2 Red Energy")
    assert old_mac.main.count("r_courier") == 4 and old_mac.main.count("r_energy") == 2


def test_every_problem_is_reported_at_once() -> None:
    text = "\n".join([
        "Leader: Edda, Mayor of the Wheels",
        "20 White Energy",
        "5 Wagon Porter",          # too many copies
        "2 Ember Courier",         # a red Ashkin Raider: no channel shared with Edda's
        "2 Cinder Bolt",           # a red spell in a white deck
        "3 Wagon Portr",           # unknown, close to Wagon Porter
        "1 Qwxzv",                 # unknown, close to nothing
        "0 Gate Warden",           # a count that cannot be
    ])
    problems = english(parse_list(text).problems)
    assert problems[:3] == [
        "Line 6: no card is called `Wagon Portr` — did you mean Wagon Porter?",
        "Line 7: no card is called `Qwxzv`.",
        "Line 8: the number of copies must be 1-60.",
    ]
    rest = " | ".join(problems[3:])
    assert "A deck holds 51-61 cards with the leader, not 30." in rest
    assert "At most 4 copies of Wagon Porter (5)." in rest
    assert "Ember Courier shares no identity channel" in rest
    assert "Cinder Bolt must be white like the leader." in rest
    assert len(problems) == 7


def test_leader_problems() -> None:
    assert "No leader" in str(parse_list("20 Red Energy").problems[0])
    two = parse_list("Leader: Vesk, Warlord of Cinders\nLeader: Edda, Mayor of the Wheels")
    assert "exactly one leader, this one has 2: Vesk, Warlord of Cinders, Edda" in \
        str(two.problems[0])
    not_leader = parse_list("Leader: Red Energy\n49 Red Energy")
    assert str(not_leader.problems[0]) == "Red Energy is not a leader."
    ghost = parse_list("Leader: Nobody Special\n50 Red Energy")
    assert any("names no card, so the deck has no leader" in p for p in english(ghost.problems))
    assert not any(p.startswith("No leader") for p in english(ghost.problems))


def test_odd_unicode_in_names_still_finds_the_card() -> None:
    for name in ("Gold\u200b Coin", "\u202eGold Coin\u202c", "Gold\x00 Coin", "Gоld Cоin",
                 "ＧＯＬＤ　ＣＯＩＮ", "gold-coin"):
        assert find_card(name) == "w_coin", repr(name)
    assert closest_name("Gild Coin") == "Gold Coin"
    assert clean("a\u200db\x00c\u2067d") == "abcd"


def test_huge_input_is_one_clear_problem() -> None:
    read = parse_list("4 Gold Coin\n" * 2000)
    assert english(read.problems) == [f"That is too long to be a deck list: 24000 characters "
                                      f"(at most {MAX_CHARS})."]
    assert "too long" in str(parse_list(b"x" * (5 * MAX_CHARS)).problems[0])


def test_many_unknown_lines_are_counted_not_listed() -> None:
    problems = english(parse_list("\n".join(f"1 Nonsense {i}" for i in range(50))).problems)
    assert sum("no card is called" in p for p in problems) == 20
    assert "…and 30 more lines name no card." in problems


# ----- the codex's white Human Bandit examples ------------------------------------------------
BANDIT = {"id": "lw", "name": "Bandit Chief", "type": "leader", "colour": "white",
          "race": "Human", "traits": ["Bandit"], "front": 2, "influence": 20}


def _cards(*creatures: tuple[str, str, str, list[str]]) -> dict[str, object]:
    from bot.games.auroria.cards import parse_cards

    raw = [BANDIT] + [{"id": cid, "name": cid, "type": "creature", "colour": colour,
                       "race": race, "traits": traits, "front": 1, "back": 1}
                      for cid, colour, race, traits in creatures]
    return {**BUILTIN, **parse_cards(raw)}


def test_a_non_white_human_makes_the_lineup_human_only() -> None:
    cards = _cards(("red_human", "red", "Human", []), ("white_elf", "white", "Elf", []),
                   ("red_human_2", "red", "Human", ["Pirate"]))
    base = ["energy"] * 46
    assert deck_problems("lw", [*base, "red_human", "red_human_2", "squire", "squire"],
                         cards) == []  # squire: a white Human
    problems = english(deck_problems("lw", [*base, "red_human", "white_elf", "squire",
                                            "squire"], cards))
    assert problems == ["white_elf shares no identity channel with the leader and the "
                        "creatures before it (open: Human)."]


def test_a_white_creature_of_neither_race_nor_trait_makes_it_mono_white() -> None:
    cards = _cards(("white_elf", "white", "Elf", []), ("red_bandit", "red", "Orc", ["Bandit"]))
    base = ["energy"] * 47
    assert deck_problems("lw", [*base, "white_elf", "squire", "squire"], cards) == []
    assert english(deck_problems("lw", [*base, "white_elf", "red_bandit", "squire"],
                                 cards)) == [
        "red_bandit shares no identity channel with the leader and the creatures before it "
        "(open: white)."]


def test_a_white_bandit_keeps_white_and_bandit_open() -> None:
    cards = _cards(("white_bandit", "white", "Orc", ["Bandit"]),
                   ("red_bandit", "red", "Orc", ["Bandit"]), ("white_elf", "white", "Elf", []))
    base = ["energy"] * 47
    # both channels are still open: a red Bandit or a white Elf may follow
    assert deck_problems("lw", [*base, "white_bandit", "red_bandit", "red_bandit"], cards) == []
    assert deck_problems("lw", [*base, "white_bandit", "white_elf", "white_elf"], cards) == []
