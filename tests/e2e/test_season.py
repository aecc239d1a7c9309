"""A season through Discord: a manager chooses the day the ratings reset (/season end), a
rated match is played, the bot is down on that day and ends the season when it is back; the
leaderboard starts again and /season show gives the finished season's final table."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from bot.store.seasons import SeasonStore
from tests.e2e.conftest import World
from tests.e2e.test_clock import MANAGE_GUILD, clocked_bot, settle
from tests.e2e.test_community import resign, zura_for_two
from tests.match.clocks import Now

DAY = 86400.0


def day(t: float) -> str:
    """The UTC day of ``t`` as YYYY-MM-DD."""
    return datetime.fromtimestamp(t, UTC).date().isoformat()


async def test_a_season_ends_on_its_day_and_its_final_table_stays(world: World) -> None:
    fake, now = world.fake, Now()
    mod = fake.add_user("mod")
    fake.add_member(world.guild, mod, permissions=MANAGE_GUILD)
    ends = day(now.t + 3 * DAY)
    ends_at = int(datetime.fromisoformat(ends).replace(tzinfo=UTC).timestamp())
    async with clocked_bot(world, now):
        refused = await (await fake.slash(world.alice, "season end", {"day": ends},
                                          channel=world.table)).reply()
        assert refused.content == "Only members with Manage Server can choose when a " \
                                  "season ends."
        bad = await (await fake.slash(mod, "season end", {"day": "soon"},
                                      channel=world.table)).reply()
        assert bad.content == "Give the day as YYYY-MM-DD, for example 2027-03-01."
        none = await (await fake.slash(world.cat, "season show", {"game": "zura"},
                                       channel=world.table)).reply()
        assert none.content == "No season has ended on this server yet."
        chosen = await (await fake.slash(mod, "season end", {"day": ends},
                                         channel=world.table)).reply()
        assert chosen.content.startswith(f"Season 1 ends <t:{ends_at}:D>")
        thread, players = await zura_for_two(world)
        await players.move(players.to_act()[0])
        await resign(world, world.bob, thread)
        board = await (await fake.slash(world.cat, "leaderboard", {"game": "zura"},
                                        channel=world.table)).reply()
        lines = board.content.split("\n")
        assert lines[0] == "**Zura leaderboard · season 1** · page 1 of 1"
        assert lines[1].startswith(f"1. <@{world.alice.id}> · ")
        assert lines[-2] == (f"This season ends <t:{ends_at}:D>; its final table stays "
                             "readable with /season show.")
        stats = await (await fake.slash(world.bob, "stats", channel=world.table)).reply()
        assert stats.content.split("\n")[0] == (f"**Results of <@{world.bob.id}> on this "
                                                "server** · season 1")
    now.to(ends_at + 3600.0)  # the bot is down on the day
    async with clocked_bot(world, now):
        await settle(now)
        (post,) = await fake.wait_until(lambda: [
            m for m in fake.messages(world.table) if "Season 1 is over." in m.content],
            what="the season's end post, where the server played")
        assert post.content.split("\n") == [
            "**Season 1 is over.** Every rating here starts again; the final tables stay "
            "readable with /season show.",
            f"Zura: 1st <@{world.alice.id}> and 2nd <@{world.bob.id}>"]
        assert not post.pings
        board = await (await fake.slash(world.cat, "leaderboard", {"game": "zura"},
                                        channel=world.table)).reply()
        assert board.content.split("\n")[:2] == [
            "**Zura leaderboard · season 2** · page 1 of 1",
            "Nobody is rated yet: finish a match against another person."], "ratings reset"
        shown = await (await fake.slash(world.cat, "season show", {"game": "zura"},
                                        channel=world.table)).reply()
        rows = shown.content.split("\n")
        assert rows[0] == "**Zura · season 1 final table** · page 1 of 1"
        assert rows[1].startswith(f"1. <@{world.alice.id}> · ")
        assert rows[2].startswith(f"2. <@{world.bob.id}> · ")
        assert rows[2].endswith("1 rated match") and len(rows) == 3
        assert not shown.pings
        later = await (await fake.slash(world.cat, "season show",
                                        {"game": "zura", "number": 2},
                                        channel=world.table)).reply()
        assert later.content == "Season 2 has not ended here; finished seasons: 1 to 1."


async def test_an_end_a_kill_kept_from_its_post_is_posted_on_restart(world: World) -> None:
    """The process ended the season (its transaction committed) and was killed before the
    post: the next start posts it, once."""
    fake, now = world.fake, Now()
    mod = fake.add_user("mod")
    fake.add_member(world.guild, mod, permissions=MANAGE_GUILD)
    ends = day(now.t + 2 * DAY)
    async with clocked_bot(world, now):
        await (await fake.slash(mod, "season end", {"day": ends}, channel=world.table)).reply()
        thread, players = await zura_for_two(world)
        await players.move(players.to_act()[0])
        await resign(world, world.bob, thread)
    async with world.store() as store:
        seasons = SeasonStore(store)
        season = await seasons.current(world.guild.id)
        assert season is not None and season.ends_at is not None
        assert await seasons.end(season, season.ends_at)  # ... and the kill
        assert [s.number for s in await seasons.unannounced()] == [1]
    now.to(season.ends_at + 60.0)

    def posts() -> list[Any]:
        return [m for m in fake.messages(world.table) if "Season 1 is over." in m.content]

    async with clocked_bot(world, now):
        await settle(now)
        await fake.wait_until(posts, what="the end post after the restart")
        now.to(now.t + 120.0)
        await settle(now)
    assert len(posts()) == 1
    async with world.store() as store:
        assert await SeasonStore(store).unannounced() == []
