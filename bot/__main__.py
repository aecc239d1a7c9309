"""``python -m bot``: start the bot, or run a developer command (table, scenario, render).

Commands are imported only when used, so a missing optional piece never blocks the others.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import cast

from bot import logs
from bot.settings import SettingsError, load_settings

COMMANDS = {
    "table": ("bot.cli.table", "play a game in the terminal against AI seats"),
    "scenario": ("bot.cli.scenario", "apply a scenario file and print views and events as JSON"),
    "render": ("bot.cli.render", "draw a view to a PNG file"),
}

HELP = """usage: python -m bot [COMMAND [ARGS...]]

Without a command, start the Discord bot with the settings from .env (see .env.example).

commands:
{commands}

Run `python -m bot COMMAND --help` for a command's options."""

NO_TOKEN = """Parlor needs a Discord bot token in DISCORD_TOKEN.
  1. Copy .env.example to .env and put the token after DISCORD_TOKEN=.
  2. No token yet? In the Discord Developer Portal (https://discord.com/developers/applications)
     choose New Application, open its Bot page and press Reset Token to get one."""


def _help() -> str:
    lines = [f"  {name:<10} {about}" for name, (_, about) in COMMANDS.items()]
    return HELP.format(commands="\n".join(lines))


def start_bot() -> int:
    """Load settings, refuse politely without a token, then hand over to ``bot.app``."""
    try:
        settings = load_settings()
        if not settings.has_token:
            print(NO_TOKEN, file=sys.stderr)
            return 2
        settings.prepare()
    except SettingsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    logs.setup(settings.log_level_number, secrets=settings.secrets)
    app = importlib.import_module("bot.app")
    run = cast(Callable[[object], object], app.run)
    run(settings)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        return start_bot()
    if args[0] in ("-h", "--help", "help"):
        print(_help())
        return 0
    if args[0] not in COMMANDS:
        print(f"error: unknown command `{args[0]}`.\n\n{_help()}", file=sys.stderr)
        return 2
    module = importlib.import_module(COMMANDS[args[0]][0])
    command = cast(Callable[[list[str]], int], module.main)
    return command(args[1:])


if __name__ == "__main__":
    sys.exit(main())
