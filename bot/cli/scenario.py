"""``python -m bot scenario FILE.json``: apply a scenario and print the outcome as JSON.

Output: ``{"game", "players", "views": {"public", "seat0", …}, "events": [...],
"pending": [...], "result"}``. A missing or malformed file, or an illegal action, prints
``error: <reason>`` and exits 1.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from bot.cli.common import add_game_module_flag, fail, register_game_modules
from bot.engine import GameError
from bot.engine.scenario import ScenarioRun, run_scenario


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


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot scenario",
                                     description="Apply a scenario file (DESIGN §2) and print "
                                                 "the resulting views, events and decisions.")
    parser.add_argument("file", type=Path, help="the scenario, a JSON file")
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
    except GameError as exc:
        return fail(str(exc))
    print(json.dumps(outcome(run), indent=2, ensure_ascii=False))
    return 0
