"""The numbered migration files each backend ships, loaded and checked the same way.

Each backend has its own folder (``migrations`` for SQLite, ``migrations_pg`` for
PostgreSQL) because the dialects differ; the numbers must match so both reach the same
schema version (a test holds them together).
"""

from __future__ import annotations

import re
from importlib import resources

from bot.store.errors import StoreError

Migration = tuple[int, str]
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


def bundled_migrations(folder: str = "migrations") -> list[Migration]:
    """The numbered ``.sql`` files in ``bot/store/<folder>``, checked for gaps."""
    found = []
    for entry in (resources.files("bot.store") / folder).iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [n for n, _ in found]
    if numbers != list(range(1, len(found) + 1)):
        raise StoreError(f"migrations must be numbered 0001, 0002, … without gaps: {numbers}")
    return found
