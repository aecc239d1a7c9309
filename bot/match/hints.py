"""Hints (DESIGN §10): the strong AI's best two or three answers to a player's open decision,
each with its estimated chance to win, for that player alone.

A hint is worked out like a strong AI seat's move: in a worker process, within the AI's
think time, from the seat's own information only (the search plays redeals of what the seat
cannot see, so two tables that differ only there give the same hint). Hints are for casual
matches: a rated match or an event's gets them only where the server allows it
(``GuildSettings.hints_everywhere``). Each hint is worked out once per decision, by whichever
of the bot's processes claimed it first (``bot.match.claims``), and kept in the store: asked
again, anywhere or after a restart, it is the same answer read back; asked while it is being
worked out, a short sentence says so. The match counts each decision's hint once
(``MatchRecord.hints``).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

from bot.engine import Decision, GameError, Rng, StaleDecision, registry
from bot.engine.game import STALE
from bot.engine.said import said
from bot.engine.search import Budget, weigh
from bot.match.claims import Renew, once
from bot.match.errors import MatchError
from bot.match.live import Matches, playing_seat, require_active
from bot.match.ratings import rates
from bot.match.thinker import Thinker
from bot.store import MatchRecord
from bot.workers import Unavailable

logger = logging.getLogger(__name__)

SHOWN = 3
"""Answers a hint names at most."""
WORKING = said("Your hint for this decision is still being worked out.")


class HintRefused(MatchError):
    """No hint for this request (a rated match, one already on its way…)."""


@dataclass(frozen=True)
class Weighed:
    """One answer of a hint: the option keys it picks and its estimated chance to win."""

    choice: tuple[str, ...]
    chance: float


@dataclass(frozen=True)
class Hint:
    match_id: int
    decision: Decision
    answers: tuple[Weighed, ...]
    """Best first, at most ``SHOWN``."""


def _weigh(game_name: str, state_json: dict[str, Any], decision_id: str, seed: int,
           iterations: int, seconds: float) -> list[tuple[list[str], float]]:
    """The worker's side: rebuild the state, weigh every answer, the best ones as JSON."""
    game = registry.get(game_name)
    state = game.from_json(state_json)
    decision = next((d for d in game.pending(state) if d.id == decision_id), None)
    if decision is None:
        raise StaleDecision(STALE)  # the state moved on since it was sent
    weighed = weigh(game, state, decision, Rng(seed), Budget(iterations, seconds))
    return [(list(choice), chance) for choice, chance in weighed[:SHOWN]]


def allowed(record: MatchRecord, in_event: bool, everywhere: bool) -> bool:
    """Hints in this match: a casual one (neither rated nor an event's), or any where the
    server allows them everywhere."""
    return everywhere or not (in_event or rates(record))


class Hints:
    def __init__(self, matches: Matches, thinker: Thinker) -> None:
        self.matches = matches
        self.thinker = thinker

    async def offered(self, match_id: int) -> bool:
        """Whether this match's prompts offer hints."""
        return await self._offered((await self.matches.load(match_id)).record)

    async def _offered(self, record: MatchRecord) -> bool:
        """``allowed``, reading only what it needs (every prompt asks): a casual match's
        event, and the server's setting only for a match that is not casual."""
        store = self.matches.store
        if allowed(record, await store.in_event(record.id), False):
            return True
        return (record.guild_id is not None
                and (await store.get_guild_settings(record.guild_id)).hints_everywhere)

    async def hint(self, match_id: int, user_id: int, decision_id: str) -> Hint:
        """The hint for the user's open decision ``decision_id`` (see the module)."""
        live = await self.matches.load(match_id)
        require_active(live)
        seat = playing_seat(live, user_id)
        decision = next((d for d in live.game.pending(live.state)
                         if d.id == decision_id and d.player == seat.seat), None)
        if decision is None:
            raise StaleDecision(said("That decision is no longer open."))
        if not await self._offered(live.record):
            raise HintRefused(said("Hints are for casual matches on this server."))
        store = self.matches.store

        async def kept() -> tuple[Weighed, ...] | None:
            return _read(await store.get_hint(match_id, seat.seat, decision_id))

        async def compute(renew: Renew) -> tuple[Weighed, ...]:
            answers = await self._weigh(live.game.name, live.game.to_json(live.state),
                                        decision, Rng(live.record.seed).fork(live.version))
            await store.put_hint(match_id, seat.seat, decision_id, json.dumps(
                [[list(a.choice), a.chance] for a in answers], separators=(",", ":")))
            return answers

        answers, _ = await once(store, match_id, seat.seat, f"hint {decision_id}", kept,
                                compute, HintRefused(WORKING))
        return Hint(match_id, decision, answers)

    async def _weigh(self, game_name: str, state_json: dict[str, Any], decision: Decision,
                     rng: Rng) -> tuple[Weighed, ...]:
        budget = self.thinker.budget
        try:
            weighed = await self.thinker.workers.run(
                _weigh, game_name, state_json, decision.id, rng.next_u64(), budget.iterations,
                budget.seconds)
        except Unavailable:
            raise GameError(said("Hints can't be worked out right now; try again in a "
                                 "moment.")) from None
        return tuple(Weighed(tuple(choice), chance) for choice, chance in weighed)


def _read(body: str | None) -> tuple[Weighed, ...] | None:
    """A stored hint, or None when there is none or it cannot be read back (kept in another
    shape, or damaged): then it is worked out again."""
    if body is None:
        return None
    try:
        return tuple(Weighed(tuple(str(k) for k in choice), float(chance))
                     for choice, chance in json.loads(body))
    except (ValueError, TypeError) as exc:
        logger.warning("a stored hint could not be read back (%s: %s); weighing it again",
                       type(exc).__name__, exc)
        return None
