"""One move, checked and committed before anything else sees it (DESIGN §1).

People, AI seats and the clocks' autopilot all move through ``commit_move``: the answer laid
out as the game lays it (``laid_out``), the engine's checks, then the new snapshot and the log
row in one compare-and-swap on the version; only then does the change under way learn of the
move (events, moves to announce). The log holds the answer as laid out, so it replays alone.
"""

from __future__ import annotations

import hashlib
import logging
from typing import Any

from bot import logs
from bot.engine import Action, Game, Rng, play
from bot.match.live import Live, Matches
from bot.match.outbound import Move
from bot.match.replay import state_text
from bot.match.results import rank_resigned_last, result_record
from bot.store import ActionRow, SeatRecord

log = logging.getLogger(__name__)


def laid_out(game: Game[Any, Any], seed: int, action: Action) -> Action:
    """``action`` as ``game`` lays it out (``Game.lay_out``), from a generator keyed by the
    match's secret ``seed`` and the decision: nobody at the table can predict it, and the
    same keys for the same decision always lie the same way, so a repeated click compares
    equal to the logged answer (the state it was made in is gone by then)."""
    key = hashlib.blake2b(action.decision.encode(), digest_size=8, key=str(seed).encode())
    rng = Rng(int.from_bytes(key.digest(), "big"))
    return Action(action.decision, game.lay_out(action.decision, action.choice, rng))


async def commit_move(matches: Matches, live: Live, seat: SeatRecord, action: Action,
                      user_id: int | None, autopilot: bool = False) -> None:
    """``action`` for ``seat``, by ``user_id`` (None: the AI). ``autopilot``: the AI moves
    for a person whose clock ran out (logged as such)."""
    with logs.about(live.id, action.decision):
        action = laid_out(live.game, live.record.seed, action)
        turn = live.game.turn(live.state)
        state, events = play(live.game, live.state, seat.seat, action)
        result = live.game.result(state)
        if result is not None:
            result = rank_resigned_last(result, live.seats)
        live.version = await matches.store.commit_move(
            live.id, live.version, state_text(live.game, state),
            ActionRow(seat.seat, user_id, action.decision, action.to_json(), autopilot),
            result_record(result) if result is not None else None)
        log.info("seat %d (%s) played %s; version %d", seat.seat + 1,
                 "AI" if user_id is None else f"user {user_id}", list(action.choice),
                 live.version)
    live.state, live.result = state, result
    live.events += events
    live.moves.append(Move(turn, tuple(events), state))
    if user_id is not None:
        live.people_moved.add(seat.seat)
    matches.remember(live.id, live.version, state)
