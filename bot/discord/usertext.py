"""User text inside the bot's Discord messages: shown as typed, never read as markup.

Every display name, deck name or other text a person typed reaches a message's text
through ``literal`` (names swapped into rules text through ``said``), after the one
cleaning of ``bot.engine.usertext``. Component labels, thread names, alt texts and pictures
are not markdown: they take the cleaned text as it is.

discord.py's ``escape_markdown`` escapes emphasis, underline, strike-through, spoilers,
code, a leading quote, heading or ``-`` list marker, and a whole masked link; ``literal``
adds what it leaves: every bracket (a masked link can also be made of two names, or a name
and the words around it), every ``<`` (mentions of users, roles and channels, slash
commands, timestamps, custom emoji, ``<https://…>``), a numbered or ``+`` list marker, a
bare link (``https\\://``, shown as typed but not clickable); ``escape_mentions`` keeps
``@everyone`` and ``@here`` from reading as mentions. Discord shows a backslash before
punctuation as nothing, so the person reads their name exactly.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from discord.utils import escape_markdown, escape_mentions

from bot.engine.names import with_names
from bot.engine.usertext import NAME_MAX, clean

_UNESCAPED = re.compile(r"(?<!\\)((?:\\\\)*)([\[\]<])")
"""A bracket or ``<`` not yet escaped (after an even run of backslashes, or none)."""
_LIST = re.compile(r"^(\d*)([.+])(?=\s)")
"""A numbered (``1.``) or ``+`` list marker: its punctuation is escaped."""
_LINK = re.compile(r":(?=//)")


def literal(text: str, limit: int = NAME_MAX) -> str:
    """``text`` cleaned (at most ``limit`` graphemes), written so that a Discord message
    shows it as typed: no formatting, link, mention, heading, quote or list comes of it."""
    out = escape_markdown(clean(text, limit), ignore_links=False)
    out = _UNESCAPED.sub(r"\1\\\2", out)
    out = _LIST.sub(r"\1\\\2", out)
    out = _LINK.sub(r"\\:", out)
    return escape_mentions(out)


def said(text: str, names: Sequence[str]) -> str:
    """Rules text for a message: each "Player N" becomes that seat's name, as literal text."""
    return with_names(text, [literal(name) for name in names])
