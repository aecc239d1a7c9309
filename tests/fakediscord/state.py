"""The fake's world: users, guilds, channels, threads, messages, interactions, synced commands.

Everything here is plain data the tests can read. Payload builders turn it into the JSON shapes
discord.py 2.7 parses (see discord/types/*.py for the TypedDicts).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from . import components as comp
from .clock import Clock, SystemClock

JSON = dict[str, Any]

DISCORD_EPOCH_MS = 1_420_070_400_000

# Channel types
GUILD_TEXT = 0
DM = 1
GUILD_CATEGORY = 4
GUILD_ANNOUNCEMENT = 5
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = frozenset({10, PUBLIC_THREAD, PRIVATE_THREAD})

# Interaction types
PING = 1
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Message types
DEFAULT_MESSAGE = 0
REPLY_MESSAGE = 19
CHAT_INPUT_COMMAND_MESSAGE = 20

# Permission bits (discord.Permissions)
ADMINISTRATOR = 1 << 3
MANAGE_THREADS = 1 << 34
#: view, send, send in threads, create public threads, history, embeds, files, reactions,
#: external emojis, application commands, connect/speak, nickname, invites.
DEFAULT_MEMBER_PERMISSIONS = 311_455_763_521
#: the bot's managed role: the member set plus manage messages/threads and private threads.
DEFAULT_BOT_PERMISSIONS = 397_284_863_040
ALL_PERMISSIONS = 8_866_461_766_385_663


def iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).isoformat()


class SnowflakeFactory:
    """Real-time snowflakes, strictly increasing (discord.py reads creation times from them)."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        value = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        value = max(value, self._last + 1)
        self._last = value
        return value

    def for_shard(self, shard_id: int, shard_count: int) -> int:
        """A fresh snowflake that Discord routes to ``shard_id`` ((id >> 22) % shard_count)."""
        value = self()
        value += ((shard_id - (value >> 22)) % shard_count) << 22
        self._last = value
        return value


# --------------------------------------------------------------------------- models


@dataclass(eq=False)
class FakeUser:
    id: int
    name: str
    global_name: str | None = None
    bot: bool = False
    #: False makes ``POST /channels/{dm}/messages`` answer 403 code 50007.
    dm_open: bool = True
    dm_channel_id: int | None = None

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "public_flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data

    def __repr__(self) -> str:
        return f"FakeUser({self.name!r}, id={self.id})"


