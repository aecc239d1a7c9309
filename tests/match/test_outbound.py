"""Outbound messages: who gets what, and that nobody's message carries another's secrets."""

from __future__ import annotations

import pytest

from bot.engine import Action, Event, Rng, Sentence, parse_options, play
from bot.engine.autoplay import ai_moves
from bot.match import (
    MatchEnded,
    Outbound,
    PrivateUpdate,
    Prompt,
    PublicUpdate,
    TurnUpdate,
    build_outbound,
)
from bot.match.outbound import Move, turn_updates
from bot.store import SeatRecord
from tests.highcard import GAME, HCState

SEATS = (SeatRecord(0, 10), SeatRecord(1, 11), SeatRecord(2, None, is_ai=True,
                                                            ai_level="normal"),
         SeatRecord(3, 13, dm_ok=False))


def setup(seed: int) -> HCState:
    return GAME.setup(4, parse_options(GAME.options, {}), seed)


def lowest(state: HCState, seat: int) -> Action:
    """The seat plays its lowest card: the same-looking move whatever that card is."""
    (decision,) = [d for d in GAME.pending(state) if d.player == seat]
    return Action(decision.id, (decision.options[0].key,))


def parts_for(out: list[Outbound], seat: int | None) -> list[Outbound]:
    """The messages a given seat (None: everyone) receives."""
    if seat is None:
        return [o for o in out if isinstance(o, PublicUpdate)]
    return [o for o in out if isinstance(o, PrivateUpdate | Prompt) and o.seat == seat]


def test_a_fresh_start_sends_every_human_their_hand_and_prompt() -> None:
    state = setup(1)
    out = build_outbound(GAME, 7, SEATS, state, [], version=5)
    public = out[0]
    assert isinstance(public, PublicUpdate) and public.mention_user_ids == (10, 11, 13)
    privates = [o for o in out if isinstance(o, PrivateUpdate)]
    assert [(p.seat, p.user_id) for p in privates] == [(0, 10), (1, 11), (3, 13)]
    assert [p.view["hand"] for p in privates] == [list(state.hands[s]) for s in (0, 1, 3)]
    prompts = [o for o in out if isinstance(o, Prompt)]
    assert [(p.seat, p.decision.id, p.dm_ok) for p in prompts] == [
        (0, "r1.p0", True), (1, "r1.p1", True), (3, "r1.p3", False)]


def test_only_changed_seats_get_private_updates() -> None:
    state = setup(2)
    assert build_outbound(GAME, 7, SEATS, state, [], before=state, version=5) == [
        PublicUpdate(7, GAME.view(state, None), (), (10, 11, 13)),
        TurnUpdate(7, 0, None, (), GAME.view(state, None), (10, 11, 13), 5)]
    peek = Sentence("{player} peeks at the deck.", "You peek at the deck.", ("player",))
    secret = Event("peek", peek, {"player": 1}, audience=(1,))
    out = build_outbound(GAME, 7, SEATS, state, [secret, Event("x", Sentence("Public news."))],
                         before=state, version=5)
    assert [type(o) for o in out] == [PublicUpdate, TurnUpdate, PrivateUpdate]
    public, _, private = out
    assert isinstance(public, PublicUpdate) and public.summary == ("Public news.",)
    assert isinstance(private, PrivateUpdate)
    assert (private.seat, tuple(map(str, private.events))) == (1, ("You peek at the deck.",))


def test_the_news_is_told_to_each_reader_in_their_own_person() -> None:
    """A DM's news and a seat's reading of the log agree with the reader ("You play"); the
    public log reads "Player 1 plays" (names are swapped in by the front end)."""
    state = setup(2)
    after, events = play(GAME, state, 0, lowest(state, 0))
    public = build_outbound(GAME, 7, SEATS, after, events, before=state, version=5)[0]
    assert isinstance(public, PublicUpdate)
    assert public.summary == tuple(map(str, public.lines(None))) == (
        "Player 1 plays a card face down.",)
    assert tuple(map(str, public.lines(0))) == ("You play a card face down.",)
    assert tuple(map(str, public.lines(1))) == ("Player 1 plays a card face down.",)
    peek = Sentence("{player} peeks at the deck.", "You peek at the deck.", ("player",))
    out = build_outbound(GAME, 7, SEATS, after, [Event("peek", peek, {"player": 0},
                                                       audience=(0,))], before=after, version=6)
    (private,) = [o for o in out if isinstance(o, PrivateUpdate)]
    assert (private.seat, tuple(map(str, private.events))) == (0, ("You peek at the deck.",))


