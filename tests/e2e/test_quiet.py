"""The quiet table's private path: closed DMs are served in the thread once per window, and
a DM that works again (tried on /hand) switches the person back to DMs."""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.players import Players, has_choices, open_match, start


async def test_closed_dms_get_one_mention_per_window_and_hand_switches_back(
        world: World) -> None:
    fake, cat = world.fake, world.cat
    async with world.bot():
        thread, lobby = await open_match(fake, cat, world.table, "zura", [world.alice])
        await start(fake, cat, lobby)
        players = Players(fake, thread, [cat, world.alice])
        told = [m for m in fake.messages(thread) if "can't send you direct" in m.content]
        assert len(told) == 1 and told[0].pings == [cat.id]
        while players.to_act() != [cat]:
            await players.move(players.to_act()[0])
        mark = fake.mark()
        # Her window is open: she was pinged once for it, in the thread, and no DM went out.
        assert not fake.dms(cat)
        fake.set_dm_open(cat, True)
        hand = await fake.slash(cat, "hand", channel=thread)
        await hand.callback()
        answer = await hand.followup()
        assert answer.ephemeral and "DMs work again" in answer.content
        prompt = await fake.wait_until(
            lambda: next((m for m in fake.dms(cat) if has_choices(m)), None),
            what="her prompt by DM")
        assert [n.kind for n in fake.notifications(cat, since=mark)] == ["dm"]
        # From now on her windows come by DM, and the thread no longer mentions her.
        while players.to_act() == [cat]:  # the rest of her turn: the same DM
            await players.move(cat)
        assert [m for m in fake.dms(cat) if not m.ephemeral][-1].id == prompt.id
        while players.to_act() != [cat]:
            await players.move(players.to_act()[0])
        await fake.wait_until(
            lambda: len([m for m in fake.dms(cat) if has_choices(m)]) >= 1
            and fake.dms(cat)[-1].id != prompt.id, what="her next window by DM")
        assert not [m for m in fake.messages(thread) if m.id > prompt.id
                    and m.pings == [cat.id]]
