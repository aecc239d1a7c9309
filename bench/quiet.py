"""The quiet table (issue 15): what one match makes people see, counted.

Run: ``.venv/bin/python -m bench quiet`` (``--quick``: one Zura match only).

Three people play a whole Zura match and two a whole Aura match, all with open DMs, through
the fake Discord in this process (tiny placeholder images: counts, not pictures). Per match:
thread posts (and per turn), posts without an event, DMs, edits, notifications and clicks,
and per person the notifications per decision window (a window opens one new prompt DM).
Targets: posts per turn ≤ 1.0 besides the end post; 0 posts without events; 1 notification
per window (plus the result DM and the end post's mention); every person gets the result DM.
"""

from __future__ import annotations

import asyncio
import re
import tempfile
import time
from pathlib import Path

from bench.report import Row
from tests.e2e.conftest import World
from tests.e2e.players import Players, is_board, open_match, opened_with_choices, start
from tests.fakediscord import FakeDiscord

MATCHES = (("zura", 3), ("aura", 2))


async def _one(game: str, people: int, seed: int) -> list[Row]:
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake, fake.patch_discord():
            world = World(fake, Path(tmp) / "parlor.sqlite3")
            users = [world.alice, world.bob, world.user("dora")][:people]
            cpu = time.process_time()
            async with world.bot():
                thread, lobby = await open_match(fake, users[0], world.table, game, users[1:])
                mark = fake.mark()
                await start(fake, users[0], lobby)
                players = Players(fake, thread, users, seed=seed)
                await players.play_out()
            cpu = time.process_time() - cpu
            tally = fake.tally(thread, users, since=mark)
            turns = len([m for m in fake.messages(thread) if is_board(m)])
            windows = {u.id: len([m for m in fake.dms(u) if opened_with_choices(m)])
                       for u in users}
            placed = sum(1 for u in users
                         if any(re.search(r"you placed \d", m.text) for m in fake.dms(u)))
    label = f"{game}, {people} people"
    notes = {u.id: len(tally.notifications[u.id]) - 2 for u in users}  # result DM, end post
    per_window = [notes[u] / max(1, windows[u]) for u in notes]
    return [
        Row(f"{label}: turns", turns, ""),
        Row(f"{label}: thread posts", tally.thread_posts, "", note="incl. the end post"),
        Row(f"{label}: thread posts per turn", (tally.thread_posts - 1) / max(1, turns), "",
            "<=1.0"),
        Row(f"{label}: posts without an event", tally.posts_without_events, "", "0"),
        Row(f"{label}: DMs per person", sum(tally.dms.values()) / people, "",
            note="prompts (one per window), the result, the check at join"),
        Row(f"{label}: decision windows per person", sum(windows.values()) / people, ""),
        Row(f"{label}: notifications per window (worst person)", max(per_window), "", "1"),
        Row(f"{label}: edits", tally.edits, ""),
        Row(f"{label}: clicks per person", sum(tally.clicks.values()) / people, ""),
        Row(f"{label}: clicks per window", sum(tally.clicks.values())
            / max(1, sum(windows.values())), ""),
        Row(f"{label}: people who got the result DM", placed, "", f"{people}"),
        Row(f"{label}: CPU seconds (bot and fake)", cpu, "s"),
    ]


async def _measure(quick: bool) -> list[Row]:
    rows: list[Row] = []
    for game, people in MATCHES[:1] if quick else MATCHES:
        rows += await _one(game, people, seed=3)
    return rows


def run(quick: bool) -> list[Row]:
    return asyncio.run(_measure(quick))
