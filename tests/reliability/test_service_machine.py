"""MatchService driven by random users doing random things (a hypothesis state machine over
Zura and Aura on a real SQLite file).

Kept after every step: an action by anyone but the seated person never applies (the log's
human rows always belong to the seat's user, and a refused request changes nothing at all);
versions only grow; the log's ``seq`` runs 1..n and seed + log replays to the snapshot.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    consumes,
    invariant,
    precondition,
    rule,
)

from bot.engine import Action, GameError, Rng, parse_options, registry
from bot.engine.playout import replay
from bot.match import MatchService, state_text
from bot.match.moves import laid_out
from bot.store import ACTIVE, FINISHED, SqliteStore
from tests.match.conftest import Stored, stored

USERS = st.sampled_from([101, 102, 103, 104, 105])
GAMES = st.sampled_from(["zura", "aura"])
GARBAGE = st.text(max_size=12) | st.sampled_from(["", "0", "deck", "take", "p0", "A1"])


class ServiceMachine(RuleBasedStateMachine):
    matches = Bundle("matches")

    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self.dir = Path(tempfile.mkdtemp(prefix="parlor-machine-"))
        self.store = SqliteStore(self.dir / "parlor.sqlite3")
        self.run(self.store.open())
        self.svc = MatchService(self.store, seed_source=lambda: 4242)
        self.versions: dict[int, int] = {}
        self.ids: list[int] = []
        self.refused = 0

    def run(self, coro: Any) -> Any:
        return self.loop.run_until_complete(coro)

    def teardown(self) -> None:
        self.run(self.store.close())
        self.loop.close()
        shutil.rmtree(self.dir, ignore_errors=True)

    def attempt(self, match_id: int, call: Any) -> tuple[Stored, Stored, bool]:
        """Run ``call``; a refusal (a player-facing error) must leave the match untouched."""
        before = self.run(stored(self.svc, match_id))
        try:
            self.run(call)
            ok = True
        except GameError:
            ok = False
            self.refused += 1
        after = self.run(stored(self.svc, match_id))
        if not ok:
            assert after == before, "a refused request changed the match"
        return before, after, ok

    # -- lobbies --------------------------------------------------------------------------

    @rule(target=matches, game=GAMES, host=USERS, seed=st.integers(0, 2**31))
    def create(self, game: str, host: int, seed: int) -> int:
        info = self.run(self.svc.create(game, host, guild_id=1, channel_id=2, seed=seed))
        self.ids.append(info.id)
        return info.id

    @rule(target=matches, game=GAMES, people=st.lists(USERS, min_size=1, max_size=3, unique=True),
          ai=st.integers(0, 1), seed=st.integers(0, 2**31))
    def open_table(self, game: str, people: list[int], ai: int, seed: int) -> int:
        """A dealt match: the first person hosts, the others join, maybe one AI seat."""
        host, *others = people
        match = self.create(game, host, seed)
        for user in others:
            self.run(self.svc.join(match, user))
        for _ in range(ai):
            self.run(self.svc.add_ai(match, host, "random"))
        self.attempt(match, self.svc.start(match, host))
        return match

    @rule(match=matches, user=USERS)
    def join(self, match: int, user: int) -> None:
        self.attempt(match, self.svc.join(match, user))

    @rule(match=matches, user=USERS)
    def leave(self, match: int, user: int) -> None:
        self.attempt(match, self.svc.leave(match, user))

    @rule(match=matches, user=USERS, manage=st.booleans())
    def add_ai(self, match: int, user: int, manage: bool) -> None:
        self.attempt(match, self.svc.add_ai(match, user, "random", manage))

    @rule(match=matches, user=USERS)
    def start(self, match: int, user: int) -> None:
        _, after, ok = self.attempt(match, self.svc.start(match, user))
        if ok:
            assert user == self.host(match) and after.status in (ACTIVE, FINISHED)

    @rule(match=consumes(matches), user=USERS, manage=st.booleans())
    def cancel(self, match: int, user: int, manage: bool) -> None:
        _, _, ok = self.attempt(match, self.svc.cancel(match, user, manage))
        assert not ok or manage or user == self.host(match)

    @rule(match=matches, user=USERS, who=USERS, manage=st.booleans())
    def remove(self, match: int, user: int, who: int, manage: bool) -> None:
        _, _, ok = self.attempt(match, self.svc.remove(match, user, who, manage))
        assert not ok or manage or user == self.host(match)

    @rule(match=matches, user=USERS)
    def resign(self, match: int, user: int) -> None:
        before, _, ok = self.attempt(match, self.svc.resign(match, user))
        assert not ok or self.playing(before, user) is not None

    @rule(match=matches)
    def resume(self, match: int) -> None:
        """Nothing was cut short here, so resuming never moves anything."""
        before, after, _ = self.attempt(match, self.svc.resume(match))
        assert after == before

    # -- moves ----------------------------------------------------------------------------

    @precondition(lambda self: bool(self.ids))
    @rule(data=st.data(), moves=st.integers(1, 6))
    def play_legal_moves(self, data: st.DataObject, moves: int) -> None:
        running = [m for m in self.ids if self.status(m) == ACTIVE]
        if running:
            match = data.draw(st.sampled_from(running))
            for _ in range(moves):
                self.play_a_legal_move(match, data)

    def play_a_legal_move(self, match: int, data: st.DataObject) -> None:
        """Someone with an open decision answers it with a legal choice."""
        record = self.run(self.store.get_match(match))
        if record is None or record.status != ACTIVE:
            return
        game = registry.get(record.game)
        for seat in record.seats:
            if seat.is_ai or seat.user_id is None:
                continue
            update = self.run(self.svc.hand(match, seat.user_id)) if not seat.resigned else None
            if update is None or not update.decisions:
                continue
            decision = data.draw(st.sampled_from(update.decisions))
            action = game.ai_choose("random", update.view, decision,
                                    Rng(data.draw(st.integers(0, 2**31))))
            self.submit(match, seat.user_id, decision.id, list(action.choice))
            return

    @precondition(lambda self: bool(self.ids))
    @rule(data=st.data(), user=USERS)
    def play_anything(self, data: st.DataObject, user: int) -> None:
        """A random user sends an open, old or made-up decision id with random keys."""
        match = data.draw(st.sampled_from(self.ids))
        record = self.run(self.store.get_match(match))
        if record is None:
            return
        ids = [a.decision_id for a in self.run(self.store.actions(match))]
        keys: list[str] = []
        if record.state is not None:
            game = registry.get(record.game)
            state = game.from_json(json.loads(record.state))
            for decision in game.pending(state):
                ids.append(decision.id)
                keys += [o.key for o in decision.options]
        decision_id = data.draw(st.sampled_from(ids) | GARBAGE if ids else GARBAGE)
        choice = data.draw(st.lists(st.sampled_from(keys) | GARBAGE if keys else GARBAGE,
                                    max_size=4))
        self.submit(match, user, decision_id, choice)

    def submit(self, match: int, user: int, decision_id: str, choice: list[str]) -> None:
        before, after, ok = self.attempt(match,
                                         self.svc.submit(match, user, decision_id, choice))
        if not ok:
            return
        seat = self.playing(before, user)
        assert seat is not None, "a move by someone without a playing seat was applied"
        new = after.log[len(before.log):]
        assert new and new[0].user_id == user and new[0].seat == seat
        assert new[0].decision_id == decision_id
        record = self.run(self.store.get_match(match))
        assert record is not None
        laid = laid_out(registry.get(record.game), record.seed, Action(decision_id, tuple(choice)))
        assert Action.from_json(new[0].action) == laid, "the log holds another answer"
        ai = {s.seat for s in after.seats if s.is_ai}
        assert all(a.user_id is None and a.seat in ai for a in new[1:])

    # -- helpers and invariants -----------------------------------------------------------

    def status(self, match: int) -> str:
        record = self.run(self.store.get_match(match))
        assert record is not None
        return record.status

    def host(self, match: int) -> int | None:
        record = self.run(self.store.get_match(match))
        assert record is not None
        return record.host_id

    @staticmethod
    def playing(snapshot: Stored, user: int) -> int | None:
        for seat in snapshot.seats:
            if seat.user_id == user and not seat.is_ai and not seat.resigned:
                return seat.seat
        return None

    @invariant()
    def every_match_is_whole(self) -> None:
        for match in self.ids:
            record = self.run(self.store.get_match(match))
            assert record is not None
            assert record.version >= self.versions.get(match, 0), "a version went down"
            self.versions[match] = record.version
            log = self.run(self.store.actions(match))
            assert [a.seq for a in log] == list(range(1, len(log) + 1))
            for row in log:
                if row.user_id is not None:
                    assert record.seats[row.seat].user_id == row.user_id
            if record.state is None:
                assert not log
                continue
            game = registry.get(record.game)
            again = replay(game, len(record.seats), parse_options(game.options, record.options),
                           record.seed, [(a.seat, Action.from_json(a.action)) for a in log])
            assert state_text(game, again) == record.state, "the log does not replay"


ServiceMachine.TestCase.settings = settings(
    max_examples=30, stateful_step_count=40, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
TestServiceMachine = ServiceMachine.TestCase
