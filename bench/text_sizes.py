"""Readable type: the smallest text drawn per game, over seeded random games (every seat's
hand, the board, the summary); issue 16 asks for at least 14 px (the test adds goldens).

Run: ``.venv/bin/python -m bench text_sizes``. Every ``ImageDraw.text`` call is recorded
with its font size, whichever module makes it; glyph caches are cleared per state so every
text is drawn (and seen) again. ``tests/render/test_readable.py`` holds the same floor.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from PIL import ImageDraw

from bench.report import Row
from bot.render import drawn, render_board, render_hand, render_summary
from tests.render.playing import game_or_skip, playout
from tests.render.test_readable import _clear_caches


def run(quick: bool) -> list[Row]:
    sizes: dict[str, list[float]] = defaultdict(list)
    current = [""]
    original = ImageDraw.ImageDraw.text

    def record(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kw: Any) -> Any:
        face = kw.get("font") or (args[1] if len(args) > 1 else None)
        sizes[current[0]].append(float(getattr(face, "size", 10)))
        return original(self, xy, text, *args, **kw)

    ImageDraw.ImageDraw.text = record  # type: ignore[method-assign]
    try:
        for name in drawn():
            current[0] = name
            game = game_or_skip(name)
            for players in range(game.min_players, game.max_players + 1):
                states = list(playout(game, players, seed=10 + players))
                step = max(1, len(states) // (3 if quick else 12))
                for state in [*states[::step], states[-1]]:
                    _clear_caches()
                    render_board(game.view(state, None))
                    for seat in range(players):
                        render_hand(game.view(state, seat), seat)
                result = game.result(states[-1])
                if result is not None:
                    render_summary(game.view(states[-1], None), result)
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]
    return [Row(f"{name} smallest text", min(sizes[name]), "px", "≥ 14",
                f"{len(sizes[name])} texts drawn; {sum(s < 14 for s in sizes[name])} below 14")
            for name in drawn()]
