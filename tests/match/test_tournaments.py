"""The event service on a real SQLite file with the test game High Card: refusals change
nothing, rounds run themselves from finished matches, and a restart at any step resumes
with nothing paired or opened twice."""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest

from bot.engine import BadOptions, GameError
from bot.events import (
    Entrant,
    Format,
    Game,
    ai_entrant,
    ai_parts,
    default_rounds,
    is_ai,
    standings,
)
from bot.match import MatchService
from bot.match.clock import DAY, FORFEIT, make_clock
from bot.match.errors import (
    AlreadyEntered,
    BadEntrantCount,
    BadStartTime,
    ClockMismatch,
    EventFull,
    EventStarted,
    NotEntered,
    NotOrganiser,
    UnknownFormat,
)
from bot.match.notices import ClockOut
from bot.match.scheduler import Scheduler
from bot.match.timekeeper import Timekeeper
from bot.match.tournaments import EventService
from bot.store import ACTIVE, CANCELLED, FINISHED, LOBBY, SqliteStore
from bot.store.events import OPEN, RUNNING, PairingRecord
from tests.match.clocks import START, Now

GAME = "highcard"
ORGANISER = 1
PLAYERS = [200 + i for i in range(8)]


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    store = SqliteStore(tmp_path / "parlor.sqlite3", clock=Now())
    await store.open()
    try:
        yield store
    finally:
        await store.close()


@pytest.fixture
async def svc(store: SqliteStore) -> AsyncIterator[MatchService]:
    service = MatchService(store, seed_source=lambda: 7)
    try:
        yield service
    finally:
        service.close()


def events_of(store: SqliteStore, svc: MatchService, now: Now | None = None) -> EventService:
    return EventService(store, svc, now=now or Now())


async def entered(events: EventService, form: str = "swiss", players: int = 5,
                  **kwargs: object) -> int:
    event = await events.create(guild_id=1, channel_id=2, organiser_id=ORGANISER, game=GAME,
                                form=form, **kwargs)  # type: ignore[arg-type]
    for user in PLAYERS[:players]:
        await events.join(event.id, user)
    return event.id


async def finish_round(events: EventService, svc: MatchService, event_id: int) -> None:
    """Every match of the round still under way ends: the lower user id wins (the other
    resigns)."""
    for p in await events.pairings(event_id):
        match = await svc.store.get_match(p.match_id) if p.match_id is not None else None
        if match is not None and match.status == ACTIVE and p.second_id is not None:
            loser = max(p.first_id, p.second_id)
            await svc.resign(p.match_id, loser)


async def test_refusals_change_nothing(store: SqliteStore, svc: MatchService) -> None:
    events = events_of(store, svc)
    base = {"guild_id": 1, "channel_id": 2, "organiser_id": ORGANISER}
    with pytest.raises(GameError, match="no game called"):
        await events.create(**base, game="chess")
    with pytest.raises(UnknownFormat, match="no event format called `arena`"):
        await events.create(**base, game=GAME, form="arena")
    with pytest.raises(BadEntrantCount,
                       match=r"This format \(Round robin\) takes 2 to 16 entrants"):
        await events.create(**base, game=GAME, form="round_robin", max_players=17)
    with pytest.raises(BadOptions, match="Only a Swiss sets its rounds"):
        await events.create(**base, game=GAME, form="round_robin", rounds=3)
    with pytest.raises(BadStartTime, match="in the past"):
        await events.create(**base, game=GAME, starts_at=START - 1)
    with pytest.raises(BadStartTime, match="60 days ahead"):
        await events.create(**base, game=GAME, starts_at=START + 61 * DAY)
    with pytest.raises(ClockMismatch, match="too short for this clock"):
        await events.create(**base, game=GAME, clock=make_clock("async"), round_seconds=DAY)
    with pytest.raises(BadOptions):
        await events.create(**base, game=GAME, best_of=3)
    assert await events.events.events([OPEN, RUNNING]) == []

    event_id = await entered(events, players=2, max_players=2)
    with pytest.raises(AlreadyEntered, match="already joined"):
        await events.join(event_id, PLAYERS[0])
    with pytest.raises(EventFull, match=r"full \(2 entrants\)"):
        await events.join(event_id, PLAYERS[5])
    with pytest.raises(NotEntered, match="not in this event"):
        await events.leave(event_id, PLAYERS[5])
    with pytest.raises(NotOrganiser, match="Only the organiser of this event can start it"):
        await events.start(event_id, PLAYERS[0])
    with pytest.raises(NotOrganiser, match="can cancel it"):
        await events.cancel(event_id, PLAYERS[0])
    assert [e.user_id for e in await events.events.entrants(event_id)] == PLAYERS[:2]
    assert (await events.get(event_id)).status == OPEN

    lonely = await entered(events, players=1)
    with pytest.raises(BadEntrantCount, match="at least 2 entrants to start; this one has 1"):
        await events.start(lonely, ORGANISER)
    await events.start(event_id, ORGANISER)
    with pytest.raises(EventStarted, match="entries are closed"):
        await events.join(event_id, PLAYERS[5])
    with pytest.raises(EventStarted, match="already started"):
        await events.start(event_id, ORGANISER)


