"""Turn markers and decision windows, per game, over seeded AI games.

Discord shows one post per turn and one prompt (and one notification) per decision window,
so the games must say where a turn begins and which decisions of a seat belong together.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

import pytest

from bot.engine import Decision, Game, Rng, Turn, registry
from bot.engine.autoplay import ai_moves, by_level, new_game
from bot.engine.said import Said
from tests.games.zura.helpers import decision, do, table


@dataclass(frozen=True)
class Step:
    turn: Turn | None
    decision: Decision
    """The decision answered at this step."""
    others: tuple[Decision, ...]
    """Every decision open at this step."""


def trace(name: str, players: int, seed: int, options: dict[str, Any] | None = None,
          level: str = "random") -> list[Step]:
    game: Game[Any, Any] = registry.get(name)
    state = new_game(game, players, seed, options)
    return [Step(game.turn(move.before), move.decision, tuple(game.pending(move.before)))
            for move in ai_moves(game, state, Rng(seed), by_level(level))]


def turns_of(steps: list[Step]) -> dict[int, list[Step]]:
    by_turn: dict[int, list[Step]] = defaultdict(list)
    for step in steps:
        if step.turn is not None:
            by_turn[step.turn.number].append(step)
    return by_turn


def check_markers(steps: list[Step]) -> None:
    """Turn numbers only grow, one at a time, and a turn has one seat throughout."""
    marked = [s.turn for s in steps if s.turn is not None]
    for before, after in pairwise(marked):
        assert after.number in (before.number, before.number + 1)
        if after.number == before.number:
            assert after.seat == before.seat


def check_windows_not_reused(steps: list[Step]) -> None:
    """A window, once another window of the same seat opened, never opens again: a later
    decision is never folded into an old prompt."""
    closed: dict[int, set[str]] = defaultdict(set)
    current: dict[int, str] = {}
    for step in steps:
        for d in step.others:
            if current.get(d.player) not in (None, d.window_id):
                closed[d.player].add(current[d.player])
            assert d.window_id not in closed[d.player], d
            current[d.player] = d.window_id


def test_decision_window_defaults_to_its_own_id() -> None:
    d = Decision("7.play", 0, "pick", Said("Play"), ())
    assert d.window_id == "7.play"
    assert Decision("8.flip", 0, "pick", Said("Flip"), (), window="3").window_id == "3"
    assert d.to_json()["window"] == "7.play"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_zura_a_whole_turn_is_one_window_of_the_seat_playing_it(seed: int) -> None:
    steps = trace("zura", 3, seed)
    check_markers(steps)
    check_windows_not_reused(steps)
    for number, turn in turns_of(steps).items():
        seat = turn[0].turn.seat if turn[0].turn else None
        own = {s.decision.window_id for s in turn if s.decision.player == seat}
        assert len(own) == 1, (number, own)
        assert len(turn) >= 1
    # Turns of several decisions (draw, act, flip…) exist and stay one window.
    assert any(len({s.decision.id for s in t}) >= 3 for t in turns_of(steps).values())


def test_zura_a_trade_partner_answers_in_a_window_of_their_own() -> None:
    s = table(hands=[["forest"] * 4 + ["cave"] * 2, ["mountain"] * 6],
              stacks=[["forest-trader"], []])
    turn_window = decision(s, 0).window_id
    s = do(s, "swap:1")
    active, partner = decision(s, 0), decision(s, 1)
    assert active.window_id == turn_window  # the trade is part of the trader's turn
    assert partner.window_id not in (turn_window, "")
    s = do(s, "mountain", player=1)
    s = do(s, "cave", player=0)
    assert decision(s, 0).window_id == turn_window


def test_zura_turn_numbers_count_every_turn() -> None:
    steps = trace("zura", 2, 4)
    seats = [t.seat for t in (s.turn for s in steps) if t is not None]
    numbers = sorted({s.turn.number for s in steps if s.turn is not None})
    assert numbers == list(range(1, len(numbers) + 1))
    assert seats[0] == 0 and set(seats) == {0, 1}


@pytest.mark.parametrize("options", [{}, {"simultaneous_blocks": True}])
def test_aura_play_each_block_and_the_discards_are_windows(options: dict[str, Any]) -> None:
    game: Game[Any, Any] = registry.get("aura")
    if "simultaneous_blocks" in options and not any(
            o.name == "simultaneous_blocks" for o in game.options):
        pytest.skip("no simultaneous variant")
    steps = trace("aura", 3, 5, options)
    check_markers(steps)
    check_windows_not_reused(steps)
    for turn in turns_of(steps).values():
        seat = turn[0].turn.seat if turn[0].turn else None
        plays = {s.decision.window_id for s in turn
                 if s.decision.player == seat and s.decision.id.endswith(".play")}
        assert len(plays) <= 1
        blocks: dict[int, set[str]] = defaultdict(set)
        for s in turn:
            if s.decision.id.endswith(".block"):
                blocks[s.decision.player].add(s.decision.window_id)
        # Blocking several cards is one window per blocker, not one per card.
        assert all(len(w) == 1 for w in blocks.values())
        assert not (plays & set().union(*blocks.values()))
    assert any(len([s for s in t if s.decision.id.endswith(".block")]) >= 2
               for t in turns_of(steps).values())


def test_auroria_the_turn_is_one_window_and_responses_another() -> None:
    steps = trace("auroria", 2, 3)
    check_markers(steps)
    check_windows_not_reused(steps)
    mulligans = [s for s in steps if s.turn is None]
    assert mulligans and all(s.decision.window_id == "mulligan" for s in mulligans)
    for turn in turns_of(steps).values():
        seat = turn[0].turn.seat if turn[0].turn else None
        own = {s.decision.window_id for s in turn if s.decision.player == seat}
        answers = {s.decision.window_id for s in turn if s.decision.player != seat}
        assert len(own) <= 1 and len(answers) <= 1
        assert not own & answers
