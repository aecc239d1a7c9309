"""Ratings: openskill's Plackett–Luce numbers for fixed results, who is rated, leaderboards."""

from __future__ import annotations

from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from bot.match.ratings import Ratings, ordinal, page, rate, rated_players
from bot.store import (
    CANCELLED,
    FINISHED,
    MatchRecord,
    NewMatch,
    RatingRecord,
    ResultRecord,
    SeatRecord,
    SqliteStore,
)

G = 1
MODEL = PlackettLuce()


def match(*users: int | None, status: str = FINISHED,
          resigned: tuple[int, ...] = ()) -> MatchRecord:
    seats = tuple(SeatRecord(i, u, is_ai=u is None or i in resigned, resigned=i in resigned)
                  for i, u in enumerate(users))
    return MatchRecord(1, "zura", status, {}, 1, 9, "{}", users[0], G, 2, None, 0.0, 0.0, seats)


def test_two_newcomers_move_exactly_as_openskill_predicts() -> None:
    winner, loser = rate(G, "zura", [(10, 1), (11, 2)], {})
    assert (winner.mu, winner.sigma) == pytest.approx((27.635389493140497, 8.06590141354368))
    assert (loser.mu, loser.sigma) == pytest.approx((22.364610506859503, 8.06590141354368))
    assert winner.matches == loser.matches == 1
    assert ordinal(winner.mu, winner.sigma) > 0 > ordinal(loser.mu, loser.sigma)


def test_a_three_way_match_with_a_tie_uses_the_stored_ratings() -> None:
    current = {10: RatingRecord(G, "zura", 10, 30.0, 4.0, 7),
               11: RatingRecord(G, "zura", 11, 20.0, 6.0, 2)}
    out = rate(G, "zura", [(10, 2), (11, 1), (12, 2)], current)
    expected = MODEL.rate([[MODEL.rating(30.0, 4.0)], [MODEL.rating(20.0, 6.0)],
                           [MODEL.rating()]], ranks=[2.0, 1.0, 2.0])
    assert [(r.mu, r.sigma) for r in out] == [
        pytest.approx((team[0].mu, team[0].sigma)) for team in expected]
    assert [r.matches for r in out] == [8, 3, 1]
    assert out[1].mu > 20.0 and out[0].mu < 30.0


def test_a_draw_between_equals_leaves_means_alone_and_narrows_sigma() -> None:
    a, b = rate(G, "zura", [(10, 1), (11, 1)], {})
    assert a.mu == pytest.approx(25.0) and b.mu == pytest.approx(25.0)
    assert a.sigma < 25 / 3


def test_only_people_are_rated_and_only_against_each_other() -> None:
    result = ResultRecord((3.0, 9.0, 5.0), (3, 1, 2))
    assert rated_players(match(10, None, 12), result) == [(10, 3), (12, 2)]
    assert rated_players(match(10, None, None), result) == []


def test_a_resigned_player_is_rated_on_the_last_place_they_were_given() -> None:
    result = ResultRecord((0.0, 1.0), (2, 1), "resignation")
    assert rated_players(match(10, 11, resigned=(0,)), result) == [(10, 2), (11, 1)]


def test_cancelled_matches_rate_nobody() -> None:
    result = ResultRecord((0.0, 0.0), (1, 1), CANCELLED)
    assert rated_players(match(10, 11, status=CANCELLED), result) == []
    assert rated_players(match(10, 11), result) == []


def test_pages_rank_ties_alike_and_stay_in_range() -> None:
    rows = [RatingRecord(G, "zura", u, mu, 5.0, 1)
            for u, mu in [(1, 40.0), (2, 30.0), (3, 30.0), (4, 20.0), (5, 10.0)]]
    first, pages = page(rows, 1, 2)
    assert pages == 3 and [(rank, r.user_id) for rank, r in first] == [(1, 1), (2, 2)]
    assert [(rank, r.user_id) for rank, r in page(rows, 2, 2)[0]] == [(2, 3), (4, 4)]
    assert [(rank, r.user_id) for rank, r in page(rows, 9, 2)[0]] == [(5, 5)]
    assert page(rows, 0, 2)[0] == first
    assert page([], 1, 10) == ([], 1)


async def finish(store: SqliteStore, users: tuple[int | None, ...],
                 placings: tuple[int, ...], game: str = "zura",
                 status: str = FINISHED) -> int:
    record = await store.create_match(NewMatch(
        game, {}, 1, 10, guild_id=G,
        seats=[SeatRecord(i, u, is_ai=u is None) for i, u in enumerate(users)]))
    version = await store.start_match(record.id, 0, "{}")
    reason = CANCELLED if status == CANCELLED else "normal"
    await store.close_match(record.id, version, status,
                            ResultRecord((0.0,) * len(users), placings, reason))
    return record.id


async def test_matches_are_rated_once_in_the_order_they_ended(tmp_path: Path) -> None:
    async with SqliteStore(tmp_path / "db.sqlite3") as store:
        ratings = Ratings(store)
        await finish(store, (10, 11), (1, 2))
        await finish(store, (11, 12, None), (1, 2, 3))
        await finish(store, (10, None), (1, 2))            # one person: rates nobody
        await finish(store, (10, 12), (1, 1), status=CANCELLED)
        await finish(store, (10, 11), (2, 1), game="aura")
        assert await ratings.bring_up_to_date(G, "zura") == 3
        assert await ratings.bring_up_to_date(G, "zura") == 0
        first = rate(G, "zura", [(10, 1), (11, 2)], {})
        second = rate(G, "zura", [(11, 1), (12, 2)], {11: first[1]})
        assert await store.get_ratings(G, "zura", [10, 11, 12]) == {
            10: first[0], 11: second[0], 12: second[1]}
        board = await ratings.leaderboard(G, "zura")
        assert [r.user_id for r in board] == sorted(
            [10, 11, 12], key=lambda u: -ordinal(*{r.user_id: (r.mu, r.sigma)
                                                   for r in board}[u]))
        assert [r.user_id for r in await ratings.leaderboard(G, "aura")] == [11, 10]
