"""MatchService: lobbies, seats and moves, persisted before anything is announced (DESIGN §1).

Every change to a match runs under that match's lock, is checked, committed with a
compare-and-swap on the version, and only then turned into outbound messages (data, never
Discord calls). AI seats move through the same checked, logged path as people.

The service is composed of small parts, one concern each, sharing one ``Matches`` (the
locks, the loading and the state cache): ``Lobby``, ``Play``, ``AiTurns``,
``UndoRequests``, ``Lessons``, ``Hints`` and ``Queries``. What follows a change plugs in as a
``MatchHooks`` collaborator through ``observe`` (ratings always; clocks with
``bot.match.timekeeper``).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from bot.match.hints import Hints
from bot.match.lessons import Lessons
from bot.match.live import Matches, MatchHooks
from bot.match.lobby import Lobby
from bot.match.play import Play
from bot.match.queries import Queries
from bot.match.ratings import Ratings
from bot.match.reviews import Reviews
from bot.match.thinker import Thinker
from bot.match.turns import AiTurns
from bot.match.undo import UndoRequests
from bot.store import Store
from bot.workers import Workers

REVIEW_NICE = 10
"""How much lower than the bot's a review worker's scheduling priority is (Unix ``nice``):
below the strong AI seats' (``thinker.WORKER_NICE``)."""


def _random_seed() -> int:
    return secrets.randbits(63)


class MatchService:
    """The one place where matches change; front ends call it and deliver what it returns."""

    def __init__(self, store: Store, *, seed_source: Callable[[], int] = _random_seed,
                 cache_size: int = 256, thinker: Thinker | None = None,
                 workers: Workers | None = None) -> None:
        self.store = store
        self.matches = Matches(store, cache_size)
        self.thinker = thinker if thinker is not None else Thinker()
        """Where strong AI seats search (worker processes, started on first use)."""
        self.workers = workers if workers is not None else Workers()
        """Where matches are rebuilt from their logs (replays, undo checks)."""
        self.turns = AiTurns(self.matches, self.thinker)
        self.lobby = Lobby(self.matches, self.turns, seed_source)
        self.play = Play(self.matches, self.turns)
        self.lessons = Lessons(self.matches, self.lobby, self.play)
        self.hints = Hints(self.matches, self.thinker)
        self.undo = UndoRequests(self.matches, self.turns, self.workers)
        self.queries = Queries(self.matches, self.workers)
        self.reviews = Reviews(self.matches, Workers(nice=REVIEW_NICE))
        """Post-game reviews, in workers of their own at a lower priority than the strong
        AI seats' searches: a review waits, a match being played does not."""
        self.ratings = Ratings(store)
        self.observe(self.ratings)
        # The front ends' calls, each served by the part that holds its concern.
        self.create = self.lobby.create
        self.join = self.lobby.join
        self.leave = self.lobby.leave
        self.add_ai = self.lobby.add_ai
        self.choose_deck = self.lobby.choose_deck
        self.start = self.lobby.start
        self.cancel = self.lobby.cancel
        self.learn = self.lessons.learn
        self.introduction = self.lessons.introduction
        self.hint = self.hints.hint
        self.hints_offered = self.hints.offered
        self.submit = self.play.submit
        self.opened = self.play.opened
        self.resume = self.play.resume
        self.resign = self.play.resign
        self.remove = self.play.remove
        self.ask_undo = self.undo.ask
        self.answer_undo = self.undo.answer
        self.info = self.queries.info
        self.reading = self.matches.reading
        self.matches_of = self.queries.matches_of
        self.hand = self.queries.hand
        self.board = self.queries.board
        self.settled = self.queries.settled
        self.replay = self.queries.replay
        self.set_thread = self.queries.set_thread
        self.set_dm_ok = self.queries.set_dm_ok
        self.review = self.reviews.review

    def close(self) -> None:
        """Stop the worker processes (searches and rebuilds in progress are abandoned)."""
        self.thinker.close()
        self.workers.close()
        self.reviews.workers.close()

    def observe(self, hooks: MatchHooks) -> None:
        """``hooks`` follows every change from now on, after those already observing."""
        self.matches.hooks.append(hooks)
