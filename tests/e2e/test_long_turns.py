"""Nothing a player needs is cut (issue 16): with Discord's text limit made small, an Auroria
match against the AI runs its turns over several posts, and the thread still holds every line
of the match's log, in order, with no cut marker and no ping from a continuation."""

from __future__ import annotations

import re

import pytest

from bot.discord import shows
from bot.engine.said import Said, named
from bot.words import english
from tests.e2e.conftest import World
from tests.e2e.players import Players, is_board, open_match, start

LIMIT = 600


async def test_long_turns_continue_in_further_posts_and_lose_no_line(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shows, "TEXT_MAX", LIMIT)
    fake = world.fake
    async with world.bot() as bot:
        thread, lobby = await open_match(fake, world.alice, world.table, "auroria", [],
                                         ai_players=1)
        await start(fake, world.alice, lobby)
        await Players(fake, thread, [world.alice], seed=5).play_out()
        assert bot.parlor is not None
        replay = await bot.parlor.service.replay(1, world.alice.id)  # /replay's log
    events = [line.values["event"] for line in replay.lines]
    log = [english().say(named(e, ["alice", "AI 2"])) for e in events if isinstance(e, Said)]
    assert len(log) == len(replay.lines)
    posts = [fake.message(m) for m in fake.messages(thread) if is_board(m)]
    more = [m for m in posts if "(continued)" in m.text.split("\n", 1)[0]]
    assert more, "some turn needed more than one post"
    assert all(len(m.text) <= LIMIT for m in posts)
    assert all(m.pings == [] for m in more), "a continuation pings nobody"
    shown = [line[2:] for m in posts for line in m.text.split("\n") if line.startswith("• ")]
    assert not [line for line in shown if re.search(r"\w…|^…", line)]
    # A turn's first line ("Turn 3: alice.") is its posts' heading.
    assert shown == [line for line in log if not re.match(r"Turn \d+: ", line)], \
        "every line of the log, once, in order"
