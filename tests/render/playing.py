"""Reproducible game states for render tests: seeded set-up plus the game's random AI."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from bot.engine import Action, Game, Rng, View
from bot.engine.autoplay import ai_moves, new_game, states


def game_or_skip(name: str) -> Game[Any, Any]:
    """The game's instance, or skip the test while that engine is not importable yet."""
    try:
        module = importlib.import_module(f"bot.games.{name}")
    except ImportError as exc:
        pytest.skip(f"{name} engine not importable yet: {exc}")
    game = getattr(module, "GAME", None)
    if game is None:
        pytest.skip(f"{name} engine exposes no GAME yet")
    return game  # type: ignore[no-any-return]


def moves(game: Game[Any, Any], players: int, seed: int,
          options: dict[str, Any] | None = None) -> Iterator[tuple[int, Action, Any]]:
    """One seeded game move by move: (seat, action, state after it)."""
    for move in ai_moves(game, new_game(game, players, seed, options), Rng(seed)):
        yield move.decision.player, move.action, move.after


def playout(game: Game[Any, Any], players: int, seed: int,
            options: dict[str, Any] | None = None) -> Iterator[Any]:
    """Every state of one seeded game: after set-up, then after each action."""
    return states(game, new_game(game, players, seed, options), Rng(seed))


def state_at(game: Game[Any, Any], players: int, seed: int, step: int) -> Any:
    """The state after ``step`` actions (or the final one if the game ends sooner)."""
    for k, state in enumerate(playout(game, players, seed)):
        if k == step:
            return state
    return state


def final_state(game: Game[Any, Any], players: int, seed: int) -> Any:
    *_, last = playout(game, players, seed)
    return last


def first_state(game: Game[Any, Any], players: int, seed: int,
                wanted: Callable[[View], bool], tries: int = 30) -> Any:
    """The first state whose public view satisfies ``wanted``, in the game of ``seed`` or,
    failing that, of the next seeds (so a change to a game's rules rarely breaks a search)."""
    for attempt in range(seed, seed + tries):
        for state in playout(game, players, attempt):
            if wanted(game.view(state, None)):
                return state
    raise AssertionError(f"no state wanted in {tries} games from seed {seed}")
