"""Rebuilding a match from its seed and action log, one state per logged row.

The log is append-only, so an undo is itself a row (decision ``UNDO``) naming the first
row it takes back; rebuilding honours it by returning to the state before that row. Every
reader of the log goes through ``timeline`` so that rule lives in one place.

A replay shows only what a viewer could see at each moment: frames hold views
(``viewer`` None for the public table) and the text log holds only the events addressed to
that viewer, never the states themselves.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine import Action, Event, Game, View, parse_options, play
from bot.engine.lesson import deal
from bot.engine.said import Said, said
from bot.match import sentences as words
from bot.store import ActionRecord, MatchRecord

UNDO = "~undo"
"""The decision id of an undo row; no game's decision ids start with ``~``."""


def undo_action(first_seq: int) -> Action:
    """The logged form of an undo: take back row ``first_seq`` and every row after it."""
    return Action(UNDO, (str(first_seq),))


def undone_from(row: ActionRecord) -> int | None:
    """The first row an undo row takes back, or None for an ordinary move."""
    if row.decision_id != UNDO:
        return None
    return int(Action.from_json(row.action).choice[0])


class ReplayError(Exception):
    """The log cannot be replayed (rules changed since, or a damaged log)."""


@dataclass(frozen=True)
class Step:
    """One logged row and the state right after it (the deal has ``row`` None)."""

    row: ActionRecord | None
    state: Any
    events: tuple[Event, ...]


def first_state(game: Game[Any, Any], record: MatchRecord) -> Any:
    """The deal: the game's lesson for a lesson match (``/learn``), else the seeded set-up."""
    lesson = game.lesson() if record.lesson else None
    if lesson is not None:
        return deal(lesson)
    return game.setup(len(record.seats), parse_options(game.options, record.options),
                      record.seed)


def timeline(game: Game[Any, Any], record: MatchRecord,
             log: Sequence[ActionRecord]) -> Iterator[Step]:
    """The deal, then the state after each row of ``log`` (undo rows included)."""
    state = first_state(game, record)
    yield Step(None, state, ())
    before: dict[int, Any] = {}
    for row in log:
        first = undone_from(row)
        if first is not None:
            if first not in before:
                raise ReplayError(f"row {row.seq} undoes row {first}, which is not in force")
            state = before[first]
            for seq in [s for s in before if s >= first]:
                del before[seq]
            yield Step(row, state, (Event("undo", words.UNDONE, {"player": row.seat}),))
            continue
        before[row.seq] = state
        try:
            state, events = play(game, state, row.seat, Action.from_json(row.action))
        except Exception as exc:
            raise ReplayError(f"row {row.seq} no longer replays: {exc}") from exc
        yield Step(row, state, tuple(events))


def state_text(game: Game[Any, Any], state: Any) -> str:
    """The canonical snapshot text (as the service stores it)."""
    return json.dumps(game.to_json(state), sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True)
class Frame:
    """What the viewer saw after one change: the public table and, privately, their own view."""

    number: int
    """1 for the deal, then one more per change the viewer could see."""
    table: View
    own: View | None
    caption: Said | None
    """The last thing the viewer saw happen (the deal, at first); None when nothing did."""


@dataclass(frozen=True)
class Replay:
    match_id: int
    game: str
    viewer: int | None
    frames: tuple[Frame, ...]
    lines: tuple[Said, ...]
    """The readable log: one sentence per event the viewer saw, numbered by log row, said
    in the reader's language by the front end (seats named there too)."""
    final_state: Any


def build_replay(game: Game[Any, Any], record: MatchRecord, log: Sequence[ActionRecord],
                 viewer: int | None = None) -> Replay:
    """Frames and text log for ``viewer`` (None: public), checked against the snapshot.

    A frame is added whenever what the viewer sees changes, so sealed moves that show
    nothing new add no frame. Raises ``ReplayError`` when the rebuilt final state is not
    byte for byte the stored snapshot (the rules changed since the match was played).
    """
    frames: list[Frame] = []
    lines: list[Said] = []
    last: tuple[View, View | None] | None = None
    state: Any = None
    for step in timeline(game, record, log):
        state = step.state
        seen = [e.said(viewer) for e in step.events if e.visible_to(viewer)]
        lines += [_line(step.row, event) for event in seen]
        shown = (game.view(state, None), game.view(state, viewer) if viewer is not None else None)
        if shown != last:
            caption = seen[-1] if seen else (words.THE_DEAL if step.row is None else None)
            frames.append(Frame(len(frames) + 1, shown[0], shown[1], caption))
            last = shown
    if record.state is not None and state_text(game, state) != record.state:
        raise ReplayError("the rebuilt match differs from the stored one (the rules have "
                          "changed since it was played)")
    return Replay(record.id, record.game, viewer, tuple(frames), tuple(lines), state)


def _line(row: ActionRecord | None, event: Said) -> Said:
    """A line of the log: the event, after the log row it came from (or the deal)."""
    if row is None:
        return said("Deal · {event}", event=event)
    return said("#{row} · {event}", row=str(row.seq), event=event)  # the row is a code
