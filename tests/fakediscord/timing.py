"""How long a press waits to be seen, and what it costs on the wire, from the fake's timestamps.

Every press is stamped when INTERACTION_CREATE leaves the fake (``dispatched_at``), every
message version when it reached Discord (``FakeMessage.times``), every request likewise
(``RequestRecord.at``); with the network model on (``FakeDiscord(rtt=..., upload_bps=...)``)
those are the moments a person would see things. Per press of a match, played one press at a
time (a change belongs to the latest press before it):

* ``own`` — until the pressed message, or a message answering the press, shows a new version;
* ``next_prompt`` — until a decision window opens in a player's DMs: a message whose version
  offers choices (``is_prompt``) where the one before did not, or the pressed message's first
  version with choices after the press;
* ``thread`` — until the match's thread shows a new post or edit. A press the thread never
  answers was a step inside a decision (an ordering being built), not a submission.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from . import components as comp
from .ratelimits import exempt
from .state import (
    JSON,
    MESSAGE_COMPONENT,
    FakeChannel,
    FakeMessage,
    FakeState,
    FakeUser,
    MessageVersion,
)

IsPrompt = Callable[[list[JSON]], bool]
"""Whether a message's components offer a decision."""


@dataclass(frozen=True)
class PressWaits:
    interaction_id: int
    user_id: int
    at: float
    own: float | None
    next_prompt: float | None
    thread: float | None

    @property
    def submitted(self) -> bool:
        """The thread showed something of it: a decision was submitted, not a step."""
        return self.thread is not None


def versions(message: FakeMessage) -> Iterator[tuple[float, list[JSON]]]:
    """Each version of a message people saw: when it reached Discord, and its components
    ("Thinking…" placeholders left out)."""
    states: list[MessageVersion | FakeMessage] = [*message.history, message]
    for when, state in zip(message.times, states, strict=True):
        if not state.flags & comp.FLAG_LOADING:
            yield when, state.components


def press_waits(state: FakeState, thread: FakeChannel, users: Iterable[FakeUser], *,
                is_prompt: IsPrompt, since: float = 0.0) -> list[PressWaits]:
    """The waits of every press the ``users`` made in their DMs or the thread since the
    monotonic time ``since``, in order."""
    people = {u.id for u in users}
    dms = {u.dm_channel_id for u in users if u.dm_channel_id is not None}
    presses = sorted(
        (r for r in state.interactions.values()
         if r.type == MESSAGE_COMPONENT and r.user_id in people and r.dispatched_at >= since
         and r.channel_id in dms | {thread.id}),
        key=lambda r: r.dispatched_at)
    starts = [p.dispatched_at for p in presses]

    def owner(when: float) -> int | None:
        """The index of the latest press at or before ``when``."""
        index = bisect.bisect_right(starts, when) - 1
        return index if index >= 0 else None

    own: dict[int, float] = {}
    opened: dict[int, float] = {}
    shown: dict[int, float] = {}
    pressed_on = {p.message_id: i for i, p in enumerate(presses)}
    answers = {m: i for i, p in enumerate(presses)
               for m in (p.original_message_id, *p.followup_ids) if m is not None}

    def first(into: dict[int, float], index: int | None, when: float) -> None:
        if index is not None and when - starts[index] < into.get(index, float("inf")):
            into[index] = when - starts[index]

    for message in state.messages.values():
        if message.channel_id == thread.id:
            for when, _ in versions(message):
                if when >= since:
                    first(shown, owner(when), when)
        if message.channel_id not in dms:
            continue
        before = False
        for when, components in versions(message):
            prompt = is_prompt(components)
            index = owner(when)
            mine = index is not None and (presses[index].message_id == message.id
                                          or answers.get(message.id) == index)
            if mine:
                first(own, index, when)
            if prompt and index is not None and when >= since and (
                    not before or pressed_on.get(message.id) == index):
                first(opened, index, when)
            before = prompt
    return [PressWaits(p.id, p.user_id, p.dispatched_at, own.get(i), opened.get(i),
                       shown.get(i)) for i, p in enumerate(presses)]


@dataclass(frozen=True)
class Wire:
    """What the bot sent Discord over a span of time."""

    calls: int
    """Every REST request."""
    limited_calls: int
    """Requests bound to the global rate limit: all but the interaction endpoints."""
    callbacks: int
    """Interaction callbacks (``POST /interactions/{id}/{token}/callback``)."""
    uploads: int
    """Files uploaded."""
    upload_bytes: int
    refused: int
    """Requests the rate limits answered with a 429."""
    clicks: int
    """Component presses the users made."""

    def per_click(self, value: int) -> float:
        return value / max(1, self.clicks)


def total(spans: Iterable[Wire]) -> Wire:
    """The figures of several spans (or matches) together."""
    spans = list(spans)
    return Wire(*(sum(getattr(w, name) for w in spans) for name in Wire.__dataclass_fields__))


def wire(state: FakeState, *, since: float = 0.0, until: float = float("inf")) -> Wire:
    requests = [r for r in state.requests if since <= r.at < until]
    clicks = sum(1 for r in state.interactions.values()
                 if r.type == MESSAGE_COMPONENT and since <= r.dispatched_at < until)
    return Wire(
        calls=len(requests),
        limited_calls=sum(1 for r in requests if not exempt(r.path)),
        callbacks=sum(1 for r in requests
                      if r.route == "POST /interactions/{webhook_id}/{webhook_token}/callback"),
        uploads=sum(len(r.files) for r in requests),
        upload_bytes=sum(r.upload_bytes for r in requests),
        refused=sum(1 for r in requests if r.limited),
        clicks=clicks,
    )
