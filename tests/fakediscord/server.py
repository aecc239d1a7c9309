"""The fake Discord itself: an aiohttp app with the REST routes a card-game bot uses and a gateway.

Facts this relies on (discord.py 2.7.1):

* JSON must come back with ``Content-Type: application/json`` exactly; discord.py compares the
  header verbatim and treats anything else (``; charset=utf-8``) as text.
* A 429 needs a ``Via`` header and a JSON body with ``retry_after``, else discord.py raises
  (it takes a 429 without ``Via`` for a Cloudflare ban).
* Any 5xx is retried up to five times with real sleeps of 1, 3, 5, 7 s, so the fake never answers
  an unknown route or its own bugs with a 5xx: unknown routes get a 404 and are recorded.
* Interaction callbacks and webhook calls carry no ``Authorization`` header (their token is in the
  path); every other route must carry ``Bot <token>``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import re
import secrets
import socket
import struct
import time
import zlib
from collections.abc import Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from aiohttp import BodyPartReader, WSMsgType, web

from . import components as comp
from .network import Network, sleep_until
from .ratelimits import RateLimits, bucket_hash
from .state import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    CHAT_INPUT_COMMAND_MESSAGE,
    DEFAULT_MESSAGE,
    GUILD_ANNOUNCEMENT,
    GUILD_TEXT,
    JSON,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    CallbackRecord,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeState,
    InteractionRecord,
    ModalRecord,
    RequestRecord,
)

_log = logging.getLogger("fakediscord")

API_PREFIX = "/api/v10"

# Gateway intents (discord.Intents)
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12

MANAGE_MESSAGES = 1 << 13
NONCE_WINDOW = 120.0
"""Seconds a nonce sent with ``enforce_nonce`` stays unique ("the past few minutes")."""


class ApiError(Exception):
    """An error answer in Discord's shape: ``{"code": ..., "message": ...}``."""

    def __init__(self, status: int, code: int, message: str, errors: Any = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> JSON:
        data: JSON = {"code": self.code, "message": self.message}
        if self.errors is not None:
            data["errors"] = self.errors
        return data


@dataclass
class Upload:
    filename: str
    data: bytes
    content_type: str | None


@dataclass
class ApiRequest:
    method: str
    path: str
    params: dict[str, str]
    query: Mapping[str, str]
    json: Any
    files: dict[str, Upload]
    headers: Mapping[str, str]


Handler = Callable[[ApiRequest], Awaitable[tuple[int, Any]]]


@dataclass
class Fault:
    """A canned answer a route gives ``times`` times instead of its normal one."""

    route: str
    status: int
    body: JSON
    times: int
    headers: dict[str, str] = field(default_factory=dict)
    match: dict[str, str] = field(default_factory=dict)
    hits: int = 0

    @property
    def remaining(self) -> int:
        return self.times - self.hits


class Router:
    """Path templates spelled as in discord.py, so route keys equal ``discord.http.Route.key``."""

    def __init__(self) -> None:
        self._routes: list[tuple[str, str, re.Pattern[str], int, Handler]] = []

    def add(self, method: str, template: str, handler: Handler) -> None:
        pattern = "^" + re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template)) + "$"
        literal = sum(1 for part in template.split("/") if part and not part.startswith("{"))
        self._routes.append((method, template, re.compile(pattern), literal, handler))

    def keys(self) -> list[str]:
        return [f"{m} {t}" for m, t, _, _, _ in self._routes]

    def resolve(self, method: str, path: str) -> tuple[str, Handler, dict[str, str]] | None:
        best: tuple[int, str, Handler, dict[str, str]] | None = None
        for m, template, pattern, literal, handler in self._routes:
            if m != method:
                continue
            match = pattern.match(path)
            if match and (best is None or literal > best[0]):
                best = (literal, template, handler, match.groupdict())
        if best is None:
            return None
        return best[1], best[2], best[3]


class GatewaySession:
    """One websocket connection (one shard of one bot)."""

    def __init__(self, ws: web.WebSocketResponse, delay: float = 0.0) -> None:
        self.ws = ws
        self.delay = delay
        """Seconds each frame takes to reach the bot (half a round trip)."""
        self.session_id = secrets.token_hex(16)
        self.identified = False
        self.shard_id = 0
        self.shard_count = 1
        self.intents = 0
        self.seq = 0
        self.closed = False
        self.received: list[JSON] = []
        self._queue: asyncio.Queue[tuple[float, str]] = asyncio.Queue()
        self._queued = 0
        self._written = 0
        self._progress = asyncio.Event()
        """Set each time a frame is written (``drain`` waits on it)."""
        self._writer = asyncio.create_task(self._write(), name="fakediscord-gateway-writer")

    async def _write(self) -> None:
        while True:
            due, frame = await self._queue.get()
            try:
                await sleep_until(due)
                if not self.ws.closed:
                    await self.ws.send_str(frame)
            except (ConnectionError, RuntimeError) as exc:  # pragma: no cover - peer went away
                _log.debug("gateway send failed: %s", exc)
            finally:
                self._queue.task_done()
                self._written += 1
                self._progress.set()

    def send(self, op: int, d: Any, t: str | None = None) -> None:
        seq: int | None = None
        if op == 0:
            self.seq += 1
            seq = self.seq
        frame = json.dumps({"op": op, "d": d, "s": seq, "t": t})
        self._queued += 1
        self._queue.put_nowait((time.monotonic() + self.delay, frame))

    def handles(self, guild_id: int | None) -> bool:
        if not self.identified or self.closed or self.ws.closed:
            return False
        if guild_id is None:
            return self.shard_id == 0
        return (guild_id >> 22) % self.shard_count == self.shard_id

    async def drain(self) -> None:
        """Wait until the frames queued so far are written. Not until the queue is empty:
        under a steady stream of events (many matches at once) it hardly ever is, and each
        press would wait for other people's frames."""
        target = self._queued
        while self._written < target and not self._writer.done():
            self._progress.clear()
            await self._progress.wait()

    async def close(self) -> None:
        self.closed = True
        self._writer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._writer
        if not self.ws.closed:
            await self.ws.close(code=1000)


