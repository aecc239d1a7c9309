"""``python -m bot table GAME --seats me,ai,ai``: play any game in the terminal.

The match runs through the real ``MatchService`` on SQLite (in memory unless ``--db`` names a
file), so AI seats act exactly as they do in the bot. The table is printed as the game's own
text (what screen readers hear as alt text): your seat's view only, players called by
``--names``. With only AI seats the game plays itself and prints the result.

At a choice: type its number (several: `1 3` or `1,3`), `b` for the board again, `?` for help.
Ctrl-C or end of input leaves the table. ``--lang de`` (or ``pt_BR``, ``pseudo``) prints the
table's own words in that language.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import signal
import sys
from collections.abc import Sequence
from types import FrameType
from typing import Any, TextIO

from bot.cli.common import add_game_module_flag, add_lang_flag, fail, register_game_modules
from bot.engine import ORDER, Decision, GameError, Result, View, registry
from bot.engine.names import with_names
from bot.engine.said import Said, named, said, said_n
from bot.match import MatchEnded, MatchService, Outbound, PrivateUpdate, PublicUpdate
from bot.match.thinker import Thinker
from bot.settings import SettingsError, load_settings
from bot.store import SeatRecord, SqliteStore, StoreError
from bot.words import Language, english, language

ME = 1
"""The terminal player's user id."""


class InputEnded(Exception):
    """Standard input closed while a decision was waiting."""


HELP = said("""\
  Type the number of your choice; for several, separate them: `1 3` or `1,3`.
  none  choose nothing, where that is allowed
  b     show the board again
  ?     this help
  Ctrl-C (or end of input) leaves the table.""")


def seat_names(seats: Sequence[SeatRecord], given: Sequence[str],
               words: Language | None = None) -> list[str]:
    """``--names`` in seat order; else "You" and "AI 2 (normal)" in ``words``."""
    if given:
        if len(given) != len(seats):
            raise GameError(said_n("--names needs {n} name, one per seat in order.",
                                   "--names needs {n} names, one per seat in order.",
                                   len(seats)))
        return list(given)
    words = words or english()
    return [words.say(said("You") if s.user_id == ME else
                      said("AI {seat} ({level})", seat=s.seat + 1, level=s.ai_level or ""))
            for s in seats]


class Table:
    """The terminal front end: prints the game as text, asks for decisions, its own words
    in ``words``."""

    def __init__(self, out: TextIO, inp: TextIO, words: Language | None = None) -> None:
        self.out, self.inp = out, inp
        self.words = words or english()
        self.game = ""
        self.names: list[str] = []
        self.board: View | None = None
        """The latest view to print: your seat's once you have one, else the table's."""
        self.seated = False
        self.seat: int | None = None
        """Your seat (None while only AI seats play): the log is told to it, "You draw"."""
        self.shown = ""

    def say(self, text: str | Said = "") -> None:
        print(self.words.say(text) if isinstance(text, Said) else text, file=self.out)

    def text(self, view: View) -> str:
        return registry.get(self.game).describe(view, self.names, full=True, say=self.words.say)

    def show(self, messages: Sequence[Outbound]) -> None:
        """Print what happened; keep the view the board is printed from (when you choose)."""
        for message in messages:
            if isinstance(message, PublicUpdate):
                if not self.seated:
                    self.board = message.view
                for line in message.lines(self.seat):
                    self.say(said("· {line}", line=named(line, self.names)))
            elif isinstance(message, PrivateUpdate) and message.user_id == ME:
                self.board, self.seated = message.view, True
                for line in message.events:
                    self.say(said("· (only you) {line}", line=named(line, self.names)))
            elif isinstance(message, MatchEnded):
                self.show_board()
                self.show_result(message.result)

    def show_board(self, again: bool = False) -> None:
        text = self.text(self.board) if self.board is not None else ""
        if text and (again or text != self.shown):
            self.say()
            self.say(text)
            self.say()
            self.shown = text

    def show_result(self, result: Result) -> None:
        over = said("Game over.") if result.reason == "normal" else \
            said("Game over by {reason}.", reason=result.reason)
        detail = f" {with_names(result.told(self.seat), self.names)}" if result.detail else ""
        self.say(self.words.say(over) + detail)
        order = sorted(range(len(result.placings)), key=lambda s: result.placings[s])
        for s in order:
            score = result.scores[s]
            self.say("  " + self.words.say(said(
                "{place}: {player} — score {score}", place=self.words.ordinal(result.placings[s]),
                player=self.names[s], score=int(score) if float(score).is_integer() else score)))

    def ask(self, decision: Decision) -> list[str]:
        """Numbered options; read `2`, `1,3` or `1 3`. A bare Enter asks again."""
        self.show_board()
        self.say(f"> {with_names(decision.prompt, self.names)}")
        for n, option in enumerate(decision.options, start=1):
            self.say(f"  {n}. {with_names(option.label, self.names)}")
        if decision.kind == ORDER:
            hint = said("all numbers, first to last")
        elif decision.min == decision.max:
            hint = said_n("{n} number", "{n} numbers", decision.min)
        else:
            hint = said("{least} to {most} numbers", least=decision.min, most=decision.max)
        if decision.min == 0:
            hint = said("{hint}, or `none`", hint=hint)
        while True:
            self.out.write(self.words.say(said("Your choice ({hint}; ? for help): ", hint=hint)))
            self.out.flush()
            line = self.inp.readline()
            if not line:
                raise InputEnded
            if not self.inp.isatty():
                self.say(line.rstrip("\n"))  # piped input: keep the transcript readable
            words = [w for w in re.split(r"[\s,]+", line.strip()) if w]
            if words == ["none"] and decision.min == 0:
                return []
            if words == ["?"]:
                self.say(HELP)
            elif words and words[0].lower() in ("b", "board"):
                self.show_board(again=True)
            elif words and all(w.isdigit() and 1 <= int(w) <= len(decision.options)
                               for w in words):
                return [decision.options[int(w) - 1].key for w in words]
            else:
                self.say("  " + self.words.say(said(
                    "Please enter numbers from 1 to {n} (? for help).", n=len(decision.options))))


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot table", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", help="the game's name, e.g. zura")
    parser.add_argument("--seats", default="me,ai",
                        help="comma-separated seats in order: `me` (at most once) or `ai`")
    parser.add_argument("--names", default="",
                        help="display names per seat, comma-separated, in seat order")
    parser.add_argument("--seed", type=int, help="fix the deal, for a repeatable game")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a match option (repeatable)")
    parser.add_argument("--level", default="normal",
                        help="the AI seats' level: random (any legal move), normal "
                             "(heuristics, instant) or strong (searches for AI_THINK_MS "
                             "per decision, default 1000)")
    parser.add_argument("--db", default=":memory:", help="keep the match in this SQLite file")
    add_lang_flag(parser)
    add_game_module_flag(parser)
    return parser.parse_args(argv)


