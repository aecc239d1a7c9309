"""``python -m bot table GAME --seats me,ai,ai``: play any game in the terminal.

The match runs through the real ``MatchService`` on SQLite (in memory unless ``--db`` names a
file), so AI seats act exactly as they do in the bot. Only your own seat's hidden
information is printed; with only AI seats the game plays itself and prints the result.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from bot.cli.common import add_game_module_flag, fail, register_game_modules
from bot.engine import ORDER, Decision, GameError, Result, View
from bot.match import MatchEnded, MatchService, Outbound, PrivateUpdate, PublicUpdate
from bot.match.thinker import Thinker
from bot.settings import SettingsError, load_settings
from bot.store import SeatRecord, SqliteStore, StoreError

ME = 1
"""The terminal player's user id."""


class InputEnded(Exception):
    """Standard input closed while a decision was waiting."""


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _seat_name(seat: SeatRecord) -> str:
    who = "you" if seat.user_id == ME else f"AI {seat.ai_level}"
    return f"Seat {seat.seat + 1} ({who})"


def _view_lines(view: View, skip: View | None = None) -> list[str]:
    """One ``key: value`` line per entry; with ``skip``, only what differs from it."""
    return [f"  {key}: {json.dumps(value, ensure_ascii=False)}" for key, value in view.items()
            if skip is None or skip.get(key) != value]


class Table:
    """The terminal front end: prints outbound messages, asks for decisions."""

    def __init__(self, out: TextIO, inp: TextIO) -> None:
        self.out, self.inp = out, inp
        self.public: View = {}

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def show(self, messages: Sequence[Outbound], seats: Sequence[SeatRecord]) -> None:
        for message in messages:
            if isinstance(message, PublicUpdate):
                self.public = message.view
                for line in message.summary:
                    self.say(f"· {line}")
                self.say("Table:")
                for line in _view_lines(message.view):
                    self.say(line)
            elif isinstance(message, PrivateUpdate) and message.user_id == ME:
                for line in message.events:
                    self.say(f"· (only you) {line}")
                self.say("You:")
                for line in _view_lines(message.view, skip=self.public):
                    self.say(line)
            elif isinstance(message, MatchEnded):
                self.show_result(message.result, seats)

    def show_result(self, result: Result, seats: Sequence[SeatRecord]) -> None:
        reason = "" if result.reason == "normal" else f" by {result.reason}"
        self.say(f"Game over{reason}.{' ' + result.detail if result.detail else ''}")
        order = sorted(range(len(result.placings)), key=lambda s: result.placings[s])
        for s in order:
            self.say(f"  {_ordinal(result.placings[s])}: {_seat_name(seats[s])} — "
                     f"score {result.scores[s]:g}")

    def ask(self, decision: Decision) -> list[str]:
        """Numbered options; read `2`, `1,3` or `1 3`; Enter takes the default if any."""
        self.say(f"> {decision.prompt}")
        for n, option in enumerate(decision.options, start=1):
            group = f"  [{option.group}]" if option.group else ""
            self.say(f"  {n}. {option.label}{group}")
        if decision.kind == ORDER:
            hint = "all numbers, first to last"
        elif decision.min == decision.max:
            hint = "one number" if decision.min == 1 else f"{decision.min} numbers"
        else:
            hint = f"{decision.min} to {decision.max} numbers"
        if decision.default is not None:
            labels = [o.label for key in decision.default
                      if (o := decision.option(key)) is not None]
            hint += f"; Enter for {', '.join(labels) or 'none'}"
        while True:
            self.out.write(f"Your choice ({hint}): ")
            self.out.flush()
            line = self.inp.readline()
            if not line:
                raise InputEnded
            if not self.inp.isatty():
                self.say(line.rstrip("\n"))  # piped input: keep the transcript readable
            words = [w for w in re.split(r"[\s,]+", line.strip()) if w]
            if not words and decision.default is not None:
                return list(decision.default)
            if all(w.isdigit() and 1 <= int(w) <= len(decision.options) for w in words):
                return [decision.options[int(w) - 1].key for w in words]
            self.say(f"  Please enter numbers from 1 to {len(decision.options)}.")


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot table", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", help="the game's name, e.g. zura")
    parser.add_argument("--seats", default="me,ai",
                        help="comma-separated seats in order: `me` (at most once) or `ai`")
    parser.add_argument("--seed", type=int, help="fix the deal, for a repeatable game")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a match option (repeatable)")
    parser.add_argument("--level", default="normal",
                        help="the AI seats' level: random (any legal move), normal "
                             "(heuristics, instant) or strong (searches for AI_THINK_MS "
                             "per decision, default 1000)")
    parser.add_argument("--db", default=":memory:", help="keep the match in this SQLite file")
    add_game_module_flag(parser)
    return parser.parse_args(argv)


def _seats(text: str) -> list[str]:
    seats = [s.strip().lower() for s in text.split(",") if s.strip()]
    if any(s not in ("me", "ai") for s in seats):
        raise GameError("--seats takes a comma-separated list of `me` and `ai`.")
    if seats.count("me") > 1:
        raise GameError("--seats may contain `me` only once.")
    return seats


def _options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise GameError(f"--option needs NAME=VALUE, not `{pair}`.")
        options[name.strip()] = value.strip()
    return options


async def play(args: argparse.Namespace, table: Table) -> None:
    """Play on an in-memory (or ``--db``) store; strong AI workers stop at the end."""
    seats = _seats(args.seats)
    async with SqliteStore(args.db) as store:
        service = MatchService(store, thinker=Thinker(load_settings().ai_think_ms))
        try:
            await _play(service, args, seats, table)
        finally:
            service.thinker.close()


async def _play(service: MatchService, args: argparse.Namespace, seats: list[str],
                table: Table) -> None:
    """Set up the lobby as asked, start it, and answer prompts until the game ends."""
    info = await service.create(args.game, ME, options=_options(args.option),
                                seed=args.seed, seat_host=False)
    for seat in seats:
        if seat == "me":
            info = await service.join(info.id, ME)
        else:
            info = await service.add_ai(info.id, ME, args.level)
    table.say(f"{info.title}, match #{info.id}: "
              + ", ".join(_seat_name(s) for s in info.seats))
    table.show(await service.start(info.id, ME), info.seats)
    while (await service.info(info.id)).status == "active":
        waiting = (await service.hand(info.id, ME)).decisions
        if not waiting:
            raise GameError("the game is stuck: nobody has a decision open.")
        decision = waiting[0]
        choice = table.ask(decision)
        try:
            messages = await service.submit(info.id, ME, decision.id, choice)
        except GameError as exc:
            table.say(f"  {exc}")
            continue
        table.show(messages, info.seats)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    try:
        register_game_modules(args.game_module)
        asyncio.run(play(args, Table(sys.stdout, sys.stdin)))
    except (GameError, StoreError, SettingsError) as exc:
        return fail(str(exc))
    except InputEnded:
        print(file=sys.stdout)
        return fail("input ended before the game did.")
    return 0