async def test_a_swiss_runs_itself_to_the_standings_its_results_imply(
        store: SqliteStore, svc: MatchService) -> None:
    events = events_of(store, svc)
    event_id = await entered(events, players=5)
    update = await events.start(event_id, ORGANISER)
    assert update.round_opened == 1 and len(update.opened) == 2
    for opened in update.opened:
        match = await store.get_match(opened.match_id)
        assert match is not None and match.status == ACTIVE
        assert {s.user_id for s in match.seats} == {opened.first_id, opened.second_id}
    for number in range(1, default_rounds(Format.SWISS, 5) + 1):
        assert (await events.get(event_id)).round == number
        await finish_round(events, svc, event_id)
        (update,) = await events.tick()
        assert update.scored == 2, "two tables' results, the standings changed"
    assert update.finished and update.event.status == FINISHED
    pairings = await events.events.pairings(event_id)
    assert all(p.score is not None for p in pairings)
    assert Counter(p.round for p in pairings) == {1: 3, 2: 3, 3: 3}
    byes = [p.first_id for p in pairings if p.second_id is None]
    assert len(byes) == len(set(byes)) == 3
    met = Counter(frozenset((p.first_id, p.second_id)) for p in pairings if p.second_id)
    assert set(met.values()) == {1}, "no rematch in a 5-player, 3-round Swiss"
    for p in pairings:  # the lower id won every game played
        if p.second_id is not None:
            assert p.score == (1.0 if p.first_id < p.second_id else 0.0)
    table = await events.standings(event_id)
    expected = standings([Entrant(u, 0.0) for u in PLAYERS[:5]],
                         [Game(p.round, p.first_id, p.second_id, p.score) for p in pairings])
    assert table == expected
    assert (await events.tick()) == [], "a finished event is left alone"


async def test_a_dropped_player_resigns_and_is_never_paired_again(
        store: SqliteStore, svc: MatchService) -> None:
    events = events_of(store, svc)
    event_id = await entered(events, players=4)
    await events.start(event_id, ORGANISER)
    quitter = PLAYERS[3]
    out = await events.leave(event_id, quitter)
    assert out, "the game under way was resigned"
    (mine,) = [p for p in await events.pairings(event_id) if quitter in (p.first_id,
                                                                          p.second_id)]
    await finish_round(events, svc, event_id)
    await events.tick()
    after = await events.events.pairings(event_id, 1)
    (scored,) = [p for p in after if p.table_no == mine.table_no]
    assert scored.score == (1.0 if scored.second_id == quitter else 0.0), "the game stands"
    second = await events.events.pairings(event_id, 2)
    assert all(quitter not in (p.first_id, p.second_id) for p in second)
    assert len(second) == 2 and sum(p.second_id is None for p in second) == 1
    with pytest.raises(NotEntered):
        await events.leave(event_id, quitter)


