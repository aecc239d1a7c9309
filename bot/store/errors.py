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


class DamagedRecord(StoreError):
    """A stored match that cannot be read back (bad JSON in its row): the match is set aside,
    the others go on. ``channel_id`` (its thread, else its channel) is where to say so."""

    def __init__(self, match_id: int, guild_id: int | None, channel_id: int | None,
                 detail: str) -> None:
        super().__init__(f"match {match_id} is damaged: {detail}")
        self.match_id = match_id
        self.guild_id = guild_id
        self.channel_id = channel_id
