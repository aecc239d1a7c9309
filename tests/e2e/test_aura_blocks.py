"""Blocking in Aura through Discord (issue 15): a whole blocking window is one DM, edited by
every click, and blocking n cards takes at most n + 1 clicks."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tests.e2e.conftest import World
from tests.e2e.players import TIMEOUT, Players, has_choices, open_match, start
from tests.fakediscord import FakeMessage, FakeUser

BLOCK = re.compile(r"Card (\d+) of (\d+) from .+ lies face down")


def asked(message: FakeMessage) -> tuple[int, int] | None:
    """(which card, of how many) the prompt asks to block, or None."""
    found = BLOCK.search(message.text)
    return (int(found.group(1)), int(found.group(2))) if found else None


async def blocker(players: Players) -> tuple[FakeUser, FakeMessage]:
    """Play on until a person must block; them and their prompt."""
    for _ in range(200):
        user = players.to_act()[0]
        prompt = await players.prompt(user)
        if asked(prompt) is not None:
            return user, prompt
        await players.move(user)
    raise AssertionError("nobody had to block")


@dataclass
class Window:
    """What one blocking window took: blocks made, clicks, and the blocker's new DMs and
    notifications while it was open."""

    blocks: int
    clicks: int
    new_dms: int
    notifications: int


async def block_every_card(world: World) -> Window:
    """Alice and Bob play Aura until one must block; they block every card with one."""
    fake, people = world.fake, [world.alice, world.bob]
    async with world.bot():
        thread, lobby = await open_match(fake, world.alice, world.table, "aura", [world.bob])
        await start(fake, world.alice, lobby)
        players = Players(fake, thread, people, seed=5)
        user, prompt = await blocker(players)
        where = asked(prompt)
        assert where is not None and where[0] == 1
        dms, mark = len(fake.dms(user)), fake.mark()
        clicks = blocks = 0
        inside = (0, 0)
        while where is not None:
            # New DMs and notifications so far, the window still open (what follows its last
            # block is the next window: a new DM of its own).
            inside = (len(fake.dms(user)) - dms, len(fake.notifications(user, since=mark)))
            card = next(b for b in prompt.buttons if re.match(r"\d+\. ", b.label))
            handle = await fake.click(user, prompt, card.custom_id)
            clicks += 1
            if (await handle.callback(TIMEOUT)).type == 7 and any(
                    b.label == "Confirm" for b in fake.message(prompt).buttons):
                handle = await fake.click(user, prompt,
                                          fake.message(prompt).button(label="Confirm").custom_id)
                clicks += 1
            await handle.reply(TIMEOUT)
            blocks += 1
            prompt = fake.message(prompt)
            where = asked(prompt) if has_choices(prompt) else None
        return Window(blocks, clicks, *inside)


async def test_a_blocking_window_is_one_dm_edited_by_every_click(world: World) -> None:
    window = await block_every_card(world)
    assert window.blocks >= 2 and window.clicks >= window.blocks
    assert (window.new_dms, window.notifications) == (0, 0)


async def test_blocking_n_cards_takes_at_most_n_plus_one_clicks(world: World) -> None:
    window = await block_every_card(world)
    assert window.blocks >= 2 and window.clicks <= window.blocks + 1