async def test_the_round_deadline_calls_late_untimed_games_off_as_draws(
        store: SqliteStore, svc: MatchService) -> None:
    now = Now()
    events = events_of(store, svc, now)
    event_id = await entered(events, players=4, rounds=2)
    await events.start(event_id, ORGANISER)
    (first, second) = await events.pairings(event_id)
    assert first.match_id is not None and second.match_id is not None
    await svc.resign(first.match_id, max(first.first_id, first.second_id or 0))
    now.t += DAY - 1
    (update,) = await events.tick()
    assert update.round_opened is None, "before the deadline the round waits"
    now.t += 2
    (update,) = await events.tick()
    assert update.round_opened == 2
    late = await store.get_match(second.match_id)
    assert late is not None and late.status == CANCELLED
    scores = {p.table_no: p.score for p in await events.events.pairings(event_id, 1)}
    assert scores == {first.table_no: 1.0 if first.first_id < (first.second_id or 0)
                      else 0.0, second.table_no: 0.5}


async def test_a_timed_game_still_running_at_the_round_deadline_is_decided_by_its_ladder(
        store: SqliteStore, svc: MatchService) -> None:
    """Both players of a table paused its clocks: at the round's deadline the pause no
    longer holds, every turn's clock is up at once, and the ladder (the autopilot, then a
    forfeit after the clock's missed turns) ends the game under its rules; its result, not a
    draw, closes the round."""
    now = Now()
    clocks = Timekeeper(svc, now=now)
    events = EventService(store, svc, clocks=clocks, now=now)
    event_id = await entered(events, players=4, rounds=2, round_seconds=3600.0,
                             clock=make_clock("live", absent=FORFEIT, autopilots=2))
    await events.start(event_id, ORGANISER)
    (first, second) = await events.pairings(event_id)
    assert first.match_id is not None and second.match_id is not None
    await svc.resign(first.match_id, max(first.first_id, first.second_id or 0))
    for user in (second.first_id, second.second_id):
        assert user is not None
        await clocks.vote_pause(second.match_id, user, True)

    async def also() -> None:
        await events.tick()

    async def nothing(batch: Sequence[ClockOut]) -> None:
        pass

    scheduler = Scheduler(clocks, nothing, also=also)
    now.t += 3599
    for _ in range(3):
        await scheduler.round()
    late = await store.get_match(second.match_id)
    assert late is not None and late.status == ACTIVE, "paused, and the round has time left"
    assert (await events.get(event_id)).round == 1
    now.t += 2
    for _ in range(20):
        await scheduler.round()
        if (await events.get(event_id)).round == 2:
            break
    late = await store.get_match(second.match_id)
    result = await store.get_result(second.match_id)
    assert late is not None and late.status == FINISHED
    assert result is not None and result.reason == "forfeit"
    assert any(a.autopilot for a in await store.actions(second.match_id))
    (table,) = [p for p in await events.events.pairings(event_id, 1)
                if p.table_no == second.table_no]
    assert table.score in (0.0, 1.0), "decided, not called off as a draw"
    assert (await events.get(event_id)).round == 2


async def test_a_restart_mid_opening_adopts_the_match_and_pairs_nothing_twice(
        store: SqliteStore, svc: MatchService, monkeypatch: pytest.MonkeyPatch) -> None:
    events = events_of(store, svc)
    event_id = await entered(events, players=6)
    calls = 0
    real = events.events.link_match

    async def killed(*args: int) -> bool:
        nonlocal calls
        calls += 1
        if calls == 2:
            raise KeyboardInterrupt  # the process dies after the second table's match
        return await real(*args)

    monkeypatch.setattr(events.events, "link_match", killed)
    with pytest.raises(KeyboardInterrupt):
        await events.start(event_id, ORGANISER)
    half = await events.events.pairings(event_id, 1)
    assert len(half) == 3 and [p.match_id is not None for p in half] == [True, False, False]
    restarted = events_of(store, svc)
    (update,) = await restarted.tick()
    assert update.round_opened is None, "round 1 is not paired again"
    pairings = await restarted.events.pairings(event_id)
    assert len(pairings) == 3 and all(p.match_id is not None for p in pairings)
    for p in pairings:
        match = await store.get_match(p.match_id or 0)
        assert match is not None and match.status == ACTIVE
    lobbies = [m for u in PLAYERS[:6] for m in await store.matches_of_user(u, [LOBBY])]
    assert lobbies == [], "the match made before the kill was adopted, not left behind"
    matches = {m.id for u in PLAYERS[:6] for m in await store.matches_of_user(u, [ACTIVE])}
    assert matches == {p.match_id for p in pairings}


