"""Discord's message markdown, read as the client reads it: which characters a person sees and
what each one is (plain, bold, a link, a mention, a heading line…).

The rules are Discord's (its parser is built on simple-markdown): a backslash before
punctuation shows that character as it is; inline code and code blocks show their text
literally; ``<@id>``, ``<@&id>``, ``<#id>``, ``</name:id>``, ``<t:…>``, ``<:emoji:id>`` and
``<https://…>`` are entities; ``@everyone`` / ``@here`` are mentions; ``[text](https://…)`` is
a masked link and ``https://…`` an automatic one; ``**``, ``*``, ``_``, ``__``, ``~~`` and
``||`` format what they enclose; at the start of a line ``#``–``###`` make a heading, ``-#``
subtext, ``>`` / ``>>>`` a quote and ``-``, ``*``, ``+`` or ``1.`` a list item. Where Discord
might go either way the reader here sees markup, so a test built on it errs towards failing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

ZWSP = "\u200b"


@dataclass(frozen=True)
class Shown:
    """A message as a person sees it: each visible character with what it is."""

    chars: tuple[tuple[str, frozenset[str]], ...]

    @property
    def text(self) -> str:
        return "".join(c for c, _ in self.chars)

    def plain(self, literal: str, framing: frozenset[str] = frozenset()) -> bool:
        """Whether ``literal`` is seen as it is, unformatted (but for ``framing``: the
        message's own bold around a deck's name), somewhere in the message (zero-width
        spaces aside: ``escape_mentions`` puts one after an ``@``)."""
        seen = [(c, kinds) for c, kinds in self.chars if c != ZWSP]
        text = "".join(c for c, _ in seen)
        target = literal.replace(ZWSP, "")
        start = text.find(target)
        while start != -1:
            if all(kinds <= framing for _, kinds in seen[start:start + len(target)]):
                return True
            start = text.find(target, start + 1)
        return False


_ESCAPE = re.compile(r"\\([^0-9A-Za-z\s])")
_BLOCK_CODE = re.compile(r"```(?:[\w+-]*\n)?([\s\S]*?)```")
_CODE = re.compile(r"(`+)([\s\S]*?[^`])\1(?!`)")
_ENTITY = re.compile(r"<(?:@[!&]?\d+|#\d+|/[^:>\n]+:\d+|t:-?\d+(?::[tTdDfFR])?|a?:\w+:\d+|"
                     r"id:\w+|[a-z][\w+.-]*:[^\s>]+)>")
_EVERYONE = re.compile(r"@(?:everyone|here)")
_MASKED = re.compile(r"\[((?:\\[\s\S]|[^\\\]])*)\]\(\s*<?((?:https?|steam)://[^\s)>]*)>?"
                     r"(?:\s+\"[^\"]*\")?\s*\)")
_URL = re.compile(r"(?:https?|steam)://[^\s<]+[^<.,:;\"')\]\s]")
_STYLES = [  # longest delimiters first
    ("bold", re.compile(r"\*\*((?:\\[\s\S]|[^\\])+?)\*\*(?!\*)")),
    ("underline", re.compile(r"__((?:\\[\s\S]|[^\\])+?)__(?!_)")),
    ("strike", re.compile(r"~~((?:\\[\s\S]|[^\\])+?)~~")),
    ("spoiler", re.compile(r"\|\|((?:\\[\s\S]|[^\\])+?)\|\|")),
    ("italic", re.compile(r"\*(?=\S)((?:\\[\s\S]|\*\*|[^\\*])+?)\*(?!\*)")),
    ("italic", re.compile(r"_((?:__|\\[\s\S]|[^\\_])+?)_(?![0-9A-Za-z])")),
]
_LINE_BLOCKS = [
    ("quote", re.compile(r">>> ([\s\S]*)")),
    ("quote", re.compile(r"> ([^\n]*)")),
    ("heading", re.compile(r"#{1,3} +([^\n]*)")),
    ("subtext", re.compile(r"-# +([^\n]*)")),
    ("list", re.compile(r"[ \t]*(?:[-*+]|\d+\.) +([^\n]*)")),
]


def render(text: str) -> Shown:
    """``text`` as Discord shows it."""
    return Shown(tuple(_parse(text, frozenset(), True)))


def _parse(s: str, kinds: frozenset[str], line_start: bool) -> list[tuple[str, frozenset[str]]]:
    out: list[tuple[str, frozenset[str]]] = []
    i = 0
    while i < len(s):
        at_start = (i == 0 and line_start) or (i > 0 and s[i - 1] == "\n")
        if at_start:
            block = next(((kind, m) for kind, pattern in _LINE_BLOCKS
                          if (m := pattern.match(s, i))), None)
            if block is not None:
                kind, m = block
                out += _parse(m.group(1), kinds | {kind}, False)
                i = m.end()
                continue
        if m := _ESCAPE.match(s, i):
            out.append((m.group(1), kinds))
            i = m.end()
            continue
        if m := _BLOCK_CODE.match(s, i) or _CODE.match(s, i):
            code = m.group(1) if m.re is _BLOCK_CODE else m.group(2)
            out += [(c, kinds | {"code"}) for c in code]
            i = m.end()
            continue
        if m := _ENTITY.match(s, i) or _EVERYONE.match(s, i):
            out += [(c, kinds | {"mention"}) for c in m.group(0)]
            i = m.end()
            continue
        if m := _MASKED.match(s, i):
            out += _parse(m.group(1), kinds | {"link"}, False)
            i = m.end()
            continue
        if m := _URL.match(s, i):
            out += [(c, kinds | {"link"}) for c in m.group(0)]
            i = m.end()
            continue
        styled = next(((kind, m) for kind, pattern in _STYLES if (m := pattern.match(s, i))),
                      None)
        if styled is not None:
            kind, m = styled
            out += _parse(m.group(1), kinds | {kind}, False)
            i = m.end()
            continue
        out.append((s[i], kinds))
        i += 1
    return out
