"""A full Zura match through Discord: three people, one of them with closed DMs."""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.players import Players, is_board, open_match, start


async def test_three_players_finish_a_zura_match(world: World) -> None:
    fake = world.fake
    async with world.bot():
        thread, lobby = await open_match(fake, world.alice, world.table, "zura",
                                         [world.bob, world.cat])
        note = await fake.wait_for_message(
            lambda m: "can't send you direct messages" in m.content, channel=thread)
        assert note.mentions == [world.cat.id]
        await start(fake, world.alice, lobby)
        players = Players(fake, thread, [world.alice, world.bob, world.cat])
        result = await players.play_out()
    lines = result.content.split("\n")
    assert lines[1].startswith("1st: ")
    assert all(u.name in result.content for u in (world.alice, world.bob, world.cat))
    assert result.attachments, "the final summary image"
    boards = [m for m in fake.messages(thread) if is_board(m)]
    assert len(boards) > 20 and all(m.attachments for m in boards)
    assert all("To act: <@" in m.content for m in boards[:-1])
    log = "\n".join(m.content for m in boards)
    assert "Player 1" not in log and "alice" in log, "the log names people, not seats"
    assert [n for n in fake.messages(thread) if "can't send you" in n.content] == [note]
    assert fake.dms(world.alice) and fake.dms(world.bob)
    assert not fake.dms(world.cat)
    assert any(m.selects or m.buttons for m in fake.ephemerals(world.cat))
    assert "has started" in fake.message(lobby).content and not fake.message(lobby).buttons
