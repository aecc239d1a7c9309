"""Rendering: board and hand latency per game, PNG sizes, and the PNG encoder trade-off.

Run: ``.venv/bin/python -m bench render`` (``--quick`` for a smoke run).
Views come from seeded random games at the largest table each game allows, sampled over
the whole game. Timings are per image and include PNG encoding; the process's card-face
caches are warm (as in the bot after its first few boards), and the first, cold board is
reported on its own. CPU (process) time is reported too: on a shared machine wall time
also counts the waits for a core.
Targets (issue 7): board median ≤ 40 ms, hand ≤ 20 ms, PNG ≤ 300 KB. The board in German
beside the board in English (issue 36): the same views drawn in turns, one language then the
other, CPU medians side by side; target: German within 10 % of English.
"""

from __future__ import annotations

import io
import statistics
import time
from collections.abc import Callable

from PIL import Image

from bench.report import Row, latency_rows, time_calls
from bot.engine import Rng, View, registry
from bot.engine.autoplay import new_game, states
from bot.render import drawn, render_board, render_hand
from bot.render.canvas import encode


def _views(name: str, games: int, per_game: int) -> tuple[list[View], list[View]]:
    """Public views and seat views spread over ``games`` seeded random games."""
    game = registry.get(name)
    players = min(4, game.max_players)
    boards: list[View] = []
    hands: list[View] = []
    for seed in range(games):
        played = list(states(game, new_game(game, players, seed), Rng(seed)))
        step = max(1, len(played) // per_game)
        for k, sample in enumerate(played[::step]):
            boards.append(game.view(sample, None))
            hands.append(game.view(sample, k % players))
    return boards, hands


def _cpu(fn: Callable[[], object]) -> float:
    """CPU seconds of one call: unlike wall time, not inflated by other busy processes."""
    start = time.process_time()
    fn()
    return time.process_time() - start


def _game_rows(name: str, quick: bool) -> list[Row]:
    boards, hands = _views(name, 1 if quick else 3, 10 if quick else 30)
    start = time.perf_counter()
    render_board(boards[0])
    cold = (time.perf_counter() - start) * 1000
    repeat = 1 if quick else 3
    board_times = [t for v in boards for t in time_calls(lambda v=v: render_board(v), repeat)]
    hand_times = [t for v in hands for t in time_calls(lambda v=v: render_hand(v), repeat)]
    board_cpu = [_cpu(lambda v=v: render_board(v)) for v in boards]
    hand_cpu = [_cpu(lambda v=v: render_hand(v)) for v in hands]
    biggest = max(len(render_board(v)) for v in boards) / 1024
    biggest_hand = max(len(render_hand(v)) for v in hands) / 1024
    return [
        Row(f"{name} first board (cold caches)", cold, "ms"),
        *latency_rows(f"{name} board", board_times, "≤ 40"),
        *latency_rows(f"{name} hand", hand_times, "≤ 20"),
        Row(f"{name} board CPU median", statistics.median(board_cpu) * 1000, "ms",
            note="process time: steady on a busy machine"),
        Row(f"{name} hand CPU median", statistics.median(hand_cpu) * 1000, "ms"),
        Row(f"{name} largest board PNG", biggest, "KB", "≤ 300"),
        Row(f"{name} largest hand PNG", biggest_hand, "KB", "≤ 300"),
    ]


def _language_rows(name: str, quick: bool) -> list[Row]:
    """Board CPU medians in English and German over the same views, drawn alternately so
    that both see the same machine; warm caches in both languages first."""
    boards, _ = _views(name, 1 if quick else 3, 10 if quick else 30)
    for view in boards:
        render_board(view, None, "en")
        render_board(view, None, "de")
    cpu: dict[str, list[float]] = {"en": [], "de": []}
    for _ in range(1 if quick else 3):
        for view in boards:
            for lang in cpu:
                cpu[lang].append(_cpu(lambda view=view, lang=lang: render_board(view, None, lang)))
    en, de = (statistics.median(cpu[lang]) * 1000 for lang in ("en", "de"))
    return [Row(f"{name} board CPU median en", en, "ms"),
            Row(f"{name} board CPU median de", de, "ms"),
            Row(f"{name} board de / en", de / en, "×", "≤ 1.10")]


def _encoder_rows(board: bytes, quick: bool) -> list[Row]:
    """Our unfiltered writer at several zlib levels against Pillow's own PNG encoder."""
    image = Image.open(io.BytesIO(board)).convert("RGB")
    repeat = 3 if quick else 15
    rows = []
    for level in (1, 6, 9):
        times = time_calls(lambda level=level: encode(image, level), repeat)
        rows.append(Row(f"encode level {level}", min(times) * 1000, "ms",
                        note=f"{len(encode(image, level)) / 1024:.0f} KB"))

    def pillow() -> bytes:
        out = io.BytesIO()
        image.save(out, "PNG", compress_level=1)
        return out.getvalue()

    rows.append(Row("Pillow encoder level 1", min(time_calls(pillow, repeat)) * 1000, "ms",
                    note=f"{len(pillow()) / 1024:.0f} KB"))
    return rows


def run(quick: bool) -> list[Row]:
    rows: list[Row] = []
    for name in drawn():
        rows += _game_rows(name, quick)
    for name in drawn():
        rows += _language_rows(name, quick)
    boards, _ = _views("zura", 1, 3)
    rows += _encoder_rows(render_board(boards[-1]), quick)
    return rows
