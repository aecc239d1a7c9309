"""Shared test set-up: the test-only High Card game is registered for every test; the test
game Laydown is installed as a package for the tests that ask for it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.engine import registry
from tests.highcard import GAME as HIGHCARD
from tests.newgame import installed

registry.register(HIGHCARD)


@pytest.fixture
def laydown() -> Iterator[None]:
    """The test game Laydown installed in ``bot/games`` and ``bot/render`` (``tests/newgame``)."""
    with installed():
        yield
