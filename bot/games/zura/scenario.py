"""Scenario set-up for Zura (placeholder until written)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine import BadScenario
from bot.games.zura.state import ZState


def build_scenario(players: int, seed: int, setup: Mapping[str, Any]) -> ZState:
    raise BadScenario("not yet")
