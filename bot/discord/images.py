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

import hashlib
import json
from collections import OrderedDict
from collections.abc import Sequence

from bot import render
from bot.engine import Result, View
from bot.render.replay import FrameViews, render_replay
from bot.words import ENGLISH
from bot.workers import Workers

TEXT_LIMIT = 1500
BOARDS_KEPT = 32
"""Boards kept by what they show (about 100 KB each): a finished turn's post and the next
turn's new post show the same table, so a third of all boards were drawn twice (``bench
light``: 316 of 687), at 10-14 ms of a worker's CPU each (``bench render``)."""


class Images:
    """PNG bytes for boards, hands and final summaries, or None when a game has no renderer;
    drawn by ``workers`` (a pool of their own by default)."""

    def __init__(self, workers: Workers | None = None) -> None:
        self.workers = workers if workers is not None else Workers()
        self._boards: OrderedDict[bytes, bytes] = OrderedDict()
        """The latest ``BOARDS_KEPT`` boards, by ``_key`` of what they were drawn from."""

    async def start(self) -> None:
        """Start the drawing workers (the bot does, once connected)."""
        await self.workers.start(_loaded)

    def available(self, view: View) -> bool:
        game = view.get("game")
        return isinstance(game, str) and render.renderer(game) is not None

    async def board(self, view: View, names: Sequence[str], lang: str = ENGLISH) -> bytes | None:
        """The board, drawn once for each table, names and language among the latest
        (a renderer is a pure function of them)."""
        if not self.available(view):
            return None
        key = _key(view, names, lang)
        kept = self._boards.get(key)
        if kept is not None:
            self._boards.move_to_end(key)
            return kept
        image = await self.workers.run_or_thread(render.render_board, view, names, lang)
        self._boards[key] = image
        while len(self._boards) > BOARDS_KEPT:
            self._boards.popitem(last=False)
        return image

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


def _key(view: View, names: Sequence[str], lang: str) -> bytes:
    """What a picture is drawn from, hashed: equal exactly when the input is."""
    text = json.dumps([view, list(names), lang], sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


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
