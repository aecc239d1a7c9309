"""The strong AI's search: reproducible, blind to what its seat cannot see, always legal."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.engine import Game, Result, Rng, parse_options, play, registry
from bot.engine.playout import run_playout
from bot.engine.search import (
    SAME_ROUNDS,
    STRONG,
    Budget,
    _Arm,
    _pick,
    _race,
    ai_action,
    placing_reward,
    search,
    think,
)
from tests.counting import counted_moves

GAMES = registry.packaged()


def midgame(game: Game[Any, Any], players: int, seed: int, steps: int) -> Any:
    """A position after ``steps`` normal-AI decisions (or the last one before the end)."""
    state = game.setup(players, parse_options(game.options, {}), seed)
    rng = Rng(seed)
    for _ in range(steps):
        decision = game.pending(state)[0]
        after, _ = play(game, state, decision.player,
                        ai_action(game, state, "normal", decision, rng, Budget(1)))
        if game.result(after) is not None:
            break
        state = after
    return state


def text(game: Game[Any, Any], state: Any) -> str:
    return json.dumps(game.to_json(state), sort_keys=True)


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_and_budget_give_the_same_choice(name: str) -> None:
    game = registry.get(name)
    state = midgame(game, 2, 3, 12)
    decision = game.pending(state)[0]
    first = search(game, state, decision, Rng(77), Budget(6))
    assert search(game, state, decision, Rng(77), Budget(6)) == first
    assert first.decision == decision.id


@pytest.mark.parametrize(("name", "players"), [(g, 2) for g in GAMES] + [("aura", 4),
                                                                        ("zura", 4)])
def test_cards_hidden_from_the_seat_do_not_change_its_choice(name: str, players: int) -> None:
    """Two deals that differ only where the deciding seat cannot look: same answer."""
    game = registry.get(name)
    for seed in range(3):
        state = midgame(game, players, seed, 5 + 9 * seed)
        decision = game.pending(state)[0]
        other = game.redeal_hidden(state, decision.player, Rng(seed + 100))
        assert other is not None
        assert text(game, other) != text(game, state), "the redeal moved no hidden card"
        assert game.view(other, decision.player) == game.view(state, decision.player)
        mine = search(game, state, decision, Rng(seed), Budget(4))
        assert search(game, other, decision, Rng(seed), Budget(4)) == mine


@pytest.mark.parametrize(("name", "players"), [("aura", 4), ("zura", 2), ("auroria", 2)])
def test_a_strong_seat_plays_legal_moves_to_the_end(name: str, players: int) -> None:
    """Through the checked ``play``, every decision kind the game has (Aura's simultaneous
    face-down plays of 2–5 cards, Zura's orders, Auroria's targets and mulligans)."""
    game = registry.get(name)
    state = game.setup(players, parse_options(game.options, {}), 5)
    rng = Rng(5)
    multi = 0
    for _ in range(game.max_steps):
        if game.result(state) is not None:
            break
        pending = game.pending(state)
        decision = pending[rng.randrange(len(pending))]
        level = STRONG if decision.player == 0 else "normal"
        multi += level == STRONG and decision.max > 1
        state, _ = play(game, state, decision.player,
                        ai_action(game, state, level, decision, rng, Budget(2)))
    assert game.result(state) is not None
    if name == "aura":
        assert multi > 0, "no multi-card pick was searched"


def test_rewards_count_first_place_only_and_a_shared_first_is_shared() -> None:
    two = Result((3.0, 1.0), (1, 2))
    assert (placing_reward(two, 0), placing_reward(two, 1)) == (1.0, 0.0)
    assert placing_reward(Result((2.0, 2.0), (1, 1)), 1) == 0.5
    four = Result((9.0, 5.0, 5.0, 1.0), (1, 2, 2, 4))
    assert [placing_reward(four, s) for s in range(4)] == [1.0, 0.0, 0.0, 0.0]
    shared = Result((9.0, 9.0, 9.0, 1.0), (1, 1, 1, 4))
    assert [placing_reward(shared, s) for s in range(4)] == [1 / 3, 1 / 3, 1 / 3, 0.0]


def test_a_budget_needs_iterations_or_time() -> None:
    with pytest.raises(ValueError):
        Budget()


def test_the_playout_checker_runs_strong_seats_by_searching() -> None:
    """Every invariant and the leak check hold at every step of a game a strong seat plays."""
    game = registry.get("zura")
    out = run_playout(game, 2, 4, levels=[STRONG, "normal"])
    assert out.result is not None
    assert [a for p, a in out.actions if p == 0] != [a for p, a in run_playout(
        game, 2, 4, levels=["random", "normal"], check=False).actions if p == 0]


def test_a_time_budget_stops_even_inside_a_playout(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a busy machine one Auroria playout can outlast the whole think time."""
    game = registry.get("auroria")
    state = midgame(game, 2, 2, 6)
    decision = game.pending(state)[0]
    moves = counted_moves(monkeypatch, game)
    action = search(game, state, decision, Rng(1), Budget(seconds=0.02),
                    clock=lambda: moves[0] / 1000)  # each move played costs a millisecond
    assert action.decision == decision.id
    assert moves[0] <= 22, "a playout ran on after the deadline"


