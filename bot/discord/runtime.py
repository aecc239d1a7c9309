"""What every cog and component needs at hand, attached to the bot as ``bot.parlor``.

Persistent components are rebuilt from their custom id by discord.py, so they reach the
services through the client rather than through state of their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.engine import registry
from bot.match import MatchService
from bot.store import Store

if TYPE_CHECKING:
    from bot.discord.clicks import Clicks
    from bot.discord.delivery import Delivery
    from bot.discord.readers import Readers


@dataclass
class Runtime:
    service: MatchService
    store: Store
    delivery: Delivery
    clicks: Clicks
    readers: Readers


def runtime_of(client: discord.Client) -> Runtime:
    found: Any = getattr(client, "parlor", None)
    if not isinstance(found, Runtime):
        raise RuntimeError("the Parlor runtime is not attached to this client")
    return found


def match_title(game: str, match_id: int) -> str:
    """How a match is named everywhere: ``Zura #12``."""
    return f"{registry.get(game).title} #{match_id}"


def mention(user_id: int) -> str:
    """A person's mention: a value for a sentence (``{person}``)."""
    return f"<@{user_id}>"


def code(text: str) -> str:
    """``text`` as inline code (a command to copy): a value for a sentence."""
    return f"`{text}`"
