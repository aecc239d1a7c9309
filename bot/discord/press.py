"""A press on a prompt answers itself: the presser's result in the pressed message.

Discord's UPDATE_MESSAGE callback (``response.edit_message``) carries the new text, picture
and controls in the one round trip that acknowledges the press, and is outside the global
rate limit. A defer costs a round trip more before the person sees anything, so it is made
only when the work runs past ``DEFER_AFTER`` (an AI's search, a slow disk): Discord does not
wait longer than three seconds for the first answer.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import discord

log = logging.getLogger(__name__)

DEFER_AFTER = 1.5
"""Seconds after a press (as Discord stamped it) before it is deferred, if its result is
not shown by then: a defer needs a round trip, and a busy loop may run it late."""

DEADLINE = 3.0
"""Discord's wait for a press's first answer, in seconds."""

Interaction = discord.Interaction[Any]


class Press:
    """One press being answered (by ``update``, or deferred by a timer and then edited)."""

    def __init__(self, interaction: Interaction, deferred: Callable[[], None],
                 defer_after: float = DEFER_AFTER) -> None:
        """``deferred``: called when the press had to be deferred (counted for the bench)."""
        self.interaction = interaction
        self._deferred = deferred
        self._lock = asyncio.Lock()
        self._late: asyncio.Task[None] | None = None
        # Counted from Discord's stamp on the press (its 3 s run from there); a stamp out of
        # that range says the clocks disagree, and the press counts from now.
        age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
        delay = defer_after - age if 0.0 <= age < DEADLINE else defer_after
        self._timer = asyncio.get_running_loop().call_later(max(0.0, delay),
                                                            self._start_defer)

    @property
    def user_id(self) -> int:
        return self.interaction.user.id

    @property
    def message(self) -> discord.Message | None:
        return self.interaction.message

    def done(self) -> None:
        """Nothing more will be deferred (answered, or failed and answered elsewhere)."""
        self._timer.cancel()

    def _start_defer(self) -> None:
        self._late = asyncio.create_task(self._defer())

    async def _defer(self) -> None:
        async with self._lock:
            if self.interaction.response.is_done():
                return
            try:
                await self.interaction.response.defer()
            except discord.HTTPException as exc:
                log.warning("could not defer a press (%s)", exc)
            else:
                self._deferred()

    async def update(self, **kwargs: Any) -> discord.Message | None:
        """Show the press's result in the pressed message (its own callback, or an edit once
        deferred). Returns the message as it now is, or None when it could not change."""
        self.done()
        async with self._lock:
            try:
                if self.interaction.response.is_done():
                    return await self.interaction.edit_original_response(**kwargs)
                answer = await self.interaction.response.edit_message(**kwargs)
            except discord.HTTPException as exc:
                log.warning("could not update the pressed prompt (%s)", exc)
                return None
        resource = answer.resource if answer is not None else None
        return resource if isinstance(resource, discord.Message) else None