def tiny_png() -> bytes:
    """A valid 1x1 transparent PNG (served for every CDN asset)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", 1, 1, 8, 6, 0, 0, 0)
    pixels = zlib.compress(b"\x00\x00\x00\x00\x00")
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


def _truthy(value: str | None) -> bool:
    return value is not None and value.lower() in ("1", "true", "yes")


class FakeDiscordServer:
    """REST + gateway on 127.0.0.1 (random free port). Owned by :class:`FakeDiscord`."""

    def __init__(
        self,
        state: FakeState,
        *,
        shard_count: int = 1,
        validate: bool = True,
        heartbeat_interval_ms: int = 41_250,
        network: Network | None = None,
        rate_limits: RateLimits | None = None,
    ) -> None:
        self.state = state
        self.network = network or Network()
        self.rate_limits = rate_limits
        self.in_flight = 0
        """API requests received and not yet answered (the network model holds answers)."""
        self.shard_count = shard_count
        self.validate = validate
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.sessions: list[GatewaySession] = []
        self.faults: list[Fault] = []
        self.router = Router()
        self._register_routes()
        self.app = web.Application(client_max_size=64 * 1024 * 1024, middlewares=[self._guard])
        self.app.router.add_route("GET", "/gateway", self._gateway)
        self.app.router.add_route(
            "GET", "/attachments/{channel_id}/{attachment_id}/{filename}", self._file
        )
        self.app.router.add_route("GET", "/cdn/{tail:.*}", self._cdn)
        self.app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._api)
        self.app.router.add_route("*", "/{tail:.*}", self._unknown_outside_api)
        self._runner: web.AppRunner | None = None
        self.port = 0

    # -- lifecycle ------------------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        self.state.base_url = self.base_url
        self._runner = web.AppRunner(
            self.app, handle_signals=False, access_log=None, shutdown_timeout=0.5
        )
        await self._runner.setup()
        site = web.SockSite(self._runner, sock)
        await site.start()

    async def stop(self) -> None:
        for session in list(self.sessions):
            await session.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # -- gateway --------------------------------------------------------------------------------
    def dispatch(
        self, event: str, data: JSON, *, guild_id: int | None = None, intent: int = 0
    ) -> int:
        """Queue a DISPATCH frame to every identified session that should see it."""
        sent = 0
        for session in self.sessions:
            if not session.handles(guild_id):
                continue
            if intent and not session.intents & intent:
                continue
            session.send(0, data, event)
            sent += 1
        return sent

    async def drain(self) -> None:
        for session in list(self.sessions):
            await session.drain()

    def connected(self, guild_id: int | None = None) -> bool:
        return any(s.handles(guild_id) for s in self.sessions)

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session = GatewaySession(ws, self.network.one_way)
        self.sessions.append(session)
        session.send(
            10, {"heartbeat_interval": self.heartbeat_interval_ms, "_trace": ["fakediscord"]}
        )
        try:
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    await self._gateway_op(session, json.loads(msg.data))
                elif msg.type == WSMsgType.BINARY:
                    self.state.problem("gateway: the client sent a binary frame")
                else:
                    break
        finally:
            session.closed = True
            session._writer.cancel()
            if session in self.sessions:
                self.sessions.remove(session)
            self.state.touch()
        return ws

    async def _gateway_op(self, session: GatewaySession, payload: JSON) -> None:
        session.received.append(payload)
        op = payload.get("op")
        d = payload.get("d")
        if op == 1:
            session.send(11, None)
        elif op == 2:
            await self._identify(session, d or {})
        elif op == 6:
            session.identified = True
            session.send(0, {}, "RESUMED")
        elif op == 8:
            self._request_members(session, d or {})
        elif op in (3, 4):
            pass  # presence / voice state updates: accepted, ignored
        else:
            self.state.problem(f"gateway: unknown op {op}: {payload!r}")

    async def _identify(self, session: GatewaySession, d: JSON) -> None:
        if d.get("token") != self.state.token:
            await session.ws.close(code=4004, message=b"Authentication failed.")
            return
        shard = d.get("shard") or [0, 1]
        session.shard_id, session.shard_count = int(shard[0]), int(shard[1])
        session.intents = int(d.get("intents") or 0)
        session.identified = True
        guilds = [g for g in self.state.guilds.values() if session.handles(g.id)]
        session.send(
            0,
            {
                "v": 10,
                "user": self.state.bot_user_payload(),
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "session_id": session.session_id,
                "resume_gateway_url": self.gateway_url,
                "shard": [session.shard_id, session.shard_count],
                "application": {"id": str(self.state.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "_trace": ["fakediscord"],
            },
            "READY",
        )
        for guild in guilds:
            session.send(0, self.state.guild_payload(guild, unavailable=False), "GUILD_CREATE")
        self.state.touch()

    def _request_members(self, session: GatewaySession, d: JSON) -> None:
        guild = self.state.guilds.get(int(d.get("guild_id", 0)))
        members = list(guild.members.values()) if guild else []
        query = str(d.get("query") or "")
        if query:
            members = [m for m in members if m.user.name.lower().startswith(query.lower())]
        if d.get("user_ids"):
            wanted = {int(u) for u in d["user_ids"]}
            members = [m for m in members if m.user.id in wanted]
        limit = int(d.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk: JSON = {
            "guild_id": str(d.get("guild_id")),
            "members": [m.payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if d.get("nonce") is not None:
            chunk["nonce"] = d["nonce"]
        session.send(0, chunk, "GUILD_MEMBERS_CHUNK")

    def dispatch_message(self, event: str, message: FakeMessage) -> None:
        if message.ephemeral:
            return  # ephemeral messages never reach the gateway
        intent = INTENT_GUILD_MESSAGES if message.guild_id is not None else INTENT_DIRECT_MESSAGES
        if event == "MESSAGE_DELETE":
            data: JSON = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id is not None:
                data["guild_id"] = str(message.guild_id)
        else:
            data = self.state.message_payload(message)
            if message.guild_id is not None:
                guild = self.state.guilds.get(message.guild_id)
                member = guild.members.get(message.author_id) if guild else None
                if member is not None:
                    data["member"] = member.payload(with_user=False)
        self.dispatch(event, data, guild_id=message.guild_id, intent=intent)

    def dispatch_channel(self, event: str, channel: FakeChannel, **extra: Any) -> None:
        data = self.state.channel_payload(channel)
        data.update(extra)
        self.dispatch(event, data, guild_id=channel.guild_id, intent=INTENT_GUILDS)

    @web.middleware
    async def _guard(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """A crash anywhere in the fake becomes a recorded problem and a 400 (never a 5xx)."""
        try:
            response: web.StreamResponse = await handler(request)
            return response
        except web.HTTPException:
            raise
        except Exception as exc:
            _log.exception("fakediscord crashed on %s %s", request.method, request.path)
            self.state.problem(f"fakediscord crashed on {request.method} {request.path}: {exc!r}")
            return web.Response(status=400, text=f"fakediscord internal error: {exc!r}")

    # -- plain HTTP outside the API -------------------------------------------------------------
    async def _file(self, request: web.Request) -> web.StreamResponse:
        attachment = self.state.attachments.get(int(request.match_info["attachment_id"]))
        if attachment is None:
            return web.Response(status=404, text="no such attachment")
        content_type = attachment.content_type or "application/octet-stream"
        return web.Response(body=attachment.data, headers={"Content-Type": content_type})

    async def _cdn(self, request: web.Request) -> web.StreamResponse:
        return web.Response(body=tiny_png(), content_type="image/png")

    async def _unknown_outside_api(self, request: web.Request) -> web.StreamResponse:
        text = f"{request.method} {request.path}"
        self.state.unknown_routes.append(text)
        self.state.problem(f"unknown route {text}")
        return web.Response(status=404, text=f"fakediscord: unknown URL {text}")

    # -- the API --------------------------------------------------------------------------------
    def _respond(
        self,
        status: int,
        body: Any,
        route_key: str | None,
        extra: Mapping[str, str] | None = None,
        *,
        route_headers: bool = True,
    ) -> web.Response:
        """Discord's answer; without rate limits (or ``extra`` ones) a wide bucket's headers
        (``route_headers=False``: none, as on a global 429)."""
        headers = {"Via": "1.1 google"}
        if route_headers:
            headers.update({
                "X-RateLimit-Limit": "50",
                "X-RateLimit-Remaining": "49",
                "X-RateLimit-Reset": f"{time.time() + 1:.3f}",
                "X-RateLimit-Reset-After": "1.000",
                "X-RateLimit-Bucket": bucket_hash(route_key),
            })
        headers.update(extra or {})
        if body is None:
            return web.Response(status=status, headers=headers)
        headers["Content-Type"] = "application/json"
        return web.Response(status=status, body=json.dumps(body).encode(), headers=headers)

    async def _read_body(self, request: web.Request) -> tuple[Any, dict[str, Upload]]:
        files: dict[str, Upload] = {}
        if not request.can_read_body:
            return None, files
        ctype = request.content_type
        if ctype.startswith("multipart/"):
            payload: Any = None
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                if not isinstance(part, BodyPartReader):
                    continue  # nested multipart: not used by discord.py
                name = part.name or ""
                data = bytes(await part.read(decode=True))
                if name == "payload_json":
                    payload = json.loads(data.decode())
                else:
                    files[name] = Upload(
                        filename=part.filename or name,
                        data=data,
                        content_type=part.headers.get("Content-Type"),
                    )
            return payload, files
        raw = await request.read()
        if not raw:
            return None, files
        if ctype == "application/json":
            return json.loads(raw.decode()), files
        return raw.decode(errors="replace"), files

    async def _api(self, request: web.Request) -> web.StreamResponse:
        self.in_flight += 1
        try:
            response = await self._api_answer(request)
            await self.network.answer()
            return response
        finally:
            self.in_flight -= 1
            self.state.touch()

    async def _api_answer(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        method = request.method
        body, files = await self._read_body(request)
        uploaded = sum(len(u.data) for u in files.values())
        size = uploaded + (len(json.dumps(body)) if body is not None else 0)
        await self.network.request(size)
        resolved = self.router.resolve(method, path)
        record = RequestRecord(
            method=method,
            path=path,
            route=None,
            params={},
            query=dict(request.query),
            json=body,
            files=[u.filename for u in files.values()],
            at=time.monotonic(),
            size=size,
            upload_bytes=uploaded,
        )
        self.state.requests.append(record)
        if resolved is None:
            text = f"{method} {path}"
            self.state.unknown_routes.append(text)
            self.state.problem(f"unknown route {text}")
            _log.warning("fakediscord: unknown route %s", text)
            record.status = 404
            return self._respond(
                404, {"code": 0, "message": f"fakediscord: unknown route {text}"}, None
            )
        template, handler, params = resolved
        key = f"{method} {template}"
        record.route, record.params = key, params

        fault = self._take_fault(key, params)
        if fault is not None:
            record.status, record.response = fault.status, fault.body
            self.state.touch()
            return self._respond(fault.status, fault.body, key, fault.headers)

        limits: dict[str, str] = {}
        if self.rate_limits is not None:
            verdict = self.rate_limits.take(key, params, path)
            limits = verdict.headers
            if verdict.scope is not None:
                record.status, record.response = 429, verdict.body()
                record.limited = verdict.scope
                self.state.problem(
                    f"429 ({verdict.scope} rate limit) on {method} {path}: "
                    f"retry after {verdict.retry_after:.3f} s"
                )
                return self._respond(429, verdict.body(), key, limits, route_headers=False)

        public = path.startswith(("/interactions/", "/webhooks/"))
        if not public and request.headers.get("Authorization") != f"Bot {self.state.token}":
            status, out = 401, {"code": 0, "message": "401: Unauthorized"}
        else:
            api_request = ApiRequest(
                method, path, params, request.query, body, files, request.headers
            )
            try:
                status, out = await handler(api_request)
            except ApiError as exc:
                status, out = exc.status, exc.body()
            except Exception as exc:
                _log.exception("fakediscord crashed on %s", key)
                self.state.problem(f"fakediscord crashed on {key}: {exc!r}")
                # never a 5xx: discord.py would retry it with multi-second sleeps
                status, out = 400, {"code": 0, "message": f"fakediscord internal error: {exc!r}"}
        record.status, record.response = status, out
        self.state.touch()
        return self._respond(status, out, key, limits)

    def add_fault(self, fault: Fault) -> Fault:
        if fault.route not in set(self.router.keys()):
            known = "\n  ".join(sorted(self.router.keys()))
            raise ValueError(f"no route {fault.route!r}; known routes:\n  {known}")
        self.faults.append(fault)
        return fault

    def _take_fault(self, key: str, params: dict[str, str]) -> Fault | None:
        for fault in self.faults:
            if fault.route != key or fault.remaining <= 0:
                continue
            if any(params.get(k) != v for k, v in fault.match.items()):
                continue
            fault.hits += 1
            return fault
        return None

    # -- helpers --------------------------------------------------------------------------------
    def _reject(
        self, message: str, status: int, code: int, text: str, errors: Any = None
    ) -> ApiError:
        self.state.problem(message)
        return ApiError(status, code, text, errors)

    def _invalid_form(self, where: str, problems: comp.Problems) -> ApiError:
        if "Cannot send an empty message" in " ".join(problems.items):
            return self._reject(
                f"{where}: empty message", 400, 50006, "Cannot send an empty message"
            )
        return self._reject(
            f"{where}: invalid form body: {problems.items}",
            400,
            50035,
            "Invalid Form Body",
            problems.errors,
        )

    def _check_message(
        self,
        where: str,
        payload: JSON,
        files: dict[str, Upload],
        *,
        edited: FakeMessage | None = None,
    ) -> None:
        """Validate a create (``edited`` None) or an edit of ``edited``, with the filenames the
        message will carry afterwards (for ``attachment://`` media)."""
        if not self.validate:
            return
        names = [
            str(entry.get("filename") or upload.filename)
            for _, upload, entry in self._upload_entries(payload, files)
        ]
        if edited is not None:
            kept_ids = (
                {int(e["id"]) for e in payload["attachments"] if "id" in e}
                if payload.get("attachments") is not None
                else None
            )
            names += [
                a.filename for a in edited.attachments if kept_ids is None or a.id in kept_ids
            ]
        problems = comp.validate_message(
            payload,
            n_files=len(files),
            creating=edited is None,
            previous_flags=edited.flags if edited is not None else 0,
            previous_content=bool(edited is not None and edited.content),
            attachment_names=names,
        )
        if problems:
            raise self._invalid_form(where, problems)

    def _channel(self, channel_id: str) -> FakeChannel:
        channel = self.state.channels.get(int(channel_id))
        if channel is None or channel.deleted:
            raise ApiError(404, 10003, "Unknown Channel")
        return channel

    def _guild(self, guild_id: str) -> FakeGuild:
        guild = self.state.guilds.get(int(guild_id))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    def _message(self, channel: FakeChannel, message_id: str) -> FakeMessage:
        message = self.state.messages.get(int(message_id))
        if (
            message is None
            or message.deleted
            or message.channel_id != channel.id
            or message.ephemeral
        ):
            raise ApiError(404, 10008, "Unknown Message")
        return message

    @staticmethod
    def _upload_entries(
        payload: JSON | None, files: dict[str, Upload]
    ) -> Iterator[tuple[int, Upload, JSON]]:
        """Each upload with its index and the ``attachments[]`` entry (``id`` = index) naming it."""
        entries = {int(e["id"]): e for e in (payload or {}).get("attachments") or [] if "id" in e}
        for position, (name, upload) in enumerate(files.items()):
            match = re.fullmatch(r"files\[(\d+)\]", name)
            index = int(match.group(1)) if match else position
            yield index, upload, entries.get(index, {})

    def _new_attachments(
        self, payload: JSON | None, files: dict[str, Upload]
    ) -> dict[int, FakeAttachment]:
        """Uploaded files keyed by the ``attachments[].id`` that names them (their index)."""
        return {
            index: self.state.store_attachment(
                entry.get("filename") or upload.filename,
                upload.data,
                content_type=upload.content_type,
                description=entry.get("description"),
            )
            for index, upload, entry in self._upload_entries(payload, files)
        }

    def _ordered_new(self, payload: JSON | None, files: dict[str, Upload]) -> list[FakeAttachment]:
        new = self._new_attachments(payload, files)
        return [new[k] for k in sorted(new)]

    # -- routes ---------------------------------------------------------------------------------
    def _register_routes(self) -> None:
        add = self.router.add
        add("GET", "/gateway", self.get_gateway)
        add("GET", "/gateway/bot", self.get_gateway_bot)
        add("GET", "/users/@me", self.get_me)
        add("GET", "/users/{user_id}", self.get_user)
        add("POST", "/users/@me/channels", self.create_dm)
        add("GET", "/oauth2/applications/@me", self.get_application)
        add("GET", "/applications/@me", self.get_application)
        for prefix in (
            "/applications/{application_id}",
            "/applications/{application_id}/guilds/{guild_id}",
        ):
            add("GET", prefix + "/commands", self.get_commands)
            add("PUT", prefix + "/commands", self.put_commands)
            add("POST", prefix + "/commands", self.post_command)
            add("GET", prefix + "/commands/{command_id}", self.get_command)
            add("DELETE", prefix + "/commands/{command_id}", self.delete_command)
        add("GET", "/channels/{channel_id}", self.get_channel)
        add("PATCH", "/channels/{channel_id}", self.patch_channel)
        add("DELETE", "/channels/{channel_id}", self.delete_channel)
        add("GET", "/channels/{channel_id}/messages", self.get_messages)
        add("POST", "/channels/{channel_id}/messages", self.post_message)
        add("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message)
        add("PATCH", "/channels/{channel_id}/messages/{message_id}", self.patch_message)
        add("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message)
        add("POST", "/channels/{channel_id}/typing", self.typing)
        add("POST", "/channels/{channel_id}/threads", self.create_thread)
        add(
            "POST",
            "/channels/{channel_id}/messages/{message_id}/threads",
            self.create_thread_from_message,
        )
        add("PUT", "/channels/{channel_id}/thread-members/@me", self.join_thread)
        add("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.add_thread_member)
        add("DELETE", "/channels/{channel_id}/thread-members/@me", self.leave_thread)
        add("DELETE", "/channels/{channel_id}/thread-members/{user_id}", self.remove_thread_member)
        add("GET", "/guilds/{guild_id}", self.get_guild)
        add("GET", "/guilds/{guild_id}/channels", self.get_guild_channels)
        add("GET", "/guilds/{guild_id}/members", self.get_members)
        add("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member)
        add(
            "POST", "/interactions/{webhook_id}/{webhook_token}/callback", self.interaction_callback
        )
        add("POST", "/webhooks/{webhook_id}/{webhook_token}", self.followup_create)
        for target in ("@original", "{message_id}"):
            template = "/webhooks/{webhook_id}/{webhook_token}/messages/" + target
            add("GET", template, self.webhook_message_get)
            add("PATCH", template, self.webhook_message_edit)
            add("DELETE", template, self.webhook_message_delete)

    # gateway + identity
    async def get_gateway(self, req: ApiRequest) -> tuple[int, Any]:
        return 200, {"url": self.gateway_url}

    async def get_gateway_bot(self, req: ApiRequest) -> tuple[int, Any]:
        return 200, {
            "url": self.gateway_url,
            "shards": self.shard_count,
            "session_start_limit": {
                "total": 1000,
                "remaining": 999,
                "reset_after": 0,
                "max_concurrency": 1,
            },
        }

    async def get_me(self, req: ApiRequest) -> tuple[int, Any]:
        return 200, self.state.bot_user_payload()

    async def get_user(self, req: ApiRequest) -> tuple[int, Any]:
        user = self.state.users.get(int(req.params["user_id"]))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return 200, user.payload()

    async def create_dm(self, req: ApiRequest) -> tuple[int, Any]:
        recipient = int((req.json or {}).get("recipient_id", 0))
        user = self.state.users.get(recipient)
        if user is None or user.bot:
            raise ApiError(400, 50007 if user else 10013, "Cannot send messages to this user")
        channel = self.state.dm_channel(user)
        return 200, self.state.channel_payload(channel)

    async def get_application(self, req: ApiRequest) -> tuple[int, Any]:
        return 200, self.state.application_payload()

    # application commands
    def _check_app(self, req: ApiRequest) -> int | None:
        if int(req.params["application_id"]) != self.state.application_id:
            raise ApiError(403, 50001, "Missing Access")
        if "guild_id" in req.params:
            return self._guild(req.params["guild_id"]).id
        return None

    def _command_list(self, guild_id: int | None) -> list[JSON]:
        if guild_id is None:
            return self.state.global_commands
        return self.state.guild_commands.setdefault(guild_id, [])

    def _command_record(self, payload: JSON, guild_id: int | None, existing: list[JSON]) -> JSON:
        kind = int(payload.get("type", 1))
        old = next(
            (c for c in existing if c["name"] == payload["name"] and c["type"] == kind), None
        )
        record: JSON = {
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            **payload,
            "id": old["id"] if old else str(self.state.snowflake()),
            "application_id": str(self.state.application_id),
            "type": kind,
            "version": str(self.state.snowflake()),
        }
        if guild_id is not None:
            record["guild_id"] = str(guild_id)
        return record

    async def get_commands(self, req: ApiRequest) -> tuple[int, Any]:
        return 200, self._command_list(self._check_app(req))

    async def put_commands(self, req: ApiRequest) -> tuple[int, Any]:
        guild_id = self._check_app(req)
        payloads = list(req.json or [])
        names = [(int(p.get("type", 1)), p.get("name")) for p in payloads]
        if len(names) != len(set(names)):
            raise self._reject(
                "command sync: duplicate command names", 400, 50035, "Invalid Form Body"
            )
        for i, payload in enumerate(payloads):
            problems = comp.validate_command(payload, str(i))
            if problems.items:
                raise self._invalid_form("command sync", problems)
        existing = self._command_list(guild_id)
        records = [self._command_record(p, guild_id, existing) for p in payloads]
        existing[:] = records
        self.state.command_syncs.append((guild_id, payloads))
        return 200, records

    async def post_command(self, req: ApiRequest) -> tuple[int, Any]:
        guild_id = self._check_app(req)
        problems = comp.validate_command(dict(req.json or {}))
        if problems.items:
            raise self._invalid_form("command create", problems)
        existing = self._command_list(guild_id)
        record = self._command_record(dict(req.json or {}), guild_id, existing)
        existing[:] = [c for c in existing if c["id"] != record["id"]] + [record]
        return 200, record

    async def get_command(self, req: ApiRequest) -> tuple[int, Any]:
        for command in self._command_list(self._check_app(req)):
            if command["id"] == req.params["command_id"]:
                return 200, command
        raise ApiError(404, 10063, "Unknown application command")

    async def delete_command(self, req: ApiRequest) -> tuple[int, Any]:
        existing = self._command_list(self._check_app(req))
        kept = [c for c in existing if c["id"] != req.params["command_id"]]
        if len(kept) == len(existing):
            raise ApiError(404, 10063, "Unknown application command")
        existing[:] = kept
        return 204, None

    # channels and messages
    async def get_channel(self, req: ApiRequest) -> tuple[int, Any]:
        return 200, self.state.channel_payload(self._channel(req.params["channel_id"]))

    async def patch_channel(self, req: ApiRequest) -> tuple[int, Any]:
        channel = self._channel(req.params["channel_id"])
        body = dict(req.json or {})
        if channel.is_dm:
            raise ApiError(403, 50003, "Cannot execute action on a DM channel")
        for key in (
            "name",
            "topic",
            "archived",
            "locked",
            "invitable",
            "auto_archive_duration",
            "position",
        ):
            if key in body and body[key] is not None:
                setattr(channel, key, body[key])
        self.state.touch()
        self.dispatch_channel("THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE", channel)
        return 200, self.state.channel_payload(channel)

    async def delete_channel(self, req: ApiRequest) -> tuple[int, Any]:
        channel = self._channel(req.params["channel_id"])
        payload = self.state.channel_payload(channel)
        channel.deleted = True
        self.state.touch()
        if channel.is_thread:
            data = {
                "id": str(channel.id),
                "guild_id": str(channel.guild_id),
                "parent_id": str(channel.parent_id),
                "type": channel.type,
            }
            self.dispatch("THREAD_DELETE", data, guild_id=channel.guild_id, intent=INTENT_GUILDS)
        elif not channel.is_dm:
            self.dispatch(
                "CHANNEL_DELETE", payload, guild_id=channel.guild_id, intent=INTENT_GUILDS
            )
        return 200, payload

    async def get_messages(self, req: ApiRequest) -> tuple[int, Any]:
        channel = self._channel(req.params["channel_id"])
        messages = [
            m
            for m in self.state.channel_messages_of(channel.id)
            if not m.deleted and not m.ephemeral
        ]
        if "before" in req.query:
            messages = [m for m in messages if m.id < int(req.query["before"])]
        if "after" in req.query:
            messages = [m for m in messages if m.id > int(req.query["after"])]
        limit = int(req.query.get("limit", 50))
        messages = messages[:limit] if "after" in req.query else messages[-limit:]
        return 200, [self.state.message_payload(m) for m in reversed(messages)]

    def _check_can_post(self, channel: FakeChannel) -> None:
        if channel.is_dm:
            assert channel.recipient_id is not None
            user = self.state.users[channel.recipient_id]
            if not user.dm_open:
                raise ApiError(403, 50007, "Cannot send messages to this user")
        if channel.is_thread and channel.archived:
            if channel.locked:
                raise self._reject(
                    f"message to locked thread {channel.id}",
                    400,
                    50083,
                    "Thread is archived",
                )
            channel.archived = False  # sending unarchives an unlocked thread
            self.dispatch_channel("THREAD_UPDATE", channel)

    async def post_message(self, req: ApiRequest) -> tuple[int, Any]:
        channel = self._channel(req.params["channel_id"])
        payload = dict(req.json or {})
        self._check_can_post(channel)
        self._check_message(f"POST /channels/{channel.id}/messages", payload, req.files)
        nonce = str(payload["nonce"]) if payload.get("enforce_nonce") else None
        if nonce is not None:
            # Discord: a send repeating a recent nonce of the same author gets the first
            # message back and creates nothing.
            key, now = (self.state.bot_user.id, nonce), self.state.clock.now()
            first = self.state.nonces.get(key)
            if first is not None and now - first[1] <= NONCE_WINDOW:
                return 200, self.state.message_payload(self.state.messages[first[0]])
        reference = payload.get("message_reference") or {}
        if reference.get("message_id"):
            ref = self.state.messages.get(int(reference["message_id"]))
            if (ref is None or ref.deleted) and reference.get("fail_if_not_exists", True):
                raise ApiError(
                    400, 50035, "Invalid Form Body", {"message_reference": "Unknown message"}
                )
        message = self.state.create_message(
            channel,
            author=self.state.bot_user,
            payload=payload,
            attachments=self._ordered_new(payload, req.files),
        )
        if nonce is not None:
            self.state.nonces[key] = (message.id, now)
        self.dispatch_message("MESSAGE_CREATE", message)
        return 200, self.state.message_payload(message)

    async def get_message(self, req: ApiRequest) -> tuple[int, Any]:
        channel = self._channel(req.params["channel_id"])
        return 200, self.state.message_payload(self._message(channel, req.params["message_id"]))

    async def patch_message(self, req: ApiRequest) -> tuple[int, Any]:
        channel = self._channel(req.params["channel_id"])
        message = self._message(channel, req.params["message_id"])
        if message.author_id != self.state.bot_user.id:
            raise self._reject(
                f"edit of message {message.id} authored by someone else",
                403,
                50005,
                "Cannot edit a message authored by another user",
            )
        payload = dict(req.json or {})
        self._check_message(f"PATCH message {message.id}", payload, req.files, edited=message)
        self.state.edit_message(
            message, payload, new_files=self._new_attachments(payload, req.files)
        )
        self.dispatch_message("MESSAGE_UPDATE", message)
        return 200, self.state.message_payload(message)

    async def delete_message(self, req: ApiRequest) -> tuple[int, Any]:
        channel = self._channel(req.params["channel_id"])
        message = self._message(channel, req.params["message_id"])
        if message.author_id != self.state.bot_user.id:
            guild = self.state.guild_of(channel)
            if guild is None or not guild.bot_permissions & MANAGE_MESSAGES:
                raise ApiError(403, 50013, "Missing Permissions")
        self.state.delete_message(message)
        self.dispatch_message("MESSAGE_DELETE", message)
        return 204, None

    async def typing(self, req: ApiRequest) -> tuple[int, Any]:
        self._channel(req.params["channel_id"])
        return 204, None

    # threads
    async def create_thread(self, req: ApiRequest) -> tuple[int, Any]:
        parent = self._channel(req.params["channel_id"])
        body = dict(req.json or {})
        if parent.type not in (GUILD_TEXT, GUILD_ANNOUNCEMENT):
            raise self._reject(
                f"thread in channel {parent.id} of type {parent.type}",
                400,
                50024,
                "Cannot execute action on this channel type",
            )
        kind = int(body.get("type") or PRIVATE_THREAD)
        if kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
            raise ApiError(400, 50035, "Invalid Form Body", {"type": f"invalid thread type {kind}"})
        name = str(body.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise self._reject(
                f"thread name {name!r}", 400, 50035, "Invalid Form Body", {"name": "1-100 chars"}
            )
        thread = self.state.add_thread(
            parent,
            name,
            type=kind,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
            invitable=bool(body.get("invitable", True)),
        )
        self.state.touch()
        self.dispatch_channel("THREAD_CREATE", thread, newly_created=True)
        return 201, self.state.channel_payload(thread)

    async def create_thread_from_message(self, req: ApiRequest) -> tuple[int, Any]:
        parent = self._channel(req.params["channel_id"])
        message = self._message(parent, req.params["message_id"])
        if message.thread_id is not None:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        body = dict(req.json or {})
        name = str(body.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise self._reject(
                f"thread name {name!r}", 400, 50035, "Invalid Form Body", {"name": "1-100 chars"}
            )
        thread = self.state.add_thread(
            parent,
            name,
            type=PUBLIC_THREAD,
            thread_id=message.id,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
        )
        thread.starter_message_id = message.id
        message.thread_id = thread.id
        self.state.touch()
        self.dispatch_channel("THREAD_CREATE", thread, newly_created=True)
        return 201, self.state.channel_payload(thread)

    def _thread(self, channel_id: str) -> FakeChannel:
        thread = self._channel(channel_id)
        if not thread.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        return thread

    def _set_thread_member(self, thread: FakeChannel, user_id: int, present: bool) -> None:
        guild = self.state.guild_of(thread)
        if guild is None or user_id not in guild.members:
            raise ApiError(404, 10007, "Unknown Member")
        if present and user_id not in thread.member_ids:
            thread.member_ids.append(user_id)
        if not present and user_id in thread.member_ids:
            thread.member_ids.remove(user_id)
        self.state.touch()

    async def join_thread(self, req: ApiRequest) -> tuple[int, Any]:
        self._set_thread_member(
            self._thread(req.params["channel_id"]), self.state.bot_user.id, True
        )
        return 204, None

    async def add_thread_member(self, req: ApiRequest) -> tuple[int, Any]:
        self._set_thread_member(
            self._thread(req.params["channel_id"]), int(req.params["user_id"]), True
        )
        return 204, None

    async def leave_thread(self, req: ApiRequest) -> tuple[int, Any]:
        self._set_thread_member(
            self._thread(req.params["channel_id"]), self.state.bot_user.id, False
        )
        return 204, None

    async def remove_thread_member(self, req: ApiRequest) -> tuple[int, Any]:
        self._set_thread_member(
            self._thread(req.params["channel_id"]), int(req.params["user_id"]), False
        )
        return 204, None

    # guilds
    async def get_guild(self, req: ApiRequest) -> tuple[int, Any]:
        data = self.state.guild_payload(self._guild(req.params["guild_id"]), unavailable=None)
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            data.pop(key, None)
        return 200, data

    async def get_guild_channels(self, req: ApiRequest) -> tuple[int, Any]:
        guild = self._guild(req.params["guild_id"])
        channels = [
            self.state.channels[c] for c in guild.channel_ids if not self.state.channels[c].deleted
        ]
        return 200, [self.state.channel_payload(c) for c in channels]

    async def get_members(self, req: ApiRequest) -> tuple[int, Any]:
        guild = self._guild(req.params["guild_id"])
        members = sorted(guild.members.values(), key=lambda m: m.user.id)
        after = int(req.query.get("after", 0))
        limit = int(req.query.get("limit", 1))
        return 200, [m.payload() for m in members if m.user.id > after][:limit]

    async def get_member(self, req: ApiRequest) -> tuple[int, Any]:
        guild = self._guild(req.params["guild_id"])
        member = guild.members.get(int(req.params["user_id"]))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return 200, member.payload()

    # interactions
    def _describe(self, record: InteractionRecord) -> str:
        user = self.state.users.get(record.user_id)
        who = user.name if user else record.user_id
        what = record.data.get("name") or record.data.get("custom_id") or "?"
        return f"interaction {record.id} (type {record.type} {what!r} by {who})"

    def _reject_interaction(
        self, record: InteractionRecord, status: int, code: int, text: str
    ) -> ApiError:
        record.rejections.append((status, code, text))
        return self._reject(f"{self._describe(record)}: {status} {code} {text}", status, code, text)

    async def interaction_callback(self, req: ApiRequest) -> tuple[int, Any]:
        state = self.state
        record = state.interactions.get(int(req.params["webhook_id"]))
        if record is None or record.token != req.params["webhook_token"]:
            raise self._reject(
                "callback for an unknown interaction", 404, 10062, "Unknown interaction"
            )
        body = dict(req.json or {})
        ctype = int(body.get("type") or 0)
        data: JSON = dict(body.get("data") or {})
        if record.acknowledged:
            raise self._reject_interaction(
                record, 400, 40060, "Interaction has already been acknowledged."
            )
        age = state.clock.now() - record.created_at
        if age > state.interaction_deadline:
            record.rejections.append(
                (404, 10062, f"late by {age - state.interaction_deadline:.3f}s")
            )
            raise self._reject(
                f"{self._describe(record)}: callback {age:.3f}s after creation "
                f"(deadline {state.interaction_deadline}s) -> 404 10062 Unknown interaction",
                404,
                10062,
                "Unknown interaction",
            )
        allowed = {
            APPLICATION_COMMAND: {4, 5, 9},
            MESSAGE_COMPONENT: {4, 5, 6, 7, 9},
            MODAL_SUBMIT: {4, 5, 6, 7} if record.message_id else {4, 5},
            AUTOCOMPLETE: {8},
        }.get(record.type, set())
        if ctype not in allowed:
            raise self._reject_interaction(
                record,
                400,
                50035,
                f"Interaction callback type {ctype} is invalid for interaction type {record.type}",
            )
        channel = state.channels[record.channel_id]
        where = f"{self._describe(record)} callback type {ctype}"
        ephemeral = bool(int(data.get("flags") or 0) & comp.FLAG_EPHEMERAL)
        visible_to = record.user_id if ephemeral else None
        message: FakeMessage | None = None
        if ctype == 4:
            self._check_message(where, data, req.files)
            message = state.create_message(
                channel,
                author=state.bot_user,
                payload=data,
                attachments=self._ordered_new(data, req.files),
                visible_to=visible_to,
                interaction_id=record.id,
                message_type=CHAT_INPUT_COMMAND_MESSAGE
                if record.type == APPLICATION_COMMAND
                else DEFAULT_MESSAGE,
            )
            record.original_message_id, record.original_filled = message.id, True
            self.dispatch_message("MESSAGE_CREATE", message)
        elif ctype == 5:
            message = state.create_message(
                channel,
                author=state.bot_user,
                payload={"content": "", "flags": int(data.get("flags") or 0) & comp.FLAG_EPHEMERAL},
                visible_to=visible_to,
                interaction_id=record.id,
                message_type=CHAT_INPUT_COMMAND_MESSAGE
                if record.type == APPLICATION_COMMAND
                else DEFAULT_MESSAGE,
                extra_flags=comp.FLAG_LOADING,
            )
            record.original_message_id, record.original_filled = message.id, False
            self.dispatch_message("MESSAGE_CREATE", message)
        elif ctype == 6:
            record.original_message_id, record.original_filled = record.message_id, True
            message = state.messages.get(record.message_id) if record.message_id else None
        elif ctype == 7:
            assert record.message_id is not None
            message = state.messages[record.message_id]
            if message.deleted:
                raise self._reject_interaction(record, 404, 10008, "Unknown Message")
            self._check_message(where, data, req.files, edited=message)
            state.edit_message(message, data, new_files=self._new_attachments(data, req.files))
            record.original_message_id, record.original_filled = message.id, True
            self.dispatch_message("MESSAGE_UPDATE", message)
        elif ctype == 8:
            problems = comp.validate_choices(data)
            if problems and self.validate:
                raise self._invalid_form(where, problems)
            record.choices = list(data.get("choices") or [])
        elif ctype == 9:
            problems = comp.validate_modal(data)
            if problems and self.validate:
                raise self._invalid_form(where, problems)
            modal = ModalRecord(
                interaction_id=record.id,
                user_id=record.user_id,
                custom_id=str(data.get("custom_id")),
                title=str(data.get("title")),
                components=list(data.get("components") or []),
                channel_id=record.channel_id,
                guild_id=record.guild_id,
                message_id=record.message_id,
            )
            record.modal = modal
            state.modals.append(modal)
        record.callbacks.append(
            CallbackRecord(
                type=ctype,
                data=data,
                at=state.clock.now(),
                message_id=message.id if message else None,
            )
        )
        state.touch()
        response: JSON = {
            "interaction": {
                "id": str(record.id),
                "type": record.type,
                "response_message_loading": ctype == 5,
                "response_message_ephemeral": bool(message and message.ephemeral),
            }
        }
        if message is not None and ctype in (4, 5, 6, 7):
            response["interaction"]["response_message_id"] = str(message.id)
        if message is not None and ctype in (4, 5, 7):
            response["resource"] = {"type": ctype, "message": state.message_payload(message)}
        return 200, response

    def _webhook_interaction(self, req: ApiRequest) -> InteractionRecord:
        state = self.state
        if int(req.params["webhook_id"]) != state.application_id:
            raise self._reject(
                f"webhook call for application {req.params['webhook_id']}",
                404,
                10015,
                "Unknown Webhook",
            )
        record = state.interaction_by_token(req.params["webhook_token"])
        if record is None:
            raise self._reject("webhook call with an unknown token", 404, 10015, "Unknown Webhook")
        if state.clock.now() - record.created_at > state.token_lifetime:
            raise self._reject_interaction(record, 401, 50027, "Invalid Webhook Token")
        if not record.acknowledged:
            raise self._reject_interaction(record, 404, 10015, "Unknown Webhook")
        return record

    def _webhook_message(self, req: ApiRequest, record: InteractionRecord) -> FakeMessage:
        target = req.params.get("message_id", "@original")
        if target == "@original":
            message_id = record.original_message_id
        else:
            message_id = int(target)
            if message_id != record.original_message_id and message_id not in record.followup_ids:
                message_id = None
        message = self.state.messages.get(message_id) if message_id is not None else None
        if message is None or message.deleted:
            raise self._reject_interaction(record, 404, 10008, "Unknown Message")
        return message

    async def followup_create(self, req: ApiRequest) -> tuple[int, Any]:
        state = self.state
        record = self._webhook_interaction(req)
        payload = dict(req.json or {})
        where = f"{self._describe(record)} followup"
        self._check_message(where, payload, req.files)
        original = (
            state.messages.get(record.original_message_id) if record.original_message_id else None
        )
        if original is not None and original.loading and not record.original_filled:
            # the first followup after a deferral fills the "thinking" placeholder
            payload.pop("flags", None)
            state.edit_message(
                original,
                payload,
                new_files=self._new_attachments(payload, req.files),
                clear_loading=True,
            )
            record.original_filled = True
            message = original
            self.dispatch_message("MESSAGE_UPDATE", message)
        else:
            channel = state.channels[record.channel_id]
            if req.query.get("thread_id"):
                channel = self._channel(req.query["thread_id"])
            ephemeral = bool(int(payload.get("flags") or 0) & comp.FLAG_EPHEMERAL)
            message = state.create_message(
                channel,
                author=state.bot_user,
                payload=payload,
                attachments=self._ordered_new(payload, req.files),
                visible_to=record.user_id if ephemeral else None,
                interaction_id=record.id,
            )
            self.dispatch_message("MESSAGE_CREATE", message)
        record.followup_ids.append(message.id)
        state.touch()
        if _truthy(req.query.get("wait")):
            return 200, state.message_payload(message)
        return 204, None

    async def webhook_message_get(self, req: ApiRequest) -> tuple[int, Any]:
        record = self._webhook_interaction(req)
        return 200, self.state.message_payload(self._webhook_message(req, record))

    async def webhook_message_edit(self, req: ApiRequest) -> tuple[int, Any]:
        record = self._webhook_interaction(req)
        message = self._webhook_message(req, record)
        payload = dict(req.json or {})
        self._check_message(f"{self._describe(record)} edit", payload, req.files, edited=message)
        is_original = message.id == record.original_message_id
        filling = is_original and message.loading
        self.state.edit_message(
            message,
            payload,
            new_files=self._new_attachments(payload, req.files),
            clear_loading=filling,
        )
        if is_original:
            record.original_filled = True
            record.original_edits += 1
        self.dispatch_message("MESSAGE_UPDATE", message)
        self.state.touch()
        return 200, self.state.message_payload(message)

    async def webhook_message_delete(self, req: ApiRequest) -> tuple[int, Any]:
        record = self._webhook_interaction(req)
        message = self._webhook_message(req, record)
        self.state.delete_message(message)
        self.dispatch_message("MESSAGE_DELETE", message)
        return 204, None


def retry_after_headers(retry_after: float, *, is_global: bool) -> dict[str, str]:
    headers = {
        "Retry-After": str(max(1, math.ceil(retry_after))),
        "X-RateLimit-Scope": "global" if is_global else "user",
    }
    if is_global:
        headers["X-RateLimit-Global"] = "true"
    return headers
