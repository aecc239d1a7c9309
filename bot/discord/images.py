"""Images for Discord messages: the Pillow renderers, run in worker processes.

Drawing is CPU work in Python: in a thread it would still hold the interpreter lock and
delay the event loop (a replay's GIF for a second or more), so it runs in the pool of
``bot.workers``; where processes cannot run, in a thread. A renderer is a pure function of
a view, so views go in and PNG or GIF bytes come back. A game without a renderer yet gets
``None`` and the caller falls back to text. Tests may swap in a cheaper ``Images`` so that
a full match through the fake stays quick. Each picture is drawn in ``lang``, the language code
of whoever sees it (a public one: the server's; a private one: its reader's); a code, not a
``Language``, because it crosses to the worker processes.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from bot import render
from bot.engine import Result, View
from bot.render.replay import FrameViews, render_replay
from bot.words import ENGLISH
from bot.workers import Workers

TEXT_LIMIT = 1500


class Images:
    """PNG bytes for boards, hands and final summaries, or None when a game has no renderer;
    drawn by ``workers`` (a pool of their own by default)."""

    def __init__(self, workers: Workers | None = None) -> None:
        self.workers = workers if workers is not None else Workers()

    async def start(self) -> None:
        """Start the drawing workers (the bot does, once connected)."""
        await self.workers.start(_loaded)

    def available(self, view: View) -> bool:
        game = view.get("game")
        return isinstance(game, str) and render.renderer(game) is not None

    async def board(self, view: View, names: Sequence[str], lang: str = ENGLISH) -> bytes | None:
        if not self.available(view):
            return None
        return await self.workers.run_or_thread(render.render_board, view, names, lang)

    async def hand(self, view: View, names: Sequence[str], lang: str = ENGLISH) -> bytes | None:
        if not self.available(view):
            return None
        return await self.workers.run_or_thread(render.render_hand, view, None, names, lang)

    async def summary(self, view: View, result: Result, names: Sequence[str],
                      lang: str = ENGLISH) -> bytes | None:
        if not self.available(view):
            return None
        return await self.workers.run_or_thread(render.render_summary, view, result, names,
                                                lang)

    async def replay(self, frames: Sequence[FrameViews], names: Sequence[str],
                     lang: str = ENGLISH) -> bytes | None:
        """An animated GIF of a replay's frames (``bot.render.replay``)."""
        if not frames or not self.available(frames[0][0]):
            return None
        return await self.workers.run_or_thread(render_replay, frames, names, lang=lang)


def _loaded() -> None:
    """A worker's first job: sent by reference, it makes the worker import this module and
    with it the renderers."""


def view_text(view: View) -> str:
    """The stand-in for a missing image: the view itself, compact, in a code block."""
    text = json.dumps({k: v for k, v in view.items() if k != "game"},
                      separators=(",", ":"), ensure_ascii=False)
    if len(text) > TEXT_LIMIT:
        text = text[: TEXT_LIMIT - 1] + "…"
    return f"```json\n{text}\n```"
