"""Fixtures for the several-process tests: the fake Discord with two shards, and a
throwaway PostgreSQL cluster (skipped, saying why, where no PostgreSQL binaries exist)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.fakediscord.pytest_plugin import error_logs, fake_discord
from tests.pgcluster import Cluster, find_bindir

__all__ = ["error_logs", "fake_discord"]

NO_POSTGRES = ("no PostgreSQL server binaries (initdb, pg_ctl) on PATH or in "
               "/usr/lib/postgresql/*/bin: the several-process tests need PostgreSQL "
               "and were skipped")


@pytest.fixture
def fake_discord_options() -> dict[str, Any]:
    return {"shard_count": 2}


@pytest.fixture(scope="module")
def pg_cluster() -> Iterator[Cluster]:
    bindir = find_bindir()
    if bindir is None:
        pytest.skip(NO_POSTGRES)
    cluster = Cluster(bindir).start()
    yield cluster
    cluster.stop()
