"""Settings from ``.env`` and the environment (the environment wins), checked on start.

Errors name the variable but never echo values, so a token pasted into the wrong variable
is not printed either.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from dotenv import dotenv_values

DEFAULT_DB = Path("data") / "parlor.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
POSTGRES_SCHEMES = ("postgresql", "postgres")
DEFAULT_THINK_MS = 1000
MAX_THINK_MS = 60_000
DEFAULT_GLOBAL_RATE = 50
"""Discord's global rate limit per bot token, in requests a second."""


class SettingsError(Exception):
    """A setting is invalid; the message is one line naming the variable."""


@dataclass(frozen=True)
class Settings:
    discord_token: str = field(repr=False)
    db_path: Path = DEFAULT_DB
    log_level: str = "INFO"
    dev_guild_id: int | None = None
    database_url: str = field(default="", repr=False)
    """Empty: SQLite at ``db_path``. A ``postgresql://`` URL: that PostgreSQL database."""
    shard_count: int | None = None
    """Shards of the whole bot, over all its processes (None: as Discord recommends)."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process runs (None: all of them)."""
    ai_think_ms: int = DEFAULT_THINK_MS
    """How long a strong AI searches per decision, in milliseconds."""
    global_rate: int = DEFAULT_GLOBAL_RATE
    """Requests a second the token may send (Discord's global limit), over all processes."""

    @property
    def has_token(self) -> bool:
        return bool(self.discord_token)

    @property
    def uses_postgres(self) -> bool:
        return bool(self.database_url)

    @property
    def secrets(self) -> tuple[str, ...]:
        """Values that must never reach a log line: the token and any database password."""
        password = urlsplit(self.database_url).password if self.database_url else None
        return tuple(s for s in (self.discord_token, password) if s)

    def __repr__(self) -> str:
        token = "<set>" if self.has_token else "<missing>"
        return (f"Settings(discord_token={token}, db_path={str(self.db_path)!r}, "
                f"log_level={self.log_level!r}, dev_guild_id={self.dev_guild_id!r}, "
                f"database_url={_without_password(self.database_url)!r}, "
                f"shard_count={self.shard_count!r}, shard_ids={self.shard_ids!r}, "
                f"ai_think_ms={self.ai_think_ms!r}, global_rate={self.global_rate!r})")

    def prepare(self) -> None:
        """Create the SQLite database's folder; called once on start."""
        if self.uses_postgres:
            return
        try:
            self.db_path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SettingsError(
                f"PARLOR_DB: cannot create the folder {self.db_path.parent} ({exc.strerror})."
            ) from None

    @property
    def log_level_number(self) -> int:
        return int(getattr(logging, self.log_level))


def _without_password(url: str) -> str:
    """The URL with any password masked, fit for logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rpartition("@")[2]
    return parts._replace(netloc=f"{parts.username or ''}:***@{host}").geturl()


def _database_url(values: Mapping[str, str]) -> str:
    url = values.get("DATABASE_URL", "").strip()
    try:
        scheme = urlsplit(url).scheme
    except ValueError:
        scheme = ""
    if url and scheme not in POSTGRES_SCHEMES:
        raise SettingsError("DATABASE_URL must be empty (SQLite at PARLOR_DB) or a "
                            "postgresql://user:password@host:port/database URL.")
    return url


def _shards(values: Mapping[str, str],
            database_url: str) -> tuple[int | None, tuple[int, ...] | None]:
    """SHARD_COUNT and SHARD_IDS (e.g. ``0-3`` or ``4,5,6-7``): this process's share."""
    count_text = values.get("SHARD_COUNT", "").strip()
    ids_text = values.get("SHARD_IDS", "").strip()
    count: int | None = None
    if count_text:
        if not count_text.isdigit() or int(count_text) == 0:
            raise SettingsError("SHARD_COUNT must be a positive whole number or left empty.")
        count = int(count_text)
    if not ids_text:
        return count, None
    if count is None:
        raise SettingsError("SHARD_IDS needs SHARD_COUNT (the number of shards over all "
                            "processes).")
    ids: list[int] = []
    for part in ids_text.split(","):
        first, dash, last = (text.strip() for text in part.partition("-"))
        last = last if dash else first
        if not (first.isdigit() and last.isdigit() and int(first) <= int(last)):
            raise SettingsError("SHARD_IDS must list shard numbers and rising ranges, e.g. "
                                "0-3 or 0,2,4-5.")
        ids += range(int(first), int(last) + 1)
    if not ids or len(set(ids)) != len(ids) or max(ids) >= count:
        raise SettingsError(f"SHARD_IDS must name each shard once, from 0 to {count - 1} "
                            "(SHARD_COUNT - 1).")
    if len(ids) < count and not database_url:
        raise SettingsError("SHARD_IDS gives this process only some of the shards: the other "
                            "processes must share its database, so set DATABASE_URL to a "
                            "PostgreSQL database.")
    return count, tuple(sorted(ids))


def load_settings(env_file: Path | None = Path(".env"),
                  environ: Mapping[str, str] | None = None) -> Settings:
    """Read ``env_file`` (if it exists), overlaid by ``environ`` (default ``os.environ``)."""
    values: dict[str, str] = {}
    if env_file is not None and env_file.is_file():
        values.update({k: v for k, v in dotenv_values(env_file).items() if v is not None})
    values.update(os.environ if environ is None else environ)

    token = values.get("DISCORD_TOKEN", "").strip()
    db = values.get("PARLOR_DB", "").strip()
    level = values.get("LOG_LEVEL", "").strip().upper() or "INFO"
    if level not in LOG_LEVELS:
        raise SettingsError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}.")
    guild_text = values.get("DEV_GUILD_ID", "").strip()
    guild: int | None = None
    if guild_text:
        if not guild_text.isdigit() or int(guild_text) == 0:
            raise SettingsError("DEV_GUILD_ID must be a server id (a positive whole number) "
                                "or left empty.")
        guild = int(guild_text)
    url = _database_url(values)
    shard_count, shard_ids = _shards(values, url)
    return Settings(token, Path(db) if db else DEFAULT_DB, level, guild, url, shard_count,
                    shard_ids, _think_ms(values), _global_rate(values))


def _think_ms(values: Mapping[str, str]) -> int:
    text = values.get("AI_THINK_MS", "").strip()
    if not text:
        return DEFAULT_THINK_MS
    if not text.isdigit() or not 0 < int(text) <= MAX_THINK_MS:
        raise SettingsError(f"AI_THINK_MS must be a whole number of milliseconds from 1 to "
                            f"{MAX_THINK_MS}, or left empty for {DEFAULT_THINK_MS}.")
    return int(text)


def _global_rate(values: Mapping[str, str]) -> int:
    text = values.get("DISCORD_GLOBAL_RATE", "").strip()
    if not text:
        return DEFAULT_GLOBAL_RATE
    if not text.isdigit() or int(text) == 0:
        raise SettingsError("DISCORD_GLOBAL_RATE must be a positive whole number of requests "
                            "a second, or left empty for Discord's standard limit.")
    return int(text)
