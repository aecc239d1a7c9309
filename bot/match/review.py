"""The post-game review: a player's decisions weighed by the strong AI, on their own
information only (issue 31, DESIGN §10).

A match is replayed from its log; before each decision the player made, the state is dealt
again from what that seat could see (``redeal_hidden``, which shuffles from sorted order,
and a generator position drawn from the row's number): the weighing never holds the real
hidden cards, so two matches that differ only in cards the seat never saw are reviewed
alike. In that world the strong AI's search names its answer, and both it and the answer
played are scored over the same sampled worlds (``bot.engine.search.compare``). The moments
that gave most away are the review.

Pure functions of plain data, run in worker processes: ``turnings`` (one replay) lists the
work, ``weigh_turning`` does one decision of it, ``moments`` ranks what came back, and
``scenes_before`` (one more replay) gives each moment's picture and its decision as it was
asked, so a front end says the question and both answers in the reader's language (the
English labels a moment keeps are only for when its decision cannot be found again).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from bot.engine import ORDER, Action, Decision, Game, Rng, View, registry
from bot.engine.search import Budget, behind, compare, search
from bot.match.replay import ReplayError, state_text, timeline, undone_from
from bot.store import ActionRecord, MatchRecord

ITERATIONS = 160
"""Playouts the strong AI's search may spend on one decision."""
WORLDS = 64
"""Worlds both answers are played out in when the search picked another one."""
SECONDS = 0.4
"""CPU seconds the search, and then the weighing, may spend on one decision at most: Aura
and Zura decide within ``ITERATIONS`` and ``WORLDS`` well before (their playouts stop a
round or two on), Auroria Codex's play to the end and would take minutes a match. CPU time,
not the clock's, so a busy machine gives the same review."""
SURE = 1.0
"""Standard errors by which the strong AI's answer must score above the one played, world
by world, to count as better: a difference the sampled worlds cannot tell from luck is no
moment to show (and the costliest-looking of many such would be the luckiest)."""
SHOWN = 3
"""Moments a review shows."""
SALT = 0x5EE_D0_0D
"""Mixed into a row's number for that decision's generator, so reviews do not share it
with anything else seeded by small numbers."""


@dataclass(frozen=True)
class Turning:
    """One decision the seat made: the world it is weighed in (JSON, dealt from the seat's
    view), the decision and the answer played."""

    seq: int
    seat: int
    world: dict[str, Any]
    decision_id: str
    chosen: tuple[str, ...]


@dataclass(frozen=True)
class Moment:
    """A weighed decision: the answer played and the strong AI's, with their chances to win
    (0–1) and the English words of the prompt and of both answers (the game's labels, kept
    for a decision the replay cannot find again: ``Scene`` has the words to translate)."""

    seq: int
    prompt: str
    chosen: tuple[str, ...]
    best: tuple[str, ...]
    chosen_labels: tuple[str, ...]
    best_labels: tuple[str, ...]
    chance: float
    best_chance: float

    @property
    def drop(self) -> float:
        return self.best_chance - self.chance

    def to_json(self) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Moment:
        return cls(int(data["seq"]), str(data["prompt"]), tuple(data["chosen"]),
                   tuple(data["best"]), tuple(data["chosen_labels"]),
                   tuple(data["best_labels"]), float(data["chance"]),
                   float(data["best_chance"]))


def _seed(seq: int) -> int:
    return (seq * 1_000_003) ^ SALT


def seat_world(game: Game[Any, Any], state: Any, seat: int, seq: int) -> dict[str, Any]:
    """``state`` as ``seat`` could know it: what it could not see dealt again from sorted
    order, and the generator moved to a position drawn from ``seq`` alone."""
    rng = Rng(_seed(seq))
    world = game.redeal_hidden(state, seat, rng)
    data = game.to_json(state if world is None else world)
    if "rng" in data:
        data["rng"] = rng.next_u64()
    return data


def in_force(log: Sequence[ActionRecord]) -> set[int]:
    """The rows of ``log`` that stand: moves not taken back by a later undo."""
    standing: list[int] = []
    for row in log:
        first = undone_from(row)
        if first is None:
            standing.append(row.seq)
        else:
            standing = [s for s in standing if s < first]
    return set(standing)


