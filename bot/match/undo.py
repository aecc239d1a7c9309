"""Undo by consent: what an undo takes back, whether it may, and who must agree.

A player takes back their latest move still in force, and every row logged after it. It is
allowed only when none of those rows drew at random or showed anyone something hidden.
That is decided generically, from the game's own protocol:

- **Random draws.** Games keep their generator position under the key ``"rng"`` of their
  state JSON; a row that moves it drew at random (a shuffle, a die).
- **Reveals.** A row revealed something to a viewer (a seat, or the public) when what that
  viewer sees after it depends on what they could not see before it. We test that with the
  game's ``redeal_hidden``: in worlds the viewer cannot tell from the real one (other hands
  and decks redealt), some move of the actor must leave the viewer seeing exactly what they
  see now (view and events). A drawn card, a peek, a flipped card or a card played face up
  from a hand fails that test; a card played face down passes it. The worlds are sampled
  (seeded by the match, so the answer is reproducible); a game without ``redeal_hidden``
  cannot prove a row harmless, so nothing is undone there.

The log stays append-only: an undo is logged as its own row (``bot.match.replay.UNDO``).
``UndoRequests`` asks and answers under the match's lock.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.engine import (
    ORDER,
    Action,
    Decision,
    Event,
    Game,
    GameError,
    Rng,
    StaleDecision,
    View,
    play,
)
from bot.engine.said import Said, said, said_n
from bot.match import sentences as words
from bot.match.errors import AlreadyDone, MatchError, NotSeated
from bot.match.live import Live, Matches, playing_seat, require_active
from bot.match.outbound import Move, Outbound, build_outbound
from bot.match.replay import state_text, timeline, undo_action, undone_from
from bot.match.turns import AiTurns
from bot.store import ActionRecord, ActionRow, MatchRecord, SeatRecord, UndoRequestRecord
from bot.workers import Workers

WORLDS = 8
"""Redealt worlds tried per viewer and row."""
TRIES = 3
"""Worlds redealt per world that must count as evidence, before giving up."""
ALTERNATIVES = 32
"""Other choices of the actor tried in one world before the row counts as a reveal."""

OFF = said("Taking moves back is off in this match (the host chooses it when opening the "
           "lobby).")
NO_MOVE = said("You have no move to take back.")
DREW = said("Something was drawn or shuffled since that move, so it can no longer be taken "
            "back.")
REVEALED = said("A hidden card was shown since that move, so it can no longer be taken back.")
UNPROVABLE = said("This game cannot take moves back.")
UNSURE = said("I can't be sure that move kept every card hidden, so it can't be taken back.")


class UndoRefused(MatchError):
    """The undo is not allowed (off for this match, nothing to undo, or a card was seen)."""


@dataclass(frozen=True)
class UndoAsked:
    """A request waits for the other players' answers (post it with accept/decline buttons)."""

    match_id: int
    seat: int
    user_id: int
    waiting_for: tuple[int, ...]
    """The users who have not accepted yet, in seat order."""


@dataclass(frozen=True)
class UndoDeclined:
    match_id: int
    by_user_id: int


@dataclass(frozen=True)
class Moment:
    """One move in force: the state before it, the row, and the state and events after."""

    before: Any
    row: ActionRecord
    after: Any
    events: tuple[Event, ...]


def in_force(game: Game[Any, Any], record: MatchRecord,
             log: Sequence[ActionRecord]) -> list[Moment]:
    """The moves not taken back, with the states around each, oldest first."""
    moments: list[Moment] = []
    before: Any = None
    for step in timeline(game, record, log):
        if step.row is None:
            before = step.state
        elif (first := undone_from(step.row)) is not None:
            moments = [m for m in moments if m.row.seq < first]
            before = step.state
        else:
            moments.append(Moment(before, step.row, step.state, step.events))
            before = step.state
    return moments


def span(moments: Sequence[Moment], seat: int) -> list[Moment]:
    """The seat's latest move in force and every move after it."""
    for i in range(len(moments) - 1, -1, -1):
        if moments[i].row.seat == seat:
            return list(moments[i:])
    raise UndoRefused(NO_MOVE)


def undoable(game: Game[Any, Any], record: MatchRecord, log: Sequence[ActionRecord], seat: int,
             rng: Rng) -> list[Moment]:
    """The moves an undo by ``seat`` would take back, checked: ``UndoRefused`` if not."""
    moments = span(in_force(game, record, log), seat)
    check(game, moments, len(record.seats), rng)
    return moments


def consent_needed(seats: Sequence[SeatRecord], user_id: int) -> tuple[int, ...]:
    """Every other person still playing must agree; AI seats (and resigned players) do not."""
    return tuple(s.user_id for s in seats
                 if not s.is_ai and s.user_id is not None and s.user_id != user_id)


def check(game: Game[Any, Any], moments: Sequence[Moment], players: int, rng: Rng) -> None:
    """Raise ``UndoRefused`` unless no move in ``moments`` drew at random or revealed."""
    for m in moments:
        if _rng(game, m.before) != _rng(game, m.after):
            raise UndoRefused(DREW)
        for viewer in (None, *range(players)):
            reason = _leak(game, m, viewer, rng)
            if reason is not None:
                raise UndoRefused(reason)


def _rng(game: Game[Any, Any], state: Any) -> Any:
    return game.to_json(state).get("rng")


def _seen(game: Game[Any, Any], state: Any, events: Sequence[Event],
          viewer: int | None) -> tuple[View, list[str]]:
    return game.view(state, viewer), [e.told(viewer) for e in events if e.visible_to(viewer)]


