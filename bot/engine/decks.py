"""Own decks: what a game whose seats each choose a deck before the start declares.

A game returns its ``DeckBook`` from ``Game.decks()``; the match service and front ends ask
it what a seat may play, how a pasted list or code reads, and how a choice is said in words,
without knowing the game. A seat's choice is a match option (``DeckBook.option``), so the
deal, a replay and an undo rebuild the same decks from the match record alone.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from bot.engine.errors import GameError
from bot.engine.said import Said


class DeckRefused(GameError):
    """A deck that cannot be saved or played; the message lists every problem."""


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
    problems: tuple[Said, ...] = ()
    """Sentences, said in the reader's language (``str()``: English)."""
    key: str = ""
    """A ready-made deck's key; empty for a player's own deck."""

    @property
    def legal(self) -> bool:
        return not self.problems

    def counts(self) -> str:
        """``61 cards (with the leader) + side deck of 10``."""
        side = f" + side deck of {self.side}" if self.side else ""
        return f"{self.size} cards (with the leader){side}"


def bulleted(lines: tuple[Said, ...]) -> Said:
    """Sentences as a bulleted list, each said in the reader's language: the list itself
    holds no words (its message is only bullets and placeholders), so it needs no
    translation."""
    holes = {f"line{i}": line for i, line in enumerate(lines)}
    return Said("\n".join(f"• {{{key}}}" for key in holes), dict(holes))


def bold(name: Said) -> Said:
    """A deck's name in bold, said in the reader's language: markup only, no words of its
    own to translate."""
    return Said("**{name}**", {"name": name})


class DeckBook(ABC):
    """A game's own decks: the ready-made ones, reading a pasted deck, naming a seat's choice.
    Pure: saved decks live in the store, which the application layer reads."""

    paste_hint: Said | None = None
    """What a pasted list or code looks like (a form's placeholder), if the game says."""

    @abstractmethod
    def option(self, seat: int) -> str:
        """The match option that holds the deck of ``seat`` (from 0)."""

    @abstractmethod
    def choices(self) -> list[tuple[str, Said]]:
        """(option value, label) of every deck anyone may play: the default first."""

    @abstractmethod
    def built_in(self) -> list[DeckView]:
        """The ready-made decks."""

    @abstractmethod
    def find(self, ref: str) -> DeckView | None:
        """A ready-made deck by key or by name, case aside."""

    @abstractmethod
    def read(self, text: str | bytes) -> DeckView:
        """A pasted list or deck code, read and checked: every problem at once."""

    @abstractmethod
    def option_value(self, ref: str) -> str | None:
        """The option value ``ref`` names (the default, a ready-made deck, a legal code), or
        None when it names none of these (perhaps a saved deck); ``DeckRefused`` for a
        code that cannot be played."""

    @abstractmethod
    def label(self, value: str) -> Said:
        """What a seat's option value means, in words (for the lobby post)."""

    def dealt(self, value: str, view: Any, seat: int) -> Said:
        """What ``seat`` plays once dealt, in words, from the table's public ``view``: the
        option's label unless the game can say more (a random deck named as dealt)."""
        return self.label(value)

    @abstractmethod
    def tidy(self, name: str) -> str:
        """A deck name as typed, tidied the way saved names are stored and looked up."""

    @abstractmethod
    def clean_name(self, name: str) -> str:
        """A saved deck's name as stored; ``DeckRefused`` for one it may not take."""

    @abstractmethod
    def cards(self) -> list[tuple[str, Said]]:
        """(card id, name) of every card a deck may hold."""

    @abstractmethod
    def card_text(self, ref: str) -> tuple[Said, ...]:
        """A card's full text, line by line, by id or name; ``GameError`` when there is
        none."""
