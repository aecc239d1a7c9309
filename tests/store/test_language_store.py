"""Languages in the store, on both backends: each person's latest Discord locale and chosen
language, kept apart, and a server's chosen language in its settings."""

from __future__ import annotations

from bot.store import GuildSettings, UserLanguage
from tests.store.backends import Backend
from tests.store.test_store import FakeClock


async def test_the_latest_locale_and_the_chosen_language_are_kept_apart(
        backend: Backend) -> None:
    async with backend.store(clock=FakeClock()) as store:
        assert await store.user_language(7) == UserLanguage(7)
        await store.note_locale(7, "de")
        await store.choose_language(7, "pt_BR")
        await store.note_locale(7, "en-GB")  # a newer press does not undo the choice
        assert await store.user_language(7) == UserLanguage(7, "en-GB", "pt_BR")
        await store.choose_language(8, "de")
        assert await store.chosen_languages() == {7: "pt_BR", 8: "de"}
        await store.choose_language(7, None)  # automatic again
        assert await store.user_language(7) == UserLanguage(7, "en-GB", None)
        assert await store.chosen_languages() == {8: "de"}


async def test_a_server_keeps_its_chosen_language(backend: Backend) -> None:
    async with backend.store(clock=FakeClock()) as store:
        assert (await store.get_guild_settings(1)).language is None
        await store.put_guild_settings(GuildSettings(1, language="pt_BR"))
        assert (await store.get_guild_settings(1)).language == "pt_BR"
