"""Whole games under the engine's playout checker: invariants, leaks, replays, AI levels."""

from __future__ import annotations

import pytest

from bot.engine.playout import PlayoutFailure, run_playout
from bot.games.zura import GAME

SEEDS = 500


def levels(players: int, seed: int) -> list[str]:
    """One fuzzing seat (rotating) among normal players: every random path gets exercised,
    and games keep a realistic length so 500 checked games per player count stay affordable."""
    out = ["normal"] * players
    out[seed % players] = "random"
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_checked_playouts_keep_every_invariant(players: int) -> None:
    # Each step: JSON round trip, card conservation (60 travel + 35 Tzerzurians, each in
    # exactly one place), views and decisions unchanged when hidden cards move, replay.
    for seed in range(SEEDS):
        out = run_playout(GAME, players, seed, levels=levels(players, seed))
        assert out.result is not None and len(out.result.scores) == players


def test_all_random_seats_finish_too() -> None:
    for seed in range(6):
        out = run_playout(GAME, 4, 1000 + seed)
        assert out.result is not None


def test_the_invariants_notice_a_lost_or_doubled_card() -> None:
    state = GAME.setup(3, {}, 1)
    GAME.invariants(state)
    lost = state.clone()
    lost.deck = lost.deck[1:]
    with pytest.raises(AssertionError, match="travel"):
        GAME.invariants(lost)
    doubled = state.clone()
    doubled.tz_deck = (*doubled.tz_deck, doubled.slots[0])
    with pytest.raises(AssertionError, match="Tzerzurians"):
        GAME.invariants(doubled)


def test_the_checker_would_catch_a_leaky_view(monkeypatch: pytest.MonkeyPatch) -> None:
    original = GAME.view

    def leaky(state, viewer):  # type: ignore[no-untyped-def]
        out = original(state, viewer)
        out["deck_top"] = state.deck[-1] if state.deck else None  # type: ignore[typeddict-unknown-key]
        return out

    monkeypatch.setattr(GAME, "view", leaky)
    with pytest.raises(PlayoutFailure, match="leak"):
        run_playout(GAME, 2, 1)


def test_normal_beats_random_most_of_the_time() -> None:
    wins = 0
    for seed in range(20):
        seat = seed % 2
        lv = ["random", "random"]
        lv[seat] = "normal"
        result = run_playout(GAME, 2, seed, levels=lv, check=False).result
        assert result is not None
        wins += result.placings[seat] == 1
    assert wins >= 16
