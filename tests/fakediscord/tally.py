"""Per-match counts of what the bot made people see: the figures of issue 15's quiet table.

A match is scoped by its thread and its players: thread posts, each player's DMs and private
(ephemeral) messages, edits of any of those, clicks on them, and each player's notifications.
``since`` (a :meth:`FakeDiscord.mark`) leaves out what came before the match. The same figures
feed the e2e assertions ("one notification per human per decision window") and the bench.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .state import FakeChannel, FakeState, FakeUser, Notification

_MARKUP = re.compile(r"[#*_~`>\-|·:\s]+")


def _eventless(text: str, boilerplate: list[re.Pattern[str]]) -> bool:
    """Nothing left once the boilerplate and the Markdown decoration are taken out."""
    for pattern in boilerplate:
        text = pattern.sub(" ", text)
    return not _MARKUP.sub("", text)


@dataclass
class Tally:
    thread_posts: int = 0
    #: thread posts whose text is nothing but boilerplate (e.g. only the match title)
    posts_without_events: int = 0
    #: counts per user id
    dms: Counter[int] = field(default_factory=Counter)
    ephemerals: Counter[int] = field(default_factory=Counter)
    clicks: Counter[int] = field(default_factory=Counter)
    edits: int = 0
    notifications: dict[int, list[Notification]] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)

    def notified(self, user: FakeUser, *, since: int = 0, until: int | None = None) -> int:
        """How many notifications ``user`` got between two marks (a decision window)."""
        return sum(
            1
            for n in self.notifications.get(user.id, [])
            if n.seq > since and (until is None or n.seq <= until)
        )

    def as_dict(self) -> dict[str, Any]:
        """Plain figures keyed by user name, for a benchmark's JSON/table."""

        def by_name(counts: dict[int, int]) -> dict[str, int]:
            return {self.names[uid]: n for uid, n in sorted(counts.items())}

        return {
            "thread_posts": self.thread_posts,
            "posts_without_events": self.posts_without_events,
            "dms": by_name(self.dms),
            "ephemerals": by_name(self.ephemerals),
            "edits": self.edits,
            "clicks": by_name(self.clicks),
            "notifications": by_name({u: len(v) for u, v in self.notifications.items()}),
        }


def tally(
    state: FakeState,
    thread: FakeChannel,
    users: Iterable[FakeUser],
    *,
    since: int = 0,
    boilerplate: Iterable[str] = (),
) -> Tally:
    """Count one match. A post is "without events" when nothing is left of its current text
    once the ``boilerplate`` regexes (e.g. ``r"To act: .*"``; the thread's name always is
    one) and Markdown decoration are taken out."""
    people = {u.id: u for u in users}
    dm_of = {u.dm_channel_id: u.id for u in people.values() if u.dm_channel_id is not None}
    scope = {thread.id, *dm_of}
    patterns = [re.compile(re.escape(thread.name or "\0"), re.IGNORECASE)]
    patterns += [re.compile(b) for b in boilerplate]
    result = Tally(
        names={uid: u.name for uid, u in people.items()},
        notifications={uid: [] for uid in people},
    )
    for uid in people:
        for counter in (result.dms, result.ephemerals, result.clicks):
            counter[uid] = 0
    touched: set[int] = set()
    for act in state.activity:
        if act.seq <= since:
            continue
        if act.kind == "post" and act.channel_id == thread.id:
            result.thread_posts += 1
            touched.add(act.message_id or 0)
            message = state.messages[act.message_id or 0]
            if _eventless(message.text, patterns):
                result.posts_without_events += 1
        elif act.kind == "dm" and act.channel_id in dm_of:
            result.dms[dm_of[act.channel_id]] += 1
            touched.add(act.message_id or 0)
        elif act.kind == "ephemeral" and act.user_id in people:
            result.ephemerals[act.user_id] += 1
            touched.add(act.message_id or 0)
        elif act.kind == "edit" and (act.channel_id in scope or act.message_id in touched):
            result.edits += 1
        elif (
            act.kind == "click"
            and act.user_id in people
            and (act.channel_id in scope or act.message_id in touched)
        ):
            result.clicks[act.user_id] += 1
    for note in state.notifications:
        if note.seq > since and note.user_id in people and note.channel_id in scope:
            result.notifications[note.user_id].append(note)
    return result
