"""Undo by consent: refused after a reveal or a draw, allowed for a move nobody could see."""

from __future__ import annotations

import re
from itertools import islice
from typing import Any

import pytest

from bot.engine import Action, Game, Rng, StaleDecision, parse_options, play, registry
from bot.engine.autoplay import ai_moves
from bot.match import AlreadyDone, MatchService, NotSeated, Prompt, PublicUpdate, state_text
from bot.match.replay import UNDO, build_replay
from bot.match.undo import (
    DREW,
    NO_MOVE,
    OFF,
    REVEALED,
    UNPROVABLE,
    Moment,
    UndoAsked,
    UndoDeclined,
    UndoRefused,
    check,
    consent_needed,
    in_force,
    span,
)
from bot.store import ActionRecord, MatchRecord, SeatRecord
from tests.highcard import GAME as HIGHCARD
from tests.match.conftest import ANN, BOB, EVE, HOST, lobby, started, stored


def record(game: Game[Any, Any], players: int, seed: int) -> MatchRecord:
    return MatchRecord(1, game.name, "active", parse_options(game.options, {}), seed, 0, None,
                       10, 1, 2, None, 0.0, 0.0,
                       tuple(SeatRecord(i, 10 + i) for i in range(players)))


def moments(game: Game[Any, Any], players: int, seed: int, steps: int,
            choose: Any = None) -> list[Moment]:
    """``steps`` moves of a seeded game (the first option, or ``choose(decision)``)."""
    rec = record(game, players, seed)
    state = game.setup(players, rec.options, seed)
    log = []
    for seq in range(1, steps + 1):
        decision = game.pending(state)[0]
        choice = choose(decision) if choose else (decision.options[0].key,)
        action = Action(decision.id, tuple(choice))
        state, _ = play(game, state, decision.player, action)
        log.append(ActionRecord(seq, decision.player, 10 + decision.player, decision.id,
                                action.to_json(), 0.0))
    return in_force(game, rec, log)


def test_a_face_down_card_nobody_has_seen_may_be_taken_back() -> None:
    first = moments(HIGHCARD, 2, 5, 1)
    check(HIGHCARD, first, 2, Rng(1))


def test_taking_back_is_refused_once_the_sealed_cards_were_revealed() -> None:
    both = moments(HIGHCARD, 2, 5, 2)
    with pytest.raises(UndoRefused, match=REVEALED.msgid):
        check(HIGHCARD, both[1:], 2, Rng(1))
    with pytest.raises(UndoRefused, match=REVEALED.msgid):
        check(HIGHCARD, span(both, 0), 2, Rng(1))


def test_a_draw_from_the_deck_is_a_reveal_to_the_drawer() -> None:
    """Zura's first decision draws travel cards from the deck into the player's hand."""
    zura = registry.get("zura")
    moves = moments(zura, 2, 3, 1, choose=lambda d: ("deck",))
    assert moves[0].events[0].kind == "draw"
    with pytest.raises(UndoRefused, match=REVEALED.msgid):
        check(zura, moves, 2, Rng(1))


class Shuffler(type(HIGHCARD)):  # type: ignore[misc]
    """High Card whose sealed play also advances the generator (a hidden shuffle)."""

    name = "highcard-shuffler"

    def apply(self, state: Any, player: int, action: Action) -> tuple[Any, list[Any]]:
        after, events = super().apply(state, player, action)
        rng = Rng(after.rng)
        rng.next_u64()
        return type(after)(**{**after.__dict__, "rng": rng.state}), events


def test_a_random_draw_is_seen_in_the_generator_and_refused() -> None:
    game = Shuffler()
    moves = moments(game, 2, 5, 1)
    with pytest.raises(UndoRefused, match=re.escape(DREW.msgid)):
        check(game, moves, 2, Rng(1))


def test_a_game_that_cannot_redeal_cannot_take_moves_back() -> None:
    class Opaque(type(HIGHCARD)):  # type: ignore[misc]
        name = "highcard-opaque"

        def redeal_hidden(self, state: Any, viewer: int | None, rng: Rng) -> None:
            return None

    game = Opaque()
    with pytest.raises(UndoRefused, match=UNPROVABLE.msgid):
        check(game, moments(game, 2, 5, 1), 2, Rng(1))


def test_the_span_starts_at_the_players_latest_move() -> None:
    moves = moments(HIGHCARD, 3, 5, 5)
    assert [m.row.seq for m in span(moves, 1)] == [5]
    assert [m.row.seq for m in span(moves, 2)] == [3, 4, 5]
    with pytest.raises(UndoRefused, match=NO_MOVE.msgid):
        span(moves[:1], 2)


def test_every_other_person_must_agree_but_not_the_ai() -> None:
    seats = (SeatRecord(0, 10), SeatRecord(1, None, is_ai=True), SeatRecord(2, 12),
             SeatRecord(3, 13, is_ai=True, resigned=True))
    assert consent_needed(seats, 10) == (12,)
    assert consent_needed(seats, 12) == (10,)


@pytest.mark.parametrize("name", ["zura", "aura", "auroria"])
def test_every_game_refuses_some_moves_and_allows_others(name: str) -> None:
    """Across a seeded game some moves are private enough to take back and some are not;
    the verdict never depends on anything but the moves themselves."""
    game = registry.get(name)
    rec = record(game, 2, 4)
    state = game.setup(2, rec.options, 4)
    verdicts = []
    for seq, move in enumerate(islice(ai_moves(game, state, Rng(9)), 40), start=1):
        row = ActionRecord(seq, move.decision.player, None, move.decision.id,
                           move.action.to_json(), 0.0)
        one = [Moment(move.before, row, move.after, tuple(move.events))]
        try:
            check(game, one, 2, Rng(seq))
            verdicts.append(True)
        except UndoRefused:
            verdicts.append(False)
    assert any(verdicts) and not all(verdicts)


