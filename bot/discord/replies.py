"""Answers that reach one person only, and the one place errors become answers.

Domain errors (``GameError`` and its kin) are the whole explanation a player needs; a store
fault (the database locked, read-only, full or unreachable) is not a bug: the change was not
saved and not applied, so the player is told to press again, and one line is logged; anything
else is a bug, logged with the match id, and the player gets a short apology.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord

from bot.discord.customid import BadCustomId
from bot.discord.guards import FOREIGN, fit
from bot.engine import GameError
from bot.store import StoreError

log = logging.getLogger(__name__)

APOLOGY = "Sorry, something went wrong on my side. The match is safe; please try again."
NOT_SAVED = "The table could not save that move; nothing changed — press again."
NOT_SAVED_COMMAND = "The table could not save that; nothing changed — try the command again."
GONE = (10062, 40060)
"""Interactions that can no longer be answered: too late, or already answered (a replay)."""


async def say(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """Reply privately, whether or not the interaction was already acknowledged; the text is
    cleaned and cut to fit, since errors may echo what a user typed."""
    if interaction.response.is_done():
        await interaction.followup.send(fit(text), ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(fit(text), ephemeral=True, **kwargs)


async def explain(interaction: discord.Interaction[Any], exc: BaseException,
                  match_id: int | None) -> None:
    """Turn ``exc`` into the right private answer (and a log entry when it is a bug). An
    interaction that can no longer be answered (a replay, or too late) is only logged."""
    if isinstance(exc, discord.HTTPException) and exc.code in GONE:
        log.warning("match %s: %s can no longer be answered (%s)", match_id,
                    _what(interaction), exc.text)
        return
    if isinstance(exc, StoreError):
        log.warning("match %s: %s not saved: %s", match_id, _what(interaction), exc)
        text = (NOT_SAVED if interaction.type == discord.InteractionType.component
                else NOT_SAVED_COMMAND)
    elif isinstance(exc, GameError):
        text = str(exc)
    elif isinstance(exc, BadCustomId):
        text = FOREIGN
    else:
        log.error("match %s: %s failed", match_id, _what(interaction), exc_info=exc)
        text = APOLOGY
    try:
        await say(interaction, text)
    except discord.HTTPException as failed:
        log.warning("match %s: could not answer %s (%s)", match_id, _what(interaction), failed)


@asynccontextmanager
async def answering(interaction: discord.Interaction[Any],
                    match_id: int | None) -> AsyncIterator[None]:
    """Run a component's work; errors become private answers instead of log noise."""
    try:
        yield
    except Exception as exc:  # every failure is answered; bugs are logged too
        await explain(interaction, exc, match_id)


def _what(interaction: discord.Interaction[Any]) -> str:
    data: Any = interaction.data or {}
    name = data.get("name") or data.get("custom_id") or "interaction"
    return f"{name!s} by user {interaction.user.id}"
