"""Deck lists for people: a plain-text format and a compact deck code, read forgivingly.

Text format, one card per line (``#`` or ``//`` start a comment)::

    Leader: Vesk, Warlord of Cinders
    4 Ember Courier
    15 Red Energy
    Side deck:
    3 Smoke Feint

``3x Name`` and ``Name x3`` also work, a bare name means one copy, and a leader can be
marked ``Leader: Name``, ``1 Name (leader)`` or simply listed once. Deck codes
(``AUR-…``) pack collector numbers and copies into Crockford base32 with a checksum, so a
typo is caught and I/L/O read as 1/1/0.

Reading never raises: whatever was pasted, every problem comes back at once, each a
sentence for the player (unknown names come with the closest card name).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
import zlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine import BadOptions, OptionSpec, Rng
from bot.engine.decks import bulleted
from bot.engine.said import Said, said, said_n
from bot.engine.usertext import quoted
from bot.games.auroria.pool import POOL, check_deck, random_structure_deck
from bot.games.auroria.testset import test_deck

MAX_CHARS = 10_000
"""A 61-card list with a side deck is well under 3,000 characters."""
MAX_COPIES = 60
MAX_UNKNOWN_SHOWN = 20
"""Unknown names each get a line with the closest name up to here; the rest are counted."""
CODE_PREFIX = "AUR-"
CODE_VERSION = 1
_B32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_B32_READ = {c: i for i, c in enumerate(_B32)} | {"I": 1, "L": 1, "O": 0}
BULLETS = "*•·-–— "
_SIDE = re.compile(r"^(side|side ?deck|side ?board)\s*:?$", re.IGNORECASE)
_MAIN = re.compile(r"^(main|main ?deck|deck)\s*:?$", re.IGNORECASE)
LEADER_LINE = "Leader:"
"""How a deck list marks its leader: a keyword of the list's format (which reads it in
English), so a hint in any language shows it as it is."""
_LEADER = re.compile(r"^leader(\s*[:\-]\s*|\s+)(?P<name>.+)$", re.IGNORECASE)
_MARK = re.compile(r"^(?P<name>.+?)\s*[(\[]\s*leader\s*[)\]]$", re.IGNORECASE)
_COUNT_FIRST = re.compile(r"^(?P<n>\d+)\s*[x×]?\s+(?P<name>.+)$", re.IGNORECASE)
_COUNT_LAST = re.compile(r"^(?P<name>.+?)\s+[x×]\s*(?P<n>\d+)$", re.IGNORECASE)
_LOOKALIKE = str.maketrans({
    "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
    "т": "t", "у": "y", "х": "x", "і": "i", "ј": "j", "ѕ": "s", "ԁ": "d", "ɡ": "g", "ӏ": "l",
    "α": "a", "β": "b", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t",
    "υ": "u", "χ": "x", "ı": "i",
})
"""Letters that look like Latin ones (after casefolding), so a pasted name still matches."""


@dataclass(frozen=True, slots=True)
class DeckList:
    """A deck as read: card ids (one per copy), and every problem found (empty: legal)."""

    leader: str | None
    main: tuple[str, ...]
    side: tuple[str, ...] | None
    problems: tuple[Said, ...]

    @property
    def legal(self) -> bool:
        return not self.problems


# ----- names ----------------------------------------------------------------------------------
def clean(text: str) -> str:
    """NFKC, without control and format characters (NUL, zero-width, direction marks)."""
    text = unicodedata.normalize("NFKC", text)
    return "".join(ch for ch in text if ch in "\n\t" or unicodedata.category(ch)[0] != "C")


def name_key(name: str) -> str:
    """How names are compared: case, look-alike letters, punctuation and spacing aside."""
    folded = clean(name).casefold().translate(_LOOKALIKE)
    return " ".join("".join(ch if ch.isalnum() else " " for ch in folded).split())


_KEYS = {name_key(c.name): cid for cid, c in POOL.cards.items()}


def find_card(name: str) -> str | None:
    return _KEYS.get(name_key(name))


def closest_name(name: str) -> str | None:
    """The pool card whose name is nearest to ``name`` (difflib), if any is close."""
    found = difflib.get_close_matches(name_key(name)[:200], list(_KEYS), n=1, cutoff=0.5)
    return POOL.cards[_KEYS[found[0]]].name if found else None


# ----- plain text -----------------------------------------------------------------------------
def _entry(line: str) -> tuple[int | None, str, bool]:
    """(copies or None when unreadable, name, marked as the leader) of one line."""
    line = line.lstrip(BULLETS)
    leader = _LEADER.match(line)
    if leader:
        return 1, leader.group("name"), True
    marked = _MARK.match(line)
    if marked:
        line = marked.group("name")
    for pattern in (_COUNT_FIRST, _COUNT_LAST):
        m = pattern.match(line)
        if m:
            digits = m.group("n")
            n = int(digits) if len(digits) <= 3 else None
            return n, m.group("name"), bool(marked)
    return 1, line, bool(marked)


def parse_list(text: str | bytes) -> DeckList:
    """Read a pasted list; every problem is reported, none raised."""
    if isinstance(text, bytes):
        if len(text) > 4 * MAX_CHARS:
            return _too_long(len(text))
        text = text.decode("utf-8", errors="replace")
    if len(text) > MAX_CHARS:
        return _too_long(len(text))
    problems: list[Said] = []
    leaders: list[str] = []
    counts: dict[str, Counter[str]] = {"main": Counter(), "side": Counter()}
    section = "main"
    saw_side = named_leader = False
    unknown = 0
    lines = clean(text.replace("\r\n", "\n").replace("\r", "\n")).splitlines()
    for number, raw_line in enumerate(lines, start=1):
        line = " ".join(raw_line.split())
        if not line or line.startswith(("#", "//")):
            continue
        if _SIDE.match(line) or _MAIN.match(line):
            section = "side" if _SIDE.match(line) else "main"
            saw_side = saw_side or section == "side"
            continue
        n, name, marked = _entry(line)
        named_leader = named_leader or marked
        if n is None or not 1 <= n <= MAX_COPIES:
            problems.append(said("Line {line}: the number of copies must be 1-{most}.",
                                 line=number, most=MAX_COPIES))
            continue
        cid = find_card(name)
        if cid is None:
            unknown += 1
            if unknown <= MAX_UNKNOWN_SHOWN:
                hint = closest_name(name)
                problems.append(
                    said("Line {line}: no card is called {name} — did you mean {hint}?",
                         line=number, name=quoted(name), hint=hint) if hint else
                    said("Line {line}: no card is called {name}.", line=number,
                         name=quoted(name)))
            continue
        if marked or (POOL.cards[cid].type == "leader" and section == "main"):
            leaders += [cid] * n
        else:
            counts[section][cid] += n
    if unknown > MAX_UNKNOWN_SHOWN:
        problems.append(said_n("…and {n} more line names no card.",
                               "…and {n} more lines name no card.", unknown - MAX_UNKNOWN_SHOWN))
    if named_leader and not leaders:
        problems.append(said("The line marked as the leader names no card, so the deck has no "
                             "leader."))
        leaders = ["?"]  # reported just now: not again as a missing leader
    side = tuple(counts["side"].elements()) if saw_side else None
    return _checked(leaders, tuple(counts["main"].elements()), side, problems)


def _too_long(size: int) -> DeckList:
    return DeckList(None, (), None, (said("That is too long to be a deck list: {n} characters "
                                          "(at most {most}).", n=size, most=MAX_CHARS),))


def _checked(leaders: Sequence[str], main: tuple[str, ...], side: tuple[str, ...] | None,
             problems: list[Said]) -> DeckList:
    """Add the leader problems and the construction rules to what reading found."""
    if not leaders:
        problems.append(said("No leader: mark one line as `Leader: Name`."))
    elif len(leaders) > 1:
        names = tuple(dict.fromkeys(POOL.cards[c].name for c in leaders))
        problems.append(said("A deck has exactly one leader, this one has {n}: {names}.",
                             n=len(leaders), names=names))
    leader = leaders[0] if leaders and leaders[0] in POOL.cards else None
    if leader is not None and POOL.cards[leader].type != "leader":
        problems.append(said("{card} is not a leader.", card=POOL.cards[leader].name))
        leader = None
    problems += check_deck(leader, main, side)
    return DeckList(leader, main, side, tuple(problems))


def format_list(leader: str, main: Sequence[str], side: Sequence[str] | None = None) -> str:
    """The text form of a deck, cards in collector-number order."""
    lines = [f"{LEADER_LINE} {POOL.cards[leader].name}"]
    lines += [f"{n} {POOL.cards[cid].name}" for cid, n in _by_number(main)]
    if side:
        lines += ["", "Side deck:"]
        lines += [f"{n} {POOL.cards[cid].name}" for cid, n in _by_number(side)]
    return "\n".join(lines)


def _by_number(ids: Sequence[str]) -> list[tuple[str, int]]:
    return sorted(Counter(ids).items(), key=lambda item: POOL.numbers[item[0]])


# ----- deck codes -----------------------------------------------------------------------------
def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def encode(leader: str, main: Sequence[str], side: Sequence[str] | None = None) -> str:
    """The deck code: version, leader, then (number, copies) pairs for the deck and the side
    deck, and a 16-bit checksum; Crockford base32 after ``AUR-``."""
    body = bytearray([CODE_VERSION])
    body += _varint(POOL.numbers[leader])
    for part in (main, side or ()):
        pairs = _by_number(part)
        body += _varint(len(pairs))
        for cid, n in pairs:
            body += _varint(POOL.numbers[cid]) + _varint(n)
    body += (zlib.crc32(bytes(body)) & 0xFFFF).to_bytes(2, "big")
    value = int.from_bytes(body, "big")
    digits = (len(body) * 8 + 4) // 5
    return CODE_PREFIX + "".join(_B32[(value >> (5 * i)) & 31] for i in reversed(range(digits)))


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def varint(self, high: int) -> int:
        value = shift = 0
        while True:
            if self.at >= len(self.data) or shift > 28:
                raise ValueError("truncated")
            byte = self.data[self.at]
            self.at += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                break
        if value > high:
            raise ValueError("out of range")
        return value


def looks_like_code(text: str) -> bool:
    squeezed = "".join(clean(text).split()).upper()
    return squeezed.startswith(CODE_PREFIX) and len(squeezed) <= 1000


def decode(code: str) -> DeckList:
    """Read a deck code; a damaged or foreign code is one clear problem, never an error."""
    squeezed = "".join(clean(code).split()).upper().replace("-", "")
    bad = DeckList(None, (), None, (said("That deck code is damaged or incomplete: copy it "
                                         "again from where it was shared."),))
    payload = squeezed[len(CODE_PREFIX) - 1:]
    if not squeezed.startswith(CODE_PREFIX[:-1]) or not payload or len(payload) > 1000:
        return bad
    if any(ch not in _B32_READ for ch in payload):
        return bad
    value = 0
    for ch in payload:
        value = value * 32 + _B32_READ[ch]
    size = len(payload) * 5 // 8
    if size < 4 or value >> (size * 8):
        return bad
    data = value.to_bytes(size, "big")
    body, check = data[:-2], int.from_bytes(data[-2:], "big")
    if zlib.crc32(body) & 0xFFFF != check or body[0] != CODE_VERSION:
        return bad
    try:
        return _read_body(_Reader(body[1:]))
    except ValueError:
        return bad


def _read_body(reader: _Reader) -> DeckList:
    problems: list[Said] = []

    def card(number: int) -> str | None:
        cid = POOL.by_number.get(number)
        if cid is None:
            problems.append(said("The code names card number {number}, which this card pool "
                                 "does not have.", number=number))
        return cid

    leader = card(reader.varint(10_000))
    parts: list[list[str]] = []
    for _ in range(2):
        ids: list[str] = []
        for _ in range(reader.varint(200)):
            cid, n = card(reader.varint(10_000)), reader.varint(MAX_COPIES)
            if cid is not None:
                ids += [cid] * n
        parts.append(ids)
    if reader.at != len(reader.data):
        raise ValueError("trailing bytes")
    side = tuple(parts[1]) or None
    return _checked([leader] if leader else [], tuple(parts[0]), side, problems)


def read_deck(text: str | bytes) -> DeckList:
    """A pasted deck code or deck list, whichever it is."""
    if isinstance(text, str) and len(text) <= MAX_CHARS and looks_like_code(text):
        return decode(text)
    return parse_list(text)


# ----- the match option -----------------------------------------------------------------------
RANDOM = "random"
TEST = "test"


class DeckOption(OptionSpec):
    """A seat's deck: ``random`` (a structure deck drawn by the seed), a structure deck's
    key, ``test`` (a random deck from the test set) or the code of a legal deck."""

    __slots__ = ()

    def parse(self, raw: Any) -> Any:
        if isinstance(raw, str) and raw.strip().casefold() in (RANDOM, TEST, *POOL.decks):
            return raw.strip().casefold()
        if isinstance(raw, str) and looks_like_code(raw):
            deck = decode(raw)
            if deck.legal and deck.leader is not None:
                return encode(deck.leader, deck.main, deck.side)
            raise BadOptions(said("Option `{name}` names a deck that cannot be played:\n"
                                  "{problems}", name=self.name,
                                  problems=bulleted(deck.problems)))
        keys = ", ".join(f"`{key}`" for key in (RANDOM, *POOL.decks))
        raise BadOptions(said("Option `{name}` must be one of {keys} or a deck code.",
                              name=self.name, keys=keys))


def deck_option(name: str, help_text: Said) -> DeckOption:
    return DeckOption(name, "choice", RANDOM, help_text, (RANDOM, *POOL.decks, TEST))


def seat_deck(choice: str, rng: Rng) -> tuple[str, list[str], list[str]]:
    """(leader, deck, side deck) for a parsed deck option; ``random`` and ``test`` draw from
    ``rng`` (test decks have no side deck)."""
    if choice == TEST:
        return (*test_deck(rng), [])
    if choice == RANDOM or choice in POOL.decks:
        deck = POOL.decks[choice] if choice in POOL.decks else random_structure_deck(rng)
        return deck.leader, list(deck.main), list(deck.side)
    read = decode(choice)
    assert read.leader is not None, "deck options are checked when parsed"
    return read.leader, list(read.main), list(read.side or ())
