"""Replies that stay true (issue 16): the /play reply follows the lobby, a dealt random deck is
named, a refused /play costs no cooldown, and an illegal selection is refused before Confirm."""

from __future__ import annotations

from collections import Counter

from tests.e2e.conftest import World
from tests.e2e.players import Players, open_match, start


async def test_the_play_reply_follows_the_lobby_to_full_started_and_cancelled(
        world: World) -> None:
    fake = world.fake
    dave = world.user("dave")
    async with world.bot():
        opened = await (await fake.slash(world.alice, "play", {"game": "zura", "ai_players": 1},
                                         channel=world.table)).reply()
        assert "press Join" in opened.content
        thread = next(t for t in fake.threads(world.table) if f"<#{t.id}>" in opened.content)
        lobby = fake.messages(thread)[0]
        for user in (world.bob, dave):
            await (await fake.click(user, lobby, label="Join")).callback()
        await fake.wait_until(lambda: "every seat is taken" in fake.message(opened).content,
                              what="the reply saying the lobby is full")
        assert "press Join" not in fake.message(opened).content
        await start(fake, world.alice, lobby)
        await fake.wait_until(lambda: "has started" in fake.message(opened).content,
                              what="the reply saying the match started")

        cancelled = await (await fake.slash(world.bob, "play", {"game": "zura"},
                                            channel=world.table)).reply()
        thread = next(t for t in fake.threads(world.table) if f"<#{t.id}>" in cancelled.content)
        await (await fake.click(world.bob, fake.messages(thread)[0], label="Cancel")).callback()
        await fake.wait_until(lambda: "was cancelled" in fake.message(cancelled).content,
                              what="the reply saying the lobby was cancelled")
        assert "Join" not in fake.message(cancelled).content


async def test_a_lobby_the_ais_fill_starts_at_once_naming_the_dealt_deck(world: World) -> None:
    fake = world.fake
    async with world.bot():
        reply = await (await fake.slash(world.alice, "play", {"game": "auroria",
                                                              "ai_players": 1},
                                        channel=world.table)).reply()
        assert "has started" in reply.content and "Join" not in reply.content
        thread = next(t for t in fake.threads(world.table) if f"<#{t.id}>" in reply.content)
        lobby = fake.messages(thread)[0]
        await start(fake, world.alice, lobby)
        await Players(fake, thread, [world.alice]).prompt(world.alice)  # her mulligan, by DM
    post = fake.message(lobby)
    assert not post.buttons and "has started" in post.content
    assert "(dealt at random)" in post.content and "random structure deck" not in post.content, \
        "each deck is named once dealt"
    assert not lobby.history, "posted once, already started"


async def test_refused_play_commands_do_not_start_the_cooldown(world: World) -> None:
    fake = world.fake
    async with world.bot():
        for options in ({"game": "zurra"}, {"game": "auroria", "ai_players": 2},
                        {"game": "aura", "variants": "no_such_rule"},
                        {"game": "aura", "ai_level": "genius"}):
            refused = await (await fake.slash(world.alice, "play", options,
                                              channel=world.table)).reply()
            assert refused.ephemeral and "Easy there" not in refused.content
        for _ in range(3):  # /play allows three a minute: all three are still there
            opened = await (await fake.slash(world.alice, "play", {"game": "zura"},
                                             channel=world.table)).reply()
            assert "is open" in opened.content, opened.content
        fourth = await (await fake.slash(world.alice, "play", {"game": "zura"},
                                         channel=world.table)).reply()
        assert "Easy there" in fourth.content


async def test_an_illegal_aura_play_is_refused_as_soon_as_it_is_selected(world: World) -> None:
    fake = world.fake
    async with world.bot():
        thread, lobby = await open_match(fake, world.alice, world.table, "aura", [world.bob])
        await start(fake, world.alice, lobby)
        players = Players(fake, thread, [world.alice, world.bob])
        for _ in range(40):
            user = players.to_act()[0]
            prompt = await players.prompt(user)
            plays = [s for s in prompt.selects if s.max_values >= 3]
            colours = Counter(o.label.split(". ", 1)[1].split()[0] for o in
                              (plays[0].options if plays else ()))
            pair = [c for c, n in colours.items() if n >= 2]
            if pair and len(colours) > 1:
                break
            await players.move(user)
        else:
            raise AssertionError("no play of three cards with a repeated colour came up")
        # Two of one colour and one of another: neither one colour nor all different.
        options = plays[0].options
        same = [o.value for o in options if o.label.split(". ", 1)[1].startswith(pair[0])][:2]
        other = next(o.value for o in options
                     if not o.label.split(". ", 1)[1].startswith(pair[0]))
        handle = await fake.select(user, prompt, plays[0].custom_id, [*same, other])
        assert (await handle.callback()).type == 7, "the prompt changes in place"
        shown = fake.message(prompt)
        assert "❌" in shown.text and not any(b.label == "Confirm" for b in shown.buttons)
        assert shown.selects, "the choices are offered again at once"
