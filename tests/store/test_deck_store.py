"""Saved decks and lobby options in the store, on both backends."""

from __future__ import annotations

import pytest

from bot.store import DeckRecord, NewMatch, SeatRecord, VersionConflict
from tests.store.backends import Backend
from tests.store.test_store import FakeClock

GAME = "auroria"


async def test_a_saved_deck_is_found_by_its_name_whatever_the_case(backend: Backend) -> None:
    async with backend.store(clock=FakeClock()) as store:
        await store.save_deck(DeckRecord(10, GAME, "Red Rush", "AUR-1"))
        found = await store.get_deck(10, GAME, "RED RUSH")
        assert found is not None
        assert (found.user_id, found.game, found.name, found.code) == (10, GAME, "Red Rush",
                                                                      "AUR-1")
        assert found.created_at == found.updated_at > 0
        assert await store.get_deck(11, GAME, "Red Rush") is None
        assert await store.get_deck(10, "zura", "Red Rush") is None


async def test_saving_the_same_name_replaces_and_keeps_the_first_save_time(
        backend: Backend) -> None:
    async with backend.store(clock=FakeClock()) as store:
        await store.save_deck(DeckRecord(10, GAME, "Red Rush", "AUR-1"))
        first = await store.get_deck(10, GAME, "red rush")
        await store.save_deck(DeckRecord(10, GAME, "red RUSH", "AUR-2"))
        again = await store.get_deck(10, GAME, "Red Rush")
        assert first is not None and again is not None
        assert (again.name, again.code) == ("red RUSH", "AUR-2")
        assert again.created_at == first.created_at < again.updated_at
        assert len(await store.decks_of(10, GAME)) == 1


async def test_a_users_decks_are_listed_by_name_and_can_be_deleted(backend: Backend) -> None:
    async with backend.store(clock=FakeClock()) as store:
        for user, name in ((10, "b deck"), (10, "A deck"), (10, "Été"), (11, "C deck")):
            await store.save_deck(DeckRecord(user, GAME, name, f"AUR-{name}"))
        assert [d.name for d in await store.decks_of(10, GAME)] == ["A deck", "b deck", "Été"]
        assert await store.delete_deck(10, GAME, "B DECK") is True
        assert await store.delete_deck(10, GAME, "B DECK") is False
        assert [d.name for d in await store.decks_of(10, GAME)] == ["A deck", "Été"]
        assert [d.name for d in await store.decks_of(11, GAME)] == ["C deck"]
        assert await store.decks_of(12, GAME) == []


async def test_lobby_options_change_with_the_version(backend: Backend) -> None:
    async with backend.store() as store:
        record = await store.create_match(NewMatch(GAME, {"slow_mode": False}, 1, 10,
                                                   seats=[SeatRecord(0, 10)]))
        version = await store.set_options(record.id, record.version,
                                          {"slow_mode": False, "deck_1": "valley"})
        assert version == record.version + 1
        again = await store.get_match(record.id)
        assert again is not None
        assert dict(again.options) == {"slow_mode": False, "deck_1": "valley"}
        assert again.version == version
        with pytest.raises(VersionConflict):
            await store.set_options(record.id, record.version, {"deck_1": "city"})
        unchanged = await store.get_match(record.id)
        assert unchanged is not None and unchanged.options["deck_1"] == "valley"
