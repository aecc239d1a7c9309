"""Every text of every picture, measured where Discord shows it (DESIGN §5).

``recording()`` sees each text drawn while it is active: its size in the picture's own
pixels, its role (key fact or secondary, given to ``draw_text``) and, for text drawn
straight onto a canvas, its box. ``pictures`` renders every picture kind of a game over
seeded playouts (every seat's hand, the board, the summary, the replay, the rule diagrams)
and gives each with its texts and its display scales: the desktop fits it within 550 × 350
CSS px, the phone shows it 330 wide. ``tests/render/test_readable.py`` holds the floors;
``bench/text_sizes.py`` prints them.
"""

from __future__ import annotations

import functools
import importlib
import io
import itertools
import pkgutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

import bot.render
import bot.render.text as text_module
from bot.engine import Game
from bot.render import render_board, render_hand, render_summary
from bot.render.canvas import Canvas
from bot.render.replay import render_replay
from bot.render.text import DESKTOP_BOX, PHONE_WIDTH, Role, display_scales

Box = tuple[int, int, int, int]
LONG_NAMES = ["W" * 32, "Ｍ" + "m" * 31, "Wolfgang Amadeus Mozart-Salieri!", "Ada " * 8]
"""Display names at Discord's 32-character limit, wide letters first."""


@dataclass
class Text:
    size: float
    text: str
    role: str
    """``key``, ``secondary``, or ``""`` for text drawn around the helper."""


@dataclass
class Picture:
    kind: str
    width: int
    height: int
    size_bytes: int
    texts: list[Text]
    boxes: list[tuple[Box, str]] = field(default_factory=list)
    """Boxes of the texts drawn straight onto a canvas, to find overlaps; each text is led
    by its canvas's id and a colon (a replay draws several)."""
    frame_scale: float = 1.0
    """For a replay: the frames' own pixels per GIF pixel."""
    cut: list[str] = field(default_factory=list)
    """Texts drawn past the edge of the image they were drawn on (a card face)."""

    @property
    def desktop(self) -> float:
        return display_scales(self.width, self.height)[0] * self.frame_scale

    @property
    def phone(self) -> float:
        return display_scales(self.width, self.height)[1] * self.frame_scale


class Recorder:
    def __init__(self) -> None:
        self.texts: list[Text] = []
        self.boxes: list[tuple[Box, str]] = []
        self.cut: list[str] = []
        self._roles: list[str] = []

    def take(self) -> tuple[list[Text], list[tuple[Box, str]], list[str]]:
        out = self.texts, self.boxes, self.cut
        self.texts, self.boxes, self.cut = [], [], []
        return out


def clear_caches() -> None:
    """Forget cached faces and glyph masks, so every text is drawn (and seen) again."""
    for info in pkgutil.iter_modules(bot.render.__path__):
        module = importlib.import_module(f"bot.render.{info.name}")
        for value in vars(module).values():
            if isinstance(value, functools._lru_cache_wrapper):
                value.cache_clear()


@contextmanager
def recording() -> Iterator[Recorder]:
    """Record every ``ImageDraw.text`` call (with the role ``draw_text`` gave it) and the
    box of every text pasted onto a canvas."""
    seen = Recorder()
    original_text = ImageDraw.ImageDraw.text
    original_helper = text_module.draw_text
    original_glyphs = Canvas._glyphs
    canvases = itertools.count()

    def record(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kw: Any) -> Any:
        face = kw.get("font") or (args[1] if len(args) > 1 else None)
        role = seen._roles[-1] if seen._roles else ""
        seen.texts.append(Text(float(getattr(face, "size", 10)), str(text), role))
        return original_text(self, xy, text, *args, **kw)

    def helper(*args: Any, **kw: Any) -> Any:
        role = kw.get("role", args[6] if len(args) > 6 else Role.SECONDARY)
        draw, (x, y), text, face = args[:4]
        anchor = kw.get("anchor", args[5] if len(args) > 5 else "la")
        x0, y0, x1, y1 = face.getbbox(text, anchor=anchor)
        w, h = draw.im.size
        if x + x0 < -1 or y + y0 < -1 or x + x1 > w + 1 or y + y1 > h + 1:
            seen.cut.append(text)  # off its card (or other small image)
        seen._roles.append(str(role))
        try:
            return original_helper(*args, **kw)
        finally:
            seen._roles.pop()

    def glyphs(self: Canvas, xy: tuple[float, float], text: str, size: int, weight: str,
               *args: Any, **kw: Any) -> Any:
        anchor = kw.get("anchor", args[1] if len(args) > 1 else "la")
        face = bot.render.assets.font(size, weight)
        x0, y0, x1, y1 = face.getbbox(text, anchor=anchor)
        box = (round(xy[0] + x0), round(xy[1] + y0), round(xy[0] + x1), round(xy[1] + y1))
        serial = self.__dict__.setdefault("_recorded_as", next(canvases))
        seen.boxes.append((box, f"{serial}:{text}"))
        return original_glyphs(self, xy, text, size, weight, *args, **kw)

    patched: list[tuple[object, str, object]] = [(ImageDraw.ImageDraw, "text", record),
                                                 (Canvas, "_glyphs", glyphs)]
    for info in pkgutil.iter_modules(bot.render.__path__):
        module = importlib.import_module(f"bot.render.{info.name}")
        if getattr(module, "draw_text", None) is original_helper:
            patched.append((module, "draw_text", helper))
    saved = [(owner, name, getattr(owner, name)) for owner, name, _ in patched]
    for owner, name, value in patched:
        setattr(owner, name, value)
    clear_caches()
    try:
        yield seen
    finally:
        for owner, name, value in saved:
            setattr(owner, name, value)
        clear_caches()


