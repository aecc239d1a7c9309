"""``DATABASE_URL`` picks the backend: empty means the SQLite file, a URL means PostgreSQL."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import Settings, SettingsError, load_settings
from bot.store import NewMatch, PostgresStore, SqliteStore, open_store
from tests.store.backends import SCHEMA_VERSION, PostgresBackend

SECRET_URL = "postgresql://parlor:s3cret-pw@db.internal:5432/parlor"


def test_without_a_url_the_store_is_the_sqlite_file(tmp_path: Path) -> None:
    settings = load_settings(None, {"PARLOR_DB": str(tmp_path / "x.db")})
    assert settings.database_url == "" and not settings.uses_postgres
    store = open_store(settings)
    assert isinstance(store, SqliteStore) and store.path == str(tmp_path / "x.db")


@pytest.mark.parametrize("url", [SECRET_URL, "postgres://u@/parlor?host=/run/postgresql"])
def test_a_postgresql_url_picks_postgresql(url: str) -> None:
    settings = load_settings(None, {"DATABASE_URL": f"  {url} "})
    assert settings.database_url == url and settings.uses_postgres
    store = open_store(settings)
    assert isinstance(store, PostgresStore) and store.dsn == url


@pytest.mark.parametrize("url", ["sqlite:///data/parlor.sqlite3",
                                 "mysql://root:s3cret-pw@localhost/parlor",
                                 "s3cret-pw", "postgresql://[s3cret-pw"])
def test_other_urls_are_refused_without_echoing_them(url: str) -> None:
    with pytest.raises(SettingsError) as info:
        load_settings(None, {"DATABASE_URL": url})
    message = str(info.value)
    assert message.startswith("DATABASE_URL") and "\n" not in message
    assert url not in message and "s3cret-pw" not in message


def test_the_password_never_shows_in_the_settings_repr() -> None:
    shown = repr(load_settings(None, {"DATABASE_URL": SECRET_URL}))
    assert "s3cret-pw" not in shown
    assert "database_url='postgresql://parlor:***@db.internal:5432/parlor'" in shown
    assert "database_url=''" in repr(load_settings(None, {}))


def test_with_postgresql_no_sqlite_folder_is_created(tmp_path: Path) -> None:
    Settings("t", tmp_path / "a" / "db.sqlite3", database_url=SECRET_URL).prepare()
    assert not (tmp_path / "a").exists()


async def test_the_chosen_postgresql_store_opens_and_works(
        postgres_backend: PostgresBackend) -> None:
    store = open_store(load_settings(None, {"DATABASE_URL": postgres_backend.url}))
    await store.open()
    try:
        record = await store.create_match(NewMatch("highcard", {}, 3, 1))
        assert await store.get_match(record.id) == record
    finally:
        await store.close()
    assert await postgres_backend.recorded_version() == SCHEMA_VERSION
