"""``python -m bot scenario FILE.json``: apply a scenario and print the outcome.

Output: ``{"game", "players", "views": {"public", "seat0", …}, "events": [...],
"pending": [...], "result"}`` as JSON; with ``--log`` and/or ``--next`` it is text instead:
the events' lines, then every open decision with its options as ``key — label`` (the format
``docs/scenarios.md`` shows). A missing or malformed file prints ``error: <reason>`` and exits
1; a refused action adds the decision it was matched against and what that decision offers.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from bot.cli.common import add_game_module_flag, fail, register_game_modules
from bot.engine import GameError
from bot.engine.scenario import ActionRefused, ScenarioRun, describe, run_scenario


def outcome(run: ScenarioRun) -> dict[str, Any]:
    """Everything a scenario produced, each view exactly as that seat would see it."""
    game, state = run.game, run.state
    views = {"public": game.view(state, None)}
    views.update({f"seat{seat}": game.view(state, seat) for seat in range(run.players)})
    result = game.result(state)
    return {
        "game": game.name,
        "players": run.players,
        "views": views,
        "events": [event.to_json() for event in run.events],
        "pending": [decision.to_json() for decision in game.pending(state)],
        "result": result.to_json() if result is not None else None,
    }


def as_text(run: ScenarioRun, log: bool, decisions: bool) -> str:
    """The run as a rules writer reads it: what happened, then what the game asks now."""
    lines = []
    if log:
        for event in run.events:
            seen = ("" if event.audience is None
                    else f"[seen by player {', '.join(map(str, event.audience))}] ")
            # A line seen by one seat reads as that seat reads it: "You draw Red 7."
            reader = event.audience[0] if event.audience is not None and len(
                event.audience) == 1 else None
            lines.append(f"{seen}{event.told(reader)}")
        if decisions:
            lines.append("")
    if decisions:
        result = run.game.result(run.state)
        if result is not None:
            placings = ", ".join(f"player {seat}: {place}"
                                 for seat, place in enumerate(result.placings))
            lines.append(f"The game is over ({result.reason}); placings: {placings}.")
        else:  # a blank line between decisions: several may be open at once
            lines.append("\n\n".join(describe(d) for d in run.game.pending(run.state)))
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot scenario",
                                     description="Apply a scenario file and print the "
                                                 "resulting views, events and decisions. Each "
                                                 "game's set-up and option keys: "
                                                 "docs/scenarios.md.")
    parser.add_argument("file", type=Path, help="the scenario, a JSON file")
    parser.add_argument("--next", action="store_true",
                        help="print each open decision with its options as `key — label` "
                             "instead of JSON")
    parser.add_argument("--log", action="store_true",
                        help="print the events' lines instead of JSON")
    add_game_module_flag(parser)
    args = parser.parse_args(argv)
    try:
        register_game_modules(args.game_module)
        text = args.file.read_text(encoding="utf-8")
    except GameError as exc:
        return fail(str(exc))
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return fail(f"cannot read {args.file}: {reason}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return fail(f"{args.file} is not valid JSON (line {exc.lineno}, column {exc.colno}: "
                    f"{exc.msg})")
    except RecursionError:
        return fail(f"{args.file} nests lists or objects too deeply to be a scenario")
    try:
        run = run_scenario(data)
    except ActionRefused as exc:
        code = fail(exc.headline)
        print(exc.detail, file=sys.stderr)
        return code
    except GameError as exc:
        return fail(str(exc))
    if args.next or args.log:
        print(as_text(run, args.log, args.next))
    else:
        print(json.dumps(outcome(run), indent=2, ensure_ascii=False))
    return 0
