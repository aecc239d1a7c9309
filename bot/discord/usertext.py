"""User text inside the bot's Discord messages: shown as typed, never read as markup.

Every display name, deck name or other text a person typed reaches a message's text
through ``literal`` (names put into rules sentences through ``told``), after the one
cleaning of ``bot.engine.usertext``. Component labels, thread names, alt texts and pictures
are not markdown: they take the cleaned text as it is.

discord.py's ``escape_markdown`` escapes emphasis, underline, strike-through, spoilers,
code, a leading quote, heading or ``-`` list marker, and a whole masked link; ``literal``
adds what it leaves: every bracket (a masked link can also be made of two names, or of a
name and the words around it), every ``<`` (mentions of users, roles and channels, slash
commands, timestamps, custom emoji, ``<https://…>``), a leading ``1.``, ``+`` or ``>`` that
the words after the name would complete into a list or a quote, a bare link
(``https\\://``, shown as typed but not clickable), and the ``@`` of ``@everyone`` and
``@here``. Discord shows a backslash before punctuation as nothing, so a person reads their
name exactly as typed. (``escape_mentions`` is not used: the zero-width space it puts after
the ``@`` is invisible text, which replies strip, undoing it; user mentions need a ``<``.)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from discord.utils import escape_markdown

from bot.engine.said import Said, named
from bot.engine.usertext import NAME_MAX, clean
from bot.words import Language

_BRACKETS = {ord("["): "\ue000", ord("]"): "\ue001"}
"""Brackets stand aside while ``escape_markdown`` runs (cleaned text holds no private-use
characters): its masked-link rule would escape only the first one and skip what is inside."""
_LEADING = re.compile(r"^(\d*)([.+>])")
"""A numbered (``1.``) or ``+`` list marker or a quote's ``>`` at the start, which the words
after the name can complete (``escape_markdown`` wants the space within the text)."""
_LINK = re.compile(r":(?=//)")
_EVERYONE = re.compile(r"@(?=everyone|here)")


@lru_cache(maxsize=4096)
def literal(text: str, limit: int = NAME_MAX) -> str:
    """``text`` cleaned (at most ``limit`` graphemes), written so that a Discord message
    shows it as typed: no formatting, link, mention, heading, quote or list comes of it."""
    out = escape_markdown(clean(text, limit).translate(_BRACKETS), ignore_links=False)
    # Every backslash typed is doubled by now, so each of these is escaped exactly once.
    out = out.replace("\ue000", "\\[").replace("\ue001", "\\]").replace("<", "\\<")
    out = _LEADING.sub(r"\1\\\2", out)
    out = _LINK.sub(r"\\:", out)
    return _EVERYONE.sub(r"\\@", out)


def literals(names: Sequence[str]) -> list[str]:
    """Seat names for rules text that goes into a message as it is (a game's own words
    about the table, a result's headline)."""
    return [literal(name) for name in names]


def told(sentence: Said, names: Sequence[str], lang: Language) -> str:
    """A rules sentence for a message, in ``lang``: each seat in it is that seat's name, as
    literal text."""
    return lang.say(named(sentence, literals(names)))
