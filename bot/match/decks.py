"""Auroria decks for front ends: the structure decks, checking a pasted list or code, a
player's saved decks, and choosing the deck one plays in a lobby.

A lobby's choices live in the match's options (``deck_1``, ``deck_2``), so the deal, a replay
and an undo all rebuild the same decks from the match record alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import GameError, View, parse_options, registry
from bot.games.auroria.decklist import (
    RANDOM,
    DeckList,
    clean,
    decode,
    encode,
    format_list,
    looks_like_code,
    read_deck,
)
from bot.games.auroria.pool import POOL, StructureDeck
from bot.match.errors import LobbyClosed, NotSeated
from bot.match.info import MatchInfo
from bot.match.service import MatchService
from bot.store import LOBBY, DeckRecord, Store, VersionConflict

GAME = "auroria"
MAX_SAVED = 20
"""Saved decks per player: with the four structure decks and ``random`` they fill one
Discord select (25 options)."""
MAX_NAME = 40
RETRIES = 3
"""Attempts at writing a lobby's options while other lobby changes race with it."""


class DeckRefused(GameError):
    """A deck that cannot be saved or played; the message lists every problem."""


class DeckNotFound(GameError):
    pass


@dataclass(frozen=True)
class DeckView:
    """A deck as shown to a player: its list, its code, and what (if anything) is wrong."""

    name: str
    leader: str
    """The leader's name (empty when the list names none)."""
    colour: str
    about: str
    text: str
    code: str
    """Empty when there is no leader to encode."""
    size: int
    """Cards with the leader."""
    side: int
    problems: tuple[str, ...] = ()
    key: str = ""
    """The structure deck's key; empty for a player's own deck."""

    @property
    def legal(self) -> bool:
        return not self.problems

    def counts(self) -> str:
        """``61 cards (with the leader) + side deck of 10``."""
        side = f" + side deck of {self.side}" if self.side else ""
        return f"{self.size} cards (with the leader){side}"


def _view(deck: DeckList, name: str, about: str = "", key: str = "") -> DeckView:
    leader = POOL.cards[deck.leader] if deck.leader is not None else None
    text = code = ""
    if leader is not None:
        text = format_list(leader.id, deck.main, deck.side)
        code = encode(leader.id, deck.main, deck.side)
    return DeckView(name, leader.name if leader else "", leader.colour if leader else "", about,
                    text, code, len(deck.main) + (leader is not None), len(deck.side or ()),
                    deck.problems, key)


def _structure(deck: StructureDeck) -> DeckView:
    read = DeckList(deck.leader, deck.main, deck.side, ())
    return _view(read, deck.name, deck.about, deck.key)


def _structure_ref(ref: str) -> StructureDeck | None:
    """A structure deck by key or by name, case aside."""
    wanted = " ".join(clean(ref).split()).casefold()
    for deck in POOL.decks.values():
        if wanted in (deck.key, deck.name.casefold()):
            return deck
    return None


def clean_name(name: str) -> str:
    """A saved deck's name as stored: clean, single-spaced, and not too long."""
    text = " ".join(clean(name).split())
    if not text:
        raise DeckRefused("Give the deck a name.")
    if len(text) > MAX_NAME:
        raise DeckRefused(f"A deck name has at most {MAX_NAME} characters.")
    if _structure_ref(text) is not None or text.casefold() == RANDOM:
        raise DeckRefused(f"“{text}” is the name of a structure deck: choose another name.")
    return text


def option_label(value: str) -> str:
    """What a seat's deck option means, in words (for the lobby post)."""
    if value in POOL.decks:
        return f"**{POOL.decks[value].name}**"
    read = decode(value) if looks_like_code(value) else None
    if read is not None and read.leader is not None:
        return f"an own deck led by **{POOL.cards[read.leader].name}**"
    return "a random structure deck"


def seat_decks(info: MatchInfo, view: View | None = None) -> dict[int, str]:
    """Which deck each seat of an Auroria match plays, in words; empty for other games.
    With the table's ``view`` (once dealt) a random deck is named by the leader it dealt."""
    if info.game != GAME:
        return {}
    out = {}
    for s in info.seats:
        value = str(info.options.get(f"deck_{s.seat + 1}", RANDOM))
        out[s.seat] = (dealt(view["players"][s.seat]["leader"]["name"])
                       if value == RANDOM and view is not None else option_label(value))
    return out


def dealt(leader: str) -> str:
    """The random structure deck a seat was dealt, named after its leader."""
    for deck in POOL.decks.values():
        if POOL.cards[deck.leader].name == leader:
            return f"**{deck.name}** (dealt at random)"
    return f"a random deck led by **{leader}**"


