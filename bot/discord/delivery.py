"""Outbound match data (``bot.match.outbound``) turned into Discord messages.

The thread is the game's log: each change posts the board, a one-line summary and a mention
of whoever must act. Hands and prompts go by DM; when a DM bounces (403, code 50007) the
seat is marked, the player is told once in the thread, and from then on their cards reach
them privately through the "My hand" button and the interactions they make. The service has
already committed every change, so a failed send is logged and never touches the match.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord import menus
from bot.discord.images import Images, view_text
from bot.discord.items import menu_view, table_view
from bot.discord.runtime import match_title
from bot.engine import Decision, Result, View
from bot.engine.names import with_names
from bot.match import (
    MatchCancelled,
    MatchEnded,
    MatchInfo,
    MatchService,
    Outbound,
    PrivateUpdate,
    Prompt,
    PublicUpdate,
)
from bot.store import ACTIVE, MessageRecord, Store

log = logging.getLogger(__name__)

DMS_CLOSED = 50007
SUMMARY_LIMIT = 600
BOARD, LOBBY = "board", "lobby"


@dataclass(frozen=True)
class Outgoing:
    """One message to send, wherever it goes (thread, DM or ephemeral follow-up)."""

    content: str
    image: bytes | None = None
    filename: str = "image.png"
    view: discord.ui.View | None = None

    def kwargs(self) -> dict[str, Any]:
        """Fresh send arguments (a ``discord.File`` can be sent only once)."""
        out: dict[str, Any] = {"content": self.content[:2000]}
        if self.image is not None:
            out["file"] = discord.File(io.BytesIO(self.image), self.filename)
        if self.view is not None:
            out["view"] = self.view
        return out


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def who(info: MatchInfo, seat: int) -> str:
    """A seat as text: a mention for a person, "AI n" for a machine."""
    record = info.seats[seat]
    if record.user_id is not None:
        return f"<@{record.user_id}>"
    return f"AI {seat + 1}"


def one_line(lines: Sequence[str]) -> str:
    text = " · ".join(line.strip() for line in lines if line.strip())
    return text if len(text) <= SUMMARY_LIMIT else text[: SUMMARY_LIMIT - 1] + "…"


class Delivery:
    def __init__(self, client: discord.Client, service: MatchService, store: Store,
                 images: Images) -> None:
        self.client = client
        self.service = service
        self.store = store
        self.images = images
        self.known_names: dict[int, str] = {}

    # -- the whole batch ---------------------------------------------------------------------

    async def deliver(self, outbound: Sequence[Outbound], *,
                      actor: discord.Interaction[Any] | None = None,
                      initial: bool = False) -> None:
        """Send what one change produced. ``initial``: a fresh deal, everybody gets a hand.

        ``actor`` is the interaction that caused the change: a player whose DMs are closed
        gets their news there, privately.
        """
        if not outbound:
            return
        info = await self.service.info(outbound[0].match_id)
        names = await self.names(info)
        public: PublicUpdate | None = None
        updates: dict[int, PrivateUpdate] = {}
        prompts: dict[int, list[Decision]] = {}
        for item in outbound:
            if isinstance(item, PublicUpdate):
                public = item
                await self.post_board(info, item, names)
            elif isinstance(item, PrivateUpdate):
                updates[item.seat] = item
            elif isinstance(item, Prompt):
                prompts.setdefault(item.seat, []).append(item.decision)
            elif isinstance(item, MatchEnded):
                await self.post_result(info, item.result, public.view if public else None, names)
            elif isinstance(item, MatchCancelled):
                title = match_title(info.game, info.id)
                await self.post(info, Outgoing(
                    f"**{title}** was cancelled by <@{item.by_user_id}>."))
        for seat, update in updates.items():
            fresh = update.decisions if initial else tuple(prompts.get(seat, ()))
            if initial or fresh or update.events:
                messages = await self.private_messages(info, update, fresh, names)
                await self.send_private(info, update.user_id, messages, actor)

    async def names(self, info: MatchInfo) -> list[str]:
        """Display names for the log and images; a user the bot has not cached is fetched
        once per process (no member intent), else "Player n" / "AI n"."""
        out = []
        for seat in info.seats:
            name = await self.name_of(seat.user_id) if seat.user_id is not None else None
            out.append(name or f"{'AI' if seat.user_id is None else 'Player'} {seat.seat + 1}")
        return out

    async def name_of(self, user_id: int) -> str | None:
        if user_id not in self.known_names:
            user = self.client.get_user(user_id)
            if user is None:
                try:
                    user = await self.client.fetch_user(user_id)
                except discord.HTTPException as exc:
                    log.warning("could not look up user %s (%s)", user_id, exc)
                    return None
            self.known_names[user_id] = user.display_name
        return self.known_names[user_id]

    # -- the thread --------------------------------------------------------------------------

    def where(self, info: MatchInfo) -> discord.PartialMessageable | None:
        channel_id = info.thread_id or info.channel_id
        if channel_id is None:
            return None
        return self.client.get_partial_messageable(channel_id, guild_id=info.guild_id)

    async def post(self, info: MatchInfo, out: Outgoing, kind: str | None = None,
                   mentions: bool = True) -> discord.Message | None:
        """Post in the match's thread (or channel); a failure is logged, never raised."""
        channel = self.where(info)
        if channel is None:
            return None
        allowed = discord.AllowedMentions(users=mentions, roles=False, everyone=False)
        try:
            message = await channel.send(allowed_mentions=allowed, **out.kwargs())
        except discord.HTTPException as exc:
            log.warning("match %s: could not post in channel %s (%s)", info.id, channel.id, exc)
            return None
        if kind is not None:
            await self.store.put_message(MessageRecord(info.id, kind, channel.id, message.id))
        return message

    async def edit_posts(self, info: MatchInfo, kind: str, content: str) -> None:
        """Edit the match's posts of ``kind`` (the lobby post, after its seats or decks
        changed elsewhere); a failure is logged, never raised."""
        for record in await self.store.messages(info.id, kind):
            channel = self.client.get_partial_messageable(record.channel_id)
            try:
                await channel.get_partial_message(record.message_id).edit(
                    content=content, allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException as exc:
                log.warning("match %s: %s post not updated (%s)", info.id, kind, exc)

    async def post_board(self, info: MatchInfo, update: PublicUpdate,
                         names: Sequence[str]) -> None:
        summary = [with_names(line, names) for line in update.summary]
        lines = [f"**{match_title(info.game, info.id)}**"
                 + (f" · {one_line(summary)}" if summary else "")]
        if update.mention_user_ids:
            closed = {s.user_id for s in info.seats if not s.dm_ok}
            acting = ", ".join(f"<@{u}>" + (" (press My hand)" if u in closed else "")
                               for u in update.mention_user_ids)
            lines.append(f"To act: {acting}")
        image = await self.images.board(update.view, names)
        if image is None:
            lines.append(view_text(update.view))
        await self.post(info, Outgoing("\n".join(lines), image, "board.png",
                                       table_view(info.id)), BOARD)

    async def post_result(self, info: MatchInfo, result: Result, view: View | None,
                          names: Sequence[str]) -> None:
        order = sorted(range(len(result.placings)), key=lambda s: result.placings[s])
        lines = [f"**{match_title(info.game, info.id)}** is over."]
        lines += [f"{ordinal(result.placings[s])}: {who(info, s)} ({result.scores[s]:g})"
                  for s in order]
        if result.detail:
            lines.append(with_names(result.detail, names))
        image = await self.images.summary(view, result, names) if view is not None else None
        await self.post(info, Outgoing("\n".join(lines), image, "result.png"), mentions=False)

    # -- one player --------------------------------------------------------------------------

    async def private_messages(self, info: MatchInfo, update: PrivateUpdate,
                               decisions: Sequence[Decision],
                               names: Sequence[str]) -> list[Outgoing]:
        """The hand image with private news, then one message per decision to answer."""
        title = f"**{match_title(info.game, info.id)}**"
        head = [title, *(with_names(line, names) for line in update.events)]
        image = await self.images.hand(update.view, names)
        if image is None:
            head.append(view_text(update.view))
        out: list[Outgoing] = []
        for i, decision in enumerate(decisions):
            menu = menus.plan(info.id, decision)
            text = "\n".join([*head, menu.prompt]) if i == 0 else f"{title}\n{menu.prompt}"
            out.append(Outgoing(text, image if i == 0 else None, "hand.png", menu_view(menu)))
        if not out:
            if not update.decisions and info.status == ACTIVE:
                head.append("Nothing to decide for now.")
            out.append(Outgoing("\n".join(head), image, "hand.png"))
        return out

    async def send_private(self, info: MatchInfo, user_id: int, messages: Sequence[Outgoing],
                           actor: discord.Interaction[Any] | None) -> None:
        """By DM when possible; else privately to the player's own interaction, if any."""
        seat = info.seat_of(user_id)
        if seat is not None and seat.dm_ok:
            sent = await self.dm(info, user_id, messages)
            if sent:
                return
        if actor is not None and actor.user.id == user_id:
            for out in messages:
                try:
                    await actor.followup.send(ephemeral=True, **out.kwargs())
                except discord.HTTPException as exc:
                    log.warning("match %s: private follow-up failed (%s)", info.id, exc)

    async def dm(self, info: MatchInfo, user_id: int, messages: Sequence[Outgoing]) -> bool:
        """Send by DM; False when DMs are closed (the player is then told once)."""
        try:
            channel = await self.client.create_dm(discord.Object(user_id))
            for out in messages:
                await channel.send(**out.kwargs())
        except discord.Forbidden as exc:
            if exc.code != DMS_CLOSED:
                log.warning("match %s: DM to %s refused (%s)", info.id, user_id, exc)
            await self.dms_closed(info, user_id)
            return False
        except discord.HTTPException as exc:
            log.warning("match %s: DM to %s failed (%s)", info.id, user_id, exc)
        return True

    async def dms_closed(self, info: MatchInfo, user_id: int) -> None:
        await self.service.set_dm_ok(user_id, False)
        await self.post(info, Outgoing(
            f"<@{user_id}>, I can't send you direct messages, so your cards and choices will "
            "show up only to you: press **My hand** under the latest board (or use /hand)."))

    async def probe_dm(self, info: MatchInfo, user_id: int) -> None:
        """Check at join that DMs reach the player, so a closed inbox is known up front."""
        await self.dm(info, user_id, [Outgoing(
            f"You are in **{match_title(info.game, info.id)}**. Your cards and the choices "
            "you must make will arrive here.")])

    async def show_hand(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        """The player's hand and open choices, privately (the "My hand" button and /hand)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        # AI turns a restart cut short are played first, so the table and hand are current.
        await self.deliver(await self.service.resume(match_id))
        update = await self.service.hand(match_id, interaction.user.id)
        info = await self.service.info(match_id)
        messages = await self.private_messages(info, update, update.decisions,
                                               await self.names(info))
        for out in messages:
            await interaction.followup.send(ephemeral=True, **out.kwargs())
