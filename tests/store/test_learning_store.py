"""Learning in the store, on both backends: a lesson match, the hints its players asked
for, and a server's choice to offer hints everywhere."""

from __future__ import annotations

from dataclasses import replace

from bot.store import GuildSettings, NewMatch, SeatRecord
from tests.store.backends import Backend
from tests.store.test_store import FakeClock


async def test_a_lesson_and_its_hints_are_kept(backend: Backend) -> None:
    async with backend.store(clock=FakeClock()) as store:
        lesson = await store.create_match(NewMatch("aura", {}, 935, 7, 1, seats=(
            SeatRecord(0, 7), SeatRecord(1, None, is_ai=True, ai_level="normal")),
            lesson=True))
        plain = await store.create_match(NewMatch("aura", {}, 1, 7, 1))
        assert lesson.lesson and lesson.hints == 0 and not plain.lesson
        await store.count_hint(lesson.id)
        await store.count_hint(lesson.id)
        again = await store.get_match(lesson.id)
        assert again is not None and again.lesson and again.hints == 2
        assert not await store.in_event(lesson.id)


async def test_a_server_may_offer_hints_everywhere(backend: Backend) -> None:
    async with backend.store(clock=FakeClock()) as store:
        settings = await store.get_guild_settings(1)
        assert not settings.hints_everywhere
        await store.put_guild_settings(replace(settings, hints_everywhere=True))
        assert (await store.get_guild_settings(1)).hints_everywhere
        assert not (await store.get_guild_settings(2)).hints_everywhere
        assert GuildSettings(2) == await store.get_guild_settings(2)
