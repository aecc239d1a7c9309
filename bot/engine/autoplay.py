"""The one loop for games the AI plays by itself: state → open decision → the seat's AI →
the checked move, until the game ends.

Checked playouts, the rules help's moments, benchmarks, the render and text tests all walk
games this way; they differ only in which AI answers (``by_level``, or their own ``Choose``
to time it) and in whether the first open decision or a random one goes next.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Generic, NamedTuple, TypeVar

from bot.engine.game import Game, play_decision
from bot.engine.options import parse_options
from bot.engine.rng import Rng
from bot.engine.search import Budget, ai_action
from bot.engine.types import Action, Decision, Event

S = TypeVar("S")

CHECK_BUDGET = Budget(iterations=2)
"""A strong seat's search where only legal play matters (checked playouts, tests): enough
to exercise it, cheap to run."""

Choose = Callable[[Game[S, Any], S, Decision, Rng], Action]
"""An AI: the answer to an open decision of the state (a level reads only the seat's view)."""


class Endless(AssertionError):
    """A game went on past its ``max_steps``: a bug in that game."""


class Move(NamedTuple, Generic[S]):
    """One move of ``ai_moves`` (a named tuple: one is made per decision, and the loop's own
    cost counts in every random playout)."""

    before: S
    decision: Decision
    action: Action
    after: S
    events: list[Event]


_new = tuple.__new__
"""Builds a ``Move`` as the tuple itself: the named tuple's ``__new__`` is a Python function."""


def by_level(levels: str | Sequence[str], budget: Budget = CHECK_BUDGET) -> Choose[Any]:
    """Every seat at ``levels`` (one level, or one per seat); ``budget`` is what a strong
    seat searches per decision."""
    def choose(game: Game[Any, Any], state: Any, decision: Decision, rng: Rng) -> Action:
        level = levels if isinstance(levels, str) else levels[decision.player]
        return ai_action(game, state, level, decision, rng, budget)
    return choose


RANDOM: Choose[Any] = by_level("random")


def new_game(game: Game[S, Any], players: int, seed: int,
             options: Mapping[str, Any] | None = None) -> S:
    """A seeded set-up with ``options`` checked (defaults for the rest)."""
    return game.setup(players, parse_options(game.options, options or {}), seed)


def ai_moves(game: Game[S, Any], state: S, rng: Rng, choose: Choose[S] = RANDOM, *,
             any_open: bool = False) -> Iterator[Move[S]]:
    """Each move until the game ends: the first open decision answered (or, with
    ``any_open``, one picked at random among simultaneous ones), through ``play``.
    Raises ``Endless`` after ``game.max_steps`` moves without an end."""
    for _ in range(game.max_steps):
        if game.result(state) is not None:
            return
        pending = game.pending(state)
        if not pending:
            raise Endless(f"{game.name}: no decision is open but the game has not ended")
        decision = pending[rng.randrange(len(pending))] if any_open else pending[0]
        action = choose(game, state, decision, rng)
        after, events = play_decision(game, state, decision, action)
        yield _new(Move, (state, decision, action, after, events))
        state = after
    if game.result(state) is None:
        raise Endless(f"{game.name}: no end within {game.max_steps} moves")


def states(game: Game[S, Any], state: S, rng: Rng, choose: Choose[S] = RANDOM) -> Iterator[S]:
    """``state``, then the state after each move until the end."""
    yield state
    for move in ai_moves(game, state, rng, choose):
        yield move.after


def final(game: Game[S, Any], state: S, rng: Rng, choose: Choose[S] = RANDOM) -> S:
    """The state the game ends in."""
    for move in ai_moves(game, state, rng, choose):
        state = move.after
    return state
