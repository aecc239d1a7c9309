"""``python -m bot render SCENARIO.json --out DIR``: draw a scenario's images to files.

Writes ``board.png`` (the public view), ``hand-<seat>.png`` for every seat and, when the
game is over, ``summary.png``; prints each path. ``--lang de`` (``pt_BR``, ``pseudo``) draws
the pictures' words in that language. A missing or malformed file, an illegal action or an
unwritable folder prints ``error: <reason>`` and exits 1.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bot.cli.common import add_game_module_flag, add_lang_flag, fail, register_game_modules
from bot.engine import GameError
from bot.engine.scenario import ScenarioRun, run_scenario
from bot.render import render_board, render_hand, render_summary, renderer
from bot.words import ENGLISH


def images(run: ScenarioRun, names: list[str] | None = None,
           lang: str = ENGLISH) -> dict[str, bytes]:
    """File name → PNG bytes for everything a scenario's final state shows, in ``lang``."""
    game, state = run.game, run.state
    out = {"board.png": render_board(game.view(state, None), names, lang)}
    for seat in range(run.players):
        out[f"hand-{seat}.png"] = render_hand(game.view(state, seat), seat, names, lang)
    result = game.result(state)
    if result is not None:
        out["summary.png"] = render_summary(game.view(state, None), result, names, lang)
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot render",
                                     description="Apply a scenario file and draw the public "
                                                 "board and every seat's hand as PNG files.")
    parser.add_argument("file", type=Path, help="the scenario, a JSON file")
    parser.add_argument("--out", type=Path, required=True, help="folder for the images")
    parser.add_argument("--names", help="display names per seat, comma-separated")
    add_lang_flag(parser)
    add_game_module_flag(parser)
    args = parser.parse_args(argv)
    try:
        register_game_modules(args.game_module)
        data = json.loads(args.file.read_text(encoding="utf-8"))
        run = run_scenario(data)
    except GameError as exc:
        return fail(str(exc))
    except json.JSONDecodeError as exc:
        return fail(f"{args.file} is not valid JSON (line {exc.lineno}: {exc.msg})")
    except (OSError, UnicodeDecodeError) as exc:
        return fail(f"cannot read {args.file}: {exc}")
    if renderer(run.game.name) is None:
        return fail(f"there are no images for {run.game.title} yet")
    drawn = images(run, args.names.split(",") if args.names else None, args.lang)
    try:
        args.out.mkdir(parents=True, exist_ok=True)
        for name, png in drawn.items():
            path = args.out / name
            path.write_bytes(png)
            print(path)
    except OSError as exc:
        return fail(f"cannot write to {args.out}: {exc.strerror or exc}")
    return 0
