"""Ratings: openskill's Plackett–Luce numbers for fixed results, who is rated, leaderboards."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from bot.engine import Rng
from bot.games.auroria import GAME as AURORIA
from bot.match import MatchService
from bot.match.ratings import Ratings, ordinal, page, rate, rated_players
from bot.match.results import FORFEIT, RESIGNATION, Record, ending, records
from bot.match.sentences import FORFEITS
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
from bot.words import english, language
from tests.match.conftest import ANN, BOB, HOST, lobby, stored

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


# -- through the service: results of every kind, rated as the match ends -------------------

async def play_out(svc: MatchService, match_id: int, *users: int) -> None:
    """The users play their lowest card until the match is over."""
    while (await svc.info(match_id)).status == "active":
        for user in users:
            decisions = (await svc.hand(match_id, user)).decisions
            if decisions:
                await svc.submit(match_id, user, decisions[0].id,
                                 [decisions[0].options[0].key])


async def test_a_finished_match_between_people_is_rated_as_it_ends(svc: MatchService) -> None:
    match_id = await lobby(svc, ANN)
    await svc.start(match_id, HOST)
    await play_out(svc, match_id, HOST, ANN)
    result = await svc.store.get_result(match_id)
    assert result is not None and result.reason == "normal"
    expected = rate(1, "highcard", list(zip((HOST, ANN), result.placings, strict=True)), {})
    assert await svc.store.get_ratings(1, "highcard", [HOST, ANN]) == {
        r.user_id: r for r in expected}
    assert await svc.ratings.bring_up_to_date(1, "highcard") == 0


async def test_a_match_against_the_ai_only_is_not_rated(svc: MatchService) -> None:
    match_id = await lobby(svc, ai=1)
    await svc.start(match_id, HOST)
    await play_out(svc, match_id, HOST)
    assert await svc.store.get_ratings(1, "highcard", [HOST]) == {}
    assert await svc.store.unrated_results(1, "highcard") == []


async def test_a_resignation_is_stored_and_rated_last(svc: MatchService) -> None:
    match_id = await lobby(svc, ANN)
    await svc.start(match_id, HOST)
    await svc.resign(match_id, ANN)
    result = await svc.store.get_result(match_id)
    assert result is not None
    assert (result.reason, result.placings, result.detail) == (
        RESIGNATION, (1, 2), "Player 2 resigned")
    ratings = await svc.store.get_ratings(1, "highcard", [HOST, ANN])
    assert ratings[HOST].mu > 25.0 > ratings[ANN].mu


async def test_a_forfeit_on_time_is_stored_with_its_own_reason(svc: MatchService) -> None:
    match_id = await lobby(svc, ANN)
    await svc.start(match_id, HOST)
    async with svc.matches.locked(match_id) as live:  # as the clock does when time runs out
        await svc.play.hand_over(live, live.seats[1], FORFEITS, FORFEIT, n=3)
    result = await svc.store.get_result(match_id)
    assert result is not None and (result.reason, result.placings) == (FORFEIT, (1, 2))
    assert english().say(ending("zura", result.reason)) == "won on time"


async def test_a_cancelled_match_keeps_a_result_that_rates_nobody(svc: MatchService) -> None:
    match_id = await lobby(svc, ANN)
    await svc.start(match_id, HOST)
    await svc.cancel(match_id, HOST)
    result = await svc.store.get_result(match_id)
    assert result is not None
    assert (result.reason, result.placings, result.detail) == (
        CANCELLED, (1, 1), "Called off by the host.")
    assert await svc.ratings.bring_up_to_date(1, "highcard") == 0
    never_started = await lobby(svc, ANN)
    await svc.cancel(never_started, BOB, can_manage=True)
    assert await svc.store.get_result(never_started) is None


def test_a_players_record_adds_up_their_finished_matches() -> None:
    won = match(10, 11)
    lost = replace(match(10, None, 12), game="aura")
    left = match(11, 10, resigned=(1,))
    cancelled = match(10, 11, status=CANCELLED)
    closed = [(replace(won, id=1), ResultRecord((2.0, 1.0), (1, 2), finished_at=5.0)),
              (replace(lost, id=2), ResultRecord((0.0, 9.0, 5.0), (3, 1, 2), finished_at=6.0)),
              (replace(left, id=3), ResultRecord((1.0, 0.0), (1, 2), RESIGNATION,
                                                 finished_at=7.0)),
              (replace(cancelled, id=4), ResultRecord((0.0, 0.0), (1, 1), CANCELLED))]
    mine = records(10, closed)
    assert mine["zura"] == Record("zura", played=2, wins=1, placings=3, left=1, last_at=7.0)
    assert mine["zura"].average_placing == 1.5
    assert mine["aura"] == Record("aura", played=1, wins=0, placings=3, left=0, last_at=6.0)
    assert records(99, closed) == {}


async def test_a_best_of_three_is_rated_once_as_one_match(svc: MatchService) -> None:
    """House rules, "Best-of-three": ratings count the match, not its games."""
    info = await svc.create("auroria", HOST, guild_id=1, channel_id=2, options={"best_of": "3"})
    await svc.join(info.id, ANN)
    await svc.start(info.id, HOST)
    rng = Rng(7)
    while (await svc.info(info.id)).status == "active":
        for user in (HOST, ANN):
            hand = await svc.hand(info.id, user)
            if hand.decisions:
                d = hand.decisions[0]
                action = AURORIA.ai_choose("normal", hand.view, d, rng)
                await svc.submit(info.id, user, d.id, list(action.choice))
    result = await svc.store.get_result(info.id)
    assert result is not None and "the match" in result.detail
    state = AURORIA.from_json(json.loads((await stored(svc, info.id)).state or "{}"))
    assert state.series is not None and len(state.series["games"]) >= 2
    ratings = await svc.store.get_ratings(1, "auroria", [HOST, ANN])
    assert [r.matches for r in ratings.values()] == [1, 1]
    assert await svc.ratings.bring_up_to_date(1, "auroria") == 0


def test_history_names_each_ending_in_player_words_the_game_supplying_its_own() -> None:
    say = english().say
    assert say(ending("auroria", "influence")) == "won on Influence"
    assert say(ending("auroria", "deck-out")) == "won by deck-out"
    assert say(ending("zura", "resignation")) == "won by resignation"
    assert say(ending("zura", "normal")) == "played to the end"
    # A game that is no longer installed still gets readable words, not a code.
    assert say(ending("gone", "card_effect")) == "ended: card effect"


def test_endings_are_said_in_the_readers_language() -> None:
    german = language("de")
    assert german.say(ending("auroria", "influence")) == "durch Einfluss gewonnen"
    assert german.say(ending("zura", "forfeit")) == "durch Zeitüberschreitung gewonnen"
    assert language("pt_BR").say(ending("zura", "normal")) == "jogada até o fim"


async def test_a_stored_best_of_three_says_its_score_in_the_readers_language(
        svc: MatchService) -> None:
    """The stored detail is English; the result read back carries the game's sentence."""
    info = await svc.create("auroria", HOST, guild_id=G, options={"best_of": "3"},
                            seat_host=False, seed=3)
    for _ in range(2):
        await svc.add_ai(info.id, HOST, "random")
    await svc.start(info.id, HOST)
    result = (await svc.info(info.id)).result
    assert result is not None and result.detail.startswith(("Player ", "The match is drawn"))
    score = result.said(None, ["Ann", "Bo"])
    assert score is not None
    german = language("de").say(score)
    assert german != english().say(score)
    assert german.endswith(("gewinnt die Partie 2–0.", "gewinnt die Partie 2–1.")) or \
        german.startswith("Die Partie")
