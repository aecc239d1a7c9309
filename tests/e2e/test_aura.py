"""A full Aura match through Discord for two people, at a quiet table (issue 15): one post
per turn, a DM per decision window (a whole blocking window is one DM), multi-card selects."""

from __future__ import annotations

import re

from tests.e2e.conftest import World
from tests.e2e.players import Players, is_board, open_match, opened_with_choices, start


async def test_two_players_finish_an_aura_match(world: World) -> None:
    fake = world.fake
    people = [world.alice, world.bob]
    async with world.bot():
        thread, lobby = await open_match(fake, world.alice, world.table, "aura", [world.bob])
        mark = fake.mark()
        await start(fake, world.alice, lobby)
        players = Players(fake, thread, people, seed=3)
        result = await players.play_out()
    tally = fake.tally(thread, people, since=mark)
    assert result.content.split("\n")[1].startswith("1st: ")
    assert sorted(result.mentions) == sorted(u.id for u in people)
    boards = [fake.message(m) for m in fake.messages(thread) if is_board(m)]
    numbers = [int(re.findall(r"turn (\d+)", m.text)[0]) for m in boards]
    assert numbers == list(range(1, len(boards) + 1)) and len(boards) > 5
    assert tally.posts_without_events == 0
    assert tally.thread_posts == len(boards) + 1  # + the end post
    for user in people:
        dms = [fake.message(m) for m in fake.dms(user) if not m.ephemeral][1:]
        prompts = dms[:-1]
        assert prompts and all(opened_with_choices(m) for m in prompts)
        assert "you placed" in dms[-1].text
        # Each window notified once: its DM; plus the result DM and the end post.
        assert len(tally.notifications[user.id]) == len(prompts) + 2
        # Fewer DMs than decisions: a window's clicks edit its one DM.
        assert tally.clicks[user.id] > len(prompts)
    versions = [v for u in people for m in fake.dms(u) for v in [*m.history, m]]
    assert any(s.get("max_values", 1) > 1 for v in versions for s in _selects(v.components)), \
        "some decision took several cards through a select"


def _selects(components: list[dict[str, object]]) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for c in components:
        if c.get("type") == 3:
            out.append(c)
        out += _selects(c.get("components") or [])  # type: ignore[arg-type]
    return out
