"""Undo by consent: refused after a reveal or a draw, allowed for a move nobody could see."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.engine import Action, Game, Rng, parse_options, play, registry
from bot.match.undo import (
    DREW,
    NO_MOVE,
    REVEALED,
    UNPROVABLE,
    Moment,
    UndoRefused,
    check,
    consent_needed,
    in_force,
    span,
)
from bot.store import ActionRecord, MatchRecord, SeatRecord
from tests.highcard import GAME as HIGHCARD


def record(game: Game[Any], players: int, seed: int) -> MatchRecord:
    return MatchRecord(1, game.name, "active", parse_options(game.options, {}), seed, 0, None,
                       10, 1, 2, None, 0.0, 0.0,
                       tuple(SeatRecord(i, 10 + i) for i in range(players)))


def moments(game: Game[Any], players: int, seed: int, steps: int,
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
    with pytest.raises(UndoRefused, match=REVEALED):
        check(HIGHCARD, both[1:], 2, Rng(1))
    with pytest.raises(UndoRefused, match=REVEALED):
        check(HIGHCARD, span(both, 0), 2, Rng(1))


def test_a_draw_from_the_deck_is_a_reveal_to_the_drawer() -> None:
    """Zura's first decision draws travel cards from the deck into the player's hand."""
    zura = registry.get("zura")
    moves = moments(zura, 2, 3, 1, choose=lambda d: ("deck",))
    assert moves[0].events[0].kind == "draw"
    with pytest.raises(UndoRefused, match=REVEALED):
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
    with pytest.raises(UndoRefused, match=re.escape(DREW)):
        check(game, moves, 2, Rng(1))


def test_a_game_that_cannot_redeal_cannot_take_moves_back() -> None:
    class Opaque(type(HIGHCARD)):  # type: ignore[misc]
        name = "highcard-opaque"

        def redeal_hidden(self, state: Any, viewer: int | None, rng: Rng) -> None:
            return None

    game = Opaque()
    with pytest.raises(UndoRefused, match=UNPROVABLE):
        check(game, moments(game, 2, 5, 1), 2, Rng(1))


def test_the_span_starts_at_the_players_latest_move() -> None:
    moves = moments(HIGHCARD, 3, 5, 5)
    assert [m.row.seq for m in span(moves, 1)] == [5]
    assert [m.row.seq for m in span(moves, 2)] == [3, 4, 5]
    with pytest.raises(UndoRefused, match=NO_MOVE):
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
    rng = Rng(9)
    verdicts = []
    for seq in range(1, 41):
        decision = game.pending(state)[0]
        action = game.ai_choose("random", game.view(state, decision.player), decision, rng)
        after, events = play(game, state, decision.player, action)
        row = ActionRecord(seq, decision.player, None, decision.id, action.to_json(), 0.0)
        one = [Moment(state, row, after, tuple(events))]
        try:
            check(game, one, 2, Rng(seq))
            verdicts.append(True)
        except UndoRefused:
            verdicts.append(False)
        state = after
    assert any(verdicts) and not all(verdicts)
