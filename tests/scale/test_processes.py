"""Two bot processes, each running one of two shards, sharing one PostgreSQL database.

The match lives in a server on shard 1, so its lobby, its thread and the "My hand" presses
of a player whose DMs are closed reach the process running shard 1; DM presses always
arrive on shard 0, at the other process. Both processes therefore move the same match in
turn, each loading what the other committed. In race rounds one player presses the same
choice at once in their DM (shard 0) and under the board (shard 1): the version
compare-and-swap lets exactly one of the two through, whichever process wins.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.engine import Action, parse_options, registry
from bot.engine.playout import replay
from bot.match import state_text
from bot.store import PostgresStore
from tests.e2e.players import Players, has_choices, open_match, start
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser, InteractionHandle
from tests.pgcluster import Cluster
from tests.scale import botprocess

WAIT = 20.0
MOVES = 6
RACES = 3
CARD = re.compile(r"\d+\. ")
"""A hand card's label: pressing it asks for a Confirm first."""


@dataclass
class Bots:
    url: str
    logs: tuple[Path, Path]


@pytest.fixture
async def two_bots(fake_discord: FakeDiscord, pg_cluster: Cluster,
                   tmp_path: Path) -> AsyncIterator[Bots]:
    """Processes running shard 0 and shard 1 of two, on one fresh database."""
    fake = fake_discord
    url = await pg_cluster.create_database(tmp_path.name.lower().replace("-", "_")[:60])
    logs = (tmp_path / "shard0.log", tmp_path / "shard1.log")
    procs = [await botprocess.start(fake, {"DATABASE_URL": url, "SHARD_COUNT": "2",
                                           "SHARD_IDS": str(shard)}, logs[shard])
             for shard in (0, 1)]
    try:
        yield Bots(url, logs)
    finally:
        codes = [await botprocess.stop(p) for p in procs]
        assert codes == [0, 0], f"bot exit codes {codes}; see {logs}"


async def connected(fake: FakeDiscord, procs_logs: tuple[Path, ...], *guild_ids: int) -> None:
    """Both shards are up and shard 0's process has synced the commands."""
    await fake.wait_until(
        lambda: all(fake.server.connected(g) for g in guild_ids) and fake.commands(),
        WAIT, what=f"both bot processes to connect (logs: {procs_logs})")


def decision(message: FakeMessage) -> str:
    """The head its choices' ids share: ``parlor:<match>:<decision>:``."""
    ids = [b.custom_id or "" for b in message.buttons] + [s.custom_id for s in message.selects]
    return next(":".join(i.split(":")[:3]) + ":" for i in ids if i.count(":") >= 3)


class RacingPlayers(Players):
    """Players who find a DM prompt by the decision it offers: a race leaves the losing copy
    of an older prompt open until the other process's delivery moves it on, and it must not
    be taken for the current one."""

    async def prompt(self, user: FakeUser) -> FakeMessage:
        if not user.dm_open:
            return await super().prompt(user)
        return await self.dm_prompt(user, await my_hand_prompt(self.fake, self, user))

    async def dm_prompt(self, user: FakeUser, copy: FakeMessage) -> FakeMessage:
        """``user``'s DM prompt for the decision ``copy`` (served from the store) offers."""
        head = decision(copy)
        return await self.fake.wait_until(
            lambda: next((m for m in reversed(self.fake.dms(user))
                          if has_choices(m) and decision(m) == head), None),
            WAIT, what=f"{user.name}'s DM prompt for {head}")


async def my_hand_prompt(fake: FakeDiscord, players: RacingPlayers, user: FakeUser) -> FakeMessage:
    """``user``'s open choices, privately under the latest board (served by shard 1)."""
    handle = await fake.click(user, players.boards()[-1], label="My hand")
    await handle.reply(WAIT)
    return await fake.wait_until(
        lambda: next((m for m in handle.followups if has_choices(m)), None), WAIT,
        what=f"{user.name}'s prompt under the board")


async def race(fake: FakeDiscord, players: RacingPlayers, user: FakeUser) -> list[str]:
    """The same choice pressed at once in the DM and under the board: one press plays (its
    prompt moves on in place), the other's private answer is returned."""
    shown = players.table()
    copy = await my_hand_prompt(fake, players, user)
    dm = await players.dm_prompt(user, copy)
    button = next(b for b in dm.buttons if b.label not in ("Back", "My hand", "Hint"))
    if CARD.match(button.label):  # the confirm step is a UI step only: take it in both
        for message in (dm, copy):
            await (await fake.click(user, message, button.custom_id)).callback(WAIT)
        button = fake.message(dm).button(label="Confirm")
    handles: list[InteractionHandle] = list(await asyncio.gather(
        fake.click(user, dm, button.custom_id), fake.click(user, copy, button.custom_id)))
    replies = [(await h.reply(WAIT)).content for h in handles]
    await fake.wait_until(lambda: players.table() != shown, WAIT, what="the move on the table")
    answered = [r for r in replies if r]  # the played prompt is a layout: no plain content
    assert len(answered) == 1, replies
    return answered


async def test_two_processes_serve_one_match_and_apply_each_move_once(
        fake_discord: FakeDiscord, two_bots: Bots) -> None:
    fake = fake_discord
    home = fake.add_guild("Shard Zero")
    guild = fake.add_guild("Shard One", shard=1)
    table = fake.add_channel(guild, "card-table")
    alice = fake.add_user("alice", guilds=[guild, home])
    cat = fake.add_user("cat", dm_open=False, guilds=[guild])
    await connected(fake, two_bots.logs, home.id, guild.id)

    thread, lobby = await open_match(fake, alice, table, "zura", [cat])
    await start(fake, alice, lobby)
    players = RacingPlayers(fake, thread, [alice, cat], seed=7)
    answers: list[str] = []
    races = moves = 0
    while moves < MOVES or races < RACES:
        # A press shows its own result first: the live post and the next prompt follow.
        (acting,) = await fake.wait_until(players.next_to_act, WAIT,
                                          what="the next person's prompt")
        if not acting:
            break
        user = acting[0]
        if user is alice and races < RACES:
            answers += await race(fake, players, user)
            races += 1
        else:
            shown = players.table()
            await players.move(user)
            await fake.wait_until(lambda shown=shown: players.table() != shown or players.over(),
                                  WAIT,
                                  what="the move on the table")
            moves += 1
    assert races == RACES, "the match ended before every race round was run"
    assert len(answers) == RACES
    assert all("already" in a or "moved on" in a for a in answers), answers

    async with PostgresStore(two_bots.url) as store:
        (record,) = [m for m in await store.matches_of_user(alice.id, ("active", "finished"))]
        actions = await store.actions(record.id)
    assert [a.seq for a in actions] == list(range(1, len(actions) + 1))
    decisions = [(a.decision_id, a.seat) for a in actions]
    assert len(decisions) == len(set(decisions)), "a decision was applied twice"
    assert len(actions) == moves + races
    game = registry.get(record.game)
    again = replay(game, len(record.seats), parse_options(game.options, record.options),
                   record.seed, [(a.seat, Action.from_json(a.action)) for a in actions])
    assert state_text(game, again) == record.state
    assert record.version == 2 + len(actions)  # lobby join, deal, then one per move

    assert len(fake.state.command_syncs) == 1, "only the process running shard 0 syncs"
    for log in two_bots.logs:  # each process applied moves of this match
        text = log.read_text()
        assert " level=ERROR " not in text, text
        assert re.search(rf"match={record.id} .*played", text), f"no move in {log}"
