"""Store errors: raised by every backend alike so callers never see driver exceptions."""

from __future__ import annotations


class StoreError(Exception):
    """The database could not do what was asked (bad file, newer schema, broken migration)."""


class VersionConflict(StoreError):
    """A compare-and-swap found another version than expected; nothing was written."""

    def __init__(self, match_id: int, expected: int) -> None:
        super().__init__(f"match {match_id} is no longer at version {expected}")
        self.match_id = match_id
        self.expected = expected
