"""What one whole match makes people see and do on Discord: the figures of issue 15.

Run: ``.venv/bin/python -m bench noise`` (``--quick``: the same, one match per game).

Three humans play Zura by DM, then two play Aura, through the fake Discord with the real bot in
this process (tiny images; nobody's clock runs). The fake counts per match
(``tests/fakediscord/tally.py``): thread posts per turn (lobby, start and end included),
posts that hold no event, new DMs and edits, clicks, and notifications (new DMs and pings).
Decision windows come from replaying the match's log: a human's notifications per window of
theirs should be 1 (the issue's target), and posts per turn at most 1 beside the lobby, start
and end posts. Counts, not timings: a loaded machine does not change them.
"""

from __future__ import annotations

import asyncio
import tempfile
from collections import Counter
from pathlib import Path

from bench.report import Row
from bot.engine import registry
from bot.match.replay import timeline
from bot.store import SqliteStore
from tests.e2e.conftest import World
from tests.e2e.players import Players, open_match, start
from tests.fakediscord import FakeDiscord, FakeUser, Tally

TABLES = (("zura", 3), ("aura", 2))
NAMES = ("ana", "ben", "cleo")


async def _windows(db: Path, match_id: int) -> tuple[int, Counter[int]]:
    """(turns, decision windows per seat) of a finished match, from its seed and log."""
    async with SqliteStore(db) as store:
        record = await store.get_match(match_id)
        assert record is not None
        log = await store.actions(match_id)
    game = registry.get(record.game)
    seen: set[tuple[str, int]] = set()
    turns = 0
    for step in timeline(game, record, log):
        seen |= {(d.window_id, d.player) for d in game.pending(step.state)}
        turn = game.turn(step.state)
        turns = max(turns, turn.number if turn is not None else 0)
    return turns, Counter(seat for _, seat in seen)


async def _match(game: str, players: int, seed: int) -> tuple[Tally, list[FakeUser], int,
                                                               Counter[int]]:
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake, fake.patch_discord():
            world = World(fake, Path(tmp) / "parlor.sqlite3")
            people = [world.user(name) for name in NAMES[:players]]
            async with world.bot(seed=seed):
                mark = fake.mark()
                thread, lobby = await open_match(fake, people[0], world.table, game, people[1:])
                await start(fake, people[0], lobby)
                await Players(fake, thread, people, seed=seed).play_out()
                tally = fake.tally(thread, people, since=mark, boilerplate=[r"To act: .*"])
            turns, windows = await _windows(world.db, 1)
    return tally, people, turns, windows


async def _measure(quick: bool) -> list[Row]:
    rows: list[Row] = []
    for game, players in TABLES:
        for seed in (1,) if quick else (1, 2, 3):
            tally, people, turns, windows = await _match(game, players, seed)
            label = f"{game}, {players} humans, seed {seed}"
            rows.append(Row(f"{label}: thread posts per turn", (tally.thread_posts - 3) / turns,
                            "", "≤ 1", f"{tally.thread_posts} posts (lobby, start and end "
                            f"posts aside), {turns} turns"))
            rows.append(Row(f"{label}: posts without an event", tally.posts_without_events,
                            "", "0"))
            rows.append(Row(f"{label}: edits per turn", tally.edits / turns, ""))
            for seat, user in enumerate(people):
                got = len(tally.notifications[user.id])
                rows.append(Row(
                    f"{label}: {user.name} notifications per window", got / windows[seat], "",
                    "= 1", f"{got} for {windows[seat]} windows; {tally.dms[user.id]} DMs, "
                    f"{tally.clicks[user.id]} clicks"))
    return rows


def run(quick: bool) -> list[Row]:
    return asyncio.run(_measure(quick))