@dataclass(eq=False)
class FakeMember:
    user: FakeUser
    guild_id: int
    permissions: int
    nick: str | None = None
    roles: list[int] = field(default_factory=list)
    joined_at: float = field(default_factory=time.time)

    def payload(self, *, with_user: bool = True, with_permissions: bool = False) -> JSON:
        data: JSON = {
            "roles": [str(r) for r in self.roles],
            "joined_at": iso(self.joined_at),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "nick": self.nick,
            "avatar": None,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if with_permissions:
            data["permissions"] = str(self.permissions)
        return data


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    owner_id: int
    bot_role_id: int
    bot_permissions: int
    members: dict[int, FakeMember] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    joined_at: float = field(default_factory=time.time)

    def __repr__(self) -> str:
        return f"FakeGuild({self.name!r}, id={self.id})"


@dataclass(eq=False)
class FakeChannel:
    id: int
    type: int
    name: str | None
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    topic: str | None = None
    #: DMs: the human on the other side.
    recipient_id: int | None = None
    #: threads
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    member_ids: list[int] = field(default_factory=list)
    created_at: float = field(default_factory=time.time)
    #: the message a thread was started from (its id equals the thread's id on Discord)
    starter_message_id: int | None = None
    deleted: bool = False

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def __repr__(self) -> str:
        return f"FakeChannel({self.name!r}, id={self.id}, type={self.type})"


@dataclass(eq=False)
class FakeAttachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None
    description: str | None = None
    channel_id: int = 0

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def is_png(self) -> bool:
        return self.data.startswith(b"\x89PNG\r\n\x1a\n")

    def payload(self, base_url: str) -> JSON:
        url = f"{base_url}/attachments/{self.channel_id}/{self.id}/{self.filename}"
        data: JSON = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": url,
            "proxy_url": url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            data["description"] = self.description
        if self.is_png and len(self.data) >= 24:
            data["width"] = int.from_bytes(self.data[16:20], "big")
            data["height"] = int.from_bytes(self.data[20:24], "big")
        return data

    def __repr__(self) -> str:
        return f"FakeAttachment({self.filename!r}, {self.size} bytes)"


@dataclass(frozen=True)
class MessageVersion:
    """A snapshot kept in :attr:`FakeMessage.history` before each edit."""

    content: str
    embeds: list[JSON]
    components: list[JSON]
    attachments: list[FakeAttachment]
    flags: int


@dataclass(eq=False)
class FakeMessage:
    id: int
    channel_id: int
    author_id: int
    content: str = ""
    guild_id: int | None = None
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = DEFAULT_MESSAGE
    #: set for ephemeral messages: the only user who can see it
    visible_to: int | None = None
    #: the interaction this message answers (responses and followups)
    interaction_id: int | None = None
    webhook_id: int | None = None
    reference_id: int | None = None
    thread_id: int | None = None
    allowed_mentions: JSON | None = None
    #: user ids notified when the message was created (content mentions ∩ allowed_mentions)
    pings: list[int] = field(default_factory=list)
    created_at: float = field(default_factory=time.time)
    edited_at: float | None = None
    deleted: bool = False
    history: list[MessageVersion] = field(default_factory=list)
    #: global creation order (see FakeDiscord.mark())
    seq: int = 0
    #: when each version (``history``, then the current one) reached Discord (monotonic)
    times: list[float] = field(default_factory=lambda: [time.monotonic()])

    # -- inspection helpers -------------------------------------------------------------
    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & comp.FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred "Bot is thinking..." placeholder not yet filled in."""
        return bool(self.flags & comp.FLAG_LOADING)

    @property
    def components_v2(self) -> bool:
        return bool(self.flags & comp.FLAG_COMPONENTS_V2)

    @property
    def buttons(self) -> list[comp.Button]:
        return comp.buttons(self.components)

    @property
    def selects(self) -> list[comp.Select]:
        return comp.selects(self.components)

    @property
    def custom_ids(self) -> list[str]:
        return [str(c["custom_id"]) for c in comp.walk(self.components) if c.get("custom_id")]

    @property
    def mentions(self) -> list[int]:
        """User ids mentioned in the content/text displays (embeds never mention)."""
        return comp.mentioned_ids("\n".join([self.content, *comp.text_displays(self.components)]))

    @property
    def text(self) -> str:
        """Content, embed text and Components-v2 text displays, joined by newlines."""
        parts: list[str] = [self.content] if self.content else []
        for embed in self.embeds:
            for key in ("title", "description"):
                if embed.get(key):
                    parts.append(str(embed[key]))
            for f in embed.get("fields") or []:
                parts.append(f"{f.get('name', '')}: {f.get('value', '')}")
            footer = embed.get("footer") or {}
            if footer.get("text"):
                parts.append(str(footer["text"]))
        parts.extend(comp.text_displays(self.components))
        return "\n".join(parts)

    def button(self, custom_id: str | None = None, *, label: str | None = None) -> comp.Button:
        for b in self.buttons:
            if (custom_id is None or b.custom_id == custom_id) and (
                label is None or b.label == label
            ):
                return b
        raise LookupError(
            f"message {self.id} has no button custom_id={custom_id!r} label={label!r}; "
            f"buttons: {[(b.label, b.custom_id) for b in self.buttons]}"
        )

    def select(self, custom_id: str | None = None) -> comp.Select:
        for s in self.selects:
            if custom_id is None or s.custom_id == custom_id:
                return s
        raise LookupError(
            f"message {self.id} has no select custom_id={custom_id!r}; "
            f"selects: {[s.custom_id for s in self.selects]}"
        )

    def __repr__(self) -> str:
        bits = [f"id={self.id}", f"channel={self.channel_id}", f"content={self.content[:40]!r}"]
        if self.ephemeral:
            bits.append(f"ephemeral_for={self.visible_to}")
        if self.attachments:
            bits.append(f"attachments={[a.filename for a in self.attachments]}")
        if self.deleted:
            bits.append("deleted")
        return f"FakeMessage({', '.join(bits)})"


@dataclass
class CallbackRecord:
    """One accepted ``POST /interactions/{id}/{token}/callback``."""

    type: int
    data: JSON
    at: float
    message_id: int | None = None


@dataclass(eq=False)
class ModalRecord:
    """A modal the bot opened (callback type 9)."""

    interaction_id: int
    user_id: int
    custom_id: str
    title: str
    components: list[JSON]
    channel_id: int
    guild_id: int | None
    message_id: int | None
    submitted: bool = False

    @property
    def text_inputs(self) -> list[comp.TextInput]:
        return comp.text_inputs(self.components)


@dataclass(eq=False)
class InteractionRecord:
    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    guild_id: int | None
    data: JSON
    created_at: float
    #: the component message (component interactions, modals opened from one)
    message_id: int | None = None
    callbacks: list[CallbackRecord] = field(default_factory=list)
    original_message_id: int | None = None
    #: False while a type-5 placeholder waits for its content
    original_filled: bool = False
    original_edits: int = 0
    followup_ids: list[int] = field(default_factory=list)
    modal: ModalRecord | None = None
    choices: list[JSON] | None = None
    #: rejected callbacks/webhook calls: (status, code, reason)
    rejections: list[tuple[int, int, str]] = field(default_factory=list)
    #: when INTERACTION_CREATE was sent to the bot (``time.monotonic()``): the press
    dispatched_at: float = 0.0

    @property
    def acknowledged(self) -> bool:
        return bool(self.callbacks)

    @property
    def callback_type(self) -> int | None:
        return self.callbacks[0].type if self.callbacks else None


@dataclass
class RequestRecord:
    method: str
    path: str
    #: the discord.py route key, e.g. "POST /channels/{channel_id}/messages" (None: unknown)
    route: str | None
    params: dict[str, str]
    query: dict[str, str]
    json: Any
    files: list[str]
    status: int = 0
    response: Any = None
    #: when it reached Discord (``time.monotonic()``, after the network model's delays)
    at: float = 0.0
    #: bytes of the body: the JSON and the files
    size: int = 0
    #: bytes of the uploaded files alone
    upload_bytes: int = 0
    #: ``"user"`` or ``"global"`` when the rate limits answered it with a 429
    limited: str | None = None

    def __repr__(self) -> str:
        return f"<{self.method} {self.path} -> {self.status}>"


@dataclass(frozen=True)
class Notification:
    """A push a person would get: a new DM to them, or a new message that pings them.

    Discord notifies on message creation only, so an edit that adds a mention never notifies;
    a message answering the person's own interaction is not a notification for them (they are
    looking at it). ``seq`` is comparable with :meth:`FakeDiscord.mark`.
    """

    user_id: int
    message_id: int
    channel_id: int
    kind: str  # "dm" or "mention"
    at: float
    seq: int


@dataclass(frozen=True)
class Activity:
    """One countable thing on the wire: a bot post/DM/ephemeral, an edit, or a user's click."""

    kind: str  # "post", "dm", "ephemeral", "edit" or "click"
    channel_id: int
    message_id: int | None
    user_id: int | None
    at: float
    seq: int


