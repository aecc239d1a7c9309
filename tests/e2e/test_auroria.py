"""A full Auroria Codex match through Discord: one person against an AI seat."""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.players import Players, open_match, start


async def test_a_player_finishes_an_auroria_match_against_the_ai(world: World) -> None:
    fake = world.fake
    async with world.bot():
        thread, lobby = await open_match(fake, world.alice, world.table, "auroria", [],
                                         ai_players=1)
        assert "2. AI (normal)" in fake.message(lobby).content
        await start(fake, world.alice, lobby)
        players = Players(fake, thread, [world.alice], seed=5)
        result = await players.play_out()
    lines = result.content.split("\n")
    assert lines[1].startswith("1st: ") and lines[2].startswith("2nd: ")
    assert f"<@{world.alice.id}>" in lines[1] + lines[2] and "AI 2" in result.content
    assert players.presses > 10
