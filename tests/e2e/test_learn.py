"""``/learn`` through the fake Discord: a private lesson whose prompts introduce each new kind
of decision once, left and taken up again with ``/learn``; and the Hint button, whose hint is
worked out once even while another process of the bot is working it out."""

from __future__ import annotations

from bot.discord import customid as cid
from bot.engine import registry
from bot.match.hints import WORKING
from bot.words import language
from tests.e2e.conftest import World
from tests.e2e.players import TIMEOUT, Players, has_choices, open_match, start
from tests.fakediscord import components as comp
from tests.fakediscord.state import FakeMessage

AURA = registry.get("aura")
EN = language("en")


def seen(message: FakeMessage) -> str:
    """Every version of ``message`` a person saw, one after another."""
    return "\n".join([*("\n".join([v.content, *comp.text_displays(v.components)])
                        for v in message.history), message.text])


async def test_a_lesson_introduces_its_decisions_in_the_prompt_and_resumes(
        world: World) -> None:
    fake, alice = world.fake, world.alice
    lesson = AURA.lesson()
    assert lesson is not None
    intros = {kind: str(said) for kind, said in lesson.intros.items()}
    async with world.bot():
        begun = await (await fake.slash(alice, "learn", {"game": "aura"},
                                        channel=world.table)).reply()
        assert begun.ephemeral and "Aura lesson has begun" in begun.content
        assert fake.threads(world.table) == [] and fake.messages(world.table) == []
        players = Players(fake, world.table, [alice])
        first = await players.prompt(alice)
        assert first.text.startswith("**Aura #1**") and intros["play"] in first.text
        for _ in range(3):
            await players.move(alice)
        # Each introduction is in one prompt message at most (a kind is introduced once; a
        # next window may open in the message pressed, so every version of a prompt counts).
        prompts = [seen(fake.message(m)) for m in fake.dms(alice)]
        for kind, text in intros.items():
            assert sum(text in p for p in prompts) <= 1, kind
        assert sum(text in "".join(prompts) for text in intros.values()) >= 2
        # Left, then /learn again: the same lesson, the current prompt, privately.
        waiting = fake.message(await players.prompt(alice)).text
        again = await fake.slash(alice, "learn", {"game": "aura"}, channel=world.table)
        await again.reply(TIMEOUT)
        shown = await fake.wait_until(
            lambda: next((m for m in again.followups if has_choices(m)), None), TIMEOUT,
            what="the lesson's prompt again")
        assert shown.ephemeral and shown.text.startswith("**Aura #1**")
        assert shown.text.split("\n")[-1] == waiting.split("\n")[-1]
        assert fake.threads(world.table) == []


async def test_the_hint_button_answers_privately_in_a_casual_match_only(world: World) -> None:
    fake, alice, bob = world.fake, world.alice, world.bob
    async with world.bot():
        thread, lobby = await open_match(fake, alice, world.table, "zura", [], ai_players=1)
        await start(fake, alice, lobby)
        players = Players(fake, thread, [alice])
        prompt = await players.prompt(alice)
        pressed = cid.decode(prompt.button(label="Hint").custom_id)
        work = f"hint {pressed.decision}"
        async with world.store() as store:  # another process of the bot is working it out
            match = await store.get_match(pressed.match)
            assert match is not None
            seat = next(s.seat for s in match.seats if s.user_id == alice.id)
            assert await store.claim_work(pressed.match, seat, work, "elsewhere", 600)
            busy = await fake.click(alice, prompt, label="Hint")
            await busy.callback(TIMEOUT)
            told = await busy.followup(0, TIMEOUT)
            assert told.ephemeral and told.text == EN.say(WORKING)
            await store.release_work(pressed.match, seat, work, "elsewhere")
        asked = await fake.click(alice, prompt, label="Hint")
        await asked.callback(TIMEOUT)
        hint = await asked.followup(0, TIMEOUT * 4)
        lines = hint.text.split("\n")
        assert hint.ephemeral and lines[0].startswith("The strong AI's view of this decision")
        assert 2 <= len(lines) <= 4 and all(" % to win." in line for line in lines[1:])
        again = await fake.click(alice, prompt, label="Hint")
        await again.callback(TIMEOUT)
        assert (await again.followup(0, TIMEOUT)).text == hint.text  # worked out once
        async with world.store() as store:
            counted = await store.get_match(pressed.match)
            assert counted is not None and counted.hints == 1
        posted = len(fake.messages(thread))
        # A match between two people is rated: its prompts offer no hint.
        dan = world.user("dan")
        rated, lobby = await open_match(fake, bob, world.table, "zura", [dan])
        await start(fake, bob, lobby)
        both = Players(fake, rated, [bob, dan])
        acting = both.to_act()[0]
        assert "Hint" not in [b.label for b in (await both.prompt(acting)).buttons]
        assert len(fake.messages(thread)) == posted  # the hints posted nothing