# --------------------------------------------------------------------------- the store


class FakeState:
    """All data of one fake Discord. Not thread-safe; lives on the test's event loop."""

    def __init__(
        self,
        *,
        clock: Clock | None = None,
        bot_name: str = "Parlor",
        token: str = "fake-bot-token",
        interaction_deadline: float = 3.0,
        token_lifetime: float = 15 * 60.0,
    ) -> None:
        self.clock: Clock = clock or SystemClock()
        self.snowflake = SnowflakeFactory()
        self.token = token
        self.interaction_deadline = interaction_deadline
        self.token_lifetime = token_lifetime
        self.application_id = self.snowflake()
        self.bot_user = FakeUser(id=self.application_id, name=bot_name, bot=True)
        self.owner = FakeUser(id=self.snowflake(), name="app-owner")
        self.users: dict[int, FakeUser] = {
            self.bot_user.id: self.bot_user,
            self.owner.id: self.owner,
        }
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.channel_messages: dict[int, list[int]] = {}
        self.channel_changes: dict[int, int] = {}
        """Channel → how many times a message was made, edited or deleted in it: a harness
        that waits on many channels looks again only at those that changed."""
        self.attachments: dict[int, FakeAttachment] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.modals: list[ModalRecord] = []
        self.global_commands: list[JSON] = []
        self.guild_commands: dict[int, list[JSON]] = {}
        self.command_syncs: list[tuple[int | None, list[JSON]]] = []
        self.requests: list[RequestRecord] = []
        self.unknown_routes: list[str] = []
        self.problems: list[str] = []
        self.notifications: list[Notification] = []
        self.activity: list[Activity] = []
        self.nonces: dict[tuple[int, str], tuple[int, float]] = {}
        """(author, nonce) → (message, when sent): ``enforce_nonce`` sends are made once."""
        self.base_url = "http://127.0.0.1:0"
        self._seq = 0
        self._changed: asyncio.Event | None = None

    # -- change notification ----------------------------------------------------------------
    def changed_event(self) -> asyncio.Event:
        if self._changed is None:
            self._changed = asyncio.Event()
        return self._changed

    def touch(self) -> None:
        """Wake everyone waiting for a state change."""
        if self._changed is not None:
            self._changed.set()
            self._changed = asyncio.Event()

    def next_seq(self) -> int:
        self._seq += 1
        return self._seq

    def problem(self, text: str) -> None:
        self.problems.append(text)
        self.touch()

    # -- world building ---------------------------------------------------------------------
    def add_user(
        self, name: str, *, dm_open: bool = True, global_name: str | None = None, bot: bool = False
    ) -> FakeUser:
        user = FakeUser(
            id=self.snowflake(), name=name, global_name=global_name, bot=bot, dm_open=dm_open
        )
        self.users[user.id] = user
        return user

    def add_guild(
        self,
        name: str,
        *,
        owner: FakeUser | None = None,
        bot_permissions: int = DEFAULT_BOT_PERMISSIONS,
        shard: tuple[int, int] | None = None,
    ) -> FakeGuild:
        owner = owner or self.owner
        guild = FakeGuild(
            id=self.snowflake.for_shard(*shard) if shard else self.snowflake(),
            name=name,
            owner_id=owner.id,
            bot_role_id=self.snowflake(),
            bot_permissions=bot_permissions,
        )
        self.guilds[guild.id] = guild
        self.add_member(guild, self.bot_user, roles=[guild.bot_role_id])
        if owner is not self.bot_user:
            self.add_member(guild, owner)
        return guild

    def member_permissions(self, guild: FakeGuild, user: FakeUser) -> int:
        if user.id == guild.owner_id:
            return ALL_PERMISSIONS
        if user.id == self.bot_user.id:
            return guild.bot_permissions | DEFAULT_MEMBER_PERMISSIONS
        return DEFAULT_MEMBER_PERMISSIONS

    def add_member(
        self,
        guild: FakeGuild,
        user: FakeUser,
        *,
        permissions: int | None = None,
        nick: str | None = None,
        roles: Iterable[int] = (),
    ) -> FakeMember:
        member = FakeMember(
            user=user,
            guild_id=guild.id,
            permissions=permissions
            if permissions is not None
            else self.member_permissions(guild, user),
            nick=nick,
            roles=list(roles),
        )
        guild.members[user.id] = member
        return member

    def add_channel(
        self,
        guild: FakeGuild,
        name: str,
        *,
        type: int = GUILD_TEXT,
        topic: str | None = None,
        parent: FakeChannel | None = None,
    ) -> FakeChannel:
        channel = FakeChannel(
            id=self.snowflake(),
            type=type,
            name=name,
            guild_id=guild.id,
            parent_id=parent.id if parent else None,
            position=len(guild.channel_ids),
            topic=topic,
        )
        self.channels[channel.id] = channel
        self.channel_messages[channel.id] = []
        guild.channel_ids.append(channel.id)
        return channel

    def add_thread(
        self,
        parent: FakeChannel,
        name: str,
        *,
        type: int = PUBLIC_THREAD,
        owner_id: int | None = None,
        thread_id: int | None = None,
        auto_archive_duration: int = 1440,
        invitable: bool = True,
    ) -> FakeChannel:
        assert parent.guild_id is not None
        owner = owner_id or self.bot_user.id
        thread = FakeChannel(
            id=thread_id or self.snowflake(),
            type=type,
            name=name,
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=owner,
            auto_archive_duration=auto_archive_duration,
            invitable=invitable,
            member_ids=[owner],
        )
        self.channels[thread.id] = thread
        self.channel_messages[thread.id] = []
        return thread

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        if user.dm_channel_id is not None:
            return self.channels[user.dm_channel_id]
        channel = FakeChannel(id=self.snowflake(), type=DM, name=None, recipient_id=user.id)
        self.channels[channel.id] = channel
        self.channel_messages[channel.id] = []
        user.dm_channel_id = channel.id
        return channel

    def store_attachment(
        self,
        filename: str,
        data: bytes,
        *,
        content_type: str | None = None,
        description: str | None = None,
        channel_id: int = 0,
    ) -> FakeAttachment:
        if content_type is None or content_type == "application/octet-stream":
            content_type = guess_content_type(filename, data) or content_type
        attachment = FakeAttachment(
            id=self.snowflake(),
            filename=filename,
            data=data,
            content_type=content_type,
            description=description,
            channel_id=channel_id,
        )
        self.attachments[attachment.id] = attachment
        return attachment

    def create_message(
        self,
        channel: FakeChannel,
        *,
        author: FakeUser,
        payload: JSON,
        attachments: list[FakeAttachment] | None = None,
        visible_to: int | None = None,
        interaction_id: int | None = None,
        message_type: int = DEFAULT_MESSAGE,
        extra_flags: int = 0,
    ) -> FakeMessage:
        # ephemeral/loading are not the sender's to set: they come from how the message is made
        flags = int(payload.get("flags") or 0) & ~(comp.FLAG_EPHEMERAL | comp.FLAG_LOADING)
        flags |= extra_flags
        if visible_to is not None:
            flags |= comp.FLAG_EPHEMERAL
        reference = payload.get("message_reference") or {}
        reference_id = int(reference["message_id"]) if reference.get("message_id") else None
        if reference_id is not None and message_type == DEFAULT_MESSAGE:
            message_type = REPLY_MESSAGE
        message = FakeMessage(
            id=self.snowflake(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author_id=author.id,
            content=str(payload.get("content") or ""),
            embeds=list(payload.get("embeds") or []),
            components=list(payload.get("components") or []),
            attachments=list(attachments or []),
            flags=flags,
            type=message_type,
            visible_to=visible_to,
            interaction_id=interaction_id,
            webhook_id=self.application_id if interaction_id is not None else None,
            reference_id=reference_id,
            allowed_mentions=payload.get("allowed_mentions"),
            seq=self.next_seq(),
        )
        for a in message.attachments:
            a.channel_id = channel.id
        self.messages[message.id] = message
        self.channel_messages.setdefault(channel.id, []).append(message.id)
        self.changed_in(channel.id)
        if author.id == self.bot_user.id:
            kind = "ephemeral" if message.ephemeral else "dm" if channel.is_dm else "post"
            self.record(kind, message, user_id=visible_to or channel.recipient_id)
        if not message.loading:
            self.notify(message)
        self.touch()
        return message

    def record(
        self, kind: str, message: FakeMessage | None, *, channel_id: int = 0, user_id: int | None
    ) -> None:
        self.activity.append(
            Activity(
                kind=kind,
                channel_id=message.channel_id if message is not None else channel_id,
                message_id=message.id if message is not None else None,
                user_id=user_id,
                at=self.clock.now(),
                seq=self.next_seq(),
            )
        )

    def notify(self, message: FakeMessage) -> None:
        """Pings and the DM push of a message that has just appeared (created or filled in)."""
        if message.ephemeral or message.flags & comp.FLAG_SUPPRESS_NOTIFICATIONS:
            return
        message.pings = self.effective_pings(message.mentions, message.allowed_mentions)
        interaction = self.interactions.get(message.interaction_id or 0)
        looking = interaction.user_id if interaction is not None else None
        channel = self.channels[message.channel_id]
        targets: dict[int, str] = {}
        if channel.is_dm and channel.recipient_id is not None:
            targets[channel.recipient_id] = "dm"
        for user_id in message.pings:
            targets.setdefault(user_id, "mention")
        for user_id, kind in targets.items():
            if user_id in (message.author_id, looking):
                continue
            self.notifications.append(
                Notification(
                    user_id=user_id,
                    message_id=message.id,
                    channel_id=message.channel_id,
                    kind=kind,
                    at=self.clock.now(),
                    seq=self.next_seq(),
                )
            )

    def effective_pings(self, mentioned: list[int], allowed: JSON | None) -> list[int]:
        if allowed is None:
            return list(mentioned)
        if "users" in (allowed.get("parse") or []):
            return list(mentioned)
        explicit = {int(u) for u in allowed.get("users") or []}
        return [u for u in mentioned if u in explicit]

    def edit_message(
        self,
        message: FakeMessage,
        payload: JSON,
        *,
        new_files: dict[int, FakeAttachment] | None = None,
        clear_loading: bool = False,
    ) -> FakeMessage:
        message.history.append(
            MessageVersion(
                content=message.content,
                embeds=list(message.embeds),
                components=list(message.components),
                attachments=list(message.attachments),
                flags=message.flags,
            )
        )
        if "content" in payload:
            message.content = str(payload["content"] or "")
        if "embeds" in payload:
            message.embeds = list(payload["embeds"] or [])
        if "components" in payload:
            message.components = list(payload["components"] or [])
        if "allowed_mentions" in payload:
            message.allowed_mentions = payload["allowed_mentions"]
        if "flags" in payload and payload["flags"] is not None:
            keep = message.flags & (comp.FLAG_EPHEMERAL | comp.FLAG_LOADING)
            message.flags = int(payload["flags"]) | keep
        new_files = new_files or {}
        if "attachments" in payload and payload["attachments"] is not None:
            kept: list[FakeAttachment] = []
            by_id = {a.id: a for a in message.attachments}
            for entry in payload["attachments"]:
                key = int(entry["id"])
                if key in new_files:
                    kept.append(new_files.pop(key))
                elif key in by_id:
                    kept.append(by_id[key])
            message.attachments = kept + list(new_files.values())
        else:
            message.attachments = message.attachments + list(new_files.values())
        for a in message.attachments:
            a.channel_id = message.channel_id
        message.times.append(time.monotonic())
        if clear_loading and message.loading:
            message.flags &= ~comp.FLAG_LOADING
            self.notify(message)
        else:
            message.edited_at = time.time()
            self.record("edit", message, user_id=message.visible_to)
        self.changed_in(message.channel_id)
        self.touch()
        return message

    def delete_message(self, message: FakeMessage) -> None:
        message.deleted = True
        self.changed_in(message.channel_id)
        self.touch()

    def changed_in(self, channel_id: int) -> None:
        self.channel_changes[channel_id] = self.channel_changes.get(channel_id, 0) + 1

    # -- lookups ------------------------------------------------------------------------------
    def channel_messages_of(self, channel_id: int) -> list[FakeMessage]:
        return [self.messages[m] for m in self.channel_messages.get(channel_id, [])]

    def guild_of(self, channel: FakeChannel) -> FakeGuild | None:
        return self.guilds.get(channel.guild_id) if channel.guild_id is not None else None

    def interaction_by_token(self, token: str) -> InteractionRecord | None:
        for record in reversed(self.interactions.values()):
            if record.token == token:
                return record
        return None

    def new_token(self) -> str:
        return "itoken-" + secrets.token_urlsafe(24)

    # -- payloads ------------------------------------------------------------------------------
    def user_payload(self, user_id: int) -> JSON:
        user = self.users.get(user_id)
        if user is None:
            return {"id": str(user_id), "username": "unknown", "discriminator": "0", "avatar": None}
        return user.payload()

    def bot_user_payload(self) -> JSON:
        data = self.bot_user.payload()
        data.update({"verified": True, "mfa_enabled": False, "locale": "en-US", "flags": 0})
        return data

    def application_payload(self) -> JSON:
        return {
            "id": str(self.application_id),
            "name": self.bot_user.name,
            "icon": None,
            "description": "fake application",
            "rpc_origins": [],
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.owner.payload(),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "bot": self.bot_user.payload(),
            "summary": "",
            "redirect_uris": [],
            "interactions_endpoint_url": None,
        }

    def role_payloads(self, guild: FakeGuild) -> list[JSON]:
        everyone = {
            "id": str(guild.id),
            "name": "@everyone",
            "permissions": str(DEFAULT_MEMBER_PERMISSIONS),
            "position": 0,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }
        bot_role = dict(everyone)
        bot_role.update(
            {
                "id": str(guild.bot_role_id),
                "name": self.bot_user.name,
                "permissions": str(guild.bot_permissions),
                "position": 1,
                "managed": True,
                "tags": {"bot_id": str(self.bot_user.id)},
            }
        )
        return [everyone, bot_role]

    def channel_payload(self, channel: FakeChannel) -> JSON:
        if channel.is_dm:
            assert channel.recipient_id is not None
            return {
                "id": str(channel.id),
                "type": DM,
                "recipients": [self.user_payload(channel.recipient_id)],
                "last_message_id": self._last_message_id(channel.id),
                "flags": 0,
            }
        data: JSON = {
            "id": str(channel.id),
            "type": channel.type,
            "guild_id": str(channel.guild_id),
            "name": channel.name,
            "position": channel.position,
            "parent_id": str(channel.parent_id) if channel.parent_id else None,
            "permission_overwrites": [],
            "nsfw": False,
            "rate_limit_per_user": 0,
            "last_message_id": self._last_message_id(channel.id),
            "flags": 0,
        }
        if channel.type in (GUILD_TEXT, GUILD_ANNOUNCEMENT):
            data["topic"] = channel.topic
        if channel.is_thread:
            data.update(
                {
                    "owner_id": str(channel.owner_id),
                    "message_count": len(self.channel_messages.get(channel.id, [])),
                    "member_count": len(channel.member_ids),
                    "total_message_sent": len(self.channel_messages.get(channel.id, [])),
                    "thread_metadata": {
                        "archived": channel.archived,
                        "auto_archive_duration": channel.auto_archive_duration,
                        "archive_timestamp": iso(channel.created_at),
                        "locked": channel.locked,
                        "invitable": channel.invitable,
                        "create_timestamp": iso(channel.created_at),
                    },
                }
            )
            if self.bot_user.id in channel.member_ids:
                data["member"] = {
                    "id": str(channel.id),
                    "user_id": str(self.bot_user.id),
                    "join_timestamp": iso(channel.created_at),
                    "flags": 0,
                }
        return data

    def _last_message_id(self, channel_id: int) -> str | None:
        ids = self.channel_messages.get(channel_id) or []
        return str(ids[-1]) if ids else None

    def guild_payload(self, guild: FakeGuild, *, unavailable: bool | None = False) -> JSON:
        channels = [self.channels[c] for c in guild.channel_ids if not self.channels[c].deleted]
        threads = [
            c
            for c in self.channels.values()
            if c.is_thread and c.guild_id == guild.id and not c.deleted and not c.archived
        ]
        data: JSON = {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": self.role_payloads(guild),
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "joined_at": iso(guild.joined_at),
            "large": False,
            "member_count": len(guild.members),
            "voice_states": [],
            "members": [m.payload() for m in guild.members.values()],
            "channels": [self.channel_payload(c) for c in channels],
            "threads": [self.channel_payload(t) for t in threads],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
        }
        if unavailable is not None:
            data["unavailable"] = unavailable
        return data

    def message_payload(self, message: FakeMessage, *, with_reference: bool = True) -> JSON:
        data: JSON = {
            "id": str(message.id),
            "channel_id": str(message.channel_id),
            "author": self.user_payload(message.author_id),
            "content": message.content,
            "timestamp": iso(message.created_at),
            "edited_timestamp": iso(message.edited_at) if message.edited_at else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [self.user_payload(u) for u in message.mentions if u in self.users],
            "mention_roles": [],
            "attachments": [a.payload(self.base_url) for a in message.attachments],
            "embeds": message.embeds,
            "pinned": False,
            "type": message.type,
            "flags": message.flags,
            "components": message.components,
        }
        if message.guild_id is not None:
            data["guild_id"] = str(message.guild_id)
        if message.webhook_id is not None:
            data["webhook_id"] = str(message.webhook_id)
            data["application_id"] = str(self.application_id)
        if message.interaction_id is not None:
            record = self.interactions.get(message.interaction_id)
            if record is not None:
                meta: JSON = {
                    "id": str(record.id),
                    "type": record.type,
                    "user": self.user_payload(record.user_id),
                    "authorizing_integration_owners": {},
                }
                if record.message_id is not None:
                    meta["interacted_message_id"] = str(record.message_id)
                data["interaction_metadata"] = meta
        if message.reference_id is not None:
            data["message_reference"] = {
                "type": 0,
                "message_id": str(message.reference_id),
                "channel_id": str(message.channel_id),
            }
            if message.guild_id is not None:
                data["message_reference"]["guild_id"] = str(message.guild_id)
            ref = self.messages.get(message.reference_id)
            if with_reference and ref is not None and not ref.deleted:
                data["referenced_message"] = self.message_payload(ref, with_reference=False)
        if message.thread_id is not None and message.thread_id in self.channels:
            data["thread"] = self.channel_payload(self.channels[message.thread_id])
        return data


def guess_content_type(filename: str, data: bytes) -> str | None:
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data[:3] == b"\xff\xd8\xff":
        return "image/jpeg"
    lower = filename.lower()
    for ext, kind in ((".json", "application/json"), (".txt", "text/plain; charset=utf-8")):
        if lower.endswith(ext):
            return kind
    return None
