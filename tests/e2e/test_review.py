"""The post-game review through Discord (issue 31): Review on the result DM edits one
message with its progress, then shows the three costliest moments, each with its picture;
a second press answers from the store, weighing nothing, in the language of whoever presses;
a press while another process prepares the review is told so."""

from __future__ import annotations

from bot.app import ParlorBot
from bot.match.reviews import RUNNING
from bot.store import FINISHED
from bot.words import language
from tests.e2e.conftest import RENDERING, World
from tests.e2e.players import Players, open_match, start
from tests.fakediscord import FakeMessage

EN = language("en")
REVIEW = "Review my decisions"
WEIGHING = 240.0
"""Seconds a review of a whole match may take on a busy machine (its workers are niced)."""


def quick(bot: ParlorBot) -> None:
    """A small search per decision: the test is about the table, not the AI's strength."""
    assert bot.parlor is not None
    bot.parlor.service.reviews.iterations, bot.parlor.service.reviews.worlds = 12, 12


async def test_review_on_the_result_dm_shows_progress_then_three_moments(world: World) -> None:
    fake, alice = world.fake, world.alice
    async with world.bot() as bot:
        quick(bot)
        thread, lobby = await open_match(fake, alice, world.table, "aura", [], ai_players=1)
        await start(fake, alice, lobby)
        await Players(fake, thread, [alice], seed=11).play_out()
        result: FakeMessage = await fake.wait_until(
            lambda: next((m for m in fake.dms(alice) if "you placed" in m.text), None),
            what="alice's result DM")
        assert result.button(label=REVIEW) is not None

        async with world.store() as store:  # another process of the bot is preparing it
            (match,) = await store.matches_of_user(alice.id, [FINISHED])
            seat = next(s.seat for s in match.seats if s.user_id == alice.id)
            assert await store.claim_work(match.id, seat, "review", "elsewhere", 600)
            busy = await (await fake.click(alice, result, label=REVIEW)).reply(RENDERING)
            assert busy.ephemeral and busy.text == EN.say(RUNNING)
            await store.release_work(match.id, seat, "review", "elsewhere")

        press = await fake.click(alice, result, label=REVIEW)
        moments = [await press.followup(i, WEIGHING) for i in range(3)]
        heading = press.original
        assert heading is not None and heading.ephemeral
        progress = [v.content for v in heading.history if "Reviewing" in v.content]
        assert progress and "0 of " in progress[0]
        assert "reviewed:" in heading.text and "decisions weighed" in heading.text
        for place, moment in enumerate(moments, 1):
            assert moment.ephemeral and moment.text.startswith(f"**{place}.** Move ")
            assert "You chose " in moment.text and "Better was " in moment.text
            assert [a.is_png for a in moment.attachments] == [True]
        await fake.wait_until(lambda: len(press.followups) == 3, what="the three moments")

        again = await fake.click(alice, result, label=REVIEW)
        for i in range(3):
            assert (await again.followup(i, RENDERING)).text == moments[i].text
        second = again.original
        assert second is not None and second.text == heading.text
        assert not [v for v in second.history if "Reviewing" in v.content]  # nothing weighed

        # Kept once, said in each reader's language: the question and answers too.
        german = await fake.click(alice, result, label=REVIEW, locale="de")
        for place, moment in enumerate(moments, 1):
            text = (await german.followup(place - 1, RENDERING)).text
            asked = moment.text.split("\n")[0].split(": ", 1)[1]
            assert text.startswith(f"**{place}.** Zug {moment.text.split()[2]}")
            assert "Du hast " in text and "Besser war " in text and asked not in text
