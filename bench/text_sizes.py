"""Readable where Discord shows it (issue 38): per picture kind, the smallest and median text
in CSS px on a desktop (fitted within 550 × 350) and on a phone (330 wide), the smallest key
fact on each, and the uploaded bytes per picture.

Run: ``.venv/bin/python -m bench text_sizes``. Every game's pictures over seeded playouts
(every seat's hand, the board, the summary, a replay, the rule diagrams), with 32-character
display names; every text drawn is recorded (``tests/render/display.py``), so text drawn
around the one helper is counted too. ``tests/render/test_readable.py`` holds the floors.
"""

from __future__ import annotations

import statistics
from collections import defaultdict

from bench.report import Row
from bot.engine import registry
from bot.render import drawn
from bot.render.text import DESKTOP_FLOOR, PHONE_FLOOR, Role
from tests.render.display import Picture, pictures, recording, rule_diagrams


def run(quick: bool) -> list[Row]:
    kinds: dict[str, list[Picture]] = defaultdict(list)
    with recording() as seen:
        for name in drawn():
            game = registry.get(name)
            for picture in pictures(game, seen, samples=2 if quick else 6):
                kinds[picture.kind].append(picture)
            if not quick:
                for picture in rule_diagrams(game, seen):
                    kinds[picture.kind].append(picture)
    rows = []
    for kind, shown in kinds.items():
        desk = [t.size * p.desktop for p in shown for t in p.texts]
        phone = [t.size * p.phone for p in shown for t in p.texts]
        key_desk = [t.size * p.desktop for p in shown for t in p.texts if t.role == Role.KEY]
        key_phone = [t.size * p.phone for p in shown for t in p.texts if t.role == Role.KEY]
        sizes = [p.size_bytes / 1024 for p in shown]
        canvas = max((p.width, p.height) for p in shown)
        rows += [
            Row(f"{kind} smallest text, desktop", min(desk), "CSS px",
                f"≥ {DESKTOP_FLOOR[Role.SECONDARY]:g}",
                f"{len(shown)} pictures, {len(desk)} texts, up to {canvas[0]}×{canvas[1]}"),
            Row(f"{kind} median text, desktop", statistics.median(desk), "CSS px"),
            Row(f"{kind} smallest text, phone", min(phone), "CSS px"),
            Row(f"{kind} median text, phone", statistics.median(phone), "CSS px"),
        ]
        if key_desk:
            rows += [Row(f"{kind} smallest key fact, desktop", min(key_desk), "CSS px",
                         f"≥ {DESKTOP_FLOOR[Role.KEY]:g}"),
                     Row(f"{kind} smallest key fact, phone", min(key_phone), "CSS px",
                         f"≥ {PHONE_FLOOR[Role.KEY]:g}")]
        rows += [Row(f"{kind} uploaded size median", statistics.median(sizes), "KB",
                     note=f"largest {max(sizes):.0f} KB")]
    return rows
