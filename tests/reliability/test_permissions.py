"""Who may do what: seated players act, the host or a server manager cancels and removes,
/settings needs Manage Server, and the bot names the channel permissions it lacks."""

from __future__ import annotations

from dataclasses import dataclass

import discord
import pytest

from bot.store import ACTIVE, CANCELLED, LOBBY, GuildSettings, SqliteStore
from tests.e2e.conftest import World
from tests.e2e.players import Players, open_match, start
from tests.fakediscord import FakeUser
from tests.reliability.forge import forged_slash, limit_bot

MANAGE_GUILD = 1 << 5
STRING = 3


@dataclass(frozen=True)
class Stored:
    status: str
    version: int
    moves: int
    seats: tuple[int | None, ...]


async def stored(world: World, match_id: int = 1) -> Stored:
    async with SqliteStore(world.db) as store:
        record = await store.get_match(match_id)
        assert record is not None
        moves = len(await store.actions(match_id))
    return Stored(record.status, record.version, moves,
                  tuple(None if s.is_ai else s.user_id for s in record.seats))


def manager(world: World) -> FakeUser:
    mod = world.fake.add_user("mod")
    world.fake.add_member(world.guild, mod, permissions=MANAGE_GUILD)
    return mod


async def test_only_the_host_or_a_manager_cancels_a_running_match(world: World) -> None:
    fake, mod = world.fake, manager(world)
    async with world.bot():
        thread, lobby = await open_match(fake, world.alice, world.table, "zura", [world.bob])
        await start(fake, world.alice, lobby)
        before = await stored(world)
        refused = await (await fake.slash(world.bob, "match cancel", {"match": 1},
                                          channel=thread)).reply()
        assert refused.ephemeral and refused.content == "Only the host can cancel the match."
        assert await stored(world) == before
        done = await (await fake.slash(mod, "match cancel", {"match": 1},
                                       channel=thread)).reply()
        assert done.ephemeral and done.content == "**Zura #1** is cancelled."
        await fake.wait_for_message(lambda m: f"was cancelled by <@{mod.id}>" in m.content,
                                    channel=thread)
        board = Players(fake, thread, [world.alice, world.bob]).boards()[-1]
        late = await (await fake.click(world.bob, board, label="My hand")).reply()
        assert late.content == "This match was cancelled."
    after = await stored(world)
    assert after.status == CANCELLED and after.moves == before.moves


async def test_the_host_removes_a_player_from_the_lobby_but_a_player_cannot(
        world: World) -> None:
    fake = world.fake
    async with world.bot():
        thread, lobby = await open_match(fake, world.alice, world.table, "zura",
                                         [world.bob, world.cat])
        before = await stored(world)
        refused = await (await fake.slash(world.bob, "match remove", {"player": world.cat},
                                          channel=thread)).reply()
        assert refused.content == "Only the host can remove a player."
        assert await stored(world) == before
        host = await (await fake.slash(world.alice, "match remove", {"player": world.alice},
                                       channel=thread)).reply()
        assert host.content == "The host can't be removed: cancel the match instead."
        done = await (await fake.slash(world.alice, "match remove", {"player": world.cat},
                                       channel=thread)).reply()
        assert done.content == f"<@{world.cat.id}> is out of **Zura #1**."
        await fake.wait_until(lambda: f"<@{world.cat.id}>" not in fake.message(lobby).content,
                              what="the lobby post without cat")
    after = await stored(world)
    assert after.status == LOBBY and after.seats == (world.alice.id, world.bob.id)


async def test_a_manager_removes_a_player_from_a_running_match_and_the_ai_plays_on(
        world: World) -> None:
    fake, mod = world.fake, manager(world)
    async with world.bot():
        thread, lobby = await open_match(fake, world.alice, world.table, "zura",
                                         [world.bob, world.cat])
        await start(fake, world.alice, lobby)
        players = Players(fake, thread, [world.alice, world.bob, world.cat])
        done = await (await fake.slash(mod, "match remove", {"player": world.bob, "match": 1},
                                       channel=world.table)).reply()
        assert done.content == f"<@{world.bob.id}> is out of **Zura #1**."
        await fake.wait_until(lambda: " was removed." in players.live().text,
                              what="the turn post telling it")
        gone = await (await fake.click(world.bob, players.boards()[-1], label="My hand")).reply()
        assert gone.content == ("You resigned or were removed from this match; the AI plays "
                                "your seat.")
        assert world.bob not in players.to_act()
    after = await stored(world)
    assert after.status == ACTIVE and after.seats == (world.alice.id, None, world.cat.id)


async def test_settings_refuse_a_member_without_manage_server(world: World) -> None:
    """Discord hides /settings from such members, but a server can open it to them; the bot
    checks again."""
    fake = world.fake
    async with world.bot():
        forged = await forged_slash(fake, world.bob, "settings",
                                    [{"name": "threads", "type": 5, "value": False}],
                                    world.table)
        reply = await forged.reply()
        assert reply.ephemeral
        assert reply.content == "Only members with Manage Server can change Parlor's settings."
    async with SqliteStore(world.db) as store:
        assert await store.get_guild_settings(world.guild.id) == GuildSettings(world.guild.id)


ENOUGH_WITHOUT_THREADS = discord.Permissions(view_channel=True, send_messages=True,
                                             send_messages_in_threads=True)


@pytest.mark.parametrize(("threads", "missing"), [
    (True, "**Attach Files** and **Create Public Threads**"),
    (False, "**Attach Files**"),
])
async def test_play_names_every_permission_the_bot_lacks_and_opens_nothing(
        world: World, threads: bool, missing: str) -> None:
    fake, mod = world.fake, manager(world)
    limit_bot(fake, world.guild, ENOUGH_WITHOUT_THREADS)
    async with world.bot():
        if not threads:
            await (await fake.slash(mod, "settings", {"threads": False},
                                    channel=world.table)).reply()
        reply = await (await fake.slash(world.alice, "play", {"game": "zura"},
                                        channel=world.table)).reply()
    assert reply.ephemeral
    assert reply.content == (f"I can't run a match in <#{world.table.id}>: I'm missing "
                             f"{missing}. Ask a server manager to give my role these "
                             "permissions here, then try again.")
    assert not fake.threads(world.table) and not fake.messages(world.table)
    async with SqliteStore(world.db) as store:
        assert await store.get_match(1) is None


async def test_with_attach_files_and_no_threads_a_match_opens_in_the_channel(
        world: World) -> None:
    fake, mod = world.fake, manager(world)
    limit_bot(fake, world.guild, ENOUGH_WITHOUT_THREADS | discord.Permissions(attach_files=True))
    async with world.bot():
        await (await fake.slash(mod, "settings", {"threads": False}, channel=world.table)).reply()
        reply = await (await fake.slash(world.alice, "play", {"game": "zura"},
                                        channel=world.table)).reply()
        assert reply.content.startswith("**Zura #1** is open")
    assert (await stored(world)).status == LOBBY
