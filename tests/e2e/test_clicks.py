"""Presses that must not change a match: strangers, double presses, stale prompts; and a
button sent before a restart that still works after it."""

from __future__ import annotations

import asyncio
import re

from tests.e2e.conftest import World
from tests.e2e.players import Players, has_choices, open_match, start
from tests.fakediscord import FakeMessage, FakeUser


async def logged(world: World, match_id: int = 1) -> int:
    """How many actions the match's log holds (read straight from the database)."""
    async with world.store() as store:
        return len(await store.actions(match_id))


async def started(world: World) -> Players:
    """Zura for Alice and Bob (DMs open), dealt."""
    thread, lobby = await open_match(world.fake, world.alice, world.table, "zura", [world.bob])
    await start(world.fake, world.alice, lobby)
    return Players(world.fake, thread, [world.alice, world.bob])


async def dm_prompt(world: World, players: Players) -> tuple[FakeUser, FakeMessage]:
    user = players.to_act()[0]
    return user, await players.prompt(user)


async def test_a_stranger_gets_a_clear_answer_and_nothing_changes(world: World) -> None:
    fake = world.fake
    dave = world.user("dave")
    async with world.bot():
        players = await started(world)
        before = await logged(world)
        board = players.boards()[-1]
        reply = await (await fake.click(dave, board, label="My hand")).reply()
        assert reply.ephemeral and reply.content.startswith("You are not seated in this match")
        _, lobby = await open_match(fake, world.bob, world.table, "zura", [])
        answer = await (await fake.click(dave, lobby, label="Start")).reply()
        assert answer.ephemeral and answer.content == "Only the host can start the match."
        assert "has started" not in fake.message(lobby).content
    assert await logged(world) == before


async def test_a_double_press_counts_once(world: World) -> None:
    fake = world.fake
    async with world.bot():
        players = await started(world)
        user, prompt = await dm_prompt(world, players)
        before, boards = await logged(world), len(players.boards())
        dms = len([m for m in fake.dms(user) if not m.ephemeral])
        button = next(b for b in prompt.buttons if b.label != "Back")
        if re.match(r"\d+\. ", button.label):  # a hand card: the Confirm step comes first
            await (await fake.click(user, prompt, button.custom_id)).callback()
            button = fake.message(prompt).button(label="Confirm")
        first, second = await asyncio.gather(fake.click(user, prompt, button.custom_id),
                                             fake.click(user, prompt, button.custom_id))
        replies = [await first.reply(), await second.reply()]
        answers = [r.content for r in replies if r.ephemeral]
    assert await logged(world) == before + 1
    # The move goes on in the same turn post and the same prompt: nothing new was sent.
    assert len(players.boards()) == boards
    assert len([m for m in fake.dms(user) if not m.ephemeral]) == dms
    assert len(answers) == 1 and "already" in answers[0]


async def test_a_stale_prompt_is_out_of_date_and_changes_nothing(world: World) -> None:
    fake = world.fake
    async with world.bot():
        players = await started(world)
        user = players.to_act()[0]
        board = players.boards()[-1]
        # The same prompt shown twice: in the DM and privately under the board.
        copy_handle = await fake.click(user, board, label="My hand")
        await copy_handle.reply()
        copy = await fake.wait_until(lambda: next(
            (m for m in copy_handle.followups if has_choices(m)), None))
        await players.move(user)
        before, boards = await logged(world), len(players.boards())
        edits = len(fake.message(players.boards()[-1]).history)
        button = next(b for b in copy.buttons if b.label != "Back")
        stale = await fake.click(user, copy, button.custom_id)
        answer = await stale.reply()
        assert answer.ephemeral and "nothing was changed" in answer.content
        assert len(players.boards()) == boards
        assert len(fake.message(players.boards()[-1]).history) == edits
    assert await logged(world) == before


async def test_a_prompt_sent_before_a_restart_works_after_it(world: World) -> None:
    fake = world.fake
    async with world.bot():
        players = await started(world)
        user, prompt = await dm_prompt(world, players)
        before, boards = await logged(world), len(players.boards())
        sent = len(fake.messages(players.thread)) + len(fake.dms(user))
    async with world.bot():
        await asyncio.sleep(0.2)  # the start's reconciliation: it must send nothing twice
        assert len(fake.messages(players.thread)) + len(fake.dms(user)) == sent
        shown = fake.message(prompt).components
        button = next(b for b in prompt.buttons if b.label != "Back")
        handle = await fake.click(user, prompt, button.custom_id)
        await handle.callback()
        await handle.reply()
        assert fake.message(prompt).components != shown, "the prompt moved on in place"
        assert len(players.boards()) == boards
    assert await logged(world) == before + 1


async def test_a_failed_board_post_never_undoes_the_move(world: World) -> None:
    fake = world.fake
    async with world.bot():
        players = await started(world)
        user, prompt = await dm_prompt(world, players)
        before = await logged(world)
        live = players.boards()[-1]
        fake.inject_error("PATCH /channels/{channel_id}/messages/{message_id}", status=403,
                          code=50013, message="Missing Permissions",
                          channel_id=players.thread.id, message_id=live.id)
        button = next(b for b in prompt.buttons if b.label != "Back")
        if re.match(r"\d+\. ", button.label):
            await (await fake.click(user, prompt, button.custom_id)).callback()
            button = fake.message(prompt).button(label="Confirm")
        lines = fake.message(live).text.count("\n")
        handle = await fake.click(user, prompt, button.custom_id)
        await handle.reply()
        after = await logged(world)
        assert after == before + 1
        # The failed edit is made again by the next reconciliation: the move shows.
        await fake.wait_until(lambda: fake.message(live).text.count("\n") > lines,
                              timeout=8.0, what="the turn post repaired")
        board = await (await fake.slash(user, "board", channel=players.thread)).reply()
        assert board.ephemeral and players.boards()
