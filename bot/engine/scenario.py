"""Scenarios: a JSON document that fixes a game's set-up and then applies actions (DESIGN §2).

Format::

    {"game": "zura", "players": 3, "seed": 1, "options": {...},
     "setup": {... game-specific, documented by the game ...},
     "actions": [{"player": 0, "choice": ["k1", "k2"], "decision": "optional id"}, ...]}

When ``decision`` is omitted the player's only open decision is meant.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.engine import registry
from bot.engine.errors import BadScenario, GameError
from bot.engine.game import Game, open_decisions, play
from bot.engine.options import parse_options
from bot.engine.types import Action, Event


@dataclass
class ScenarioRun:
    game: Game[Any]
    players: int
    state: Any
    events: list[Event] = field(default_factory=list)


def _field(data: Mapping[str, Any], name: str, kind: type, default: Any = None) -> Any:
    value = data.get(name, default)
    if value is None or (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
        raise BadScenario(f"Scenario field `{name}` must be {kind.__name__}.")
    return value


def run_scenario(data: Any) -> ScenarioRun:
    """Build and play a scenario; every problem raises ``BadScenario`` naming where it is."""
    if not isinstance(data, Mapping):
        raise BadScenario("A scenario must be a JSON object.")
    try:
        game = registry.get(_field(data, "game", str))
    except GameError as exc:
        raise BadScenario(str(exc)) from None
    players = _field(data, "players", int, game.min_players)
    if not game.min_players <= players <= game.max_players:
        raise BadScenario(
            f"{game.title} takes {game.min_players}–{game.max_players} players, not {players}."
        )
    seed = _field(data, "seed", int, 0)
    try:
        options = parse_options(game.options, _field(data, "options", dict, {}))
    except GameError as exc:
        raise BadScenario(str(exc)) from None
    setup = _field(data, "setup", dict, {})
    try:
        state = game.scenario(players, options, seed, setup) if setup else game.setup(
            players, options, seed)
    except GameError as exc:
        raise BadScenario(f"Set-up: {exc}") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        # A game reads its set-up as trusted JSON; a wrong shape surfaces as one of these.
        raise BadScenario(f"Set-up is malformed: {exc!r}"[:300]) from None
    run = ScenarioRun(game, players, state)
    for n, raw in enumerate(_field(data, "actions", list, []), start=1):
        run.state, events = _apply_raw(game, run.state, players, n, raw)
        run.events.extend(events)
    return run


def _apply_raw(game: Game[Any], state: Any, players: int, n: int,
               raw: Any) -> tuple[Any, list[Event]]:
    if not isinstance(raw, Mapping):
        raise BadScenario(f"Action {n} must be an object.")
    player = raw.get("player")
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < players:
        raise BadScenario(f"Action {n}: `player` must be a seat number 0–{players - 1}.")
    choice = raw.get("choice")
    if not isinstance(choice, list) or not all(isinstance(c, str) for c in choice):
        raise BadScenario(f"Action {n}: `choice` must be a list of option keys.")
    decision_id = raw.get("decision")
    if decision_id is None:
        mine = open_decisions(game, state, player)
        if len(mine) != 1:
            raise BadScenario(
                f"Action {n}: player {player} has {len(mine)} open decisions; name one."
            )
        decision_id = mine[0].id
    try:
        return play(game, state, player, Action(str(decision_id), tuple(choice)))
    except GameError as exc:
        raise BadScenario(f"Action {n} (player {player}): {exc}") from None
