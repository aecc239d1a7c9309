"""Replays as images: each frame drawn from views only, then assembled into an animated GIF.

Pure like the other renderers: views in, bytes out. A public frame is exactly
``render_board`` of the public view; a private replay follows each table with the seat's own
hand image. Long matches are thinned to ``limit`` evenly spaced frames (the deal and the
final table always kept) so the file stays small enough to post.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from bot.engine import View
from bot.render import Lang, render_board, render_hand
from bot.render.canvas import felt
from bot.render.chrome import Names

FRAME_LIMIT = 40
GIF_WIDTH = 800
FRAME_MS = 1200
LAST_FRAME_MS = 5000

FrameViews = tuple[View, View | None]
"""The public table and, for a private replay, the viewer's own view."""


def pick(count: int, limit: int) -> list[int]:
    """At most ``limit`` indexes out of ``count``, evenly spaced, first and last included."""
    if count <= limit:
        return list(range(count))
    if limit < 2:
        return [count - 1]
    step = (count - 1) / (limit - 1)
    return sorted({round(k * step) for k in range(limit)})


def frame_pngs(table: View, own: View | None = None, names: Names = None,
               lang: Lang = "en") -> list[bytes]:
    """One moment's frames as PNG: the board, then the viewer's hand when ``own`` is given
    (one after the other, each as legible as when it was sent, not stacked and shrunk)."""
    board = render_board(table, names, lang)
    if own is None:
        return [board]
    viewer = own.get("viewer")
    return [board, render_hand(own, viewer if isinstance(viewer, int) else None, names, lang)]


def render_replay(frames: Sequence[FrameViews], names: Names = None, *,
                  limit: int = FRAME_LIMIT, width: int = GIF_WIDTH, lang: Lang = "en") -> bytes:
    """An animated GIF of ``frames`` (thinned to ``limit``), each ``width`` pixels wide, its
    words in ``lang``."""
    if not frames:
        raise ValueError("A replay needs at least one frame.")
    per_moment = 2 if frames[0][1] is not None else 1
    chosen = [frames[i] for i in pick(len(frames), max(1, limit // per_moment))]
    images = [_fit(_open(png), width) for table, own in chosen
              for png in frame_pngs(table, own, names, lang)]
    height = max(im.height for im in images)
    sheets = []
    for im in images:
        sheet = felt((width, height)).copy()  # a shorter frame (a hand) ends on the table
        sheet.paste(im, (0, 0))
        # Each frame gets its own palette by the fast octree method: a tenth of the
        # CPU of the GIF writer's own (median cut) for flat card graphics that look the same.
        sheets.append(sheet.quantize(colors=256, method=Image.Quantize.FASTOCTREE))
    out = io.BytesIO()
    durations = [FRAME_MS] * (len(sheets) - 1) + [LAST_FRAME_MS]
    sheets[0].save(out, format="GIF", save_all=True, append_images=sheets[1:],
                   duration=durations, loop=0)
    return out.getvalue()


def _open(png: bytes) -> Image.Image:
    with Image.open(io.BytesIO(png)) as im:
        return im.convert("RGB")


def _fit(im: Image.Image, width: int) -> Image.Image:
    if im.width == width:
        return im
    # Hamming: sharp enough for a two-thirds reduction at half of Lanczos's CPU.
    return im.resize((width, round(im.height * width / im.width)), Image.Resampling.HAMMING)
