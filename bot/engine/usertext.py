"""What people type (display names, deck names) as the bot shows it: text, cleaned once.

Invisible and direction-changing characters go (they can hide text or reverse what
follows), runs of whitespace become one space, a letter's pile of combining marks is kept
short (so "Zalgo" text cannot spill over the lines around it), and a long text is cut at a
grapheme boundary with an ellipsis, so a person still recognises their name and no letter
or emoji is split. This plain form goes into pictures, alt texts and component labels;
``bot.discord.usertext`` makes it literal text inside Discord messages. Rules and errors
that quote back what someone typed use ``quoted``: a code span, which Discord and a
terminal both show as it is.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

import regex

NAME_MAX = 32
"""Graphemes of a name: Discord's own limit for display names and nicknames."""
TYPED_MAX = 60
"""Graphemes of other typed text: deck names, and what is quoted back in an answer (a game
or deck that does not exist)."""
ELLIPSIS = "…"
MARKS_MAX = 4
"""Combining marks kept on one letter: more than any script needs."""
CLUSTER_MAX = 12
"""Code points kept in one grapheme: the longest emoji sequences have ten."""

_GRAPHEME = regex.compile(r"\X")
_EMOJI = regex.compile(r"[\p{Extended_Pictographic}\p{Regional_Indicator}]")
_ZWJ = "\u200d"
_TAGS = range(0xE0020, 0xE0080)
"""Tag characters: they spell subdivision flags (🏴 + tags), and nothing else."""
_FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Letters and symbols drawn as nothing (Hangul fillers, the blank Braille pattern)."""
_DROPPED = frozenset({"Cc", "Cf", "Cs", "Co"})
"""Controls, formats (bidirectional, zero-width), lone surrogates, private use."""


@lru_cache(maxsize=4096)
def clean(text: str, limit: int = NAME_MAX) -> str:
    """``text`` as plain text safe to show: at most ``limit`` graphemes (the last an
    ellipsis when cut); empty when nothing visible is left. Cached: the same few names are
    written into every line of a match."""
    if text.isascii() and text.isprintable():  # one character a grapheme, nothing hidden
        out = " ".join(text.split())
        return out if len(out) <= limit else out[:max(limit - 1, 0)].rstrip() + ELLIPSIS
    kept = "".join(_cluster(c) for c in _GRAPHEME.findall(unicodedata.normalize("NFC", text)))
    out = unicodedata.normalize("NFC", " ".join(kept.split()))
    clusters = _GRAPHEME.findall(out)
    if len(clusters) > limit:
        out = "".join(clusters[:max(limit - 1, 0)]).rstrip() + ELLIPSIS
    return out


def quoted(text: str, limit: int = TYPED_MAX) -> str:
    """What someone typed, quoted back in a sentence ("There is no game called `chess`"):
    cleaned, as inline code, inside which Discord reads no markdown or mention; a backtick
    of the text, which would end the code, is shown as a look-alike."""
    return f"`{clean(text, limit).replace('`', 'ˋ') or ' '}`"


def _cluster(cluster: str) -> str:
    """One grapheme with what may not be shown taken out: a joiner or tag stays only inside
    an emoji sequence, whitespace of any kind becomes a space."""
    cluster = cluster[:CLUSTER_MAX]  # before the joiners are judged: none may end it
    emoji = _EMOJI.match(cluster) is not None
    out: list[str] = []
    marks = 0
    for k, ch in enumerate(cluster):
        kind = unicodedata.category(ch)
        if ch.isspace():
            out.append(" ")
        elif ch in _FILLERS:
            continue
        elif kind in _DROPPED:
            joins = ch == _ZWJ and _EMOJI.match(cluster, k + 1) is not None
            if emoji and (joins or ord(ch) in _TAGS):
                out.append(ch)
        elif kind[0] == "M" and out and not emoji:
            marks += 1
            if marks <= MARKS_MAX:
                out.append(ch)
        else:
            out.append(ch)
    return "".join(out)
