"""The message catalogues: ``bot/words/locales/<lang>/LC_MESSAGES/parlor.po``, read with
Babel straight into gettext translations when first needed, so no compile step can be
forgotten (the ``.po`` files are the only form in the repository and in the install).

A translation whose placeholders differ from its English message (one dropped or renamed)
is left out when the catalogue is read and logged once: that message then reads English,
never an error and never an empty message.
"""

from __future__ import annotations

import logging
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from bot.engine.said import placeholders
from bot.words.locales import ENGLISH

log = logging.getLogger(__name__)

DOMAIN: Final = "parlor"
ROOT: Final = Path(__file__).with_name("locales")
TEMPLATE: Final = ROOT / f"{DOMAIN}.pot"

COMMAND_NAME: Final = "command name"
"""Context of a slash command's, group's or option's name (lowercase, at most 32 characters)."""
COMMAND_CHOICE: Final = "command choice"
"""Context of a slash command choice's name (at most 100 characters)."""


def po_path(lang: str) -> Path:
    """Where the catalogue of ``lang`` lives."""
    return ROOT / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalogue(lang: str) -> Catalog:
    """The catalogue of ``lang`` as Babel reads it (an empty one for English, the source)."""
    if lang == ENGLISH:
        return Catalog(locale=ENGLISH, domain=DOMAIN)
    with po_path(lang).open("rb") as file:
        return read_po(file, locale=lang, domain=DOMAIN)


def broken(message: Message) -> bool:
    """A translation whose placeholders are not its English message's own. A plural form may
    leave out the count (``one card`` for ``{n} cards``), nothing else."""
    forms = [message.string] if isinstance(message.string, str) else list(message.string or ())
    try:
        if isinstance(message.id, str):
            return bool(forms[0]) and placeholders(forms[0]) != placeholders(message.id)
        wanted = placeholders(message.id[0]) | placeholders(message.id[1])
        return any(form and not wanted - {"n"} <= placeholders(form) <= wanted
                   for form in forms)
    except ValueError:  # an unbalanced brace
        return True


def incomplete(message: Message) -> bool:
    """A plural message with a form left empty (gettext would say nothing for that count)."""
    return not isinstance(message.string, str) and not all(message.string or ())


@cache
def translations(lang: str) -> NullTranslations:
    """Gettext translations for ``lang`` from its catalogue."""
    return NullTranslations() if lang == ENGLISH else compiled(read_catalogue(lang))


def compiled(catalogue: Catalog) -> NullTranslations:
    """``catalogue`` as gettext translations, broken messages left out (each logged once) and
    plural ones with an empty form too, so those read English."""
    for message in list(catalogue):
        if message.id and (broken(message) or incomplete(message)):
            forms = ((message.string,) if isinstance(message.string, str)
                     else tuple(message.string or ()))
            if broken(message) or any(forms):  # not merely untranslated
                log.warning("%s: the translation of %r breaks its placeholders or lacks a "
                            "plural form; English is used", catalogue.locale, message.id)
            catalogue.delete(message.id, context=message.context)
    mo = BytesIO()
    write_mo(mo, catalogue)
    mo.seek(0)
    return Translations(mo, domain=DOMAIN)
