"""Scenarios: a JSON document that fixes a game's set-up and then applies actions (DESIGN §2).

Format (each game's ``setup`` and option keys: ``docs/scenarios.md``)::

    {"game": "zura", "players": 3, "seed": 1, "options": {...},
     "setup": {... game-specific, documented by the game ...},
     "actions": [{"player": 0, "choice": ["k1", "k2"], "decision": "optional id"}, ...]}

When ``decision`` is omitted the player's only open decision is meant. A choice is an
option's key or, when no key matches, its label (letter case aside) if exactly one option
has it; in an order, options sharing a label are taken one after the other. A refused
action names the decision it was matched against and lists what it offers, so a rules
writer can fix the file without reading the game's code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.engine import registry
from bot.engine.errors import BadScenario, GameError
from bot.engine.game import Game, play
from bot.engine.options import parse_options
from bot.engine.types import ORDER, Action, Decision, Event

LABEL_MAX = 80
PROMPT_MAX = 240
"""Labels and prompts can hold a scenario's own card names: output never echoes a long one."""


@dataclass
class ScenarioRun:
    game: Game[Any, Any]
    players: int
    state: Any
    events: list[Event] = field(default_factory=list)
    last: tuple[int, Decision] | None = None
    """The latest action's number and the decision it answered (to explain what came next)."""


class ActionRefused(BadScenario):
    """An action the game did not take: ``headline`` says why in one line, ``detail`` shows
    the decision it was matched against with every option offered."""

    def __init__(self, headline: str, detail: str) -> None:
        super().__init__(f"{headline}\n{detail}")
        self.headline = headline
        self.detail = detail


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
        decision, action = _match(run, n, raw)
        try:
            run.state, events = play(game, run.state, decision.player, action)
        except GameError as exc:
            raise ActionRefused(f"Action {n} (player {decision.player}): {exc}",
                                _context(run, raw, decision)) from None
        run.events.extend(events)
        run.last = (n, decision)
    return run


def _clip(text: str, limit: int = LABEL_MAX) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def count_text(decision: Decision) -> str:
    """How many options a decision takes, in words."""
    if decision.kind == ORDER:
        return "put every option in order"
    if decision.min == decision.max:
        return f"choose exactly {decision.min}"
    return f"choose {decision.min} to {decision.max}"


def describe(decision: Decision) -> str:
    """A decision as a rules writer needs it: id, seat, count, prompt, then ``key — label``."""
    return "\n".join([_head(decision), *_option_lines(decision)])


def _head(decision: Decision) -> str:
    return (f"decision `{decision.id}` for player {decision.player} "
            f"({count_text(decision)}): {_clip(decision.prompt, PROMPT_MAX)}")


def _option_lines(decision: Decision) -> list[str]:
    return [f"  {o.key} — {_clip(o.label)}" for o in decision.options]


def _waiting(decisions: list[Decision]) -> str:
    if not decisions:
        return "No decision is open: the game is over."
    return "The game waits on:\n" + "\n".join(describe(d) for d in decisions)


def _match(run: ScenarioRun, n: int, raw: Any) -> tuple[Decision, Action]:
    """The decision an action answers and the action in option keys, or why it has none."""
    if not isinstance(raw, Mapping):
        raise BadScenario(f"Action {n} must be an object.")
    player = raw.get("player")
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < run.players:
        raise BadScenario(f"Action {n}: `player` must be a seat number 0–{run.players - 1}.")
    choice = raw.get("choice")
    if not isinstance(choice, list) or not all(isinstance(c, str) for c in choice):
        raise BadScenario(f"Action {n}: `choice` must be a list of option keys or labels.")
    pending = [] if run.game.result(run.state) is not None else run.game.pending(run.state)
    decision_id = raw.get("decision")
    if decision_id is None:
        mine = [d for d in pending if d.player == player]
        if len(mine) != 1:
            headline = (f"Action {n}: player {player} has no open decision."
                        if not mine else
                        f"Action {n}: player {player} has {len(mine)} open decisions; "
                        "name one with `decision`.")
            raise ActionRefused(headline, _waiting(pending))
        decision = mine[0]
    else:
        found = [d for d in pending if d.id == str(decision_id)]
        if not found:
            raise ActionRefused(f"Action {n}: decision `{_clip(str(decision_id))}` is not open.",
                                _waiting(pending))
        decision = found[0]
        if decision.player != player:
            raise ActionRefused(f"Action {n}: decision `{decision.id}` belongs to player "
                                f"{decision.player}, not {player}.", _waiting(pending))
    keys: list[str] = []
    for written in choice:
        keys.append(_key(run, raw, decision, n, written, keys))
    return decision, Action(decision.id, tuple(keys))


def _key(run: ScenarioRun, raw: Mapping[str, Any], decision: Decision, n: int,
         written: str, taken: list[str]) -> str:
    """``written`` as an option key: a key as is, else the one option labelled so. In an
    order, options sharing a label are alike (two Imps): each use takes the next of them."""
    if decision.option(written) is not None:
        return written
    wanted = written.strip().casefold()
    labelled = [o.key for o in decision.options if o.label.strip().casefold() == wanted]
    if decision.kind == ORDER:
        labelled = [key for key in labelled if key not in taken] or labelled
        labelled = labelled[:1]
    if len(labelled) == 1:
        return labelled[0]
    who = f"Action {n} (player {decision.player})"
    if labelled:
        headline = (f"{who}: `{_clip(written)}` is the label of several options "
                    f"({', '.join(labelled)}); write the key instead.")
    else:
        headline = f"{who}: `{_clip(written)}` is neither a key nor a label offered."
    raise ActionRefused(headline, _context(run, raw, decision))


def _context(run: ScenarioRun, raw: Mapping[str, Any], decision: Decision) -> str:
    """The decision an action was matched against, and how the game came to ask it."""
    lines = [f"It was matched against {_head(decision)}"]
    if "decision" not in raw and run.last is not None and run.last[1].id != decision.id:
        n, before = run.last
        lines.append(f"The action names no `decision`, so it went to the player's only open "
                     f"one: the game moved on to `{decision.id}` after action {n} answered "
                     f"`{before.id}` ({_clip(before.prompt, PROMPT_MAX)}).")
    return "\n".join([*lines, "Offered:", *_option_lines(decision)])