def measure(seen: Recorder, kind: str, draw: Callable[..., bytes], *args: Any,
            frame_width: int | None = None, **kw: Any) -> Picture:
    """Draw one picture (``draw(*args, **kw)``) with cold caches and take what was
    recorded."""
    clear_caches()
    seen.take()
    data = draw(*args, **kw)
    texts, boxes, cut = seen.take()
    with Image.open(io.BytesIO(data)) as im:
        size = im.size
    scale = size[0] / frame_width if frame_width else 1.0
    return Picture(kind, size[0], size[1], len(data), texts, boxes, scale, cut)


def overlaps(picture: Picture) -> list[tuple[str, str]]:
    """Pairs of canvas texts whose boxes cross (touching is fine)."""
    out = []
    boxes: list[tuple[Box, str, str]] = []
    for box, text in picture.boxes:
        canvas, shown = text.split(":", 1)
        boxes.append((box, canvas, shown))
    for i, (a, canvas_a, ta) in enumerate(boxes):
        for b, canvas_b, tb in boxes[i + 1:]:
            if canvas_a == canvas_b and a[0] < b[2] - 1 and b[0] < a[2] - 1 \
                    and a[1] < b[3] - 1 and b[1] < a[3] - 1:
                out.append((ta, tb))
    return out


def outside(picture: Picture, frame: tuple[int, int] | None = None) -> list[str]:
    """Canvas texts that run off the picture (``frame``: a replay frame's own size)."""
    w, h = frame or (picture.width, picture.height)
    return [*picture.cut, *(text.split(":", 1)[1] for (x0, y0, x1, y1), text in picture.boxes
                            if x0 < 0 or y0 < 0 or x1 > w or y1 > h)]


def pictures(game: Game[Any, Any], seen: Recorder, samples: int = 6,
             names: list[str] | None = None, seed: int = 10,
             lang: str = "en") -> Iterator[Picture]:
    """Every picture kind of ``game`` over one seeded playout per table size, its words in
    ``lang``."""
    from tests.render.playing import playout

    name = game.name
    for players in range(game.min_players, game.max_players + 1):
        seats = (names or LONG_NAMES)[:players]
        states = list(playout(game, players, seed=seed + players))
        step = max(1, len(states) // samples)
        chosen = [*states[::step], states[-1]]
        for state in chosen:
            public = game.view(state, None)
            yield measure(seen, f"{name} board", render_board, public, seats, lang)
            for seat in range(players):
                own = game.view(state, seat)
                yield measure(seen, f"{name} hand", render_hand, own, None, seats, lang)
        result = game.result(states[-1])
        if result is not None:
            final = game.view(states[-1], None)
            yield measure(seen, f"{name} summary", render_summary, final, result, seats, lang)
        frames = [(game.view(s, None), game.view(s, 0)) for s in chosen[:3]]
        width = _frame_width(frames[0], seats)
        yield measure(seen, f"{name} replay", render_replay, frames, seats, frame_width=width,
                      lang=lang)


def _frame_width(frame: tuple[Any, Any], names: list[str]) -> int:
    from bot.render.replay import frame_pngs

    with Image.open(io.BytesIO(frame_pngs(frame[0], frame[1], names)[0])) as im:
        return int(im.width)


def rule_diagrams(game: Game[Any, Any], seen: Recorder,
                  lang: str = "en") -> Iterator[Picture]:
    """The table ``/rules`` draws for each of the game's topics, its words in ``lang``."""
    from bot.discord.rulebook import moments_of

    for view, _caption in moments_of(game).values():
        yield measure(seen, f"{game.name} rules", render_board, view, None, lang)


__all__ = ["DESKTOP_BOX", "LONG_NAMES", "PHONE_WIDTH", "Picture", "Recorder", "Text",
           "clear_caches", "measure", "overlaps", "pictures", "recording", "rule_diagrams"]
