"""Views to PNG images (DESIGN §5): pure functions, no Discord, no database.

Each game draws its table in ``bot/render/<name>.py`` (``render_board``, ``render_hand``,
optionally ``hand_texts``); these entry points find that module by the name in
``view["game"]``, so no list of games is kept here. The summary image is drawn from
``outcome.describe``, which the result message uses too. ``names`` optionally gives a
display name per seat (else "Seat N"), drawn as the shipped fonts can (``drawable``). ``lang``
is the language of whoever sees the picture: a code (``de``, ``pt_BR``, any Discord locale;
a plain string, so it crosses to worker processes) or a ``Language``. Call them off the
event loop: a board takes a few milliseconds of CPU.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from bot.engine import Result, View, registry
from bot.render.chrome import summary
from bot.render.drawable import drawable_names
from bot.render.outcome import Names, Outcome, describe
from bot.words import ENGLISH, Language, language

__all__ = ["Lang", "Outcome", "describe", "drawn", "hand_texts", "render_board", "render_hand",
           "render_summary", "renderer", "words_of"]

Lang = str | Language
"""A language to draw in: its code or the ``Language`` itself."""


def words_of(lang: Lang) -> Language:
    return lang if isinstance(lang, Language) else language(lang)


def renderer(game: str) -> ModuleType | None:
    """``bot/render/<game>.py`` for a registered game; None while the game has none."""
    if not registry.known(game):
        return None
    try:
        return importlib.import_module(f"bot.render.{game}")
    except ModuleNotFoundError as exc:
        if exc.name == f"bot.render.{game}":
            return None
        raise


def drawn() -> list[str]:
    """The games that have a renderer, sorted."""
    return [game for game in registry.names() if renderer(game) is not None]


def _module(view: View) -> ModuleType:
    game = view.get("game")
    module = renderer(game) if isinstance(game, str) else None
    if module is None:
        raise ValueError(f"No renderer for game {game!r}.")
    return module


def render_board(view: View, names: Names = None, lang: Lang = ENGLISH) -> bytes:
    """The public table, from the public view (``viewer`` None)."""
    out: bytes = _module(view).render_board(view, drawable_names(names), words_of(lang))
    return out


def render_hand(view: View, seat: int | None = None, names: Names = None,
                lang: Lang = ENGLISH) -> bytes:
    """One seat's private image, from that seat's view (``seat`` must match its viewer)."""
    if view.get("viewer") is None or (seat is not None and seat != view["viewer"]):
        raise ValueError(f"A hand image for seat {seat} needs that seat's own view.")
    out: bytes = _module(view).render_hand(view, drawable_names(names), words_of(lang))
    return out


def hand_texts(view: View, lang: Lang = ENGLISH) -> list[str]:
    """The whole text of each card in the viewer's hand, numbered as on the hand image, for
    the message beside it (Auroria: every card; Aura: its action cards); empty for Zura,
    whose travel cards carry no rules text."""
    texts = getattr(_module(view), "hand_texts", None)
    return list(texts(view, words_of(lang))) if texts is not None else []


def render_summary(view: View, result: Result, names: Names = None,
                   lang: Lang = ENGLISH) -> bytes:
    """The end-of-match image, drawn from the same ``describe`` the result message uses."""
    return summary(describe(view, result, drawable_names(names), words_of(lang)))