async def test_single_elimination_gives_the_top_seeds_byes_and_ends_with_a_final(
        store: SqliteStore, svc: MatchService) -> None:
    events = events_of(store, svc)
    event_id = await entered(events, form="single_elimination", players=6)
    await events.start(event_id, ORGANISER)
    first: list[PairingRecord] = await events.pairings(event_id)
    walkovers = sorted(p.first_id for p in first if p.second_id is None)
    assert walkovers == PLAYERS[:2], "equal ratings: seeded by user id, top two have byes"
    for _ in range(3):
        await finish_round(events, svc, event_id)
        (update,) = await events.tick()
    assert update.finished
    (final,) = await events.events.pairings(event_id, 3)
    assert {final.first_id, final.second_id} == set(PLAYERS[:2])


async def test_the_clock_scheduler_starts_an_event_at_its_start_time(
        store: SqliteStore, svc: MatchService) -> None:
    now = Now()
    events = events_of(store, svc, now)
    event_id = await entered(events, players=3, starts_at=START + 3600)
    seen: list[object] = []

    async def also() -> None:
        seen.extend(await events.tick())

    async def nothing(batch: Sequence[ClockOut]) -> None:
        pass

    scheduler = Scheduler(Timekeeper(svc, now=now), nothing, also=also)
    await scheduler.round()
    assert seen == [] and (await events.get(event_id)).status == OPEN
    now.t += 3600
    await scheduler.round()
    assert len(seen) == 1 and (await events.get(event_id)).round == 1


async def test_a_pass_with_nothing_new_reads_no_match(
        store: SqliteStore, svc: MatchService, monkeypatch: pytest.MonkeyPatch) -> None:
    """Matches are read only for events one of whose matches ended, and then only those
    (every table at a deadline, a start time, or on the first pass after a start): a big
    event costs nothing per move elsewhere."""
    events = events_of(store, svc)
    event_id = await entered(events, players=4)
    await events.start(event_id, ORGANISER)
    assert len(await events.tick()) == 1, "the first pass looks at every running event"
    reads: list[int] = []
    real = store.get_match

    async def counted(match_id: int) -> object:
        reads.append(match_id)
        return await real(match_id)

    monkeypatch.setattr(store, "get_match", counted)
    assert await events.tick() == []
    assert reads == []
    (first, _) = await events.pairings(event_id)
    assert first.match_id is not None and first.second_id is not None
    await svc.resign(first.match_id, first.second_id)
    reads.clear()
    (update,) = await events.tick()
    assert update.scored == 1 and update.round_opened is None
    assert reads == [first.match_id], "only the match that ended is read"


async def test_an_auroria_knockout_of_eight_plays_best_of_three(
        store: SqliteStore, svc: MatchService) -> None:
    """The matches carry Auroria's best-of-three option; the higher seeds (lower ids here)
    win every match, so seeds 1 and 2 meet in the final."""
    events = events_of(store, svc)
    auroria = await events.create(guild_id=1, channel_id=2, organiser_id=ORGANISER,
                                  game="auroria", form="single_elimination", best_of=3)
    for user in PLAYERS:
        await events.join(auroria.id, user)
    update = await events.start(auroria.id, ORGANISER)
    assert len(update.opened) == 4
    for opened in update.opened:
        match = await store.get_match(opened.match_id)
        assert match is not None and match.options["best_of"] == "3"
    for _ in range(3):
        await finish_round(events, svc, auroria.id)
        (update,) = await events.tick()
    assert update.finished
    (final,) = await events.events.pairings(auroria.id, 3)
    assert {final.first_id, final.second_id} == set(PLAYERS[:2])
    assert final.score == 1.0 and final.first_id == PLAYERS[0]


