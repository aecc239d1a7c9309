"""Keep the catalogues in step with the code: ``python -m bot.words.extract`` (``make words``).

Four sources feed the template ``parlor.pot``: every ``said(...)`` / ``said_n(...)`` in the
code, found by Babel's Python extractor with the mapping in ``babel.cfg``; every slash
command's name, description, option and choice, read from the cogs' command trees (those
strings sit in decorators, where no marker can go); the words of the games' card data
(Auroria's names, texts, mode labels, keywords, races, traits and decks, walked from its JSON
by ``bot.games.auroria.cardwords``) and the ``/rules`` topics' titles; and the tables
``bot.words.tables`` walks (every form of every game's log sentences, Aura's and Zura's card
names). Each language's ``.po`` is then updated from the template by Babel (new messages
empty, vanished ones kept as obsolete), ready to be translated; the catalogue tests fail until
every message is.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

from bot.discord import rulebook
from bot.games.auroria import cardwords
from bot.words.catalogues import COMMAND_CHOICE, COMMAND_NAME, DOMAIN, TEMPLATE, po_path
from bot.words.locales import TRANSLATED
from bot.words.tables import card_names, sentence_forms

REPO: Final = Path(__file__).resolve().parents[2]
KEYWORDS: Final = {"said": None, "said_n": (1, 2), "said_in": ((1, "c"), 2)}
SKIPPED: Final = {".venv", ".git", "data", "tests", "bench", "images", "__pycache__"}


def command_strings() -> Iterator[tuple[str | None, str, str]]:
    """``(context, English text, where)`` for every string of every cog's slash commands."""
    from discord.ext import commands

    import cogs

    for module in pkgutil.iter_modules(cogs.__path__):
        loaded = importlib.import_module(f"cogs.{module.name}")
        for _, cog in inspect.getmembers(loaded, inspect.isclass):
            if issubclass(cog, commands.Cog) and cog.__module__ == loaded.__name__:
                for command in cog.__cog_app_commands__:
                    yield from _walk(command, f"/{command.name}")


def _walk(command: Any, where: str) -> Iterator[tuple[str | None, str, str]]:
    yield COMMAND_NAME, command.name, where
    yield None, command.description, where
    for child in getattr(command, "commands", []):
        yield from _walk(child, f"{where}/{child.name}")
    for param in getattr(command, "parameters", []):
        yield COMMAND_NAME, param.display_name, f"{where}/{param.display_name}"
        yield None, param.description, f"{where}/{param.display_name}"
        for choice in param.choices:
            yield COMMAND_CHOICE, choice.name, f"{where}/{param.display_name}"


def data_strings() -> Iterator[tuple[str, str]]:
    """``(English text, where)`` for every word the games' card data shows, and every
    ``/rules`` topic's title."""
    yield from cardwords.messages()
    yield from rulebook.titles()


def template() -> Catalog:
    """Every message the code says, with where it is said."""
    catalogue = Catalog(domain=DOMAIN, project="Parlor", charset="utf-8")
    with (REPO / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)  # type: ignore[no-untyped-call]
    for path, line, message, comments, context in extract_from_dir(
            REPO, method_map, options_map, keywords=KEYWORDS,
            directory_filter=lambda folder: Path(folder).name not in SKIPPED):
        catalogue.add(message, locations=[(path, line)], auto_comments=comments,
                      context=context)
    for context, text, where in command_strings():
        catalogue.add(text, locations=[(where, 0)], context=context)
    for text, where in data_strings():
        catalogue.add(text, locations=[(where, 0)])
    for text, where, reader in sentence_forms():
        catalogue.add(text, locations=[(where, 0)], auto_comments=[reader])
    for text, where in card_names():
        catalogue.add(text, locations=[(where, 0)], auto_comments=["a card's name"])
    return catalogue


def update() -> None:
    """Write the template and bring every language's catalogue up to date with it."""
    pot = template()
    with TEMPLATE.open("wb") as file:
        write_po(file, pot, width=100, omit_header=True, include_lineno=False)
    for lang in TRANSLATED:
        path = po_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            with path.open("rb") as file:
                catalogue = read_po(file, locale=lang, domain=DOMAIN)
        else:
            catalogue = Catalog(locale=lang, domain=DOMAIN, project="Parlor")
        catalogue.update(pot, update_header_comment=False, no_fuzzy_matching=True,
                         update_creation_date=False)
        with path.open("wb") as file:
            write_po(file, catalogue, width=100, ignore_obsolete=True, include_lineno=False)


if __name__ == "__main__":
    update()
