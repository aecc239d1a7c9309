"""What a tampered client or a misconfigured server sends, which the fake (like Discord)
would never produce on its own: components with any custom id, slash commands with raw option
values past their declared limits, an interaction delivered twice, a bot role with fewer
permissions. Built on the fake's internals, from the outside, so the fake stays as it is.
"""

from __future__ import annotations

from typing import Any

import discord

from tests.fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeMessage, FakeUser
from tests.fakediscord.harness import InteractionHandle
from tests.fakediscord.state import APPLICATION_COMMAND

ACTION_ROW, BUTTON, STRING_SELECT = 1, 2, 3


async def forged_click(fake: FakeDiscord, user: FakeUser, message: FakeMessage, custom_id: str,
                       values: list[str] | None = None) -> InteractionHandle:
    """Press a component with ``custom_id`` that is put on ``message`` first (a button, or a
    select offering ``values``), as a message tampered with would carry it. Discord, and
    discord.py after it, only pass on ids that the message holds."""
    current = fake.message(message)
    if values is None:
        item: dict[str, Any] = {"type": BUTTON, "style": 2, "label": "forged",
                                "custom_id": custom_id}
    else:
        item = {"type": STRING_SELECT, "custom_id": custom_id, "min_values": 1,
                "max_values": len(values),
                "options": [{"label": v or "-", "value": v} for v in values]}
    current.components.append({"type": ACTION_ROW, "components": [item]})
    if values is None:
        return await fake.click(user, current, custom_id)
    return await fake.select(user, current, custom_id, values)


async def forged_slash(fake: FakeDiscord, user: FakeUser, path: str,
                       options: list[dict[str, Any]], channel: FakeChannel) -> InteractionHandle:
    """``/path`` with ``options`` exactly as given (``[{"name", "type", "value"}]``), unchecked."""
    name, *subs = path.split()
    command = fake._find_command(name, channel)
    top: list[dict[str, Any]] = options
    for sub in reversed(subs):
        top = [{"name": sub, "type": 1, "options": top}]
    data = {"id": command["id"], "name": name, "type": 1, "options": top}
    record = fake._new_interaction(APPLICATION_COMMAND, user, channel, data)
    return await fake._send(record, "en-US")


async def deliver_again(fake: FakeDiscord, handle: InteractionHandle) -> None:
    """The same INTERACTION_CREATE (same id and token) reaches the bot a second time."""
    record = handle.record
    fake.server.dispatch("INTERACTION_CREATE", fake._interaction_payload(record, "en-US"),
                         guild_id=record.guild_id)
    fake.state.touch()
    await fake.server.drain()


def limit_bot(fake: FakeDiscord, guild: FakeGuild, allowed: discord.Permissions) -> None:
    """Give the bot exactly ``allowed`` in ``guild`` (through @everyone and its own role), as a
    server that trimmed both would. Call it before the bot connects."""
    roles = fake.state.role_payloads

    def trimmed(g: FakeGuild) -> list[dict[str, Any]]:
        out = roles(g)
        if g.id == guild.id:
            for role in out:
                role["permissions"] = str(allowed.value)
        return out

    fake.state.role_payloads = trimmed  # type: ignore[method-assign]
    guild.bot_permissions = allowed.value
    guild.members[fake.bot_user.id].permissions = allowed.value
