"""The ``custom_id`` codec for persistent components: ``parlor:<match>:<decision>:<verb>[:<arg>]``.

Everything a click needs travels in the id, so a button sent before a restart still works.
Choices are encoded as option *indexes* (not keys) to stay well inside Discord's 100-character
limit; the decision id pins the option list, so an index is unambiguous.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_LEN = 100
_HEAD = r"(?=.{1,100}\Z)parlor:(?P<match>[0-9]{1,12}):(?P<decision>[A-Za-z0-9._\-]{1,60})"
_ARG = r"(?::(?P<arg>(?:[0-9]{1,3}(?:\.[0-9]{1,3}){0,24})?))?"
PATTERN = _HEAD + r":(?P<verb>[a-z]{1,8})" + _ARG
"""Every Parlor id; anything else is not ours and never parsed. An id that matches always
decodes (length and choice list included), so a forged one never reaches a component."""

_RE = re.compile(PATTERN)

# Verbs: pick one option now; open a select; confirm a picked set; extend an ordering;
# skip an optional decision; hand/board helpers that need no decision; ask for a hint.
PICK, SELECT, CONFIRM, ORDER, SKIP, BACK, HINT = "p", "s", "c", "o", "skip", "back", "hint"

SELECT_PATTERN = _HEAD + rf":(?P<verb>{SELECT})" + _ARG
BUTTON_PATTERN = _HEAD + rf":(?P<verb>(?!{SELECT}(?::|$))[a-z]{{1,8}})" + _ARG
"""DynamicItem templates: discord.py keys dynamic items by template, so buttons and selects
need two patterns that split ``PATTERN`` between them."""


class BadCustomId(ValueError):
    """A custom id that is not one of ours or is malformed (forged or truncated)."""


@dataclass(frozen=True, slots=True)
class CustomId:
    match: int
    decision: str
    verb: str
    indexes: tuple[int, ...] = ()

    def encode(self) -> str:
        text = f"parlor:{self.match}:{self.decision}:{self.verb}"
        if self.indexes or self.verb in (CONFIRM, ORDER, PICK):
            text += ":" + ".".join(str(i) for i in self.indexes)
        if len(text) > MAX_LEN:
            raise BadCustomId("custom id too long")
        return text


def claimed(text: str) -> bool:
    """Whether one of our components answers ``text`` (else nobody would)."""
    return _RE.fullmatch(text) is not None


def decode(text: str) -> CustomId:
    if len(text) > MAX_LEN:
        raise BadCustomId("custom id too long")
    m = _RE.fullmatch(text)
    if m is None:
        raise BadCustomId("not a Parlor component")
    arg = m.group("arg") or ""
    try:
        indexes = tuple(int(part) for part in arg.split(".")) if arg else ()
    except ValueError:
        raise BadCustomId("malformed choice") from None
    return CustomId(int(m.group("match")), m.group("decision"), m.group("verb"), indexes)
