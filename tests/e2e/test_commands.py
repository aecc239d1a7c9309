"""Slash commands around a match: /match, /hand, /board, /resign, /rules, /settings,
autocomplete, and the synced command tree against its checked-in snapshot."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.e2e.conftest import RENDERING, World
from tests.e2e.players import Players, is_board, open_match, start
from tests.fakediscord import FakeDiscordError

SNAPSHOT = Path(__file__).with_name("commands.json")
MANAGE_GUILD = 1 << 5


async def test_the_synced_commands_match_the_snapshot(world: World) -> None:
    async with world.bot():
        synced = world.fake.command_snapshot()
    text = json.dumps(synced, indent=2, sort_keys=True) + "\n"
    if os.environ.get("PARLOR_UPDATE_SNAPSHOTS"):
        SNAPSHOT.write_text(text)
    assert text == SNAPSHOT.read_text(), "run with PARLOR_UPDATE_SNAPSHOTS=1 to accept"


async def test_match_list_info_hand_board_and_resign(world: World) -> None:
    fake = world.fake
    async with world.bot():
        thread, lobby = await open_match(fake, world.alice, world.table, "zura", [world.bob])
        await start(fake, world.alice, lobby)
        players = Players(fake, thread, [world.alice, world.bob])
        actor = players.to_act()[0]
        listing = await (await fake.slash(actor, "match list", channel=world.table)).reply()
        assert listing.ephemeral and listing.content.startswith("Zura #1 · your move · https://")
        choices = await (await fake.autocomplete(actor, "hand", focused="match",
                                                 channel=world.table)).choices()
        assert choices == [{"name": "Zura #1 · your move", "value": 1}]
        info = await (await fake.slash(world.bob, "match info", {"match": 1},
                                       channel=thread)).reply()
        assert "has started" in info.content and "To act: " in info.content
        hand = await fake.slash(world.bob, "hand", channel=thread)
        await hand.callback()
        card = await hand.followup()
        assert card.ephemeral and card.attachments and card.text.startswith("**Zura #1**")
        boards = len(players.boards())
        await (await fake.slash(world.bob, "board", channel=thread)).reply()
        assert len(players.boards()) == boards + 1
        # The whole table in words, privately: what the picture leaves out at its size.
        whole = await (await fake.slash(world.bob, "board", {"detail": True},
                                        channel=thread)).reply()
        assert whole.ephemeral and whole.text.startswith("**Zura #1**, the whole table:")
        assert "Search area:" in whole.text and f"{world.bob.name}: " in whole.text
        assert "Tzerzurian pile" in whole.text and len(players.boards()) == boards + 1
        ask = await (await fake.slash(world.bob, "resign", channel=thread)).reply()
        assert ask.ephemeral and ask.button(label="Resign")
        await (await fake.click(world.bob, ask, label="Resign")).callback()
        over = await fake.wait_until(players.over)
    alice, bob = world.alice.name, world.bob.name
    lines = over.content.split("\n")
    assert lines[0].endswith(f"is over: {alice} wins.")  # names in the headline
    assert lines[1].startswith(f"1st: <@{world.alice.id}> — Points ")  # one mention each
    assert lines[3] == f"{bob} resigned."
    assert is_board(fake.messages(thread)[-2])


async def test_rules_with_topics_and_autocomplete(world: World) -> None:
    fake = world.fake
    async with world.bot():
        games = await (await fake.autocomplete(world.bob, "rules", {"game": "au"},
                                               focused="game", channel=world.table)).choices()
        assert {c["value"] for c in games} == {"aura", "auroria"}
        topics = await (await fake.autocomplete(world.bob, "rules", {"game": "zura"},
                                                focused="topic", channel=world.table)).choices()
        assert "overview" in [c["value"] for c in topics]
        text = await (await fake.slash(world.bob, "rules", {"game": "zura"},
                                       channel=world.table)).reply(RENDERING)
        assert text.ephemeral and text.content.startswith("**Zura · overview**")
        bad = await (await fake.slash(world.bob, "rules", {"game": "zura", "topic": "nope"},
                                      channel=world.table)).reply()
        assert bad.content.startswith("Zura has no rules topic `nope`.")


async def test_settings_limit_where_games_start_and_threads(world: World) -> None:
    fake = world.fake
    lounge = fake.add_channel(world.guild, "lounge")
    mod = fake.add_user("mod")
    fake.add_member(world.guild, mod, permissions=MANAGE_GUILD)
    async with world.bot():
        with pytest.raises(FakeDiscordError, match="lacks permissions"):
            await fake.slash(world.bob, "settings", channel=world.table)
        shown = await (await fake.slash(mod, "settings", {"allow": world.table, "threads": False},
                                        channel=world.table)).reply()
        assert f"Games may start in: <#{world.table.id}>" in shown.content
        refused = await (await fake.slash(world.alice, "play", {"game": "zura"},
                                          channel=lounge)).reply()
        assert refused.ephemeral and refused.content.startswith("Games can't start here.")
        await (await fake.slash(world.alice, "play", {"game": "zura"},
                                channel=world.table)).reply()
        assert not fake.threads(world.table)
        assert any("lobby hosted by" in m.content for m in fake.messages(world.table))
