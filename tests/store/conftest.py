"""Store fixtures: ``backend`` runs a test once on SQLite and once on PostgreSQL.

The PostgreSQL cluster is started once per test session on a unix socket in a temporary
folder and removed at the end; each test gets a fresh database in it. Where no PostgreSQL
server binaries exist, only the PostgreSQL runs are skipped, with a message saying so.
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.pgcluster import Cluster, find_bindir
from tests.store.backends import Backend, PostgresBackend, SqliteBackend

_DATABASES = itertools.count(1)
NO_POSTGRES = ("no PostgreSQL server binaries (initdb, pg_ctl) on PATH or in "
               "/usr/lib/postgresql/*/bin: the PostgreSQL store tests were skipped")
_skipped: list[str] = []


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say why, even under ``-q`` where skip reasons are not listed."""
    if _skipped:
        terminalreporter.write_line(_skipped[0], yellow=True)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    bindir = find_bindir()
    if bindir is None:
        _skipped.append(NO_POSTGRES)
        pytest.skip(NO_POSTGRES)
    cluster = Cluster(bindir).start()
    yield cluster
    cluster.stop()


@pytest.fixture
def sqlite_backend(tmp_path: Path) -> SqliteBackend:
    return SqliteBackend(tmp_path / "parlor.sqlite3")


@pytest.fixture
async def postgres_backend(pg_cluster: Cluster) -> AsyncIterator[PostgresBackend]:
    name = f"test_{next(_DATABASES)}"
    yield PostgresBackend(await pg_cluster.create_database(name))
    await pg_cluster.drop_database(name)


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest) -> Backend:
    found: Backend = request.getfixturevalue(f"{request.param}_backend")
    return found