async def test_ai_entrants_play_their_tables_through_ai_seats(
        store: SqliteStore, svc: MatchService) -> None:
    """The organiser enters two AI players: each table seats its players in pairing order,
    an AI entrant as an AI seat at its level; an AI-only table plays itself, and the
    standings are those the recorded results imply."""
    events = events_of(store, svc)
    event_id = await entered(events, players=3, max_players=6)
    with pytest.raises(NotOrganiser, match="can add AI players"):
        await events.add_ai(event_id, PLAYERS[0], "normal", 1)
    with pytest.raises(BadOptions, match="AI level `clever` is unknown"):
        await events.add_ai(event_id, ORGANISER, "clever", 1)
    with pytest.raises(EventFull, match=r"full \(6 entrants\)"):
        await events.add_ai(event_id, ORGANISER, "normal", 4)
    assert len(await events.events.entrants(event_id)) == 3, "refusals add nobody"
    ais = await events.add_ai(event_id, ORGANISER, "random", 2)
    assert ais == [ai_entrant(1, 0), ai_entrant(2, 0)] and all(is_ai(a) for a in ais)
    assert [ai_parts(a) for a in ais] == [(1, 0), (2, 0)]
    (extra,) = await events.add_ai(event_id, ORGANISER, "random", 1)
    with pytest.raises(NotEntered, match="no AI 4 in this event"):
        await events.ai_entrant(event_id, 4)
    assert await events.ai_entrant(event_id, 3) == extra
    with pytest.raises(NotOrganiser, match="can remove a player"):
        await events.remove(event_id, PLAYERS[0], extra)
    await events.remove(event_id, ORGANISER, extra)
    assert extra not in {e.user_id for e in await events.events.entrants(event_id)}
    await events.start(event_id, ORGANISER)
    seen_ai_only = False
    for number in range(1, default_rounds(Format.SWISS, 5) + 1):
        assert (await events.get(event_id)).round == number
        await events.played()  # a table of two AI is played off the pass
        for p in await events.pairings(event_id, number):
            if p.second_id is None:
                continue
            match = await store.get_match(p.match_id or 0)
            assert match is not None
            for seat, player in zip(match.seats, (p.first_id, p.second_id), strict=True):
                assert (seat.is_ai and seat.ai_level == "random") if is_ai(player) \
                    else seat.user_id == player
            if is_ai(p.first_id) and is_ai(p.second_id):
                seen_ai_only = True
                assert match.status == FINISHED, "two AI seats play their game out"
                assert match.host_id == ORGANISER
        await finish_round(events, svc, event_id)
        (update,) = await events.tick()
    assert update.finished
    assert seen_ai_only, "the two AI met (a 5-player, 3-round Swiss with no rematches)"
    pairings = await events.events.pairings(event_id)
    for p in pairings:
        if p.second_id is not None and not (is_ai(p.first_id) and is_ai(p.second_id)):
            human = max(p.first_id, p.second_id)  # a person, who resigned
            beaten = p.first_id if p.first_id != human else p.second_id
            assert p.score == (1.0 if beaten == p.first_id else 0.0)
    entrants = await events.events.entrants(event_id)
    assert await events.standings(event_id) == standings(
        [Entrant(e.user_id, e.rating) for e in entrants],
        [Game(p.round, p.first_id, p.second_id, p.score) for p in pairings])


async def test_a_start_can_fill_the_empty_seats_with_ai(
        store: SqliteStore, svc: MatchService) -> None:
    events = events_of(store, svc)
    big = await entered(events, players=2)
    with pytest.raises(EventFull, match="would take 510 AI players"):
        await events.start(big, ORGANISER, fill="normal")
    event_id = await entered(events, form="single_elimination", players=2, max_players=4)
    with pytest.raises(NotOrganiser, match="can start it"):
        await events.start(event_id, PLAYERS[0], fill="normal")
    update = await events.start(event_id, ORGANISER, fill="normal")
    entrants = await events.events.entrants(event_id)
    assert sorted(e.user_id for e in entrants) == sorted(
        [ai_entrant(1, 1), ai_entrant(2, 1), *PLAYERS[:2]])
    assert update.round_opened == 1 and len(update.opened) == 2