def _seats(text: str) -> list[str]:
    seats = [s.strip().lower() for s in text.split(",") if s.strip()]
    if any(s not in ("me", "ai") for s in seats):
        raise GameError(said("--seats takes a comma-separated list of `me` and `ai`."))
    if seats.count("me") > 1:
        raise GameError(said("--seats may contain `me` only once."))
    return seats


def _names(text: str) -> list[str]:
    return [n.strip() for n in text.split(",")] if text.strip() else []


def _options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise GameError(said("--option needs NAME=VALUE, not `{pair}`.", pair=pair))
        options[name.strip()] = value.strip()
    return options


async def play(args: argparse.Namespace, table: Table) -> None:
    """Play on an in-memory (or ``--db``) store; worker processes stop at the end."""
    seats = _seats(args.seats)
    async with SqliteStore(args.db) as store:
        service = MatchService(store, thinker=Thinker(load_settings().ai_think_ms))
        try:
            await _play(service, args, seats, table)
        finally:
            service.close()


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
    table.game = info.game
    table.names = seat_names(info.seats, _names(args.names), table.words)
    table.seat = next((s.seat for s in info.seats if s.user_id == ME), None)
    table.say(said("{game}, match #{match}: {players}.", game=info.title, match=str(info.id),
                   players=tuple(table.names)))
    table.show(await service.start(info.id, ME))
    while (await service.info(info.id)).status == "active":
        waiting = (await service.hand(info.id, ME)).decisions
        if not waiting:
            raise GameError(said("the game is stuck: nobody has a decision open."))
        decision = waiting[0]
        choice = table.ask(decision)
        try:
            messages = await service.submit(info.id, ME, decision.id, choice)
        except GameError as exc:
            table.say("  " + (table.words.say(exc.said) if exc.said else str(exc)))
            continue
        table.show(messages)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    words = language(args.lang)
    # Ctrl-C must interrupt a blocking read at once; asyncio's own handler only cancels the
    # task at its next await, which a read of the terminal never reaches.
    previous = signal.signal(signal.SIGINT, _interrupt)
    try:
        register_game_modules(args.game_module)
        asyncio.run(play(args, Table(sys.stdout, sys.stdin, words)))
    except GameError as exc:
        return fail(words.say(exc.said) if exc.said else str(exc))
    except (StoreError, SettingsError) as exc:
        return fail(str(exc))
    except InputEnded:
        print(file=sys.stdout)
        return fail(words.say(said("input ended before the game did.")))
    except KeyboardInterrupt:
        print(file=sys.stdout)
        print(words.say(said("Left the table; the game was not finished.")), file=sys.stderr)
        return 130
    finally:
        signal.signal(signal.SIGINT, previous)
    return 0


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt
