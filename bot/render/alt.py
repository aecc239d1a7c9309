"""Alt text for every image the bot sends: the game's own text rendering of the view drawn.

Discord reads an attachment's ``description`` aloud to screen-reader users, so each board,
hand and summary image carries what it shows, within ``ALT_TEXT_MAX`` characters.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Result, View, registry
from bot.engine.names import with_names
from bot.engine.text import ALT_TEXT_MAX, fit, name_of


def alt_text(game: str, view: View, names: Sequence[str], result: Result | None = None) -> str:
    """The description of the image drawn from ``view`` of ``game`` (a board, a hand, or with
    ``result`` the final summary, whose placings come first)."""
    text = registry.get(game).describe(view, names)
    if result is None:
        return text
    order = sorted(range(len(result.placings)), key=lambda s: result.placings[s])
    standing = "Final result: " + "; ".join(
        f"{name_of(names, s)} {_place(result.placings[s])} with {result.scores[s]:g}"
        for s in order) + "."
    detail = with_names(result.detail, names)
    return fit([standing, *([detail] if detail else []), *text.split("\n")], ALT_TEXT_MAX)


def _place(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(n, f"placed {n}")