def _leak(game: Game[Any, Any], m: Moment, viewer: int | None, rng: Rng) -> Said | None:
    """Why the move may have shown ``viewer`` something hidden, or None when it did not.

    A redealt world is evidence only when the actor had a move of the same shape there (as
    many cards); in each such world some move must leave the viewer seeing what they see.
    """
    seen = _seen(game, m.after, m.events, viewer)
    action = Action.from_json(m.row.action)
    proofs = 0
    for _ in range(TRIES * WORLDS):
        world = game.redeal_hidden(m.before, viewer, rng)
        if world is None:
            return UNPROVABLE
        possible = False
        for after, events in _outcomes(game, world, m.row.seat, action, rng):
            possible = True
            if _seen(game, after, events, viewer) == seen:
                proofs += 1
                break
        else:
            if possible:
                return REVEALED
        if proofs == WORLDS:
            return None
    return UNSURE


def _outcomes(game: Game[Any, Any], world: Any, seat: int, action: Action,
              rng: Rng) -> Iterator[tuple[Any, list[Event]]]:
    """What the actor's move does in ``world``: the logged choice first, then other choices
    for the same decision (a face-down card the viewer never saw could have been any)."""
    decision = next((d for d in game.pending(world)
                     if d.id == action.decision and d.player == seat), None)
    if decision is None:
        return
    tried: set[tuple[str, ...]] = set()
    for choice in itertools.islice(_choices(game, world, decision, action, rng),
                                   ALTERNATIVES + 1):
        if choice in tried:
            continue
        tried.add(choice)
        try:
            yield play(game, world, seat, Action(decision.id, choice))
        except GameError:
            continue


def _choices(game: Game[Any, Any], world: Any, decision: Decision, action: Action,
             rng: Rng) -> Iterator[tuple[str, ...]]:
    """The logged choice, then the random AI's picks and random choices, all of the logged
    choice's size (legal ones turn up fast even among many combinations)."""
    yield action.choice
    keys = [o.key for o in decision.options]
    size = len(keys) if decision.kind == ORDER else len(action.choice)
    view = game.view(world, decision.player)
    while True:
        picked = game.ai_choose("random", view, decision, rng).choice
        if len(picked) == size:
            yield picked
        yield tuple(rng.sample(keys, size))


class UndoRequests:
    """Asking to take a move back and answering, under the match's lock."""

    def __init__(self, matches: Matches, turns: AiTurns, workers: Workers) -> None:
        self.matches = matches
        self.turns = turns
        self.workers = workers

    async def ask(self, match_id: int, user_id: int) -> list[Outbound | UndoAsked | UndoDeclined]:
        """Ask to take back one's latest move (and every move after it). With nobody else to
        ask (only AI opponents) it is taken back at once; else the others are asked."""
        async with self.matches.locked(match_id) as live:
            require_active(live)
            if not live.record.undo:
                raise UndoRefused(OFF)
            seat = playing_seat(live, user_id)
            moments = await self._undoable(live, seat.seat)
            waiting = consent_needed(live.seats, user_id)
            if not waiting:
                return [*await self._undo(live, seat, user_id, moments)]
            await self.matches.store.put_undo_request(
                UndoRequestRecord(live.id, seat.seat, user_id, live.version))
            return [UndoAsked(live.id, seat.seat, user_id, waiting)]

    async def answer(self, match_id: int, user_id: int,
                     accept: bool) -> list[Outbound | UndoAsked | UndoDeclined]:
        """Another player's answer; the last agreement takes the moves back."""
        store = self.matches.store
        async with self.matches.locked(match_id) as live:
            require_active(live)
            asked = await store.get_undo_request(live.id)
            if asked is None or asked.version != live.version:
                raise StaleDecision(said("That request to take a move back is out of date; "
                                    "nothing was changed."))
            needed = consent_needed(live.seats, asked.user_id)
            if user_id not in needed:
                raise NotSeated(said("Only the other players answer this request."))
            if user_id in asked.accepted:
                raise AlreadyDone(said("You already agreed; it counted once."))
            if not accept:
                await store.delete_undo_request(live.id)
                return [UndoDeclined(live.id, user_id)]
            accepted = (*asked.accepted, user_id)
            waiting = tuple(u for u in needed if u not in accepted)
            if waiting:
                await store.put_undo_request(replace(asked, accepted=accepted))
                return [UndoAsked(live.id, asked.seat, asked.user_id, waiting)]
            seat = live.seats[asked.seat]
            moments = await self._undoable(live, seat.seat)
            await store.delete_undo_request(live.id)
            return [*await self._undo(live, seat, asked.user_id, moments)]

    async def _undoable(self, live: Live, seat: int) -> list[Moment]:
        """The moves an undo by ``seat`` takes back, checked (``UndoRefused`` if not); the
        rebuild runs in a worker process, the match's lock still held."""
        return await self.workers.run_or_thread(
            undoable, live.game, live.record, await self.matches.store.actions(live.id), seat,
            Rng(live.record.seed).fork(live.version))

    async def _undo(self, live: Live, seat: SeatRecord, user_id: int,
                    moments: Sequence[Moment]) -> list[Outbound]:
        """Log the undo row with the earlier snapshot, then let AI seats move again."""
        before, state = live.state, moments[0].before
        action = undo_action(moments[0].row.seq)
        live.version = await self.matches.store.commit_move(
            live.id, live.version, state_text(live.game, state),
            ActionRow(seat.seat, user_id, action.decision, action.to_json()))
        live.state = state
        self.matches.remember(live.id, live.version, state)
        n = len(moments)
        moves = said_n("a move", "{n} moves", n)
        live.events.append(Event("undo", words.UNDO, {"player": seat.seat, "moves": moves}))
        live.moves.append(Move(live.game.turn(state), tuple(live.events[-1:]), state))
        await self.turns.run(live)
        return build_outbound(live.game, live.id, live.seats, live.state, live.events,
                              before, live.result, live.moves, version=live.version)
