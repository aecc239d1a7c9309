"""Shared test set-up: the test-only High Card game is registered for every test."""

from __future__ import annotations

from bot.engine import registry
from tests.highcard import GAME as HIGHCARD

registry.register(HIGHCARD)
