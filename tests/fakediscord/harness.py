"""The test-facing API: start the fake, patch discord.py, build a world, act as users, inspect.

async with FakeDiscord() as fake, fake.patch_discord():
    guild = fake.add_guild("Parlor Test")
    table = fake.add_channel(guild, "card-table")
    alice = fake.add_user("alice", guilds=[guild])
    async with fake.run_bot(make_bot()):
        reply = await (await fake.slash(alice, "ping", channel=table)).reply()
        assert reply.ephemeral and reply.content == "pong"
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from . import components as comp
from .clock import Clock, ManualClock
from .network import Network
from .ratelimits import RateLimits
from .server import FakeDiscordServer, Fault, retry_after_headers
from .state import (
    ADMINISTRATOR,
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    DEFAULT_BOT_PERMISSIONS,
    GUILD_TEXT,
    JSON,
    MANAGE_THREADS,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    PRIVATE_THREAD,
    CallbackRecord,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeState,
    FakeUser,
    InteractionRecord,
    ModalRecord,
    Notification,
    RequestRecord,
)
from .tally import Tally, tally

if TYPE_CHECKING:
    import discord

T = TypeVar("T")

DEFAULT_TIMEOUT = 3.0

# Application command option types
SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING = 3
INTEGER = 4
BOOLEAN = 5
USER = 6
CHANNEL = 7
ROLE = 8
MENTIONABLE = 9
NUMBER = 10
ATTACHMENT = 11


class FakeDiscordError(Exception):
    """The test asked for something a real Discord client could not do."""


class FakeTimeout(AssertionError):
    """A wait ran out; the message carries the recent requests and problems."""


@dataclass(frozen=True)
class FakeFile:
    """A file a user uploads as an attachment option of a slash command."""

    filename: str
    data: bytes
    content_type: str | None = None


UserLike = FakeUser | FakeMember
MessageLike = FakeMessage | int


class InteractionHandle:
    """What a user's action returns: await the bot's answer through it."""

    def __init__(self, fake: FakeDiscord, record: InteractionRecord) -> None:
        self._fake = fake
        self.record = record

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def token(self) -> str:
        return self.record.token

    @property
    def callback_type(self) -> int | None:
        return self.record.callback_type

    @property
    def original(self) -> FakeMessage | None:
        mid = self.record.original_message_id
        return self._fake.state.messages.get(mid) if mid is not None else None

    @property
    def followups(self) -> list[FakeMessage]:
        return [self._fake.state.messages[m] for m in self.record.followup_ids]

    def _what(self) -> str:
        data = self.record.data
        return f"interaction {self.record.id} ({data.get('name') or data.get('custom_id')!r})"

    async def callback(self, timeout: float = DEFAULT_TIMEOUT) -> CallbackRecord:
        """The accepted callback (raises if the bot never acknowledged, or was refused)."""
        record = self.record

        def done() -> bool:
            return record.acknowledged or bool(record.rejections)

        await self._fake.wait_until(done, timeout, what=f"the bot to acknowledge {self._what()}")
        if not record.acknowledged:
            status, code, text = record.rejections[0]
            raise AssertionError(
                f"{self._what()}: the callback was refused: {status} {code} {text}"
            )
        return record.callbacks[0]

    async def rejection(self, timeout: float = DEFAULT_TIMEOUT) -> tuple[int, int, str]:
        """The first refused callback/webhook call: ``(status, code, message)``."""
        await self._fake.wait_until(
            lambda: bool(self.record.rejections),
            timeout,
            what=f"a refused callback for {self._what()}",
        )
        return self.record.rejections[0]

    async def reply(self, timeout: float = DEFAULT_TIMEOUT) -> FakeMessage:
        """The message that answers the user, whatever way the bot chose.

        * type 4: the new message; type 7: the updated component message;
        * type 5 (deferred): the placeholder once filled (edit of @original or first followup);
        * type 6 (deferred update): the first followup or the component message once edited.
        """
        cb = await self.callback(timeout)
        if cb.type in (8, 9):
            raise AssertionError(
                f"{self._what()} was answered with callback type {cb.type}, not a message"
            )
        record = self.record
        messages = self._fake.state.messages

        def ready() -> FakeMessage | None:
            if cb.type in (4, 7) or (cb.type == 5 and record.original_filled):
                return messages[record.original_message_id] if record.original_message_id else None
            if cb.type == 6:
                if record.followup_ids:
                    return messages[record.followup_ids[0]]
                if record.original_edits and record.original_message_id:
                    return messages[record.original_message_id]
            return None

        return await self._fake.wait_until(ready, timeout, what=f"the reply to {self._what()}")

    async def followup(self, index: int = 0, timeout: float = DEFAULT_TIMEOUT) -> FakeMessage:
        """The ``index``-th followup (the first followup after a deferral fills the placeholder)."""
        record = self.record
        await self._fake.wait_until(
            lambda: len(record.followup_ids) > index,
            timeout,
            what=f"followup #{index} of {self._what()}",
        )
        return self._fake.state.messages[record.followup_ids[index]]

    async def modal(self, timeout: float = DEFAULT_TIMEOUT) -> ModalRecord:
        cb = await self.callback(timeout)
        if cb.type != 9 or self.record.modal is None:
            raise AssertionError(
                f"{self._what()} was answered with callback type {cb.type}, not a modal"
            )
        return self.record.modal

    async def choices(self, timeout: float = DEFAULT_TIMEOUT) -> list[JSON]:
        cb = await self.callback(timeout)
        if cb.type != 8 or self.record.choices is None:
            raise AssertionError(
                f"{self._what()} was answered with callback type {cb.type}, not choices"
            )
        return self.record.choices

    def __repr__(self) -> str:
        return f"<InteractionHandle {self._what()} callback={self.callback_type}>"


class DiscordPatch:
    """Patches ``Route.BASE``, ``DiscordWebSocket.DEFAULT_GATEWAY`` and ``Asset.BASE``."""

    def __init__(self, fake: FakeDiscord) -> None:
        self._fake = fake
        self._saved: tuple[str, Any, str] | None = None

    def __enter__(self) -> FakeDiscord:
        import discord.asset
        import discord.gateway
        import discord.http
        import yarl

        route, ws, asset = discord.http.Route, discord.gateway.DiscordWebSocket, discord.asset.Asset
        self._saved = (route.BASE, ws.DEFAULT_GATEWAY, asset.BASE)
        route.BASE = self._fake.api_base
        ws.DEFAULT_GATEWAY = yarl.URL(self._fake.gateway_url)
        asset.BASE = self._fake.base_url + "/cdn"
        return self._fake

    def __exit__(self, *exc: object) -> None:
        import discord.asset
        import discord.gateway
        import discord.http

        assert self._saved is not None
        route, ws, asset = discord.http.Route, discord.gateway.DiscordWebSocket, discord.asset.Asset
        route.BASE, ws.DEFAULT_GATEWAY, asset.BASE = self._saved
        self._saved = None

    async def __aenter__(self) -> FakeDiscord:
        return self.__enter__()

    async def __aexit__(self, *exc: object) -> None:
        self.__exit__(*exc)


class FakeDiscord:
    """A fake Discord on loopback for end-to-end tests of a real discord.py bot."""

    def __init__(
        self,
        *,
        clock: Clock | None = None,
        interaction_deadline: float = 3.0,
        shard_count: int = 1,
        bot_name: str = "Parlor",
        token: str = "fake-bot-token",
        validate: bool = True,
        poll_interval: float = 0.01,
        rtt: float = 0.0,
        upload_bps: float | None = None,
        rate_limits: bool = False,
        route_limits: Mapping[str, tuple[int, float]] | None = None,
    ) -> None:
        """``rtt`` and ``upload_bps``: the network between bot and Discord (``network.py``);
        ``rate_limits``: enforce Discord's limits (``ratelimits.py``; ``route_limits``
        overrides a route's ``(requests, seconds)``), and fail on every 429 they answer."""
        self.state = FakeState(
            clock=clock, bot_name=bot_name, token=token, interaction_deadline=interaction_deadline
        )
        self.network = Network(rtt, upload_bps)
        self.rate_limits = RateLimits(route_limits) if rate_limits else None
        self.server = FakeDiscordServer(
            self.state,
            shard_count=shard_count,
            validate=validate,
            network=self.network,
            rate_limits=self.rate_limits,
        )
        self.poll_interval = poll_interval
        self._expected_problems: list[str] = []
        self._started = False

    # -- lifecycle ------------------------------------------------------------------------------
    async def start(self) -> None:
        await self.server.start()
        self._started = True

    async def stop(self) -> None:
        if self._started:
            await self.server.stop()
            self._started = False

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def clock(self) -> Clock:
        return self.state.clock

    def use_manual_clock(self) -> ManualClock:
        """Switch to a :class:`ManualClock` from now on (interactions created later use it)."""
        if not isinstance(self.state.clock, ManualClock):
            self.state.clock = ManualClock()
        return self.state.clock

    def advance(self, seconds: float) -> None:
        """Move a :class:`ManualClock` forward (e.g. past the 3 s interaction deadline)."""
        if not isinstance(self.state.clock, ManualClock):
            raise FakeDiscordError("advance() needs FakeDiscord(clock=ManualClock())")
        self.state.clock.advance(seconds)

    @property
    def token(self) -> str:
        return self.state.token

    @property
    def application_id(self) -> int:
        return self.state.application_id

    @property
    def bot_user(self) -> FakeUser:
        return self.state.bot_user

    @property
    def base_url(self) -> str:
        return self.server.base_url

    @property
    def api_base(self) -> str:
        return self.server.api_base

    @property
    def gateway_url(self) -> str:
        return self.server.gateway_url

    def patch_discord(self) -> DiscordPatch:
        """Point discord.py's REST base, gateway and CDN at this fake (restored on exit).

        Works as ``with`` and as ``async with`` (so ``async with FakeDiscord() as fake,
        fake.patch_discord():`` reads in one line).
        """
        return DiscordPatch(self)

    def _require_patched(self) -> None:
        import discord.http

        if self.api_base != discord.http.Route.BASE:
            raise FakeDiscordError("discord.py is not patched: use `with fake.patch_discord():`")

    @contextlib.asynccontextmanager
    async def run_bot(
        self, bot: discord.Client, *, timeout: float = 5.0
    ) -> AsyncIterator[discord.Client]:
        """Start ``bot`` against the fake, wait for ``on_ready``, close it on exit.

        Build the bot with ``guild_ready_timeout=0.05`` or startup waits 2 s per shard.
        """
        self._require_patched()
        task = asyncio.create_task(bot.start(self.token), name="fakediscord-bot")
        try:
            await self.wait_until(
                lambda: task.done() or bot.is_ready(), timeout, what="the bot to become ready"
            )
            if task.done():
                task.result()
                raise FakeDiscordError("bot.start() returned before the bot was ready")
            yield bot
        finally:
            with contextlib.suppress(FakeTimeout):  # answers still on their way back
                await self.wait_until(lambda: not self.server.in_flight, timeout,
                                      what="the answers in flight")
            if not bot.is_closed():
                await bot.close()
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(task, timeout)

    # -- world building -----------------------------------------------------------------------
    def add_guild(
        self,
        name: str = "Test Server",
        *,
        owner: FakeUser | None = None,
        bot_permissions: int = DEFAULT_BOT_PERMISSIONS,
        shard: int | None = None,
    ) -> FakeGuild:
        """A guild the bot is in (sent in GUILD_CREATE at IDENTIFY, or now if connected).

        ``shard`` picks an id that Discord routes to that shard (of ``shard_count``).
        """
        if shard is not None and not 0 <= shard < self.server.shard_count:
            raise FakeDiscordError(
                f"shard {shard} out of range (shard_count={self.server.shard_count})"
            )
        guild = self.state.add_guild(
            name,
            owner=owner,
            bot_permissions=bot_permissions,
            shard=(shard, self.server.shard_count) if shard is not None else None,
        )
        if self.server.connected(guild.id):
            self.server.dispatch(
                "GUILD_CREATE", self.state.guild_payload(guild, unavailable=None), guild_id=guild.id
            )
        return guild

    def add_user(
        self,
        name: str,
        *,
        dm_open: bool = True,
        guilds: Iterable[FakeGuild] = (),
        global_name: str | None = None,
        bot: bool = False,
    ) -> FakeUser:
        """A user; ``dm_open=False`` makes DMs to them fail with 403 code 50007."""
        user = self.state.add_user(name, dm_open=dm_open, global_name=global_name, bot=bot)
        for guild in guilds:
            self.add_member(guild, user)
        return user

    def add_member(
        self,
        guild: FakeGuild,
        user: FakeUser,
        *,
        permissions: int | None = None,
        nick: str | None = None,
    ) -> FakeMember:
        member = self.state.add_member(guild, user, permissions=permissions, nick=nick)
        if self.server.connected(guild.id):
            data = member.payload()
            data["guild_id"] = str(guild.id)
            self.server.dispatch("GUILD_MEMBER_ADD", data, guild_id=guild.id, intent=1 << 1)
        return member

    def add_channel(
        self, guild: FakeGuild, name: str, *, type: int = GUILD_TEXT, topic: str | None = None
    ) -> FakeChannel:
        channel = self.state.add_channel(guild, name, type=type, topic=topic)
        if self.server.connected(guild.id):
            self.server.dispatch_channel("CHANNEL_CREATE", channel)
        return channel

    def set_dm_open(self, user: FakeUser, dm_open: bool) -> None:
        user.dm_open = dm_open

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between ``user`` and the bot (created on first use)."""
        return self.state.dm_channel(user)

    # -- acting as users -------------------------------------------------------------------------
    async def slash(
        self,
        user: UserLike,
        command: str,
        options: Mapping[str, Any] | None = None,
        *,
        channel: FakeChannel | None = None,
        locale: str = "en-US",
    ) -> InteractionHandle:
        """Run ``/command`` (``"match list"`` for subcommands) as ``user``; DM if no channel.

        Options are checked against the synced command: names, types, choices, required ones.
        Values: str/int/bool/float; FakeUser for user options; FakeChannel for channel options;
        FakeFile for attachments.
        """
        fuser = self._user(user)
        where = self._interaction_channel(fuser, channel)
        data = self._command_data(fuser, command, dict(options or {}), where, focused=None)
        record = self._new_interaction(APPLICATION_COMMAND, fuser, where, data)
        return await self._send(record, locale)

    async def autocomplete(
        self,
        user: UserLike,
        command: str,
        options: Mapping[str, Any] | None = None,
        *,
        focused: str,
        channel: FakeChannel | None = None,
        locale: str = "en-US",
    ) -> InteractionHandle:
        """The user is typing into option ``focused``; ``await handle.choices()`` for the answer."""
        fuser = self._user(user)
        where = self._interaction_channel(fuser, channel)
        data = self._command_data(fuser, command, dict(options or {}), where, focused=focused)
        record = self._new_interaction(AUTOCOMPLETE, fuser, where, data)
        return await self._send(record, locale)

    async def click(
        self,
        user: UserLike,
        message: MessageLike,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        locale: str = "en-US",
    ) -> InteractionHandle:
        """Press a button (found by ``custom_id`` and/or ``label``) on ``message``."""
        fuser = self._user(user)
        msg = self.message(message)
        self._check_sees(fuser, msg)
        button = msg.button(custom_id, label=label)
        if button.disabled:
            raise FakeDiscordError(f"button {button.label!r} ({button.custom_id}) is disabled")
        if not button.custom_id:
            raise FakeDiscordError(
                f"button {button.label!r} is a link/premium button; it cannot be clicked"
            )
        data: JSON = {"custom_id": button.custom_id, "component_type": comp.BUTTON}
        if button.id is not None:
            data["id"] = button.id
        record = self._new_interaction(
            MESSAGE_COMPONENT, fuser, self.state.channels[msg.channel_id], data, message=msg
        )
        return await self._send(record, locale)

    async def select(
        self,
        user: UserLike,
        message: MessageLike,
        custom_id: str | None = None,
        values: Sequence[str | FakeUser | FakeChannel] = (),
        *,
        locale: str = "en-US",
    ) -> InteractionHandle:
        """Choose ``values`` in a select menu (option values; users/channels for entity selects)."""
        fuser = self._user(user)
        msg = self.message(message)
        self._check_sees(fuser, msg)
        menu = msg.select(custom_id)
        if menu.disabled:
            raise FakeDiscordError(f"select {menu.custom_id!r} is disabled")
        data = self._select_data(menu, list(values), self.state.channels[msg.channel_id])
        record = self._new_interaction(
            MESSAGE_COMPONENT, fuser, self.state.channels[msg.channel_id], data, message=msg
        )
        return await self._send(record, locale)

    async def submit_modal(
        self,
        user: UserLike,
        values: Mapping[str, str | Sequence[str] | bool],
        *,
        custom_id: str | None = None,
        locale: str = "en-US",
    ) -> InteractionHandle:
        """Fill and submit the latest modal the bot opened for ``user`` (by ``custom_id`` if given).

        ``values`` maps a text input's custom_id to its text (a select's to a list of values).
        """
        fuser = self._user(user)
        modal = self._open_modal(fuser, custom_id)
        components = self._modal_components(modal, dict(values))
        modal.submitted = True
        data: JSON = {"custom_id": modal.custom_id, "components": components}
        channel = self.state.channels[modal.channel_id]
        message = self.state.messages.get(modal.message_id) if modal.message_id else None
        record = self._new_interaction(MODAL_SUBMIT, fuser, channel, data, message=message)
        return await self._send(record, locale)

    async def user_message(self, user: UserLike, channel: FakeChannel, content: str) -> FakeMessage:
        """``user`` writes in ``channel`` (a MESSAGE_CREATE; the bot reads content only with the
        message_content intent)."""
        fuser = self._user(user)
        if channel.guild_id is not None:
            self._require_member(fuser, self.state.guilds[channel.guild_id])
        message = self.state.create_message(channel, author=fuser, payload={"content": content})
        self.server.dispatch_message("MESSAGE_CREATE", message)
        await self.server.drain()
        return message

    # -- inspection ------------------------------------------------------------------------------
    def message(self, message: MessageLike) -> FakeMessage:
        """The current state of a message (pass a stale FakeMessage or an id)."""
        mid = message.id if isinstance(message, FakeMessage) else int(message)
        try:
            return self.state.messages[mid]
        except KeyError:
            raise FakeDiscordError(f"no message {mid}") from None

    def messages(
        self,
        channel: FakeChannel | int,
        *,
        include_ephemeral: bool = False,
        include_deleted: bool = False,
    ) -> list[FakeMessage]:
        """Messages in a channel, oldest first (ephemeral ones only if asked)."""
        cid = channel.id if isinstance(channel, FakeChannel) else int(channel)
        return [
            m
            for m in self.state.channel_messages_of(cid)
            if (include_deleted or not m.deleted) and (include_ephemeral or not m.ephemeral)
        ]

    def last_message(self, channel: FakeChannel | int) -> FakeMessage:
        found = self.messages(channel)
        if not found:
            raise FakeDiscordError(f"no messages in channel {channel!r}")
        return found[-1]

    def dms(self, user: FakeUser) -> list[FakeMessage]:
        """What the bot sent ``user`` by DM (oldest first, deleted ones left out)."""
        if user.dm_channel_id is None:
            return []
        return self.messages(user.dm_channel_id, include_ephemeral=True)

    def ephemerals(self, user: FakeUser, channel: FakeChannel | None = None) -> list[FakeMessage]:
        """Ephemeral messages only ``user`` can see, oldest first."""
        return [
            m
            for m in sorted(self.state.messages.values(), key=lambda m: m.seq)
            if m.ephemeral
            and m.visible_to == user.id
            and not m.deleted
            and (channel is None or m.channel_id == channel.id)
        ]

    def visible_to(self, user: FakeUser, channel: FakeChannel) -> list[FakeMessage]:
        """The channel as ``user`` sees it: public messages plus their own ephemeral ones."""
        return [
            m
            for m in self.messages(channel, include_ephemeral=True)
            if not m.ephemeral or m.visible_to == user.id
        ]

    def threads(self, parent: FakeChannel | None = None) -> list[FakeChannel]:
        return [
            c
            for c in self.state.channels.values()
            if c.is_thread and not c.deleted and (parent is None or c.parent_id == parent.id)
        ]

    def thread(self, name: str) -> FakeChannel:
        for t in self.threads():
            if t.name == name:
                return t
        raise FakeDiscordError(
            f"no thread named {name!r}; threads: {[t.name for t in self.threads()]}"
        )

    def attachment(self, attachment_id: int) -> FakeAttachment:
        return self.state.attachments[attachment_id]

    def commands(self, guild: FakeGuild | None = None) -> list[JSON]:
        """The synced command records (global, or one guild's)."""
        if guild is None:
            return list(self.state.global_commands)
        return list(self.state.guild_commands.get(guild.id, []))

    def command_snapshot(self, guild: FakeGuild | None = None) -> list[JSON]:
        """Synced commands without ids/versions, sorted by name: stable for snapshot tests."""
        volatile = {"id", "application_id", "version", "guild_id"}
        return sorted(
            ({k: v for k, v in c.items() if k not in volatile} for c in self.commands(guild)),
            key=lambda c: (c.get("type", 1), c["name"]),
        )

    def requests(self, route: str | None = None) -> list[RequestRecord]:
        """REST requests seen, e.g. ``requests("POST /channels/{channel_id}/messages")``."""
        return [r for r in self.state.requests if route is None or r.route == route]

    def interactions(self) -> list[InteractionRecord]:
        return list(self.state.interactions.values())

    def modals(self, user: FakeUser | None = None) -> list[ModalRecord]:
        return [m for m in self.state.modals if user is None or m.user_id == user.id]

    @property
    def unknown_routes(self) -> list[str]:
        return list(self.state.unknown_routes)

    @property
    def problems(self) -> list[str]:
        """Unknown routes, refused callbacks (late, twice, wrong type), invalid payloads."""
        return list(self.state.problems)

    def notifications(self, user: FakeUser, *, since: int = 0) -> list[Notification]:
        """What pushed ``user`` (new DMs, new messages pinging them) after the mark ``since``."""
        return [n for n in self.state.notifications if n.user_id == user.id and n.seq > since]

    def tally(
        self,
        thread: FakeChannel,
        users: Iterable[FakeUser],
        *,
        since: int = 0,
        boilerplate: Iterable[str] = (),
    ) -> Tally:
        """Per-match counts: thread posts (and those without events: nothing but the thread's
        name and ``boilerplate`` regexes), DMs, ephemerals, edits, clicks and notifications per
        player (see :mod:`tests.fakediscord.tally`)."""
        return tally(self.state, thread, users, since=since, boilerplate=boilerplate)

    def mark(self) -> int:
        """A point in time for ``wait_for_message(since=...)``: later messages only."""
        return self.state._seq

    # -- waiting ---------------------------------------------------------------------------------
    async def wait_until(
        self,
        predicate: Callable[[], T | None],
        timeout: float = DEFAULT_TIMEOUT,
        *,
        what: str = "a condition",
    ) -> T:
        """Re-check ``predicate`` on every change of the fake (and every ``poll_interval``)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = predicate()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise FakeTimeout(
                    f"timed out after {timeout}s waiting for {what}\n{self.debug_tail()}"
                )
            event = self.state.changed_event()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), min(remaining, self.poll_interval))

    async def wait_for_message(
        self,
        predicate: Callable[[FakeMessage], bool] | None = None,
        *,
        channel: FakeChannel | None = None,
        dm: FakeUser | None = None,
        since: int | None = None,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> FakeMessage:
        """The first live message matching ``predicate`` (in ``channel`` or ``dm``'s DM channel,
        created after the ``since`` mark)."""
        if dm is not None:
            channel = self.dm_channel(dm)

        def find() -> FakeMessage | None:
            candidates = (
                self.state.channel_messages_of(channel.id)
                if channel is not None
                else sorted(self.state.messages.values(), key=lambda m: m.seq)
            )
            for m in candidates:
                if m.deleted or (since is not None and m.seq <= since):
                    continue
                if predicate is None or predicate(m):
                    return m
            return None

        return await self.wait_until(find, timeout, what="a matching message")

    def debug_tail(self, n: int = 15) -> str:
        lines = ["recent requests:"]
        lines += [f"  {r.method} {r.path} -> {r.status}" for r in self.state.requests[-n:]]
        if self.state.problems:
            lines.append("problems:")
            lines += [f"  {p}" for p in self.state.problems]
        return "\n".join(lines)

    # -- faults and checks ---------------------------------------------------------------------
    def global_budget(self, per_second: int) -> None:
        """Narrow the token's global budget (``rate_limits`` on), to reach it within a test."""
        if self.rate_limits is None:
            raise FakeDiscordError("the global budget needs FakeDiscord(rate_limits=True)")
        self.rate_limits.global_window.limit = per_second

    def inject_rate_limit(
        self,
        route: str,
        *,
        retry_after: float = 0.05,
        times: int = 1,
        is_global: bool = False,
        **match: object,
    ) -> Fault:
        """The next ``times`` calls of ``route`` (a discord.py route key) answer 429.

        ``match`` narrows it by path parameter, e.g. ``channel_id=table.id``.
        """
        body = {
            "message": "You are being rate limited.",
            "retry_after": retry_after,
            "global": is_global,
            "code": 0,
        }
        fault = Fault(
            route=route,
            status=429,
            body=body,
            times=times,
            headers=retry_after_headers(retry_after, is_global=is_global),
            match={k: str(v) for k, v in match.items()},
        )
        return self.server.add_fault(fault)

    def inject_error(
        self,
        route: str,
        *,
        status: int,
        code: int = 0,
        message: str = "injected error",
        times: int = 1,
        **match: object,
    ) -> Fault:
        """The next ``times`` calls of ``route`` fail with ``status``/``code``.

        Beware: discord.py retries 500/502/504 with real 1, 3, 5 s sleeps.
        """
        fault = Fault(
            route=route,
            status=status,
            body={"code": code, "message": message},
            times=times,
            match={k: str(v) for k, v in match.items()},
        )
        return self.server.add_fault(fault)

    def delete_message(self, message: MessageLike) -> FakeMessage:
        """Someone (a moderator, the recipient of a DM) deletes a message: the bot's next
        edit of it gets 404 10008 Unknown Message."""
        found = self.message(message)
        self.state.delete_message(found)
        self.server.dispatch_message("MESSAGE_DELETE", found)
        return found

    def expect_problem(self, fragment: str) -> None:
        """Declare that a problem containing ``fragment`` is expected (and required) here."""
        self._expected_problems.append(fragment)

    def check(self) -> list[str]:
        """Everything that should fail a test: problems not expected, expected ones that never
        happened, interactions the bot never answered."""
        problems = list(self.state.problems)
        for record in self.state.interactions.values():
            if not record.acknowledged and not record.rejections:
                user = self.state.users.get(record.user_id)
                what = record.data.get("name") or record.data.get("custom_id")
                who = user.name if user else record.user_id
                problems.append(
                    f"interaction {record.id} ({what!r} by {who}) was never acknowledged"
                )
        out: list[str] = []
        matched: set[str] = set()
        for p in problems:
            hit = next((f for f in self._expected_problems if f in p), None)
            if hit is None:
                out.append(p)
            else:
                matched.add(hit)
        out += [
            f"expected problem {f!r} did not happen"
            for f in self._expected_problems
            if f not in matched
        ]
        return out

    # -- internals --------------------------------------------------------------------------------
    def _user(self, user: UserLike) -> FakeUser:
        return user.user if isinstance(user, FakeMember) else user

    def _require_member(self, user: FakeUser, guild: FakeGuild) -> FakeMember:
        member = guild.members.get(user.id)
        if member is None:
            raise FakeDiscordError(f"{user.name} is not a member of {guild.name}")
        return member

    def _interaction_channel(self, user: FakeUser, channel: FakeChannel | None) -> FakeChannel:
        if channel is None:
            return self.state.dm_channel(user)
        if channel.deleted:
            raise FakeDiscordError(f"channel {channel.name} was deleted")
        if channel.is_dm:
            if channel.recipient_id != user.id:
                raise FakeDiscordError(f"{user.name} cannot use someone else's DM channel")
            return channel
        guild = self.state.guilds[channel.guild_id] if channel.guild_id else None
        assert guild is not None
        member = self._require_member(user, guild)
        if (
            channel.type == PRIVATE_THREAD
            and user.id not in channel.member_ids
            and not member.permissions & (MANAGE_THREADS | ADMINISTRATOR)
        ):
            raise FakeDiscordError(f"{user.name} cannot see private thread {channel.name}")
        return channel

    def _check_sees(self, user: FakeUser, message: FakeMessage) -> None:
        if message.deleted:
            raise FakeDiscordError(f"message {message.id} was deleted")
        if message.ephemeral and message.visible_to != user.id:
            raise FakeDiscordError(f"{user.name} cannot see ephemeral message {message.id}")
        self._interaction_channel(user, self.state.channels[message.channel_id])

    def _new_interaction(
        self,
        kind: int,
        user: FakeUser,
        channel: FakeChannel,
        data: JSON,
        *,
        message: FakeMessage | None = None,
    ) -> InteractionRecord:
        record = InteractionRecord(
            id=self.state.snowflake(),
            token=self.state.new_token(),
            type=kind,
            user_id=user.id,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            data=data,
            created_at=self.state.clock.now(),
            message_id=message.id if message is not None else None,
        )
        self.state.interactions[record.id] = record
        if kind == MESSAGE_COMPONENT:
            self.state.record("click", message, channel_id=channel.id, user_id=user.id)
        return record

    def _interaction_payload(self, record: InteractionRecord, locale: str) -> JSON:
        state = self.state
        channel = state.channels[record.channel_id]
        user = state.users[record.user_id]
        payload: JSON = {
            "id": str(record.id),
            "application_id": str(state.application_id),
            "type": record.type,
            "token": record.token,
            "version": 1,
            "data": record.data,
            "locale": locale,
            "attachment_size_limit": 10 * 1024 * 1024,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "channel": state.channel_payload(channel),
            "channel_id": str(channel.id),
        }
        if record.guild_id is not None:
            guild = state.guilds[record.guild_id]
            member = guild.members[user.id]
            payload.update(
                {
                    "guild_id": str(guild.id),
                    "guild": {"id": str(guild.id), "locale": "en-US", "features": []},
                    "guild_locale": "en-US",
                    "member": member.payload(with_permissions=True),
                    "app_permissions": str(guild.members[state.bot_user.id].permissions),
                    "authorizing_integration_owners": {"0": str(guild.id)},
                    "context": 0,
                }
            )
        else:
            payload.update(
                {
                    "user": user.payload(),
                    "app_permissions": str(DEFAULT_BOT_PERMISSIONS),
                    "authorizing_integration_owners": {"0": "0"},
                    "context": 1,
                }
            )
        if record.message_id is not None:
            payload["message"] = state.message_payload(state.messages[record.message_id])
        return payload

    async def _send(self, record: InteractionRecord, locale: str) -> InteractionHandle:
        if not self.server.connected(record.guild_id):
            del self.state.interactions[record.id]
            raise FakeDiscordError(
                "no bot is connected to the gateway (run it with `fake.run_bot(bot)`)"
            )
        payload = self._interaction_payload(record, locale)
        record.dispatched_at = time.monotonic()
        self.server.dispatch("INTERACTION_CREATE", payload, guild_id=record.guild_id)
        self.state.touch()
        await self.server.drain()
        return InteractionHandle(self, record)

    # slash command data
    def _find_command(self, name: str, channel: FakeChannel) -> JSON:
        candidates: list[JSON] = []
        if channel.guild_id is not None:
            candidates += self.state.guild_commands.get(channel.guild_id, [])
        candidates += self.state.global_commands
        for command in candidates:
            if command["name"] == name and command.get("type", 1) == 1:
                return command
        synced = sorted({c["name"] for c in candidates})
        raise FakeDiscordError(f"/{name} is not a synced slash command here; synced: {synced}")

    def _check_command_allowed(self, user: FakeUser, command: JSON, channel: FakeChannel) -> None:
        contexts = command.get("contexts")
        if channel.guild_id is None:
            if (
                command.get("guild_id")
                or command.get("dm_permission") is False
                or (contexts is not None and 1 not in contexts)
            ):
                raise FakeDiscordError(f"/{command['name']} cannot be used in DMs")
            return
        if contexts is not None and 0 not in contexts:
            raise FakeDiscordError(f"/{command['name']} cannot be used in a guild")
        required = command.get("default_member_permissions")
        if required is not None:
            member = self.state.guilds[channel.guild_id].members[user.id]
            needed = int(required)
            if not member.permissions & ADMINISTRATOR and member.permissions & needed != needed:
                raise FakeDiscordError(
                    f"{user.name} lacks permissions {needed} for /{command['name']} "
                    "(default_member_permissions)"
                )

    def _command_data(
        self,
        user: FakeUser,
        command: str,
        values: dict[str, Any],
        channel: FakeChannel,
        *,
        focused: str | None,
    ) -> JSON:
        parts = command.strip().lstrip("/").split()
        if not parts:
            raise FakeDiscordError("empty command name")
        record = self._find_command(parts[0], channel)
        self._check_command_allowed(user, record, channel)
        schema: list[JSON] = list(record.get("options") or [])
        resolved: dict[str, dict[str, JSON]] = {}
        top: list[JSON] = []
        target = top
        path = [parts[0]]
        for part in parts[1:]:
            sub = next(
                (
                    o
                    for o in schema
                    if o["name"] == part and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
                ),
                None,
            )
            if sub is None:
                names = [o["name"] for o in schema if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
                raise FakeDiscordError(
                    f"/{' '.join(path)} has no subcommand {part!r}; it has {names}"
                )
            option: JSON = {"name": part, "type": sub["type"], "options": []}
            target.append(option)
            target = option["options"]
            schema = list(sub.get("options") or [])
            path.append(part)
        if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in schema):
            names = [o["name"] for o in schema]
            raise FakeDiscordError(f"/{' '.join(path)} needs a subcommand: {names}")
        by_name = {o["name"]: o for o in schema}
        for name in values:
            if name not in by_name:
                raise FakeDiscordError(
                    f"/{' '.join(path)} has no option {name!r}; options: {list(by_name)}"
                )
        if focused is not None:
            spec = by_name.get(focused)
            if spec is None or not spec.get("autocomplete"):
                raise FakeDiscordError(
                    f"option {focused!r} of /{' '.join(path)} has no autocomplete"
                )
        guild = self.state.guilds.get(channel.guild_id) if channel.guild_id else None
        for spec in schema:
            name = spec["name"]
            if name == focused:
                target.append(
                    {
                        "name": name,
                        "type": spec["type"],
                        "value": str(values.get(name, "")),
                        "focused": True,
                    }
                )
                continue
            if name not in values:
                if spec.get("required") and focused is None:
                    raise FakeDiscordError(f"/{' '.join(path)} needs option {name!r}")
                continue
            value = self._option_value(spec, values[name], resolved, guild, path)
            target.append({"name": name, "type": spec["type"], "value": value})
        data: JSON = {"id": record["id"], "name": record["name"], "type": 1, "options": top}
        if record.get("guild_id"):
            data["guild_id"] = record["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    def _option_value(
        self,
        spec: JSON,
        value: Any,
        resolved: dict[str, dict[str, JSON]],
        guild: FakeGuild | None,
        path: list[str],
    ) -> Any:
        kind, name = spec["type"], spec["name"]
        where = f"option {name!r} of /{' '.join(path)}"

        def bad(expected: str) -> FakeDiscordError:
            return FakeDiscordError(f"{where} expects {expected}, got {value!r}")

        if kind == STRING:
            if not isinstance(value, str):
                raise bad("a str")
            if len(value) > int(spec.get("max_length", 6000)) or len(value) < int(
                spec.get("min_length", 0)
            ):
                raise bad(
                    f"a length in [{spec.get('min_length', 0)}, {spec.get('max_length', 6000)}]"
                )
            out: Any = value
        elif kind == INTEGER:
            if isinstance(value, bool) or not isinstance(value, int):
                raise bad("an int")
            out = value
        elif kind == NUMBER:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise bad("a number")
            out = value
        elif kind == BOOLEAN:
            if not isinstance(value, bool):
                raise bad("a bool")
            out = value
        elif kind in (USER, MENTIONABLE):
            user = self._user(value) if isinstance(value, FakeUser | FakeMember) else None
            if user is None:
                raise bad("a FakeUser")
            resolved.setdefault("users", {})[str(user.id)] = user.payload()
            if guild is not None and user.id in guild.members:
                member = guild.members[user.id]
                resolved.setdefault("members", {})[str(user.id)] = member.payload(
                    with_user=False, with_permissions=True
                )
            out = str(user.id)
        elif kind == CHANNEL:
            if not isinstance(value, FakeChannel):
                raise bad("a FakeChannel")
            allowed = spec.get("channel_types")
            if allowed and value.type not in allowed:
                raise bad(f"a channel of type {allowed}")
            data = self.state.channel_payload(value)
            data["permissions"] = str(DEFAULT_BOT_PERMISSIONS)
            resolved.setdefault("channels", {})[str(value.id)] = data
            out = str(value.id)
        elif kind == ATTACHMENT:
            if not isinstance(value, FakeFile):
                raise bad("a FakeFile")
            attachment = self.state.store_attachment(
                value.filename, value.data, content_type=value.content_type
            )
            resolved.setdefault("attachments", {})[str(attachment.id)] = attachment.payload(
                self.state.base_url
            )
            out = str(attachment.id)
        else:
            raise FakeDiscordError(f"{where}: option type {kind} is not supported by the fake")
        if kind in (INTEGER, NUMBER):
            if "min_value" in spec and out < spec["min_value"]:
                raise bad(f">= {spec['min_value']}")
            if "max_value" in spec and out > spec["max_value"]:
                raise bad(f"<= {spec['max_value']}")
        choices = spec.get("choices")
        if choices and out not in [c["value"] for c in choices]:
            raise bad(f"one of {[c['value'] for c in choices]}")
        return out

    def _select_data(self, menu: comp.Select, values: list[Any], channel: FakeChannel) -> JSON:
        guild = self.state.guilds.get(channel.guild_id) if channel.guild_id else None
        resolved: dict[str, dict[str, JSON]] = {}
        out: list[str] = []
        for value in values:
            if menu.type == comp.STRING_SELECT:
                if value not in menu.values:
                    raise FakeDiscordError(
                        f"select {menu.custom_id!r} has no option {value!r}; options: {menu.values}"
                    )
                out.append(value)
            elif menu.type in (comp.USER_SELECT, comp.MENTIONABLE_SELECT) and isinstance(
                value, FakeUser | FakeMember
            ):
                user = self._user(value)
                resolved.setdefault("users", {})[str(user.id)] = user.payload()
                if guild is not None and user.id in guild.members:
                    resolved.setdefault("members", {})[str(user.id)] = guild.members[
                        user.id
                    ].payload(with_user=False, with_permissions=True)
                out.append(str(user.id))
            elif menu.type == comp.CHANNEL_SELECT and isinstance(value, FakeChannel):
                channel_data = self.state.channel_payload(value)
                channel_data["permissions"] = str(DEFAULT_BOT_PERMISSIONS)
                resolved.setdefault("channels", {})[str(value.id)] = channel_data
                out.append(str(value.id))
            else:
                raise FakeDiscordError(f"value {value!r} does not fit select type {menu.type}")
        if not menu.min_values <= len(out) <= menu.max_values:
            raise FakeDiscordError(
                f"select {menu.custom_id!r} takes {menu.min_values}..{menu.max_values} values, "
                f"got {len(out)}"
            )
        data: JSON = {"custom_id": menu.custom_id, "component_type": menu.type, "values": out}
        if menu.id is not None:
            data["id"] = menu.id
        if resolved:
            data["resolved"] = resolved
        return data

    def _open_modal(self, user: FakeUser, custom_id: str | None) -> ModalRecord:
        for modal in reversed(self.state.modals):
            if (
                modal.user_id == user.id
                and not modal.submitted
                and custom_id in (None, modal.custom_id)
            ):
                return modal
        raise FakeDiscordError(f"no open modal for {user.name} (custom_id={custom_id!r})")

    def _modal_components(self, modal: ModalRecord, values: dict[str, Any]) -> list[JSON]:
        used: set[str] = set()

        def answer(c: Mapping[str, Any]) -> JSON | None:
            kind = c.get("type")
            cid = c.get("custom_id")
            if cid is None:
                return None
            out: JSON = {"type": kind, "custom_id": cid}
            if c.get("id") is not None:
                out["id"] = c["id"]
            if kind == comp.TEXT_INPUT:
                text = values.get(cid, c.get("value") or "")
                if not isinstance(text, str):
                    raise FakeDiscordError(f"text input {cid!r} takes a str")
                if c.get("required", True) and not text:
                    raise FakeDiscordError(f"text input {cid!r} is required")
                if text and (
                    len(text) < int(c.get("min_length") or 0)
                    or len(text) > int(c.get("max_length") or 4000)
                ):
                    raise FakeDiscordError(f"text input {cid!r}: length {len(text)} out of bounds")
                out["value"] = text
            elif kind in comp.SELECT_TYPES:
                chosen = values.get(cid, [])
                out["values"] = [chosen] if isinstance(chosen, str) else list(chosen)
            else:
                out["value"] = values.get(cid)
            used.add(cid)
            return out

        result: list[JSON] = []
        for c in modal.components:
            if c.get("type") == comp.ACTION_ROW:
                children = [
                    a for a in (answer(x) for x in c.get("components") or []) if a is not None
                ]
                result.append({"type": comp.ACTION_ROW, "components": children})
            elif c.get("type") == comp.LABEL:
                inner = answer(c.get("component") or {})
                if inner is not None:
                    entry: JSON = {"type": comp.LABEL, "component": inner}
                    if c.get("id") is not None:
                        entry["id"] = c["id"]
                    result.append(entry)
            elif c.get("type") == comp.TEXT_DISPLAY:
                if c.get("id") is not None:
                    result.append({"type": comp.TEXT_DISPLAY, "id": c["id"]})
            else:
                single = answer(c)
                if single is not None:
                    result.append(single)
        unknown = set(values) - used
        if unknown:
            raise FakeDiscordError(f"modal {modal.custom_id!r} has no inputs {sorted(unknown)}")
        return result
