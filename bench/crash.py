"""Crash consistency: the bot process SIGKILLed at random moments, counted.

Scripted players play Zura against AI seats through the fake Discord while the bot runs as
its own process (``tests/reliability/crash.py`` holds the harness and says what is checked
after every kill). Boards are real renders here; the test suite runs five kills with tiny
images. Run from the repository root: ``python -m bench crash`` (``--kills N``: N kills
instead of 60, or 10 with ``--quick``; ``--postgres``: the bot stores on a throwaway
PostgreSQL cluster instead of a SQLite file).
Targets: at least 50 kills, no failure, every match goes on after each restart (issue 12);
after each restart, unpressed, every running match shown within 5 s, and nothing shown
twice (issue 15).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bench.report import Row, percentile
from tests.pgcluster import Cluster, find_bindir
from tests.reliability.crash import LIVE, CrashRun, summary

SEED = 2024


def run(quick: bool, args: Sequence[str] = ()) -> list[Row]:
    parser = argparse.ArgumentParser(prog="python -m bench crash")
    parser.add_argument("--kills", type=int, default=10 if quick else 60)
    parser.add_argument("--postgres", action="store_true",
                        help="store on a throwaway PostgreSQL cluster, not a SQLite file")
    options = parser.parse_args(args)
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        url = ""
        if options.postgres:
            bindir = find_bindir()
            if bindir is None:
                raise SystemExit("--postgres: no PostgreSQL server binaries on this machine")
            cluster = Cluster(bindir).start()
            stack.callback(cluster.stop)
            url = asyncio.run(cluster.create_database("crash"))
        start = time.perf_counter()
        report = asyncio.run(CrashRun(Path(tmp), kills=options.kills, seed=SEED,
                                      quick_images=quick, database_url=url).run())
        seconds = time.perf_counter() - start
    for failure in report.failures:
        print(f"FAILURE: {failure}")
    for duplicate in report.duplicates:
        print(f"SHOWN TWICE: {duplicate}")
    print(summary(report))
    seconds_shown = report.shown_seconds
    return [
        Row("SIGKILLs", report.kills, "", ">=50"),
        Row(f"restarts on the same {'PostgreSQL database' if options.postgres else 'SQLite file'}",
            report.restarts, ""),
        Row("database checks (all matches, after every kill)", report.checks, ""),
        Row("matches opened", report.matches_opened, "",
            note=f"{report.matches_finished} finished, {report.lobbies_left} lobbies cut off"),
        Row("moves confirmed to the player", report.moves_confirmed, ""),
        Row("moves in the logs", report.moves_logged, "",
            note=f"{report.ai_moves_logged} by AI seats"),
        Row("cut-off clicks pressed again", report.replayed_clicks, "",
            note=f"{report.replays_counted} counted then, {report.replays_refused} already in"),
        Row("matches that moved right after a restart", report.continued, ""),
        Row("matches shown as they stood after a restart, unpressed", report.shown, "",
            note="live turn post and the open prompt by DM"),
        Row("of those, shown within 5 s of the restart", report.shown_live, "",
            f"{report.shown}"),
        Row("matches a kill cut off at their end, announced after the restart",
            report.ends_shown, "", note="end post and result DM, unpressed"),
        Row("restart to match shown, median (wall clock)", percentile(seconds_shown, 0.5), "s"),
        Row("restart to match shown, p95 (wall clock)", percentile(seconds_shown, 0.95), "s",
            f"<={LIVE:g}", note=f"slowest {max(seconds_shown, default=0.0):.2f} s"),
        Row("shown twice (turn posts, prompt DMs, end posts, result DMs)",
            len(report.duplicates), "", "0"),
        Row("failures (lost, doubled or corrupt moves; stuck matches)",
            len(report.failures), "", "0"),
        Row("ERROR lines in the bot's log", report.error_lines, "", "0"),
        Row("wall time per kill and restart", seconds / max(1, report.kills), "s"),
    ]

