"""Community commands through Discord: stats, leaderboard, history, replays, spectators, undo."""

from __future__ import annotations

import io

from PIL import Image

from bot.render.replay import FRAME_LIMIT
from tests.e2e.conftest import RENDERING, World
from tests.e2e.players import Players, has_choices, is_board, open_match, start
from tests.fakediscord import FakeChannel, FakeMessage, FakeUser

"""Seconds to wait for an answer that renders (a replay GIF, a rules diagram): it is
acknowledged at once, and how long the work takes on a busy machine is for the benchmarks."""


async def zura_for_two(world: World) -> tuple[FakeChannel, Players]:
    thread, lobby = await open_match(world.fake, world.alice, world.table, "zura", [world.bob])
    await start(world.fake, world.alice, lobby)
    return thread, Players(world.fake, thread, [world.alice, world.bob])


async def resign(world: World, user: FakeUser, thread: FakeChannel) -> FakeMessage:
    fake = world.fake
    ask = await (await fake.slash(user, "resign", channel=thread)).reply()
    await (await fake.click(user, ask, label="Resign")).callback()
    players = Players(fake, thread, [])
    return await fake.wait_until(players.over, what="the result")


async def test_a_finished_match_shows_in_stats_leaderboard_and_history(world: World) -> None:
    fake = world.fake
    async with world.bot():
        thread, players = await zura_for_two(world)
        await players.move(players.to_act()[0])
        await resign(world, world.bob, thread)
        stats = await (await fake.slash(world.alice, "stats", channel=world.table)).reply()
        lines = stats.content.split("\n")
        assert lines[0] == f"**Results of <@{world.alice.id}> on this server**"
        assert lines[1].startswith("Zura: rating ") and "(#1 of 2) · 1 played · 1 won" in lines[1]
        theirs = await (await fake.slash(world.alice, "stats", {"user": world.bob},
                                         channel=world.table)).reply()
        assert "(#2 of 2) · 1 played · 0 won · average place 2.0 · left 1" in theirs.content
        assert not stats.pings and not theirs.pings
        board = await (await fake.slash(world.cat, "leaderboard", {"game": "zura"},
                                        channel=world.table)).reply()
        rows = board.content.split("\n")
        assert rows[0] == "**Zura leaderboard** · page 1 of 1"
        assert rows[1].startswith(f"1. <@{world.alice.id}> · ")
        assert rows[1].endswith("1 rated match")
        assert rows[2].startswith(f"2. <@{world.bob.id}> · ")
        empty = await (await fake.slash(world.cat, "leaderboard", {"game": "aura"},
                                        channel=world.table)).reply()
        assert "Nobody is rated yet" in empty.content
        history = await (await fake.slash(world.cat, "history", channel=world.table)).reply()
        line = history.content.split("\n")[1]
        assert line.startswith("**Zura #1** · <t:") and "won by resignation" in line
        assert f"1st <@{world.alice.id}>, 2nd <@{world.bob.id}>" in line
        assert line.endswith(f"/channels/{world.guild.id}/{thread.id}")
        none = await (await fake.slash(world.cat, "history", {"user": world.cat},
                                       channel=world.table)).reply()
        assert none.content.endswith("None yet.")
        choices = await (await fake.autocomplete(world.cat, "replay", {"match": ""},
                                                 focused="match", channel=world.table)).choices()
        assert choices == [{"name": "Zura #1 · won by resignation", "value": 1}]
        aura = await (await fake.slash(world.alice, "stats", {"game": "aura"},
                                       channel=world.table)).reply()
        assert aura.content.endswith("Aura: no finished match yet.")


