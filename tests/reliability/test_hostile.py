"""Hostile input through Discord: forged component ids, replayed interactions, option values
past their limits, huge text and Unicode tricks. Each gets one clear private answer and
changes nothing; no ERROR is logged and the fake sees no unanswered interaction.

(Deck imports are not tested here: the Auroria deck-import command is not built yet.)
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from bot.discord.guards import FOREIGN
from bot.store import SqliteStore
from tests.e2e.conftest import World
from tests.e2e.players import Players, open_match, start
from tests.fakediscord import FakeMessage, FakeUser
from tests.reliability.forge import deliver_again, forged_click, forged_slash

INTEGER, STRING = 4, 3
NOT_SEATED = re.compile(r"^You are not (playing|seated) in this match")


@dataclass
class Table:
    players: Players
    actor: FakeUser
    other: FakeUser
    prompt: FakeMessage
    decision: str

    @property
    def board(self) -> FakeMessage:
        return self.players.boards()[-1]


async def table(world: World) -> Table:
    """Zura for Alice and Bob, dealt; the prompt of whoever acts first."""
    fake = world.fake
    thread, lobby = await open_match(fake, world.alice, world.table, "zura", [world.bob])
    await start(fake, world.alice, lobby)
    players = Players(fake, thread, [world.alice, world.bob])
    actor = players.to_act()[0]
    prompt = await players.prompt(actor)
    decision = prompt.custom_ids[0].split(":")[2]
    other = world.bob if actor is world.alice else world.alice
    return Table(players, actor, other, prompt, decision)


async def log_size(world: World) -> list[int]:
    """Moves logged per match (from the database)."""
    async with SqliteStore(world.db) as store:
        out = []
        for match_id in range(1, 4):
            out.append(len(await store.actions(match_id)))
        return out


def forged_ids(t: Table) -> dict[str, tuple[str, Callable[[str], bool]]]:
    """Forged ids by kind, with who presses them and what the answer must be."""
    d = t.decision
    return {
        "another seat": (f"parlor:1:{d}:p:0",
                         lambda text: text == "That choice belongs to another player."),
        "another match": (f"parlor:2:{d}:p:0", lambda text: bool(NOT_SEATED.match(text))),
        "a match that does not exist": (f"parlor:999999999999:{d}:p:0",
                                        lambda text: text == "There is no match #999999999999."),
        "not a number": ("parlor:one:x:p:0", lambda text: text == str(FOREIGN)),
        "a choice that is not a number": (f"parlor:1:{d}:p:x", lambda text: text == str(FOREIGN)),
        "a broken choice list": (f"parlor:1:{d}:c:1..2", lambda text: text == str(FOREIGN)),
        "too long": ("parlor:1:" + "d" * 60 + ":p:" + ".".join(["9"] * 20),
                     lambda text: text == str(FOREIGN)),
        "not ours at all": ("xyz", lambda text: text == str(FOREIGN)),
    }


KINDS = ["another seat", "another match", "a match that does not exist", "not a number",
         "a choice that is not a number", "a broken choice list", "too long", "not ours at all"]


@pytest.mark.parametrize("kind", KINDS)
async def test_a_forged_custom_id_is_answered_and_changes_nothing(world: World,
                                                                  kind: str) -> None:
    fake = world.fake
    async with world.bot():
        t = await table(world)
        if kind == "another match":  # a second match that the presser does not sit in
            dave = world.user("dave")
            _, lobby = await open_match(fake, dave, world.table, "zura", [], ai_players=1)
            await start(fake, dave, lobby)
        before = await log_size(world)
        custom_id, expected = forged_ids(t)[kind]
        presser = t.other if kind in ("another seat", "another match") else t.actor
        reply = await (await forged_click(fake, presser, t.board, custom_id)).reply()
        assert reply.ephemeral and expected(reply.content), reply.content
    assert await log_size(world) == before


@pytest.mark.parametrize("values", [["999"], ["x"], ["-1"]])
async def test_select_values_out_of_range_are_answered_and_change_nothing(
        world: World, values: list[str]) -> None:
    fake = world.fake
    async with world.bot():
        t = await table(world)
        before = await log_size(world)
        custom_id = f"parlor:1:{t.decision}:s:0"
        reply = await (await forged_click(fake, t.actor, t.board, custom_id, values)).reply()
        assert reply.ephemeral and reply.content == str(FOREIGN)
    assert await log_size(world) == before


async def test_a_button_pressed_again_after_its_move_counts_once(world: World) -> None:
    fake = world.fake
    async with world.bot():
        t = await table(world)
        before = await log_size(world)
        shown = t.players.table()
        await t.players.move(t.actor)
        pressed = fake.interactions()[-1].data["custom_id"]
        moved = t.players.table()
        assert moved != shown, "the turn post shows the move"
        again = await (await forged_click(fake, t.actor, t.prompt, pressed)).reply()
        assert again.ephemeral and "already" in again.content
        assert t.players.table() == moved
    assert (await log_size(world))[0] == before[0] + 1  # two people: no AI move follows


@pytest.mark.parametrize("button", ["a choice", "My hand"])
async def test_the_same_interaction_delivered_twice_counts_once(world: World,
                                                                button: str) -> None:
    """Discord refuses the second answer (already acknowledged); the bot logs it and
    changes nothing more."""
    fake = world.fake
    fake.expect_problem("already been acknowledged")
    async with world.bot():
        t = await table(world)
        before = await log_size(world)
        shown = t.players.table()
        if button == "My hand":
            handle = await fake.click(t.actor, t.board, label="My hand")
        else:
            handle = await fake.click(t.actor, t.prompt, t.prompt.custom_ids[0])
        await deliver_again(fake, handle)  # while the first is still being handled
        await fake.wait_until(lambda: any("already been acknowledged" in p
                                          for p in fake.state.problems),
                              what="the refused second answer")
        moved = button == "a choice"
        await fake.wait_until(lambda: (t.players.table() != shown) == moved)
    assert (await log_size(world))[0] == before[0] + moved


@pytest.mark.parametrize(("command", "options", "answer"), [
    ("play", [("game", STRING, "zura"), ("ai_players", INTEGER, 99)],
     "Zura seats at most 4 players, you included."),
    ("play", [("game", STRING, "zura"), ("ai_players", INTEGER, -3)],
     "The number of AI players can't be negative."),
    ("play", [("game", STRING, "chess")], "There is no game called `chess`."),
    ("match info", [("match", INTEGER, 2**70)], f"There is no match #{2**70}."),
    ("match info", [("match", INTEGER, 0)], "There is no match #0."),
    ("hand", [("match", INTEGER, -5)], "There is no match #-5."),
])
async def test_option_values_past_their_limits_are_refused(
        world: World, command: str, options: list[tuple[str, int, Any]], answer: str) -> None:
    fake = world.fake
    async with world.bot():
        raw = [{"name": n, "type": kind, "value": v} for n, kind, v in options]
        reply = await (await forged_slash(fake, world.alice, command, raw,
                                          world.table)).reply()
        assert reply.ephemeral and reply.content.startswith(answer), reply.content
    assert not fake.threads(world.table)
    async with SqliteStore(world.db) as store:
        assert await store.get_match(1) is None


TRICKS = "\u202eevil\u200b\u2066, @everyone <@1> \x00 ́"


@pytest.mark.parametrize(("options", "pattern"), [
    ([("game", "zura"), ("variants", "x" * 6000)],
     r"Variants can be at most 300 characters long\.$"),
    ([("game", "zura"), ("variants", TRICKS)],
     r"Unknown option .*`evil`.*This game has no options\."),
    ([("game", "z" * 6000)], r"There is no game called `z{59}…`\. Games: "),
    ([("game", "zura"), ("ai_level", TRICKS * 300)], r"AI level `evil"),
])
async def test_huge_text_and_unicode_tricks_get_a_short_clean_answer(
        world: World, options: list[tuple[str, str]], pattern: str) -> None:
    fake = world.fake
    async with world.bot():
        raw = [{"name": n, "type": STRING, "value": v} for n, v in options]
        reply = await (await forged_slash(fake, world.alice, "play", raw, world.table)).reply()
    text = reply.content
    assert reply.ephemeral and re.match(pattern, text, re.DOTALL), text[:200]
    assert len(text) <= 1800
    assert not [c for c in text if unicodedata.category(c) in ("Cc", "Cf") and c != "\n"]
    assert not reply.pings
    assert not fake.threads(world.table)
