"""Light on Discord (issue 37): the REST calls and picture uploads one click costs.

Run: ``.venv/bin/python -m bench light`` (``--quick``: the Zura match only).

Three whole matches through the fake Discord in this process, as in the issue: three people
in Zura, two in Aura, one person against the AI in Auroria (seeded: the same moves each
run). Pictures are stand-ins that differ exactly when their view does (a hash of the view
drawn as a few pixels), so "uploaded only when the bytes changed" counts as with the real
renderers, cheaply. Per click: rate-limited calls (everything but the interaction's own
callback and its webhook, which Discord exempts from the global limit), interaction
callbacks, uploads and uploaded bytes, and how often a press had to be deferred. The scripted
players press as soon as they can, so a turn's presses come within the bot's coalescing
window (``COALESCE``) and its post is edited once for them; ``--coalesce 0`` shows what a
person's pace costs (every press edits the post).
Targets: ≤ 1.0 rate-limited calls and ≤ 0.5 uploads per click over the three matches (all
clicks together, and the mean of the three matches' figures). Each figure is also split by
where it goes: the pressed prompt, the presser's and the others' DMs, the thread post.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import io
import json
import statistics
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from PIL import Image

from bench.report import Row
from bot.discord.delivery import COALESCE
from bot.discord.images import Images
from bot.engine import Result, View
from bot.words import ENGLISH
from tests.e2e.conftest import World
from tests.e2e.players import Players, open_match, start
from tests.fakediscord import FakeDiscord
from tests.fakediscord.state import MESSAGE_COMPONENT, FakeState, RequestRecord

MATCHES = (("zura", 3, 0), ("aura", 2, 0), ("auroria", 1, 1))
"""(game, people, AI seats)."""


def _picture(*what: object) -> bytes:
    """A small PNG whose pixels are a hash of ``what``: equal bytes exactly for equal input."""
    digest = hashlib.sha256(json.dumps(what, sort_keys=True, default=str).encode()).digest()
    out = io.BytesIO()
    Image.frombytes("RGB", (4, 2), digest[:24]).save(out, format="PNG")
    return out.getvalue()


class HashedImages(Images):
    """Pictures that change exactly when what they draw changes (no worker draws them)."""

    async def start(self) -> None:
        """Nothing to start."""

    async def board(self, view: View, names: Sequence[str], lang: str = ENGLISH) -> bytes | None:
        return _picture("board", view, names, lang) if self.available(view) else None

    async def hand(self, view: View, names: Sequence[str], lang: str = ENGLISH) -> bytes | None:
        return _picture("hand", view, names, lang) if self.available(view) else None

    async def summary(self, view: View, result: Result, names: Sequence[str],
                      lang: str = ENGLISH) -> bytes | None:
        return (_picture("summary", view, result, names, lang) if self.available(view)
                else None)


def _exempt(route: str) -> bool:
    """Interaction callbacks and the interaction's webhook: outside the global limit."""
    path = route.split(" ", 1)[-1]
    return path.startswith(("/interactions/", "/webhooks/"))


UNPACED = 100_000
"""Requests a second the bot may send here: as good as no budget."""


async def _one(game: str, people: int, ais: int, seed: int,
               coalesce: float, real: bool) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake, fake.patch_discord():
            world = World(fake, Path(tmp) / "parlor.sqlite3")
            users = [world.alice, world.bob, world.user("dora")][:people]
            images = Images() if real else HashedImages()
            # The players press far faster than people: under the token's real budget the bot
            # would be paced, and slower answers fold more presses into one edit of the post:
            # load (``bench capacity`` measures that), not what one match costs.
            unpaced = dataclasses.replace(world.settings, global_rate=UNPACED)
            async with world.bot(images=images, coalesce=coalesce, settings=unpaced) as bot:
                options = {"ai_players": ais} if ais else {}
                thread, lobby = await open_match(fake, users[0], world.table, game, users[1:],
                                                 **options)
                await start(fake, users[0], lobby)
                await bot.parlor.delivery.busy.wait_idle(10.0)
                first = len(fake.requests())
                attachments = set(fake.state.attachments)
                players = Players(fake, thread, users, seed=seed)
                await players.play_out()
                await bot.parlor.delivery.busy.wait_idle(10.0)
                deferred = getattr(bot.parlor.delivery, "deferred", 0)
            requests = fake.requests()[first:]
            problems = fake.check()
    kinds = Counter("exempt" if _exempt(f"{r.method} {r.path}") else "limited"
                    for r in requests)
    new = [a for i, a in fake.state.attachments.items() if i not in attachments]
    if problems:
        raise AssertionError(f"{game}: {problems}")
    places = Counter[str]()
    for request in requests:
        where = _where(fake.state, request)
        places[f"calls: {where}"] += 1
        places[f"uploads: {where}"] += len(request.files)
    return {"clicks": players.presses, "limited": kinds["limited"],
            "exempt": kinds["exempt"], "uploads": len(new),
            "bytes": sum(a.size for a in new), "deferred": deferred, **places}


