"""The e2e world (guild, table, alice, bob, cat and the bot factory), the fake's fixtures and
the throwaway PostgreSQL cluster."""

from __future__ import annotations

from tests.e2e.conftest import pg_cluster, world
from tests.fakediscord.pytest_plugin import error_logs, fake_discord, fake_discord_options

__all__ = ["error_logs", "fake_discord", "fake_discord_options", "pg_cluster", "world"]
