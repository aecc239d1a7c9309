"""Auroria's own decks for lobbies and /deck: the structure decks, reading a pasted list or
deck code, a seat's choice in words, and the card texts (``bot.engine.decks.DeckBook``)."""

from __future__ import annotations

from typing import Any

from bot.engine import GameError
from bot.engine.decks import DeckBook, DeckRefused, DeckView, bold, bulleted
from bot.engine.said import Said, said
from bot.engine.usertext import quoted
from bot.games.auroria.cardwords import sheet_words
from bot.games.auroria.decklist import (
    LEADER_LINE,
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

MAX_NAME = 40


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
    return _view(DeckList(deck.leader, deck.main, deck.side, ()), deck.name, deck.about,
                 deck.key)


def _tidy(text: str) -> str:
    return " ".join(clean(text).split())


def _structure_ref(ref: str) -> StructureDeck | None:
    wanted = _tidy(ref).casefold()
    for deck in POOL.decks.values():
        if wanted in (deck.key, deck.name.casefold()):
            return deck
    return None


class AuroriaDecks(DeckBook):
    paste_hint = said("{leader} …\n4 Card Name\n…  or  AUR-…", leader=LEADER_LINE)

    def option(self, seat: int) -> str:
        return f"deck_{seat + 1}"

    def choices(self) -> list[tuple[str, Said]]:
        return [(RANDOM, said("Random structure deck")),
                *((d.key, said("{deck} ({colour})", deck=Said(d.name), colour=Said(d.colour)))
                  for d in POOL.decks.values())]

    def built_in(self) -> list[DeckView]:
        return [_structure(deck) for deck in POOL.decks.values()]

    def find(self, ref: str) -> DeckView | None:
        deck = _structure_ref(ref)
        return _structure(deck) if deck is not None else None

    def read(self, text: str | bytes) -> DeckView:
        return _view(read_deck(text), "")

    def option_value(self, ref: str) -> str | None:
        if self.tidy(ref).casefold() == RANDOM:
            return RANDOM
        deck = _structure_ref(ref)
        if deck is not None:
            return deck.key
        if looks_like_code(ref):
            read = decode(ref)
            if read.problems or read.leader is None:
                raise DeckRefused(said("That deck cannot be played:\n{problems}",
                                       problems=bulleted(read.problems)))
            return encode(read.leader, read.main, read.side)
        return None

    def label(self, value: str) -> Said:
        if value in POOL.decks:
            return bold(Said(POOL.decks[value].name))
        read = decode(value) if looks_like_code(value) else None
        if read is not None and read.leader is not None:
            return said("an own deck led by **{leader}**",
                        leader=Said(POOL.cards[read.leader].name))
        return said("a random structure deck")

    def dealt(self, value: str, view: Any, seat: int) -> Said:
        if value != RANDOM:
            return self.label(value)
        leader = view["players"][seat]["leader"]["name"]
        for deck in POOL.decks.values():
            if POOL.cards[deck.leader].name == leader:
                return said("**{deck}** (dealt at random)", deck=Said(deck.name))
        return said("a random deck led by **{leader}**", leader=Said(leader))

    def tidy(self, name: str) -> str:
        return _tidy(name)

    def clean_name(self, name: str) -> str:
        text = self.tidy(name)
        if not text:
            raise DeckRefused(said("Give the deck a name."))
        if len(text) > MAX_NAME:
            raise DeckRefused(said("A deck name has at most {most} characters.", most=MAX_NAME))
        if _structure_ref(text) is not None or text.casefold() == RANDOM:
            raise DeckRefused(said("{name} is the name of a structure deck: choose another "
                                   "name.", name=quoted(text)))
        return text

    def cards(self) -> list[tuple[str, Said]]:
        return [(card.id, Said(card.name)) for card in POOL.cards.values()]

    def card_text(self, ref: str) -> tuple[Said, ...]:
        card = POOL.cards.get(ref) or next(
            (c for c in POOL.cards.values() if c.name.casefold() == ref.strip().casefold()),
            None)
        if card is None:
            raise GameError(said("There is no Set 1 card called {name}.", name=quoted(ref)))
        return sheet_words(card)


DECKS = AuroriaDecks()
