"""Deck import never crashes: random bytes, random text with odd Unicode, damaged codes."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine.said import Said
from bot.games.auroria.decklist import (
    MAX_CHARS,
    DeckList,
    decode,
    encode,
    format_list,
    parse_list,
    read_deck,
)
from bot.games.auroria.pool import POOL

ODD = ["\u200b", "\u200d", "\ufeff", "\u202e", "\u2066", "\u200f", "\x00", "\r", "\u2028",
       "а", "о", "е", "Ⅳ", "①", "ﬁ", "\ud7ff", "\U0001f0a1", "×", "x", "#", ":", "(leader)",
       "Leader:", "Side deck:", "\n"]
NAMES = sorted(c.name for c in POOL.cards.values())
LIST = format_list(POOL.decks["city"].leader, POOL.decks["city"].main, POOL.decks["city"].side)
CODE = encode(POOL.decks["potions"].leader, POOL.decks["potions"].main)
FAST = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


def _sane(read: DeckList) -> None:
    assert isinstance(read.problems, tuple)
    assert all(isinstance(p, Said) and str(p) for p in read.problems)
    assert read.leader is None or read.leader in POOL.cards
    assert all(c in POOL.cards for c in (*read.main, *(read.side or ())))


@FAST
@given(st.binary(max_size=3000))
def test_random_bytes_never_crash(data: bytes) -> None:
    _sane(parse_list(data))
    _sane(read_deck(data))


@FAST
@given(st.lists(st.one_of(st.sampled_from(ODD), st.sampled_from(NAMES),
                          st.integers(-5, 10**9).map(str), st.text(max_size=12)),
                max_size=120))
def test_odd_text_never_crashes(parts: list[str]) -> None:
    text = " ".join(parts)
    _sane(parse_list(text))
    _sane(read_deck(text))


@FAST
@given(st.data())
def test_a_real_list_with_noise_never_crashes(data: st.DataObject) -> None:
    chars = list(LIST)
    for _ in range(data.draw(st.integers(0, 20))):
        at = data.draw(st.integers(0, len(chars)))
        chars.insert(at, data.draw(st.sampled_from(ODD)))
    _sane(parse_list("".join(chars)))


@FAST
@given(st.text(alphabet="0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-il ", max_size=200))
def test_random_codes_never_crash(tail: str) -> None:
    _sane(decode("AUR-" + tail))
    _sane(read_deck("aur-" + tail))


def test_every_changed_code_digit_is_caught() -> None:
    for at in range(len("AUR-"), len(CODE)):
        for digit in "0123456789ABCDEFGHJKMNPQRSTVWXYZ":
            if digit != CODE[at]:
                read = decode(CODE[:at] + digit + CODE[at + 1:])
                _sane(read)
                assert read.problems, (at, digit)


def test_huge_inputs_are_refused_quickly_with_their_size() -> None:
    for huge in ("4 Gold Coin\n" * 100_000, "\u200b" * (MAX_CHARS + 1), "A" * 10**6):
        read = read_deck(huge)
        assert [str(p) for p in read.problems] == [
            f"That is too long to be a deck list: {len(huge)} characters (at most {MAX_CHARS})."]
    assert "too long" in str(parse_list(b"\xff" * 10**6).problems[0])
