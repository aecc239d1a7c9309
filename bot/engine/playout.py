"""The random-playout checker every game plugs into (DESIGN §8).

It plays whole games with AI seats and, at every step, checks what must always hold:
the state JSON round-trips, a decision is open until the game ends, the game ends within
``game.max_steps``, views are unchanged when only hidden cards change (``redeal_hidden``; one
viewer a step, rotating through the public view and every seat, so each is checked often),
the game's own ``invariants`` hold, and replaying seed + actions gives the same state.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.engine.autoplay import CHECK_BUDGET, ai_moves, by_level
from bot.engine.game import Game, play
from bot.engine.options import parse_options
from bot.engine.rng import Rng
from bot.engine.search import Budget
from bot.engine.types import Action, Result


class PlayoutFailure(AssertionError):
    """An invariant broke; the message names the seed and step to reproduce it."""


@dataclass
class Playout:
    seed: int
    players: int
    actions: list[tuple[int, Action]] = field(default_factory=list)
    result: Result | None = None
    final: Any = None


def _json(game: Game[Any, Any], state: Any) -> str:
    return json.dumps(game.to_json(state), sort_keys=True, separators=(",", ":"))


def _check_step(game: Game[Any, Any], state: Any, viewer: int | None, rng: Rng, where: str) -> None:
    """Round trip, invariants, and the leak check for one viewer (rotated step by step)."""
    text = _json(game, state)
    again = _json(game, game.from_json(json.loads(text)))
    if again != text:
        raise PlayoutFailure(f"{where}: state does not survive a JSON round trip")
    try:
        game.invariants(state)
    except AssertionError as exc:
        raise PlayoutFailure(f"{where}: invariant broken: {exc}") from exc
    other = game.redeal_hidden(state, viewer, rng)
    if other is None:
        return
    if game.view(other, viewer) != game.view(state, viewer):
        raise PlayoutFailure(f"{where}: view of {viewer} changes with hidden cards (leak)")
    if viewer is not None:
        mine = [d for d in game.pending(state) if d.player == viewer]
        theirs = [d for d in game.pending(other) if d.player == viewer]
        if mine != theirs:
            raise PlayoutFailure(f"{where}: decisions of {viewer} change with hidden cards")


def replay(game: Game[Any, Any], players: int, options: Mapping[str, Any], seed: int,
           actions: Sequence[tuple[int, Action]]) -> Any:
    state = game.setup(players, options, seed)
    for player, action in actions:
        state, _ = play(game, state, player, action)
    return state


def run_playout(game: Game[Any, Any], players: int, seed: int,
                options: Mapping[str, Any] | None = None,
                levels: Sequence[str] | None = None, check: bool = True,
                budget: Budget = CHECK_BUDGET) -> Playout:
    """Play one game with AI seats; with ``check`` verify every invariant at every step.
    ``budget`` is what a strong seat searches per decision."""
    opts = parse_options(game.options, options)
    state = game.setup(players, opts, seed)
    rng = Rng(seed ^ 0x5EED)
    out = Playout(seed, players)
    choose = by_level(levels or "random", budget)

    def where() -> str:
        return f"{game.name} seed={seed} players={players} step={len(out.actions)}"

    def check_step() -> None:
        # Every step checks one viewer, rotating through the public view and each seat.
        step = len(out.actions)
        viewer = None if step % (players + 1) == players else step % (players + 1)
        _check_step(game, state, viewer, rng, where())

    try:
        if check:
            check_step()
        for move in ai_moves(game, state, rng, choose, any_open=True):
            out.actions.append((move.decision.player, move.action))
            state = move.after
            if check:
                check_step()
    except PlayoutFailure:
        raise
    except Exception as exc:  # an AI's answer refused, or no end: name the step to replay
        raise PlayoutFailure(f"{where()}: {exc}") from exc
    out.result = game.result(state)
    out.final = state
    if check:
        again = replay(game, players, opts, seed, out.actions)
        if _json(game, again) != _json(game, state):
            raise PlayoutFailure(f"{game.name} seed={seed}: replay differs from the played game")
    return out
