"""Auroria's card words as catalogue messages: card names, card texts, mode labels, keywords,
races, traits, and the structure decks' names and descriptions.

A card name is its own message, ``Said(card.name)`` (what every front end and sentence
passes), and so is each keyword, race, trait, colour and deck name; a card's text and its mode
labels are the messages ``cardtext`` writes, numbers as placeholders. ``words_of`` finds the message
of an English text a view or a prompt carries; ``messages`` lists every one of them for the
catalogue extractor (``bot.words.extract``), read from the Set 1 data and the test set.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from bot.engine.datacheck import load_json
from bot.engine.said import Said, said
from bot.games.auroria.cards import KEYWORDS, CardDef
from bot.games.auroria.cardtext import CardTextError, card_words, mode_words
from bot.games.auroria.derived import CATALOG
from bot.games.auroria.pool import COLOURS, DECK_FILES, FOLDER, LEADERS, POOL

DATA = "bot/games/auroria/set1"
"""Where the catalogue says the card words come from."""
TEST_SET_FILE = "bot/games/auroria/testset.py"


def name_words(card: CardDef) -> Said:
    """The card's name in the reader's language."""
    return Said(card.name)


def text_words(card: CardDef) -> Said:
    """The card's rules text in the reader's language: the message its data writes, or its
    hand-written text as its own message (the test set's)."""
    try:
        written = card_words(card)
    except CardTextError:
        return Said(card.text)
    return written if str(written) == card.text else Said(card.text)


KINDS = {"spell": said("Spell"), "aura": said("Aura Spell"), "counter": said("Counter"),
         "item": said("Item"), "energy": said("Energy"), "potion": said("Potion")}
"""The printed type of a card that is neither a leader nor a creature."""


def sheet_words(card: CardDef) -> tuple[Said, ...]:
    """Everything printed on ``card``, line by line, for a player reading it in full (images
    shorten text): type, colour and numbers; keywords; rules text."""
    colour = said("any colour") if card.colour == "any" else Said(card.colour)
    identity = tuple(Said(word) for word in (card.race, *card.traits) if word)
    if card.type == "leader":
        head = said("**{card}** — Leader · {colour} · power {power}, Influence {influence} · "
                    "{identity}", card=name_words(card), colour=colour, power=card.front,
                    influence=card.influence, identity=identity)
    elif card.type == "creature":
        head = said("**{card}** — Creature · {colour} · cost {cost} · power {front} ~ {back} "
                    "(Frontline ~ Backline) · {identity}", card=name_words(card), colour=colour,
                    cost=card.cost, front=card.front, back=card.back, identity=identity)
    else:
        head = said("**{card}** — {kind} · {colour} · cost {cost}", card=name_words(card),
                    kind=KINDS[card.type], colour=colour, cost=card.cost)
    lines = [head]
    if card.keywords:
        lines.append(said("Keywords: {keywords}.",
                          keywords=tuple(Said(word) for word in sorted(card.keywords))))
    if card.text:
        lines.append(text_words(card))
    return tuple(lines)


def _modes(card: CardDef) -> Iterator[Said]:
    for effect in card.effects:
        for op in effect.ops:
            for mode in op.get("modes", ()):
                try:
                    yield mode_words(card, effect, mode)
                except CardTextError:
                    yield Said(str(mode["label"]))


@cache
def _by_english() -> dict[str, Said]:
    found: dict[str, Said] = {}
    for card in CATALOG.values():
        for words in (text_words(card), *_modes(card)):
            found.setdefault(str(words), words)
    return found


def words_of(text: str) -> Said:
    """The message of an English card text or mode label (as views and prompts carry them);
    any other text is its own message."""
    return _by_english().get(text, Said(text))


def messages() -> Iterator[tuple[str, str]]:
    """``(English message, where it comes from)`` for every word of the Set 1 cards and decks,
    and of the test set (a lobby may deal it: ``deck_N=test``)."""
    files = {card_id: name for name in (LEADERS, *DECK_FILES)
             for card_id in _ids(name)}
    yield from ((keyword, "bot/games/auroria/cards.py") for keyword in KEYWORDS)
    yield from ((colour, "bot/games/auroria/pool.py") for colour in COLOURS)
    for card in CATALOG.values():
        yield from _card_messages(card, f"{DATA}/{files[card.id]}" if card.id in files
                                  else TEST_SET_FILE)
    for deck in POOL.decks.values():
        where = f"{DATA}/{deck.key}.json"
        yield deck.name, where
        yield deck.about, where


def _card_messages(card: CardDef, where: str) -> Iterator[tuple[str, str]]:
    yield card.name, where
    yield from ((identity, where) for identity in (card.race, *card.traits) if identity)
    if card.text:
        yield text_words(card).msgid, where
    yield from ((mode.msgid, where) for mode in _modes(card))


def _ids(name: str) -> list[str]:
    return [str(raw["id"]) for raw in load_json(FOLDER / name)["cards"]]
