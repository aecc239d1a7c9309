"""pytest fixtures for end-to-end tests against the fake Discord.

Bring them into a conftest (``tests`` is a package, so the import path is ``tests.fakediscord``)::

    from tests.fakediscord.pytest_plugin import error_logs, fake_discord, fake_discord_options

    __all__ = ["error_logs", "fake_discord", "fake_discord_options"]

or load the module as a plugin: ``pytest_plugins = ["tests.fakediscord.pytest_plugin"]`` in
``tests/conftest.py``, or ``-p tests.fakediscord.pytest_plugin`` on the command line.

Fixtures:

* ``error_logs`` — any ERROR (or worse) record from the ``discord``, ``bot`` or ``cogs`` loggers
  fails the test at teardown (discord.py only *logs* exceptions raised in callbacks, views and
  event handlers). ``error_logs.allow("regex", logger="discord.app_commands")`` tolerates one kind.
* ``fake_discord`` — a started :class:`FakeDiscord` with discord.py patched to use it. At teardown
  the test fails on unknown routes, refused callbacks (late, double acknowledgement, invalid
  payloads) and interactions the bot never acknowledged, unless declared with
  ``fake.expect_problem("...")``.
* ``fake_discord_options`` — override it (module or conftest) to pass keyword arguments to
  :class:`FakeDiscord`, e.g. ``{"clock": ManualClock(), "shard_count": 2}``.

``PARLOR_ACK_DEADLINE=1`` in the environment makes the fake refuse (and the test fail on)
any interaction answered more than 1 s after it was created, instead of Discord's 3 s:
``python -m bench ack --suite`` runs the end-to-end tests so, with every core kept busy.
``PARLOR_FAKE_LIMITS=1`` turns Discord's rate limits on (``FakeDiscord(rate_limits=True)``)
for tests that do not choose: any 429 they answer fails the test.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import AsyncIterator, Iterable, Iterator
from typing import Any

import pytest
import pytest_asyncio

from .harness import FakeDiscord

LOGGER_PREFIXES: tuple[str, ...] = ("discord", "bot", "cogs")
ACK_DEADLINE = "PARLOR_ACK_DEADLINE"
LIMITS = "PARLOR_FAKE_LIMITS"


class ErrorLogGuard(logging.Handler):
    """Collects ERROR+ records of the watched loggers (attached to each, so propagation settings
    above them do not matter)."""

    def __init__(self, loggers: Iterable[str] = LOGGER_PREFIXES) -> None:
        super().__init__(level=logging.ERROR)
        self.loggers = tuple(loggers)
        self.records: list[logging.LogRecord] = []
        self.allowed_records: list[logging.LogRecord] = []
        self._allowed: list[tuple[str, re.Pattern[str]]] = []
        self.setFormatter(logging.Formatter("%(name)s %(levelname)s: %(message)s"))

    def allow(self, pattern: str, *, logger: str = "") -> None:
        """Tolerate records whose message matches ``pattern`` (from loggers under ``logger``)."""
        self._allowed.append((logger, re.compile(pattern)))

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        for prefix, pattern in self._allowed:
            if record.name.startswith(prefix) and pattern.search(message):
                self.allowed_records.append(record)
                return
        self.records.append(record)

    def install(self) -> None:
        for name in self.loggers:
            logging.getLogger(name).addHandler(self)

    def uninstall(self) -> None:
        for name in self.loggers:
            logging.getLogger(name).removeHandler(self)

    def failures(self) -> list[str]:
        return [self.format(record) for record in self.records]


def format_problems(title: str, problems: list[str]) -> str:
    return title + "\n" + "\n".join(f"  - {p}" for p in problems)


@pytest.fixture
def error_logs() -> Iterator[ErrorLogGuard]:
    guard = ErrorLogGuard()
    guard.install()
    try:
        yield guard
    finally:
        guard.uninstall()
    failures = guard.failures()
    if failures:
        pytest.fail(format_problems("ERROR log records during the test:", failures), pytrace=False)


@pytest.fixture
def fake_discord_options() -> dict[str, Any]:
    return {}


@pytest_asyncio.fixture
async def fake_discord(
    error_logs: ErrorLogGuard, fake_discord_options: dict[str, Any]
) -> AsyncIterator[FakeDiscord]:
    deadline = os.environ.get(ACK_DEADLINE)
    options: dict[str, Any] = {"interaction_deadline": float(deadline)} if deadline else {}
    if os.environ.get(LIMITS) == "1":
        options["rate_limits"] = True
    async with FakeDiscord(**{**options, **fake_discord_options}) as fake:
        with fake.patch_discord():
            yield fake
    problems = fake.check()
    if problems:
        pytest.fail(format_problems("the fake Discord saw problems:", problems), pytrace=False)