def test_a_move_updates_and_prompts_only_where_something_changed() -> None:
    state = setup(3)
    after, events = play(GAME, state, 0, lowest(state, 0))
    out = build_outbound(GAME, 7, SEATS, after, events, before=state, version=5)
    assert not any(isinstance(o, Prompt) for o in out)  # nothing new opened
    mover = [o for o in out if isinstance(o, PrivateUpdate) and o.seat == 0]
    assert len(mover) == 1 and mover[0].decisions == ()
    assert mover[0].view["my_sealed"] == state.hands[0][0]


def test_the_end_is_announced_with_each_seats_user() -> None:
    *_, last = ai_moves(GAME, setup(4), Rng(1))
    before, state, events = last.before, last.after, last.events
    result = GAME.result(state)
    out = build_outbound(GAME, 7, SEATS, state, events, before=before, result=result, version=5)
    assert result is not None and out[-1] == MatchEnded(7, result, (10, 11, None, 13))
    assert isinstance(out[0], PublicUpdate) and out[0].mention_user_ids == ()


@pytest.mark.parametrize("seed", range(12))
def test_outbound_never_depends_on_cards_a_recipient_cannot_see(seed: int) -> None:
    """Redeal what a viewer cannot see; after the same-looking move its messages are equal."""
    rng = Rng(seed)
    state = setup(seed)
    for _ in range(rng.randrange(15)):
        decision = rng.choice(GAME.pending(state))
        state, _ = play(GAME, state, decision.player, lowest(state, decision.player))
    pending = GAME.pending(state)
    if len(pending) < 2:
        state, _ = play(GAME, state, pending[0].player, lowest(state, pending[0].player))
    movers = [d.player for d in GAME.pending(state)]
    assert len(movers) >= 2  # no move below ends a round, whose reveal is public by rule
    for viewer in [None, 0, 1, 2, 3]:
        other = GAME.redeal_hidden(state, viewer, Rng(seed + 100))
        assert other is not None and other != state
        for mover in movers:
            after, events = play(GAME, state, mover, lowest(state, mover))
            real = build_outbound(GAME, 7, SEATS, after, events, before=state, version=5)
            o_after, o_events = play(GAME, other, mover, lowest(other, mover))
            redealt = build_outbound(GAME, 7, SEATS, o_after, o_events, before=other, version=5)
            assert parts_for(real, None) == parts_for(redealt, None)
            if viewer is not None:
                assert parts_for(real, viewer) == parts_for(redealt, viewer)


def test_a_batch_of_moves_becomes_one_record_per_turn_then_the_open_turn() -> None:
    """A person ends their Zura turn and an AI plays a whole turn: the person's turn gets
    its last lines, the AI's turn its own record, and the next turn opens naming who acts."""
    from bot.engine import registry

    zura = registry.get("zura")
    seats = (SeatRecord(0, 10), SeatRecord(1, None, is_ai=True, ai_level="normal"))
    state = zura.setup(2, parse_options(zura.options, {}), 3)
    moves: list[Move] = []
    for move in ai_moves(zura, state, Rng(3)):
        turn = zura.turn(move.before)
        if turn.number >= 3:
            break
        moves.append(Move(turn, tuple(move.events), move.after))
        state = move.after
    out = turn_updates(zura, 7, seats, state, moves, 5)
    assert [(u.number, u.seat) for u in out] == [(1, 0), (2, 1), (3, 0)]
    first, second, third = out
    assert first.lines and second.lines and not third.lines
    assert first.acting == second.acting == () and third.acting == (10,)
    assert third.view == zura.view(state, None)