def _same(decision: Decision, a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Whether two answers are one: a pick's cards in another order are the same pick (a
    play is laid out in an order of its own, ``Game.lay_out``)."""
    return a == b if decision.kind == ORDER else sorted(a) == sorted(b)


def turnings(game_name: str, record: MatchRecord, log: Sequence[ActionRecord],
             seat: int) -> list[Turning]:
    """Every decision ``seat``'s person made (not the clock's autopilot, not the AI that took
    over a seat left, not taken back) that had more than one answer, each with its seat's
    world. Raises ``ReplayError`` when the log no longer rebuilds the match (pruned, or the
    rules changed)."""
    game = registry.get(game_name)
    standing = in_force(log)
    out: list[Turning] = []
    before: Any = None
    for step in timeline(game, record, log):
        row = step.row
        if (row is not None and row.seat == seat and row.user_id is not None
                and not row.autopilot and row.seq in standing):
            decision = _open(game, before, seat, row.decision_id)
            if decision is not None and _has_choice(decision):
                out.append(Turning(row.seq, seat, seat_world(game, before, seat, row.seq),
                                   row.decision_id, Action.from_json(row.action).choice))
        before = step.state
    if record.state is not None and state_text(game, before) != record.state:
        raise ReplayError("the log no longer rebuilds the stored match")
    return out


def _open(game: Game[Any, Any], state: Any, seat: int, decision_id: str) -> Decision | None:
    return next((d for d in game.pending(state)
                 if d.id == decision_id and d.player == seat), None)


def _has_choice(decision: Decision) -> bool:
    if decision.kind == ORDER:
        return len(decision.options) > 1
    return len(decision.options) > decision.min or decision.min < decision.max


def weigh_turning(game_name: str, turning: Turning, iterations: int = ITERATIONS,
                  worlds: int = WORLDS, seconds: float = SECONDS) -> Moment:
    """The strong AI's answer to ``turning`` and both answers' chances to win, from the
    seat's world only. An answer the search agrees with, or one the weighing cannot surely
    tell from the search's (``SURE``), gave nothing away: the moment has no drop."""
    game = registry.get(game_name)
    state = game.from_json(turning.world)
    decision = _open(game, state, turning.seat, turning.decision_id)
    assert decision is not None, "a turning's decision is open in its world"
    rng = Rng(_seed(turning.seq) + 1)
    best = search(game, state, decision, rng, Budget(iterations, seconds),
                  time.process_time).choice
    if not _same(decision, best, turning.chosen):
        played, better = compare(game, state, decision, [turning.chosen, best], rng,
                                 Budget(2 * worlds, seconds), time.process_time)
        if played and len(played) == len(better) and behind(played, better) >= SURE:
            return Moment(turning.seq, decision.prompt, turning.chosen, best,
                          _labels(decision, turning.chosen), _labels(decision, best),
                          sum(played) / len(played), sum(better) / len(better))
    labels = _labels(decision, turning.chosen)
    return Moment(turning.seq, decision.prompt, turning.chosen, turning.chosen, labels, labels,
                  0.0, 0.0)


def _labels(decision: Decision, choice: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(o.label if (o := decision.option(key)) is not None else key
                 for key in choice)


def moments(weighed: Sequence[Moment], shown: int = SHOWN) -> list[Moment]:
    """The ``shown`` moments that gave the most away, worst first (earlier first on a tie);
    none where the answer played was as good as the strong AI's."""
    lost = [m for m in weighed if m.drop > 0]
    return sorted(lost, key=lambda m: (-m.drop, m.seq))[:shown]


@dataclass(frozen=True)
class Scene:
    """A moment as the seat met it: its view of the table and the decision it answered (None
    when the replay no longer opens it there)."""

    view: View
    decision: Decision | None


def scenes_before(game_name: str, record: MatchRecord, log: Sequence[ActionRecord],
                  seat: int, seqs: Sequence[int]) -> dict[int, Scene]:
    """``seat``'s view of the table and its decision just before each row of ``seqs``: the
    picture and the words of a moment, as the player saw them."""
    game = registry.get(game_name)
    wanted = set(seqs)
    out: dict[int, Scene] = {}
    before: Any = None
    for step in timeline(game, record, log):
        row = step.row
        if row is not None and row.seq in wanted:
            out[row.seq] = Scene(game.view(before, seat),
                                 _open(game, before, seat, row.decision_id))
        before = step.state
    return out
