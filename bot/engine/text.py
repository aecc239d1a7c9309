"""Plain-text renderings of views: what the terminal table prints and every image's alt text.

Each game writes its own ``text.py``; this module holds what they share: the alt-text limit
and the fitting of a few lines into it, so a screen reader hears the important part first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeAlias, TypeVar

from bot.engine.said import Said, said

Say: TypeAlias = Callable[[Said], str]
"""How a reader's language says a sentence (``Language.say``); ``str`` says it in English."""

V = TypeVar("V")


@dataclass(frozen=True)
class Reader(Generic[V]):
    """Says one view's words for one reader: ``say`` and the seats' ``names``; each game's
    ``text.py`` adds what its table says."""

    view: V
    names: Sequence[str]
    say: Say

ALT_TEXT_MAX = 1024
"""Discord's limit on an attachment's description, the image's alt text."""


def fit(lines: Iterable[str], limit: int = ALT_TEXT_MAX) -> str:
    """Whole lines joined while they fit in ``limit`` characters; a cut ends with "…"."""
    out: list[str] = []
    used = 0
    for line in lines:
        cost = len(line) + (1 if out else 0)
        if used + cost > limit:
            room = limit - used - (1 if out else 0)
            if room > 1:
                out.append(line[: room - 1] + "…")
            elif out:
                keep = len(out[-1]) - (1 if used >= limit else 0)
                out[-1] = out[-1][:keep] + "…"
            break
        out.append(line)
        used += cost
    return "\n".join(out)


SOMEONE = said("someone")


def name_of(names: Sequence[str], seat: int) -> str | Said:
    """The display name of ``seat``; a seat without one is "someone" (in the reader's
    language), never a number."""
    return names[seat] if 0 <= seat < len(names) and names[seat] else SOMEONE


def listing(items: Sequence[str], empty: str = "none") -> str:
    """``a, b and c`` — a list read aloud."""
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} and {items[-1]}"

