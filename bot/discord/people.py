"""What each person is called, as of their latest press or command.

Every interaction carries the name its user goes by now: a server nickname (for that
server), else the account's display name. Both are remembered from each one, so a person
who renames is shown by the new name from their next press; someone the bot has not heard
from yet is looked up once (there is no member list: the bot asks for no member intent).
"""

from __future__ import annotations

import logging
from typing import Any

import discord

log = logging.getLogger(__name__)


class People:
    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._names: dict[int, str] = {}
        """User → the account's display name (global name, else user name)."""
        self._nicks: dict[tuple[int, int], str] = {}
        """(server, user) → the person's nickname there."""

    def saw(self, interaction: discord.Interaction[Any]) -> None:
        """Remember the names ``interaction``'s user goes by now."""
        user = interaction.user
        self._names[user.id] = user.global_name or user.name
        if isinstance(user, discord.Member) and interaction.guild_id is not None:
            key = (interaction.guild_id, user.id)
            if user.nick:
                self._nicks[key] = user.nick
            else:
                self._nicks.pop(key, None)

    async def name(self, user_id: int, guild_id: int | None) -> str | None:
        """The name ``user_id`` goes by where ``guild_id`` is (None: in DMs), as typed;
        None when Discord cannot say."""
        nick = self._nicks.get((guild_id, user_id)) if guild_id is not None else None
        if nick:
            return nick
        if user_id not in self._names:
            user = self.client.get_user(user_id)
            if user is None:
                try:
                    user = await self.client.fetch_user(user_id)
                except discord.HTTPException as exc:
                    log.warning("could not look up user %s (%s)", user_id, exc)
                    return None
            self._names[user_id] = user.display_name
        return self._names[user_id]


def saw(interaction: discord.Interaction[Any]) -> None:
    """Every press and command passes here first: the bot's ``People`` learn its user's
    names (a client without Parlor's runtime has none)."""
    runtime: Any = getattr(interaction.client, "parlor", None)
    if runtime is not None:
        runtime.delivery.people.saw(interaction)