NORMAL_WORLDS = [1.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0]
"""The normal AI's answer won 4 of 10 worlds."""


def _raced(other: list[float]) -> _Arm:
    normal, rival = _Arm(("n",), list(NORMAL_WORLDS)), _Arm(("r",), other)
    return _pick(normal, _race([normal, rival], [normal, rival], len(other)))


def test_an_answer_that_won_two_more_worlds_is_noise_and_normal_is_played() -> None:
    """Among eight answers worth the same, one is often two worlds ahead by chance."""
    assert _raced([1.0, 1.0, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 0.0]).choice == ("n",)


def test_an_answer_that_wins_most_worlds_normal_loses_is_played() -> None:
    assert _raced([1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 1.0, 1.0, 0.0]).choice == ("r",)


def test_answers_that_scored_alike_in_every_world_end_the_race_on_normal() -> None:
    same = [1.0, 0.0] * (SAME_ROUNDS // 2)
    arms = [_Arm((k,), list(same)) for k in "nab"]
    assert _race(arms, arms, SAME_ROUNDS) == [arms[0]]
    assert len(_race(arms, arms, SAME_ROUNDS - 1)) == 3


def test_a_settled_choice_spends_less_than_the_budget() -> None:
    """Late in a game the answers stop mattering (or one is clearly best): no more playouts."""
    game = registry.get("zura")
    spent = []
    for seed in range(3):
        state = midgame(game, 2, seed, 400)
        decision = game.pending(state)[0]
        spent.append(think(game, state, decision, Rng(seed), Budget(400))[1])
    assert min(spent) < 100


ESTIMATED = [0.31, 0.62, 0.45, 0.55, 0.38, 0.71, 0.5, 0.44, 0.58, 0.36, 0.49, 0.66]
"""The normal AI's answer in twelve worlds, scored by an estimate (Aura: cards left)."""


def test_estimated_rewards_a_card_apart_in_most_worlds_overrule_normal() -> None:
    """A card is worth a few hundredths of an estimated reward: a rival a card ahead in ten
    of twelve worlds is real, though no world differs by a whole win."""
    normal = _Arm(("n",), list(ESTIMATED))
    rival = _Arm(("r",), [r + (0.06 if k % 6 else -0.03) for k, r in enumerate(ESTIMATED)])
    assert _pick(normal, _race([normal, rival], [normal, rival], 12)).choice == ("r",)


def test_estimated_rewards_that_go_both_ways_keep_normal() -> None:
    normal = _Arm(("n",), list(ESTIMATED))
    rival = _Arm(("r",), [r + (0.06 if k % 2 else -0.05) for k, r in enumerate(ESTIMATED)])
    assert _pick(normal, _race([normal, rival], [normal, rival], 12)).choice == ("n",)


def test_a_game_with_an_estimate_stops_its_playouts_early(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Aura scores a playout two turns on: a search's playouts are a dozen moves or so, not
    a whole game's hundred each."""
    game = registry.get("aura")
    state = midgame(game, 2, 1, 4)
    decision = game.pending(state)[0]
    moves = counted_moves(monkeypatch, game)
    used = think(game, state, decision, Rng(1), Budget(20))[1]
    assert used > 0 and moves[0] / used < 30
    monkeypatch.setattr(game, "playout_estimate", lambda start, state, seat: None)
    moves[0] = 0
    used = think(game, state, decision, Rng(1), Budget(20))[1]
    assert moves[0] / used > 60
