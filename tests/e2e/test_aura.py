"""A full Aura match through Discord: three people (one with closed DMs), multi-card selects."""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.players import Players, is_board, open_match, start


async def test_three_players_finish_an_aura_match(world: World) -> None:
    fake = world.fake
    async with world.bot():
        thread, lobby = await open_match(fake, world.alice, world.table, "aura",
                                         [world.bob, world.cat])
        await start(fake, world.alice, lobby)
        players = Players(fake, thread, [world.alice, world.bob, world.cat], seed=3)
        result = await players.play_out()
    assert result.content.split("\n")[1].startswith("1st: ")
    boards = [m for m in fake.messages(thread) if is_board(m)]
    assert len(boards) > 20
    prompts = [m for u in (world.alice, world.bob) for m in fake.dms(u)]
    multi = [m for m in prompts if "You chose: " in m.content and ", " in
             m.content.split("You chose: ")[1]]
    assert multi, "some decision took several cards through a select"
    assert any(m.selects or m.buttons for m in fake.ephemerals(world.cat))