class DeckService:
    """Stateless: every call reads what it needs from the store."""

    def __init__(self, store: Store, matches: MatchService) -> None:
        self.store = store
        self.matches = matches

    # -- reading ---------------------------------------------------------------------------

    @staticmethod
    def structure_decks() -> list[DeckView]:
        return [_structure(deck) for deck in POOL.decks.values()]

    @staticmethod
    def check(text: str | bytes) -> DeckView:
        """A pasted list or deck code, read and checked: every problem at once."""
        return _view(read_deck(text), "")

    async def saved(self, user_id: int) -> list[DeckView]:
        return [_view(decode(d.code), d.name) for d in await self.store.decks_of(user_id, GAME)]

    async def show(self, user_id: int, ref: str) -> DeckView:
        """A structure deck (by key or name) or one of the user's saved decks (by name)."""
        deck = _structure_ref(ref)
        if deck is not None:
            return _structure(deck)
        saved = await self.store.get_deck(user_id, GAME, " ".join(clean(ref).split()))
        if saved is None:
            raise DeckNotFound(f"No deck is called “{' '.join(clean(ref).split())[:60]}”: "
                               "/deck list shows the structure decks and yours.")
        return _view(decode(saved.code), saved.name)

    async def choices(self, user_id: int) -> list[tuple[str, str]]:
        """(value, label) of every deck the user may play: random, the structure decks and
        their saved decks."""
        out = [(RANDOM, "Random structure deck")]
        out += [(d.key, f"{d.name} ({d.colour})") for d in POOL.decks.values()]
        out += [(d.name, f"{d.name} (yours)") for d in await self.store.decks_of(user_id, GAME)]
        return out

    # -- saving ----------------------------------------------------------------------------

    async def save(self, user_id: int, name: str, text: str | bytes) -> DeckView:
        """Save a legal deck under ``name`` (replacing the user's deck of that name)."""
        title = clean_name(name)
        read = read_deck(text)
        if read.problems or read.leader is None:
            raise DeckRefused("This deck cannot be saved yet:\n" + _bullets(read.problems))
        mine = await self.store.decks_of(user_id, GAME)
        if len(mine) >= MAX_SAVED and all(d.key != title.casefold() for d in mine):
            raise DeckRefused(f"You have {MAX_SAVED} saved decks already: delete one first.")
        code = encode(read.leader, read.main, read.side)
        await self.store.save_deck(DeckRecord(user_id, GAME, title, code))
        return _view(read, title)

    async def delete(self, user_id: int, name: str) -> None:
        if not await self.store.delete_deck(user_id, GAME, " ".join(clean(name).split())):
            raise DeckNotFound("You have no saved deck of that name.")

    # -- lobbies ---------------------------------------------------------------------------

    async def option_value(self, user_id: int, ref: str) -> str:
        """The seat option for ``ref``: random, a structure deck's key, or the deck code of
        a saved deck or of a pasted code (which must be legal)."""
        if " ".join(clean(ref).split()).casefold() == RANDOM:
            return RANDOM
        deck = _structure_ref(ref)
        if deck is not None:
            return deck.key
        if looks_like_code(ref):
            read = decode(ref)
            if read.problems or read.leader is None:
                raise DeckRefused("That deck cannot be played:\n" + _bullets(read.problems))
            return encode(read.leader, read.main, read.side)
        return (await self.show(user_id, ref)).code

    async def choose(self, match_id: int, user_id: int, ref: str) -> MatchInfo:
        """Play ``ref`` from the user's seat in an Auroria lobby."""
        value = await self.option_value(user_id, ref)
        for _ in range(RETRIES):
            record = await self.store.get_match(match_id)
            if record is None or record.game != GAME:
                raise LobbyClosed("Decks are chosen in an Auroria lobby.")
            if record.status != LOBBY:
                raise LobbyClosed("This match has already started; its decks are dealt.")
            seat = next((s for s in record.seats if s.user_id == user_id), None)
            if seat is None:
                raise NotSeated("Join the lobby first, then choose your deck.")
            name = f"deck_{seat.seat + 1}"
            if record.options.get(name) == value:
                return await self.matches.info(match_id)
            options = parse_options(registry.get(GAME).options, {**record.options, name: value})
            try:
                await self.store.set_options(match_id, record.version, options)
            except VersionConflict:
                continue  # someone joined or left meanwhile: read the seats again
            return await self.matches.info(match_id)
        raise LobbyClosed("The lobby keeps changing; choose your deck again in a moment.")


def _bullets(problems: tuple[str, ...]) -> str:
    return "\n".join(f"• {p}" for p in problems)