async def test_replays_are_public_for_all_and_private_for_players(world: World) -> None:
    fake = world.fake
    dave = world.user("dave")
    async with world.bot():
        thread, players = await zura_for_two(world)
        early = await (await fake.slash(world.alice, "replay", {"match": 1, "private": True},
                                        channel=thread)).reply()
        assert early.content == "Your own cards join the replay once the match is over."
        for _ in range(2):
            await players.move(players.to_act()[0])
        await resign(world, world.bob, thread)
        public = await (await fake.slash(dave, "replay", {"match": 1},
                                         channel=thread)).reply(RENDERING)
        assert public.content.startswith("**Zura #1** replay: ") and not public.ephemeral
        log, gif = public.attachments
        text = log.data.decode()
        assert log.filename == "replay-1.txt" and text.startswith("Zura #1 — replay")
        assert "You drew" not in text and "Player 2 resigned" not in text
        with Image.open(io.BytesIO(gif.data)) as im:
            assert im.format == "GIF"
        peek = await (await fake.slash(dave, "replay", {"match": 1, "private": True},
                                       channel=thread)).reply()
        assert peek.ephemeral and peek.content.startswith("Only the players of this match")
        mine = await (await fake.slash(world.bob, "replay", {"match": 1, "private": True},
                                       channel=thread)).reply(RENDERING)
        assert mine.ephemeral and "with your cards" in mine.content
        own_log, own_gif = mine.attachments
        own_text = own_log.data.decode()
        assert own_text.startswith("Zura #1 — replay with the cards of bob")
        assert "Player " not in text + own_text and "alice" in text, "the log names people"
        assert set(text.split("\n")[2:]) <= set(own_text.split("\n"))  # none of it is bob's
        alices = await (await fake.slash(world.alice, "replay", {"match": 1, "private": True},
                                         channel=thread)).reply(RENDERING)
        alices_text = alices.attachments[0].data.decode()
        # Each log is told to its reader: alice reads her own moves in the second person.
        assert "#1 · alice takes a Cave from the discard pile." in text
        assert "#1 · You take a Cave from the discard pile." in alices_text.split("\n")
        assert "alice " not in alices_text.partition("\n")[2]
        with Image.open(io.BytesIO(gif.data)) as table, \
                Image.open(io.BytesIO(own_gif.data)) as with_hand:
            tables, with_hands = table.n_frames, with_hand.n_frames
        # Each moment shows the table, then bob's hand (at most half as many moments).
        assert with_hands == 2 * min(tables, FRAME_LIMIT // 2)


async def test_a_private_replay_is_said_in_the_pressers_language(world: World) -> None:
    """/replay private answers only its presser, so its log is in their language (issue 36)."""
    fake = world.fake
    async with world.bot():
        thread, players = await zura_for_two(world)
        await players.move(players.to_act()[0])
        await resign(world, world.bob, thread)
        mine = await (await fake.slash(world.alice, "replay", {"match": 1, "private": True},
                                       channel=thread, locale="de")).reply(RENDERING)
        text = mine.attachments[0].data.decode().split("\n")
    assert mine.ephemeral and "Wiederholung mit deinen Karten" in mine.content
    assert text[0] == "Zura #1 — Wiederholung mit den Karten von alice"
    assert "#1 · Du nimmst eine Höhle-Karte vom Ablagestapel." in text
    assert not [line for line in text if " · You " in line]


async def test_a_spectator_follows_the_thread_but_sees_no_hand(world: World) -> None:
    fake = world.fake
    dave = world.user("dave")
    async with world.bot():
        thread, players = await zura_for_two(world)
        hand = await (await fake.slash(dave, "hand", channel=thread)).reply()
        assert hand.ephemeral and hand.content.startswith("You are not seated in this match")
        button = await (await fake.click(dave, players.boards()[-1], label="My hand")).reply()
        assert button.content == hand.content and not button.attachments
        named = await (await fake.slash(dave, "hand", {"match": 1},
                                        channel=world.table)).reply()
        assert named.content == hand.content
        boards = len(players.boards())
        await (await fake.slash(dave, "board", channel=thread)).reply()
        assert len(players.boards()) == boards + 1
        assert not fake.dms(dave) and not [m for m in fake.ephemerals(dave) if m.attachments]


async def test_undo_with_everyones_consent_and_refused_after_a_reveal(world: World) -> None:
    fake = world.fake
    async with world.bot():
        thread, lobby = await open_match(fake, world.alice, world.table, "highcard", [world.bob],
                                         undo=True)
        assert "Undo: a player may take a move back" in fake.message(lobby).content
        await start(fake, world.alice, lobby)
        players = Players(fake, thread, [world.alice, world.bob])
        await players.move(world.alice)
        asked = await (await fake.slash(world.alice, "undo", channel=thread)).reply(RENDERING)
        assert asked.content == "The other players are asked in the match's thread."
        request = fake.last_message(thread)
        assert f"Waiting for: <@{world.bob.id}>" in request.content
        refused = await (await fake.click(world.alice, request, label="Agree")).reply()
        assert refused.ephemeral
        assert refused.content == "Only the other players answer this request."
        prompts = len([m for m in fake.dms(world.alice) if has_choices(m)])
        await (await fake.click(world.bob, request, label="Agree")).callback()
        await fake.wait_until(lambda: "takes back a move." in players.live().text,
                              what="the turn post telling it")
        assert "everyone agreed" in fake.message(request).content
        assert not fake.message(request).buttons
        await fake.wait_until(
            lambda: len([m for m in fake.dms(world.alice) if has_choices(m)]) > prompts,
            what="alice's prompt again")
        async with world.store() as store:
            log = await store.actions(1)
        assert [a.decision_id for a in log][-1] == "~undo"
        await players.move(world.alice)
        await players.move(world.bob)  # the round is revealed
        late = await (await fake.slash(world.bob, "undo", channel=thread)).reply(RENDERING)
        assert late.content.startswith("A hidden card was shown since that move")
        assert is_board(players.boards()[-1])


async def test_a_refusal_keeps_the_move_and_undo_is_off_by_default(world: World) -> None:
    fake = world.fake
    async with world.bot():
        thread, lobby = await open_match(fake, world.alice, world.table, "highcard", [world.bob],
                                         undo=True)
        await start(fake, world.alice, lobby)
        players = Players(fake, thread, [world.alice, world.bob])
        await players.move(world.alice)
        await (await fake.slash(world.alice, "undo", channel=thread)).reply(RENDERING)
        request = fake.last_message(thread)
        await (await fake.click(world.bob, request, label="Refuse")).callback()
        await fake.wait_until(lambda: "refused: the move stands" in fake.message(request).content,
                              what="the refusal")
        other, lobby2 = await open_match(fake, world.alice, world.table, "highcard",
                                         [world.bob])
        await start(fake, world.alice, lobby2)
        await Players(fake, other, [world.alice, world.bob]).move(world.alice)
        off = await (await fake.slash(world.alice, "undo", channel=other)).reply()
        assert off.content.startswith("Taking moves back is off in this match")


async def test_rules_topics_come_with_a_diagram_and_autocomplete(world: World) -> None:
    fake = world.fake
    async with world.bot():
        topics = await (await fake.autocomplete(world.bob, "rules", {"game": "auroria",
                                                                     "topic": "st"},
                                                focused="topic", channel=world.table)).choices()
        assert {"stealth", "structure"} <= {c["value"] for c in topics}
        help_ = await (await fake.slash(world.bob, "rules", {"game": "auroria",
                                                             "topic": "stealth"},
                                        channel=world.table)).reply(RENDERING)
        assert help_.ephemeral and help_.content.startswith("**Auroria Codex · stealth**")
        assert "*Diagram: " in help_.content and "(Stealth) is in view" in help_.content
        (diagram,) = help_.attachments
        assert diagram.is_png and diagram.filename == "auroria-stealth.png"
        ratings = await (await fake.slash(world.bob, "rules", {"game": "zura",
                                                               "topic": "ratings"},
                                          channel=world.table)).reply(RENDERING)
        assert "openskill" in ratings.content and not ratings.attachments
        german = await (await fake.autocomplete(world.bob, "rules", {"game": "auroria",
                                                                     "topic": "tarn"},
                                                focused="topic", channel=world.table,
                                                locale="de")).choices()
        assert {"name": "Tarnung", "value": "stealth"} in german
        read = await (await fake.slash(world.bob, "rules", {"game": "auroria",
                                                            "topic": "stealth"},
                                       channel=world.table, locale="de")).reply(RENDERING)
        assert read.content.startswith("**Auroria Codex · Tarnung**\nKann von Kreaturen ohne "
                                       "Tarnung weder angegriffen")
        assert "*Diagramm: " in read.content and "(Tarnung) ist zu sehen.*" in read.content
