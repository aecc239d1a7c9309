"""A match whose stored row cannot be read back is set aside, never the others: bad JSON in
its row, or a snapshot the game cannot load. The player is told so (a ``MatchError``), the
damage is logged once, and the clocks' recovery on start passes over it."""

from __future__ import annotations

import logging
import sqlite3
from contextlib import closing

import pytest

from bot.match import MatchQuarantined, MatchService
from bot.match.timekeeper import Timekeeper
from bot.store import SqliteStore
from tests.match.conftest import ANN, HOST, lobby


def tamper(svc: MatchService, sql: str) -> None:
    """Change the database behind the service's back, as a disk fault or a bad hand would."""
    assert isinstance(svc.store, SqliteStore)
    with closing(sqlite3.connect(svc.store.path, isolation_level=None)) as db:
        db.execute(sql)


async def two_matches(svc: MatchService) -> tuple[int, int]:
    damaged, sound = await lobby(svc, ANN), await lobby(svc, ANN)
    for match_id in (damaged, sound):
        await svc.start(match_id, HOST)
    return damaged, sound


@pytest.mark.parametrize("damage", [
    "UPDATE matches SET state = '{\"round\": ' WHERE id = {id}",  # bad JSON
    "UPDATE matches SET state = '{\"round\": \"x\"}' WHERE id = {id}",  # does not load
    "UPDATE matches SET pause_votes = 'not json' WHERE id = {id}",  # the row's own JSON
])
async def test_a_damaged_match_is_set_aside_and_the_others_go_on(
        svc: MatchService, damage: str, caplog: pytest.LogCaptureFixture) -> None:
    damaged, sound = await two_matches(svc)
    tamper(svc, damage.replace("{id}", str(damaged)))
    svc.matches._states.clear()  # as after a restart: nothing cached
    for _ in range(2):
        with pytest.raises(MatchQuarantined, match=f"Match #{damaged} is set aside"):
            await svc.info(damaged)
    errors = [r.message for r in caplog.records if r.levelno == logging.ERROR]
    assert len(errors) == 1 and errors[0].startswith(f"match {damaged} quarantined: ")
    assert (await svc.info(sound)).status == "active"
    recovered = await Timekeeper(svc).recover()  # the start's recovery passes it over
    assert recovered == []
    hand = await svc.hand(sound, ANN)
    await svc.submit(sound, ANN, hand.decisions[0].id, [hand.decisions[0].options[0].key])