# -- through the service: asking, agreeing, declining, and what is stored -------------------

class Tally(type(HIGHCARD)):  # type: ignore[misc]
    """High Card with open hands: nothing is hidden, so any move may be taken back."""

    name = "tally"

    def view(self, state: Any, viewer: int | None) -> dict[str, Any]:
        return {**super().view(state, None), "hands": [list(h) for h in state.hands]}

    def redeal_hidden(self, state: Any, viewer: int | None, rng: Rng) -> Any:
        return state


@pytest.fixture
def tally(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tally in the registry for one test only (other tests list every registered game)."""
    monkeypatch.setitem(registry._ADDED, "tally", Tally())


async def undo_match(svc: MatchService, game: str, *users: int, ai: int = 0) -> int:
    return await started(svc, game, *users, ai=ai, channel_id=2, undo=True)


async def seal_first(svc: MatchService, match_id: int, user: int) -> None:
    decision = (await svc.hand(match_id, user)).decisions[0]
    await svc.submit(match_id, user, decision.id, [decision.options[0].key])


async def test_undo_is_off_unless_the_match_allows_it(svc: MatchService) -> None:
    match_id = await lobby(svc, ANN)
    await svc.start(match_id, HOST)
    await seal_first(svc, match_id, HOST)
    before = await stored(svc, match_id)
    with pytest.raises(UndoRefused, match=re.escape(OFF.msgid)):
        await svc.ask_undo(match_id, HOST)
    assert await stored(svc, match_id) == before
    assert not (await svc.info(match_id)).undo


async def test_the_others_agree_and_the_move_is_taken_back_in_the_log(
        svc: MatchService) -> None:
    match_id = await undo_match(svc, "highcard", ANN, BOB)
    start = await stored(svc, match_id)
    await seal_first(svc, match_id, HOST)
    (asked,) = await svc.ask_undo(match_id, HOST)
    assert asked == UndoAsked(match_id, 0, HOST, (ANN, BOB))
    with pytest.raises(NotSeated, match="other players"):
        await svc.answer_undo(match_id, HOST, True)
    (still,) = await svc.answer_undo(match_id, ANN, True)
    assert isinstance(still, UndoAsked) and still.waiting_for == (BOB,)
    with pytest.raises(AlreadyDone):
        await svc.answer_undo(match_id, ANN, True)
    out = await svc.answer_undo(match_id, BOB, True)
    public = out[0]
    assert isinstance(public, PublicUpdate)
    assert public.summary == ("Player 1 takes back a move.",)
    assert any(isinstance(o, Prompt) and o.user_id == HOST for o in out)
    after = await stored(svc, match_id)
    assert after.state == start.state
    assert [(a.seq, a.decision_id, a.user_id) for a in after.log] == [
        (1, after.log[0].decision_id, HOST), (2, UNDO, HOST)]
    assert await svc.store.get_undo_request(match_id) is None
    record = await svc.store.get_match(match_id)
    assert record is not None
    assert state_text(HIGHCARD, build_replay(HIGHCARD, record, list(after.log)).final_state) \
        == record.state


async def test_one_refusal_ends_the_request_and_a_move_outdates_it(svc: MatchService) -> None:
    match_id = await undo_match(svc, "highcard", ANN, BOB)
    await seal_first(svc, match_id, HOST)
    await svc.ask_undo(match_id, HOST)
    before = await stored(svc, match_id)
    assert await svc.answer_undo(match_id, BOB, False) == [UndoDeclined(match_id, BOB)]
    with pytest.raises(StaleDecision, match="out of date"):
        await svc.answer_undo(match_id, ANN, True)
    assert await stored(svc, match_id) == before
    await svc.ask_undo(match_id, HOST)
    await seal_first(svc, match_id, ANN)
    with pytest.raises(StaleDecision, match="out of date"):
        await svc.answer_undo(match_id, BOB, True)


async def test_undo_is_refused_after_a_reveal_and_nothing_is_stored(svc: MatchService) -> None:
    match_id = await undo_match(svc, "highcard", ANN)
    await seal_first(svc, match_id, HOST)
    await seal_first(svc, match_id, ANN)  # both cards are shown
    before = await stored(svc, match_id)
    for user in (HOST, ANN):
        with pytest.raises(UndoRefused, match=REVEALED.msgid):
            await svc.ask_undo(match_id, user)
    assert await stored(svc, match_id) == before
    assert await svc.store.get_undo_request(match_id) is None


@pytest.mark.usefixtures("tally")
async def test_against_the_ai_alone_the_move_and_its_answer_go_back_at_once(
        svc: MatchService) -> None:
    match_id = await undo_match(svc, "tally", ai=1)
    start = await stored(svc, match_id)
    await seal_first(svc, match_id, HOST)
    assert len((await stored(svc, match_id)).log) == len(start.log) + 2  # the AI answered
    out = await svc.ask_undo(match_id, HOST)
    assert isinstance(out[0], PublicUpdate)
    after = await stored(svc, match_id)
    assert after.state == start.state
    assert after.log[-1].decision_id == UNDO
    with pytest.raises(UndoRefused, match=NO_MOVE.msgid):
        await svc.ask_undo(match_id, HOST)


async def test_a_spectator_cannot_ask_or_answer(svc: MatchService) -> None:
    match_id = await undo_match(svc, "highcard", ANN)
    await seal_first(svc, match_id, HOST)
    with pytest.raises(NotSeated):
        await svc.ask_undo(match_id, EVE)
    await svc.ask_undo(match_id, HOST)
    with pytest.raises(NotSeated):
        await svc.answer_undo(match_id, EVE, True)
