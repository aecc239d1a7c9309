"""An event through Discord: /tournament create posts the announcement with Join / Leave,
players join by the button, the organiser starts it, each table gets a thread and each
player a DM, the round after opens by itself when the matches are over, and the standings
come as a picture with the table in its alt text."""

from __future__ import annotations

from tests.e2e.conftest import RENDERING, World
from tests.e2e.test_community import resign
from tests.fakediscord import FakeMessage, FakeUser
from tests.fakediscord.state import DEFAULT_MEMBER_PERMISSIONS

MANAGE_EVENTS = 1 << 33


def organiser(world: World) -> FakeUser:
    olga = world.fake.add_user("olga")
    world.fake.add_member(world.guild, olga,
                          permissions=DEFAULT_MEMBER_PERMISSIONS | MANAGE_EVENTS)
    return olga


async def test_a_three_player_swiss_runs_through_discord(world: World) -> None:
    fake = world.fake
    olga = organiser(world)
    async with world.bot():
        refused = await fake.slash(world.alice, "tournament create", {"game": "zura"},
                                   channel=world.table)
        assert "Manage Events" in (await refused.reply()).content
        post: FakeMessage = await (await fake.slash(
            olga, "tournament create", {"game": "zura"}, channel=world.table)).reply()
        assert post.content.startswith("**Zura Swiss #1** · organised by")
        for user in (world.alice, world.bob, world.cat):
            await (await fake.click(user, post, label="Join")).callback()
        twice = await (await fake.click(world.alice, post, label="Join")).reply()
        assert twice.ephemeral and twice.content == "You have already joined this event."
        await fake.wait_until(lambda: "Entrants (3/512)" in fake.message(post).content,
                              what="the announcement to list three entrants")
        nope = await (await fake.slash(world.alice, "tournament start", {"event": 1},
                                       channel=world.table)).reply()
        assert nope.content == "Only the organiser of this event can start it."
        await (await fake.slash(olga, "tournament start", {"event": 1},
                                channel=world.table)).reply(RENDERING)
        (thread,) = await fake.wait_until(lambda: fake.threads(world.table),
                                          what="the table's thread")
        pairings = await fake.wait_until(
            lambda: next((m for m in fake.messages(world.table)
                          if "· round 1" in m.content), None), what="round 1's pairings")
        assert "has a bye (a win)" in pairings.content
        paired = [u for u in (world.alice, world.bob, world.cat)
                  if f"<@{u.id}> (moves first)" in pairings.content
                  or f"v <@{u.id}>" in pairings.content]
        assert len(paired) == 2
        for user in paired:
            if user.dm_open:
                dms = await fake.wait_until(
                    lambda u=user: [m for m in fake.dms(u) if "round 1: you play" in m.content],
                    what="the pairing DM")
                assert len(dms) == 1 and f"<#{thread.id}>" in dms[0].content
        await resign(world, paired[1], thread)
        await fake.wait_until(
            lambda: any("· round 2" in m.content for m in fake.messages(world.table)),
            RENDERING, what="round 2 to open by itself")
        posted = await fake.wait_until(
            lambda: [m for m in fake.messages(world.table) if m.content.endswith("standings**")],
            RENDERING, what="the standings post after the first result")
        assert len(posted) == 1 and posted[0].attachments
        table = await (await fake.slash(world.cat, "tournament standings", {"event": 1},
                                        channel=world.table)).reply(RENDERING)
        (picture,) = table.attachments
        assert picture.filename == "standings.png"
        assert "1. " in (picture.description or "") and "points" in (picture.description or "")


async def test_a_restart_inside_a_round_resumes_the_event(world: World) -> None:
    fake = world.fake
    olga = organiser(world)
    dan = world.user("dan")
    async with world.bot():
        post = await (await fake.slash(olga, "tournament create",
                                       {"game": "zura", "format": "single_elimination"},
                                       channel=world.table)).reply()
        for user in (world.alice, world.bob, world.cat, dan):
            await (await fake.click(user, post, label="Join")).callback()
        await (await fake.slash(olga, "tournament start", {"event": 1},
                                channel=world.table)).reply(RENDERING)
        threads = await fake.wait_until(lambda: len(fake.threads(world.table)) == 2
                                        and fake.threads(world.table), what="two threads")
        pairings = next(m for m in fake.messages(world.table) if "· round 1" in m.content)
    tables = pairings.content.split("\n")[1:]  # "1. <@a> (moves first) v <@b>", in table order
    async with world.bot():  # the bot stopped inside round 1 and comes back
        for thread, line in zip(threads, tables, strict=True):
            second = next(u for u in (world.alice, world.bob, world.cat, dan)
                          if line.endswith(f"v <@{u.id}>"))
            await resign(world, second, thread)
        await fake.wait_until(
            lambda: any("· round 2" in m.content for m in fake.messages(world.table)),
            RENDERING, what="the final to open after the restart")
        final = next(m for m in fake.messages(world.table) if "· round 2" in m.content)
        assert final.content.count("(moves first)") == 1
        posts = [m for m in fake.messages(world.table) if m.content.endswith("standings**")]
        assert len(posts) == 1, "one standings post, edited as results come in"
        assert len(fake.threads(world.table)) == 3
