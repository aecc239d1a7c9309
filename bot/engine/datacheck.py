"""Checks for game data files: every failure names the file and the entry, for the author."""

from __future__ import annotations

import json
from collections.abc import Mapping, Set
from pathlib import Path
from typing import Any


class DataError(ValueError):
    """A data file that is unfit; the message says where (``file: entry.field``) and why."""


def need(cond: bool, where: str, message: str) -> None:
    if not cond:
        raise DataError(f"{where}: {message}")


def whole(value: Any, where: str, low: int, high: int) -> int:
    ok = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
    need(ok, where, f"must be a whole number from {low} to {high}, not {value!r}")
    return int(value)


def text(value: Any, where: str) -> str:
    need(isinstance(value, str) and value.strip() != "", where, "must be a non-empty text")
    return str(value)


def record(value: Any, where: str, required: Set[str],
           optional: Set[str] = frozenset()) -> Mapping[str, Any]:
    """``value`` as an object with every ``required`` field and nothing unknown."""
    need(isinstance(value, Mapping), where, "must be an object")
    missing = sorted(required - set(value))
    need(not missing, where, f"missing {', '.join(missing)}")
    unknown = sorted(set(value) - required - optional)
    need(not unknown, where, f"unknown field(s) {', '.join(unknown)}")
    return value  # type: ignore[no-any-return]


def load_json(path: Path) -> Any:
    """The parsed contents of a shipped data file; broken JSON names the file and the spot."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise DataError(f"{path.name}: not valid JSON ({exc})") from None