async def test_a_restart_mid_opening_adopts_an_ai_only_table(
        store: SqliteStore, svc: MatchService, monkeypatch: pytest.MonkeyPatch) -> None:
    """An AI-only table's match is hosted by the organiser, who is not seated: a kill
    before it is linked leaves a lobby the next pass adopts rather than opening another."""
    events = events_of(store, svc)
    event_id = await entered(events, players=0, max_players=2)
    await events.add_ai(event_id, ORGANISER, "random")

    async def killed(*args: int) -> bool:
        raise KeyboardInterrupt

    real = events.events.link_match
    monkeypatch.setattr(events.events, "link_match", killed)
    with pytest.raises(KeyboardInterrupt):
        await events.start(event_id, ORGANISER)
    (lobby,) = await store.matches_in_channel(2, [LOBBY])
    assert lobby.host_id == ORGANISER and [s.is_ai for s in lobby.seats] == [True, True]
    monkeypatch.setattr(events.events, "link_match", real)
    restarted = events_of(store, svc)
    (update,) = await restarted.tick()
    assert update.round_opened is None and update.opened == [], "played off the pass"
    (p,) = await restarted.events.pairings(event_id)
    assert p.match_id == lobby.id
    await restarted.played()
    assert await store.matches_in_channel(2, [LOBBY]) == []
    (update,) = await restarted.tick()
    assert [t.match_id for t in update.opened] == [lobby.id], "handed over to be shown"
    assert update.opened[0].outbound, "with what the start sends"
    assert update.finished and update.scored == 1


async def test_a_round_robin_in_pods_seats_everyone_and_leaves_the_dropped_out(
        store: SqliteStore, svc: MatchService) -> None:
    """Six players in pods of three: a round is two matches of three seats, scored by their
    placings; two players drop, and round 2 seats the other four in what is left of its
    pods (a pod down to two is a game of two, down to one a bye)."""
    events = events_of(store, svc)
    with pytest.raises(BadOptions, match="for a round robin"):
        await entered(events, players=0, table_size=3)
    event_id = await entered(events, form="round_robin", players=6, table_size=3)
    await events.start(event_id, ORGANISER)
    first = await events.pairings(event_id, 1)
    assert sorted(len(p.seats) for p in first) == [3, 3]
    assert sorted(u for p in first for u in p.seats) == PLAYERS[:6]
    for p in first:
        match = await svc.store.get_match(p.match_id) if p.match_id is not None else None
        assert match is not None and [s.user_id for s in match.seats] == list(p.seats)
        for loser in p.seats[1:]:
            await svc.resign(match.id, loser)
    for quitter in PLAYERS[:2]:
        await events.leave(event_id, quitter)
    await events.tick()
    scored = await events.events.pairings(event_id, 1)
    assert all(p.places and p.score is not None for p in scored)
    assert all(p.places[0] == 1 for p in scored), "the one who did not resign won"
    second = await events.events.pairings(event_id, 2)
    seated = sorted(u for p in second for u in p.players())
    assert seated == PLAYERS[2:6], "the dropped are out, everyone else seated once"
    for p in second:
        assert len(p.seats) in (0, 3) and (len(p.players()) != 1 or p.score == 1.0)
    assert all(len(p.places) == 3 and min(p.places[1:]) > 1 for p in scored)
    table = {s.player: s.points for s in await events.standings(event_id)}
    byes = {q.first_id for q in second if q.second_id is None}
    for p in scored:  # the share of the others finished ahead of, a tie half (+ a bye)
        for user, place in zip(p.seats, p.places, strict=True):
            ahead = sum(place < other for other in p.places)
            level = p.places.count(place) - 1
            assert table[user] == (ahead + level / 2) / 2 + (user in byes)


async def test_a_table_called_off_by_a_manager_counts_as_a_draw(
        store: SqliteStore, svc: MatchService) -> None:
    events = events_of(store, svc)
    event_id = await entered(events, players=2)
    await events.start(event_id, ORGANISER)
    (p,) = await events.pairings(event_id)
    assert p.match_id is not None
    await svc.cancel(p.match_id, ORGANISER, can_manage=True)
    await events.tick()
    (scored,) = await events.events.pairings(event_id, 1)
    assert (scored.score, scored.places) == (0.5, ())