PLACES = ("presser's prompt (callback)", "presser's prompt (DM edit)", "others' prompts (edit)",
          "presser's new prompt (DM)", "others' new prompts (DM)", "thread post (edit)",
          "new thread posts", "other calls")
"""Where a click's calls and uploads go, by the message they make or change."""


def _where(state: FakeState, request: RequestRecord) -> str:
    """Which slot a request serves: the interaction's own answer, a DM edit of the person
    who pressed last or of someone else, a new DM, the thread post edited or posted."""
    if _exempt(f"{request.method} {request.path}"):
        return PLACES[0]
    parts = request.path.split("/")
    channel = (state.channels.get(int(parts[2]))
               if len(parts) > 3 and parts[1] == "channels" and parts[3] == "messages"
               else None)
    if channel is None:
        return PLACES[7]
    new = request.method == "POST"
    if channel.recipient_id is None:
        return PLACES[6] if new else PLACES[5]
    presses = [i for i in state.interactions.values()
               if i.type == MESSAGE_COMPONENT and i.dispatched_at <= request.at]
    last = max(presses, key=lambda i: i.dispatched_at, default=None)
    presser = last is not None and last.user_id == channel.recipient_id
    return PLACES[(3 if presser else 4) if new else (1 if presser else 2)]


async def _measure(quick: bool, coalesce: float, real: bool) -> list[Row]:
    rows: list[Row] = []
    total: Counter[str] = Counter()
    each: list[dict[str, float]] = []
    for game, people, ais in MATCHES[:1] if quick else MATCHES:
        got = await _one(game, people, ais, seed=3, coalesce=coalesce, real=real)
        total.update(got)
        each.append(got)
        label = f"{game}, {people} {'person' if people == 1 else 'people'}" + (
            f" and {ais} AI" if ais else "")
        clicks = max(1.0, got["clicks"])
        rows += [
            Row(f"{label}: clicks", got["clicks"], ""),
            Row(f"{label}: rate-limited calls per click", got["limited"] / clicks, ""),
            Row(f"{label}: interaction calls per click", got["exempt"] / clicks, ""),
            Row(f"{label}: uploads per click", got["uploads"] / clicks, ""),
            Row(f"{label}: uploaded KB per click" + ("" if real else " (stand-in pictures)"),
                got["bytes"] / clicks / 1000, "KB"),
            Row(f"{label}: presses deferred", got["deferred"], ""),
            *(Row(f"{label}: {what} per click: {place}", got.get(f"{what}: {place}", 0) / clicks,
                  "") for what in ("calls", "uploads") for place in PLACES
              if got.get(f"{what}: {place}")),
        ]
    clicks = max(1.0, total["clicks"])
    rows += [
        Row("all: rate-limited calls per click", total["limited"] / clicks, "", "<=1.0"),
        Row("all: uploads per click", total["uploads"] / clicks, "", "<=0.5"),
        Row("mean of the matches: rate-limited calls per click",
            statistics.mean(m["limited"] / max(1.0, m["clicks"]) for m in each), "", "<=1.0"),
        Row("mean of the matches: uploads per click",
            statistics.mean(m["uploads"] / max(1.0, m["clicks"]) for m in each), "", "<=0.5"),
        Row("all: uploaded KB per click", total["bytes"] / clicks / 1000, "KB"),
        Row("all: presses deferred per click", total["deferred"] / clicks, ""),
        *(Row(f"all: {what} per click: {place}", total[f"{what}: {place}"] / clicks, "")
          for what in ("calls", "uploads") for place in PLACES if total[f"{what}: {place}"]),
    ]
    return rows


def run(quick: bool, extra: Sequence[str] = ()) -> list[Row]:
    """``--coalesce SECONDS``: how long a turn post's new lines wait for more (default
    the bot's, ``COALESCE``; 0 edits the post at every commit, as at a person's pace);
    ``--real``: the real pictures, drawn (minutes), for the real uploads and bytes."""
    coalesce = float(extra[extra.index("--coalesce") + 1]) if "--coalesce" in extra else COALESCE
    return asyncio.run(_measure(quick, coalesce, "--real" in extra))
