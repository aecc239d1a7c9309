"""Outbound messages as data: what a front end must show after a change, and to whom.

They are built from views only, so they carry exactly what each recipient may know.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.engine import Decision, Event, Game, Result, Turn, View
from bot.engine.said import Said
from bot.store import SeatRecord


@dataclass(frozen=True)
class PublicUpdate:
    """The table for everyone: public view, what happened, and whom to ping."""

    match_id: int
    view: View
    events: tuple[Event, ...]
    """What happened in public, to be told to each reader (``lines``)."""
    mention_user_ids: tuple[int, ...]
    turn: Turn | None = None

    @property
    def summary(self) -> tuple[str, ...]:
        """What happened, as someone none of it is about reads it (the public log, English)."""
        return tuple(e.text for e in self.events)

    def lines(self, reader: int | None) -> tuple[Said, ...]:
        """What happened, as seat ``reader`` reads it ("You draw 2 cards."), to be said in
        their language."""
        return tuple(e.said(reader) for e in self.events)


@dataclass(frozen=True)
class Move:
    """One applied move (or a seat change): the turn it was made in and what it did."""

    turn: Turn | None
    events: tuple[Event, ...]
    state: Any


@dataclass(frozen=True)
class TurnUpdate:
    """One turn's public record: lines to add to its post, and the table after them.

    The lines are sentences as someone none of them is about reads them, said by the front
    end in the language of the post (seats in them are ``Seat`` values, to be named).

    Number 0 is before the first turn (Auroria's mulligans). ``acting``: the users who must
    act now in this turn (none once it is over). ``version``: the match's version once the
    change that made it was committed; the updates of one change share it, so a front end
    that receives changes out of order can tell an older one from a newer.
    """

    match_id: int
    number: int
    seat: int | None
    lines: tuple[Said, ...]
    view: View
    acting: tuple[int, ...]
    version: int


@dataclass(frozen=True)
class PrivateUpdate:
    """One player's own view, their private news and the decisions open for them.

    ``events``: the private news as the player reads them ("You draw Cave."), to be said
    in their language."""

    match_id: int
    seat: int
    user_id: int
    view: View
    events: tuple[Said, ...]
    decisions: tuple[Decision, ...]


@dataclass(frozen=True)
class Prompt:
    """A decision that has just opened for a human seat (send its buttons)."""

    match_id: int
    seat: int
    user_id: int
    decision: Decision
    dm_ok: bool


@dataclass(frozen=True)
class MatchEnded:
    match_id: int
    result: Result
    user_ids: tuple[int | None, ...]
    """The user of each seat (None for AI seats; a resigned player keeps theirs)."""


@dataclass(frozen=True)
class MatchCancelled:
    match_id: int
    by_user_id: int


Outbound = PublicUpdate | TurnUpdate | PrivateUpdate | Prompt | MatchEnded | MatchCancelled


def humans(seats: Sequence[SeatRecord]) -> list[tuple[SeatRecord, int]]:
    """Seats a person plays now, with their user id."""
    return [(s, s.user_id) for s in seats if not s.is_ai and s.user_id is not None]


def mentions(game: Game[Any, Any], state: Any, seats: Sequence[SeatRecord]) -> tuple[int, ...]:
    """Users who must act now, in seat order."""
    acting = {d.player for d in game.pending(state)} if game.result(state) is None else set()
    return tuple(user for seat, user in humans(seats) if seat.seat in acting)


def open_for(game: Game[Any, Any], state: Any, seat: int) -> tuple[Decision, ...]:
    if game.result(state) is not None:
        return ()
    return tuple(d for d in game.pending(state) if d.player == seat)


def public_update(game: Game[Any, Any], match_id: int, state: Any, seats: Sequence[SeatRecord],
                  events: Sequence[Event] = ()) -> PublicUpdate:
    return PublicUpdate(match_id, game.view(state, None),
                        tuple(e for e in events if e.audience is None),
                        mentions(game, state, seats), game.turn(state))


TURN = "turn"
"""The event that announces a turn: its post's heading says it already."""


def _number(turn: Turn | None) -> int:
    return turn.number if turn is not None else 0


def turn_updates(game: Game[Any, Any], match_id: int, seats: Sequence[SeatRecord], state: Any,
                 moves: Sequence[Move], version: int) -> list[TurnUpdate]:
    """The turns a batch of moves touched, in order, then the turn open now (a fresh one
    names who acts). A move's lines belong to the turn it was made in; ``version``: the
    match's version after the batch."""
    out: list[TurnUpdate] = []
    ends: list[Any] = []
    for move in moves:
        lines = tuple(e.said(None) for e in move.events
                      if e.audience is None and e.kind != TURN)
        number = _number(move.turn)
        if out and out[-1].number == number:
            out[-1] = replace(out[-1], lines=out[-1].lines + lines)
            ends[-1] = move.state
        else:
            seat = move.turn.seat if move.turn is not None else None
            out.append(TurnUpdate(match_id, number, seat, lines, {}, (), version))
            ends.append(move.state)
    out = [replace(u, view=game.view(end, None)) for u, end in zip(out, ends, strict=True)]
    if game.result(state) is None:
        now = game.turn(state)
        acting = mentions(game, state, seats)
        if out and out[-1].number == _number(now):
            out[-1] = replace(out[-1], acting=acting)
        else:
            out.append(TurnUpdate(match_id, _number(now), now.seat if now else None, (),
                                  game.view(state, None), acting, version))
    return out


def private_update(game: Game[Any, Any], match_id: int, state: Any, seat: SeatRecord, user_id: int,
                   events: Sequence[Event] = ()) -> PrivateUpdate:
    private = tuple(e.said(seat.seat) for e in events
                    if e.audience is not None and seat.seat in e.audience)
    return PrivateUpdate(match_id, seat.seat, user_id, game.view(state, seat.seat), private,
                         open_for(game, state, seat.seat))


def build_outbound(game: Game[Any, Any], match_id: int, seats: Sequence[SeatRecord], state: Any,
                   events: Sequence[Event], before: Any | None = None,
                   result: Result | None = None, moves: Sequence[Move] = (), *,
                   version: int) -> list[Outbound]:
    """Messages after moving from ``before`` (None: a fresh start) to ``state``, committed
    as the match's ``version``.

    Only humans whose view, private news or open decisions changed get a private update;
    decisions not open in ``before`` become prompts.
    """
    out: list[Outbound] = [public_update(game, match_id, state, seats, events)]
    out += turn_updates(game, match_id, seats, state, moves, version)
    prompts: list[Outbound] = []
    for seat, user in humans(seats):
        update = private_update(game, match_id, state, seat, user, events)
        old_ids = {d.id for d in open_for(game, before, seat.seat)} if before is not None else set()
        changed = (before is None or update.events
                   or update.view != game.view(before, seat.seat)
                   or {d.id for d in update.decisions} != old_ids)
        if changed:
            out.append(update)
        prompts += [Prompt(match_id, seat.seat, user, d, seat.dm_ok)
                    for d in update.decisions if d.id not in old_ids]
    out += prompts
    if result is not None:
        out.append(MatchEnded(match_id, result, tuple(s.user_id for s in seats)))
    return out
