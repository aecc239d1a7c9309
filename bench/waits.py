"""Waits: how long a press waits to be seen, and what a click costs on the wire (issue 37).

Run: ``.venv/bin/python -m bench waits`` (``--quick``: 15 presses a match; ``--presses N``;
``--rtt``, ``--upload``: the network; ``--no-limits``: without Discord's rate limits).

Three matches, one after another, as the probes play them: 3 humans in Zura, 2 in Aura, 1
human against the AI in Auroria; each for its first 60 submitted presses (a whole Zura match
at these waits takes a quarter of an hour). The bot runs in a process of its own with real
pictures and fixed seeds; the fake Discord in this one models the network (100 ms round
trips, 1 MB/s upload from the bot: ``tests/fakediscord/network.py``) and enforces Discord's
rate limits. Scripted players press as soon as their prompt is there. Per submitting press
(``tests/fakediscord/timing.py``): the wait until the presser's own message shows the
result, until the next person's prompt is there, until the thread post shows it; per click
(steps included): REST calls, the rate-limited ones (all but interaction callbacks and
interaction-token webhooks), callbacks, image uploads and uploaded bytes; and any 429.
Targets (issue 37): own result median ≤ 350 ms and p95 ≤ 600 ms in each game; rate-limited
calls per click ≤ 1.0 and uploads per click ≤ 0.5 over the three matches.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench._discord import WAIT, Table
from bench.report import Row, percentile
from tests.e2e.players import Players, controls, is_board, open_match
from tests.fakediscord import FakeDiscord
from tests.fakediscord.timing import PressWaits, Wire, press_waits, total, wire

MATCHES: tuple[tuple[str, int, dict[str, object]], ...] = (
    ("zura", 3, {}), ("aura", 2, {}), ("auroria", 1, {"ai_players": 1}))
"""Game, humans, /play options."""
SEED = 20240601
"""The bot's seed for every match (the end-to-end tests'): the same deals each run."""
PLAYERS_SEED = 3


@dataclass
class Match:
    game: str
    humans: int
    waits: list[PressWaits]
    wire: Wire
    problems: list[str]


async def play(game: str, humans: int, options: dict[str, object], *, presses: int,
               rtt: float, upload: float, limits: bool) -> Match:
    """One match through a bot process of its own, on a fresh fake Discord."""
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord(rtt=rtt, upload_bps=upload, rate_limits=limits) as fake:
            table = Table(fake, Path(tmp))
            users = [fake.add_user(f"player{i + 1}", guilds=[table.guild])
                     for i in range(humans)]
            async with table.bot(images="real", seed=SEED):
                thread, lobby = await open_match(fake, users[0], table.channel, game,
                                                 users[1:], **options)
                since = time.monotonic()  # the play, from Start on
                if fake.message(lobby).buttons:  # not started by the AI seats
                    await (await fake.click(users[0], lobby, label="Start")).callback(WAIT)
                await fake.wait_until(lambda: any(map(is_board, fake.messages(thread))), WAIT,
                                      what="the first board (the drawing workers start)")
                players = Players(fake, thread, users, seed=PLAYERS_SEED)
                for _ in range(presses):
                    # The bot shows a press's result first and the post and prompts after:
                    # the next person is known once their prompt is there.
                    (acting,) = await fake.wait_until(players.next_to_act, WAIT,
                                                      what="the next person's prompt")
                    if not acting:
                        break
                    await players.move(acting[0])
                await asyncio.sleep(1.0)  # what the last press still sends
                waits = press_waits(fake.state, thread, users, is_prompt=controls,
                                    since=since)
                sent = wire(fake.state, since=since)
            problems = fake.check()
            if table.errors_logged():
                problems.append(f"{table.errors_logged()} ERROR lines in the bot's log")
    return Match(game, humans, waits, sent, problems)


def spread(name: str, samples: list[float], target: str = "") -> list[Row]:
    """Median and p95 in milliseconds."""
    if not samples:
        return [Row(f"{name}: none measured", 0, "")]
    return [Row(f"{name} median", statistics.median(samples) * 1000, "ms", target,
                note=f"{len(samples)} presses"),
            Row(f"{name} p95", percentile(samples, 0.95) * 1000, "ms")]


def wire_rows(label: str, sent: Wire) -> list[Row]:
    per = sent.per_click
    return [
        Row(f"{label}: clicks", sent.clicks, ""),
        Row(f"{label}: REST calls per click", per(sent.calls), "",
            note=f"{sent.calls} calls, {sent.callbacks} of them interaction callbacks"),
        Row(f"{label}: rate-limited calls per click", per(sent.limited_calls), "", "<=1.0"),
        Row(f"{label}: image uploads per click", per(sent.uploads), "", "<=0.5",
            note=f"{sent.uploads} files"),
        Row(f"{label}: uploaded KB per click", per(sent.upload_bytes) / 1000, "KB",
            note=f"{sent.upload_bytes / 1e6:.1f} MB in all"),
        Row(f"{label}: 429 answers", sent.refused, "", "0"),
    ]


def match_rows(match: Match) -> list[Row]:
    label = f"{match.game}, {match.humans} human{'s' if match.humans > 1 else ''}"
    submitted = [w for w in match.waits if w.submitted]
    rows = [
        *spread(f"{label}: press → own result",
                [w.own for w in submitted if w.own is not None], "<=350"),
        *spread(f"{label}: press → next prompt",
                [w.next_prompt for w in submitted if w.next_prompt is not None]),
        *spread(f"{label}: press → thread post", [w.thread for w in submitted if w.thread]),
        Row(f"{label}: presses", len(submitted), "",
            note=f"plus {len(match.waits) - len(submitted)} steps inside a decision"),
        *wire_rows(label, match.wire),
    ]
    if match.problems:
        rows.append(Row(f"{label}: problems", len(match.problems), "", "0",
                        note="; ".join(match.problems)[:300]))
    return rows


async def measure(presses: int, rtt: float, upload: float, limits: bool) -> list[Row]:
    rows: list[Row] = []
    played = []
    for game, humans, options in MATCHES:
        match = await play(game, humans, options, presses=presses, rtt=rtt, upload=upload,
                           limits=limits)
        played.append(match)
        rows += match_rows(match)
    return rows + wire_rows("all matches", total([m.wire for m in played]))


def run(quick: bool, argv: Sequence[str] = ()) -> list[Row]:
    parser = argparse.ArgumentParser(prog="python -m bench waits")
    parser.add_argument("--rtt", type=float, default=0.1, help="round trip, s (0.1)")
    parser.add_argument("--upload", type=float, default=1e6,
                        help="the bot's upload, bytes/s (1,000,000)")
    parser.add_argument("--no-limits", action="store_true",
                        help="without Discord's rate limits")
    parser.add_argument("--presses", type=int, help="submitted presses a match (60; 15 quick)")
    args = parser.parse_args(list(argv))
    presses = args.presses or (15 if quick else 60)
    return asyncio.run(measure(presses, args.rtt, args.upload, not args.no_limits))
