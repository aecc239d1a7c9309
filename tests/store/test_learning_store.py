"""Learning in the store, on both backends: a lesson match, the hints its players asked
for (kept, and counted once per decision), and a server's choice to offer hints everywhere."""

from __future__ import annotations

import asyncio
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
        assert await store.get_hint(lesson.id, 0, "1.play") is None
        await store.put_hint(lesson.id, 0, "1.play", "[1]")
        await store.put_hint(lesson.id, 0, "2.play", "[2]")
        await store.put_hint(lesson.id, 0, "1.play", "[3]")  # worked out again: replaced
        again = await store.get_match(lesson.id)
        assert again is not None and again.lesson and again.hints == 2
        assert (await store.get_hint(lesson.id, 0, "1.play"),
                await store.get_hint(lesson.id, 0, "2.play")) == ("[3]", "[2]")
        assert await store.get_hint(lesson.id, 1, "1.play") is None  # another seat's
        assert not await store.in_event(lesson.id)
        plain_now = await store.get_match(plain.id)
        assert plain_now is not None and plain_now.hints == 0


async def test_a_hint_kept_at_once_by_two_processes_is_counted_once(backend: Backend) -> None:
    """Two stores on one database stand for two processes serving one bot."""
    async with backend.store() as first, backend.store() as second:
        match = await first.create_match(NewMatch("aura", {}, 1, 7, 1))
        await asyncio.gather(*(store.put_hint(match.id, 0, "1.play", f"[{n}]")
                               for n, store in enumerate([first, second] * 4)))
        again = await second.get_match(match.id)
        assert again is not None and again.hints == 1
        assert await first.get_hint(match.id, 0, "1.play") in {f"[{n}]" for n in range(8)}


async def test_a_server_may_offer_hints_everywhere(backend: Backend) -> None:
    async with backend.store(clock=FakeClock()) as store:
        settings = await store.get_guild_settings(1)
        assert not settings.hints_everywhere
        await store.put_guild_settings(replace(settings, hints_everywhere=True))
        assert (await store.get_guild_settings(1)).hints_everywhere
        assert not (await store.get_guild_settings(2)).hints_everywhere
        assert GuildSettings(2) == await store.get_guild_settings(2)
