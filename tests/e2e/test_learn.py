"""``/learn`` through the fake Discord: a private lesson whose prompts introduce each new kind
of decision once, left and taken up again with ``/learn``."""

from __future__ import annotations

from bot.engine import registry
from tests.e2e.conftest import World
from tests.e2e.players import TIMEOUT, Players, has_choices

AURA = registry.get("aura")


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
        # Each introduction is in one prompt at most: a kind is introduced once.
        prompts = [fake.message(m).text for m in fake.dms(alice)]
        for kind, text in intros.items():
            assert sum(text in p for p in prompts) <= 1, kind
        assert sum(any(t in p for t in intros.values()) for p in prompts) >= 2
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
