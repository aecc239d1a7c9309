"""Own decks for front ends, for every game that declares them (``Game.decks``): the
ready-made decks, checking a pasted list or code, a player's saved decks, and choosing the
deck one plays in a lobby — through the match service, under the match's lock.

A lobby's choices live in the match's options (``DeckBook.option``), so the deal, a replay
and an undo all rebuild the same decks from the match record alone.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.engine import Game, GameError, registry
from bot.engine.decks import DeckBook, DeckRefused, DeckView, bulleted
from bot.engine.said import Said, said
from bot.engine.usertext import TYPED_MAX, clean, quoted
from bot.match.info import MatchInfo
from bot.match.service import MatchService
from bot.store import DeckRecord, Store

MAX_SAVED = 20
"""Saved decks per player: with the ready-made decks and the default they fill one Discord
select (25 options)."""


class DeckNotFound(GameError):
    pass


def deck_games() -> list[Game[Any, Any]]:
    """The games whose seats choose their own decks, by name."""
    return [game for game in map(registry.get, registry.names()) if game.decks() is not None]


def seat_decks(info: MatchInfo, view: Any = None) -> dict[int, Said]:
    """Which deck each seat plays, in words; empty for a game without own decks. With the
    dealt table's ``view``, as dealt (a random deck named by what it turned out to be)."""
    book = registry.get(info.game).decks()
    if book is None:
        return {}
    default = book.choices()[0][0]
    values = {s.seat: str(info.options.get(book.option(s.seat), default)) for s in info.seats}
    return {seat: book.label(value) if view is None else book.dealt(value, view, seat)
            for seat, value in values.items()}


def deck_options(game: Game[Any, Any]) -> set[str]:
    """The match options that hold the seats' own decks (none for a game without)."""
    book = game.decks()
    return set() if book is None else {book.option(n) for n in range(game.max_players)}


class DeckService:
    """One game's own decks; stateless: every call reads what it needs from the store."""

    def __init__(self, store: Store, matches: MatchService, game: Game[Any, Any]) -> None:
        book = game.decks()
        if book is None:
            raise ValueError(f"{game.name} has no own decks")
        self.store = store
        self.matches = matches
        self.game = game.name
        self.title = game.title
        self.book: DeckBook = book

    # -- reading ---------------------------------------------------------------------------

    def structure_decks(self) -> list[DeckView]:
        return self.book.built_in()

    def check(self, text: str | bytes) -> DeckView:
        """A pasted list or deck code, read and checked: every problem at once."""
        return self.book.read(text)

    def _saved(self, deck: DeckRecord) -> DeckView:
        return replace(self.book.read(deck.code), name=deck.name)

    async def saved(self, user_id: int) -> list[DeckView]:
        return [self._saved(d) for d in await self.store.decks_of(user_id, self.game)]

    async def show(self, user_id: int, ref: str) -> DeckView:
        """A ready-made deck (by key or name) or one of the user's saved decks (by name)."""
        deck = self.book.find(ref)
        if deck is not None:
            return deck
        name = self.book.tidy(ref)
        saved = await self.store.get_deck(user_id, self.game, name)
        if saved is None:
            raise DeckNotFound(said("No deck is called {name}: /deck list shows the structure "
                                    "decks and yours.", name=quoted(name)))
        return self._saved(saved)

    async def choices(self, user_id: int) -> list[tuple[str, Said]]:
        """(value, label) of every deck the user may play: the default, the ready-made decks
        and their saved decks (a sentence, said in the reader's language)."""
        mine = await self.store.decks_of(user_id, self.game)
        return [*self.book.choices(),
                *((d.name, said("{deck} (yours)", deck=clean(d.name, TYPED_MAX)))
                  for d in mine)]

    # -- saving ----------------------------------------------------------------------------

    async def save(self, user_id: int, name: str, text: str | bytes) -> DeckView:
        """Save a legal deck under ``name`` (replacing the user's deck of that name)."""
        title = self.book.clean_name(name)
        read = self.book.read(text)
        if read.problems or not read.code:
            raise DeckRefused(said("This deck cannot be saved yet:\n{problems}",
                                   problems=bulleted(read.problems)))
        mine = await self.store.decks_of(user_id, self.game)
        if len(mine) >= MAX_SAVED and all(d.key != title.casefold() for d in mine):
            raise DeckRefused(said("You have {n} saved decks already: delete one first.",
                                   n=MAX_SAVED))
        await self.store.save_deck(DeckRecord(user_id, self.game, title, read.code))
        return replace(read, name=title)

    async def delete(self, user_id: int, name: str) -> None:
        if not await self.store.delete_deck(user_id, self.game, self.book.tidy(name)):
            raise DeckNotFound(said("You have no saved deck of that name."))

    # -- lobbies ---------------------------------------------------------------------------

    async def option_value(self, user_id: int, ref: str) -> str:
        """The seat option for ``ref``: the default, a ready-made deck, or the deck code of
        a saved deck or of a pasted code (which must be legal)."""
        value = self.book.option_value(ref)
        return value if value is not None else (await self.show(user_id, ref)).code

    async def choose(self, match_id: int, user_id: int, ref: str) -> MatchInfo:
        """Play ``ref`` from the user's seat in a lobby (the match service checks the lobby
        and the seat under the match's lock)."""
        return await self.matches.choose_deck(match_id, user_id,
                                              await self.option_value(user_id, ref))
