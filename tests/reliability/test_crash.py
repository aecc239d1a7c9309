"""A bot process SIGKILLed at random moments keeps every match whole, on SQLite and on
PostgreSQL (a few kills here; ``python -m bench crash`` runs fifty and more)."""

from __future__ import annotations

from pathlib import Path

from tests.pgcluster import Cluster
from tests.reliability.crash import TOKEN, CrashRun, summary

KILLS = 5


async def test_random_sigkills_lose_no_move_double_none_and_every_match_goes_on(
        tmp_path: Path) -> None:
    await crash_and_check(CrashRun(tmp_path, kills=KILLS, seed=11))


async def test_the_same_on_postgresql(tmp_path: Path, pg_cluster: Cluster) -> None:
    url = await pg_cluster.create_database("crash")
    try:
        await crash_and_check(CrashRun(tmp_path, kills=KILLS, seed=11, database_url=url))
    finally:
        await pg_cluster.drop_database("crash")


async def crash_and_check(run: CrashRun) -> None:
    report = await run.run()
    assert report.failures == [], summary(report)
    assert report.duplicates == [], summary(report)
    assert report.kills == KILLS and report.restarts == KILLS
    assert report.checks == KILLS + 1
    assert report.continued >= KILLS, "each restart is followed by a move in a running match"
    assert report.shown >= KILLS, "each restart shows the running matches unpressed"
    assert 0 < report.moves_confirmed <= report.moves_logged - report.ai_moves_logged
    assert report.error_lines == 0, run.log.read_text()[-3000:]
    assert TOKEN not in run.log.read_text()
