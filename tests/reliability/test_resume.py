"""A process that dies between a player's move and the AI's answers leaves the match waiting
on an AI seat; the next service (after a restart) plays those turns when asked to resume."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.match import MatchService, Prompt, PublicUpdate
from bot.store import SqliteStore, Store

HOST = 100


class Killed(BaseException):
    """The process ends here (nothing after it runs, like a SIGKILL)."""


class DiesAfterCommits:
    """A store that lets ``n`` moves commit, then kills the process at the next one."""

    def __init__(self, store: Store, n: int) -> None:
        self.store, self.left = store, n

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    async def commit_move(self, *args: Any, **kwargs: Any) -> int:
        if self.left == 0:
            raise Killed
        self.left -= 1
        version: int = await self.store.commit_move(*args, **kwargs)
        return version


async def test_ai_turns_cut_short_are_played_on_resume(tmp_path: Path) -> None:
    async with SqliteStore(tmp_path / "parlor.sqlite3") as store:
        first = MatchService(store, seed_source=lambda: 99)
        info = await first.create("zura", HOST)
        await first.add_ai(info.id, HOST, "random")
        await first.start(info.id, HOST)
        dying = MatchService(DiesAfterCommits(store, 10**6), seed_source=lambda: 99)
        with pytest.raises(Killed):  # the player moves until a move hands over to the AI
            for _ in range(50):
                decision = (await dying.hand(info.id, HOST)).decisions[0]
                dying.store.left = 1  # this move commits; the AI's answer kills the process
                await dying.submit(info.id, HOST, decision.id, [decision.options[0].key])
        logged = len(await store.actions(info.id))
        stuck = await store.get_match(info.id)
        assert stuck is not None and stuck.status == "active"

        restarted = MatchService(store, seed_source=lambda: 99)
        assert not (await restarted.hand(info.id, HOST)).decisions, "waiting on the AI"
        out = await restarted.resume(info.id)
        assert isinstance(out[0], PublicUpdate) and out[0].mention_user_ids == (HOST,)
        assert any(isinstance(o, Prompt) and o.user_id == HOST for o in out)
        assert len(await store.actions(info.id)) > logged
        assert (await restarted.hand(info.id, HOST)).decisions
        assert await restarted.resume(info.id) == [], "nothing more to do"
