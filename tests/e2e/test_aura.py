"""A full Aura match through Discord for two people, at a quiet table (issue 15): one post
per turn, a DM per decision window (a whole blocking window is one DM), multi-card selects.
A play picked top-down (hand order, so colour order) lies face down in another order."""

from __future__ import annotations

import re

from bot.games.aura.cards import COLOUR, LABEL
from tests.e2e.conftest import World
from tests.e2e.players import (
    TIMEOUT,
    Players,
    is_board,
    open_match,
    opened_with_choices,
    start,
    stepped,
)
from tests.fakediscord.components import text_displays


async def test_two_players_finish_an_aura_match(world: World) -> None:
    fake = world.fake
    people = [world.alice, world.bob]
    async with world.bot():
        thread, lobby = await open_match(fake, world.alice, world.table, "aura", [world.bob])
        mark = fake.mark()
        await start(fake, world.alice, lobby)
        players = Players(fake, thread, people, seed=3)
        result = await players.play_out()
    tally = fake.tally(thread, people, since=mark)
    assert result.content.split("\n")[1].startswith("1st: ")
    assert sorted(result.mentions) == sorted(u.id for u in people)
    boards = [fake.message(m) for m in fake.messages(thread) if is_board(m)]
    numbers = [int(re.findall(r"turn (\d+)", m.text)[0]) for m in boards]
    assert numbers == list(range(1, len(boards) + 1)) and len(boards) > 5
    assert tally.posts_without_events == 0
    assert tally.thread_posts == len(boards) + 1  # + the end post
    for user in people:
        dms = [fake.message(m) for m in fake.dms(user) if not m.ephemeral][1:]
        prompts = dms[:-1]
        assert prompts and all(opened_with_choices(m) for m in prompts)
        assert "you placed" in dms[-1].text
        # Each window notified once: its DM; plus the result DM and the end post.
        assert len(tally.notifications[user.id]) == len(prompts) + 2
        # Fewer DMs than decisions: a window's clicks edit its one DM.
        assert tally.clicks[user.id] > len(prompts)
    versions = [v for u in people for m in fake.dms(u) for v in [*m.history, m]]
    assert any(s.get("max_values", 1) > 1 for v in versions for s in _selects(v.components)), \
        "some decision took several cards through a select"


async def test_a_play_picked_in_hand_order_lies_in_another(world: World) -> None:
    """Alice, against an AI, picks a card of each colour in her hand top-down (Discord hands
    the bot the values in the order clicked); her DM names the cards in the order they lie."""
    fake, alice = world.fake, world.alice
    async with world.bot():
        thread, lobby = await open_match(fake, alice, world.table, "aura", [], ai_players=1)
        await start(fake, alice, lobby)
        players = Players(fake, thread, [alice], seed=2)
        for _ in range(50):
            prompt = await players.prompt(alice)
            if "Play 2–5 cards" in prompt.text:
                break
            await players.move(alice)
        else:
            raise AssertionError("alice never got to play")
        (menu,) = prompt.selects
        first: dict[int, tuple[str, str]] = {}
        for option in menu.options:
            label = option.label.split(". ", 1)[1]
            first.setdefault(COLOUR[LABEL.index(label)], (option.value, label))
        picked = list(first.values())[:5]
        assert len(picked) >= 3
        handle = await fake.select(alice, prompt, menu.custom_id, [v for v, _ in picked])
        callback = await handle.callback(TIMEOUT)
        assert not stepped(fake, handle, callback.type, prompt)  # a play is not confirmed
        await handle.reply(TIMEOUT)
    (told,) = {line for m in fake.dms(alice) for v in [*m.history, m]
               for line in "\n".join(text_displays(v.components)).split("\n")
               if line.startswith("You play ")}
    laid = re.split(r",? and |, ", told.removeprefix("You play ").removesuffix("."))  # a, b, and c
    assert sorted(laid) == sorted(label for _, label in picked)
    assert laid != [label for _, label in picked]


def _selects(components: list[dict[str, object]]) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for c in components:
        if c.get("type") == 3:
            out.append(c)
        out += _selects(c.get("components") or [])  # type: ignore[arg-type]
    return out
