"""The shared engine checks: decisions, stale/foreign submissions, options, RNG, scenarios."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import (
    ORDER,
    Action,
    BadOptions,
    BadScenario,
    Decision,
    IllegalAction,
    MatchOver,
    NotYourDecision,
    Option,
    OptionSpec,
    Rng,
    StaleDecision,
    check_action,
    parse_options,
    placings_from_scores,
    play,
)
from bot.engine.autoplay import ai_moves
from bot.engine.game import play_decision
from bot.engine.playout import PlayoutFailure, replay, run_playout
from bot.engine.said import Said
from bot.engine.scenario import run_scenario
from tests.highcard import GAME, HCState


def opts(**kw: object) -> dict[str, object]:
    return parse_options(GAME.options, kw)


def test_simultaneous_decisions_are_all_open_until_everyone_has_played() -> None:
    state = GAME.setup(3, opts(), seed=1)
    assert [d.player for d in GAME.pending(state)] == [0, 1, 2]
    card = state.hands[1][0]
    state, events = play(GAME, state, 1, Action("r1.p1", (str(card),)))
    assert [d.player for d in GAME.pending(state)] == [0, 2]
    assert events[0].kind == "sealed"
    assert GAME.view(state, None)["sealed"] == [False, True, False]


def test_wrong_player_stale_and_finished_are_typed_errors() -> None:
    state = GAME.setup(2, opts(), seed=2)
    with pytest.raises(NotYourDecision):
        play(GAME, state, 0, Action("r1.p1", (str(state.hands[1][0]),)))
    with pytest.raises(StaleDecision):
        play(GAME, state, 0, Action("r9.p0", (str(state.hands[0][0]),)))
    done = run_playout(GAME, 2, seed=3).final
    with pytest.raises(MatchOver):
        play(GAME, done, 0, Action("r1.p0", ("1",)))


def test_a_submission_already_made_is_stale() -> None:
    state = GAME.setup(2, opts(), seed=4)
    action = Action("r1.p0", (str(state.hands[0][0]),))
    state, _ = play(GAME, state, 0, action)
    with pytest.raises(StaleDecision, match="out of date"):
        play(GAME, state, 0, action)


def test_the_ai_loop_checks_answers_as_play_does() -> None:
    # ai_moves answers the decision it took from pending without looking it up again
    # (play_decision); an AI's answer to another prompt or with a card not offered is
    # still refused before the game sees it.
    state = GAME.setup(2, opts(), seed=4)
    decision = GAME.pending(state)[0]
    with pytest.raises(StaleDecision):
        play_decision(GAME, state, decision, Action("r9.p0", decision.default or ()))
    with pytest.raises(IllegalAction, match="not one of"):
        play_decision(GAME, state, decision, Action(decision.id, ("99",)))

    def stale(game: Any, state: Any, decision: Decision, rng: Rng) -> Action:
        return Action("r9.p0", (decision.options[0].key,))

    with pytest.raises(StaleDecision):
        next(ai_moves(GAME, state, Rng(1), stale))


def test_structural_checks() -> None:
    d = Decision("d", 0, "pick", "p", (Option("a", "A"), Option("b", "B"), Option("c", "C")),
                 min=1, max=2)
    with pytest.raises(IllegalAction, match="not one of"):
        check_action(d, Action("d", ("z",)))
    with pytest.raises(IllegalAction, match="twice"):
        check_action(d, Action("d", ("a", "a")))
    with pytest.raises(IllegalAction, match="between 1 and 2"):
        check_action(d, Action("d", ("a", "b", "c")))
    with pytest.raises(IllegalAction, match="between 1 and 2"):
        check_action(d, Action("d", ()))
    check_action(d, Action("d", ("b", "a")))
    two = Decision("t", 0, "pick", "p", d.options, min=2, max=2)
    with pytest.raises(IllegalAction, match="exactly 2"):
        check_action(two, Action("t", ("a",)))
    with pytest.raises(IllegalAction, match="not one of"):
        check_action(two, Action("t", ("z",)))
    o = Decision("o", 0, ORDER, "p", d.options)
    with pytest.raises(IllegalAction, match="every item"):
        check_action(o, Action("o", ("a", "b")))
    check_action(o, Action("o", ("c", "a", "b")))
    with pytest.raises(IllegalAction, match="every item"):
        check_action(o, Action("o", ("a",)))


def test_game_rejects_a_card_not_in_hand() -> None:
    state = GAME.setup(2, opts(), seed=5)
    decision = GAME.pending(state)[0]
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Action(decision.id, ("31",)))


def test_options_are_validated_with_clear_messages() -> None:
    schema = (OptionSpec("fast", "bool", False, Said("h")),
              OptionSpec("n", "int", 3, Said("h"), low=1, high=5),
              OptionSpec("mode", "choice", "a", Said("h"), choices=("a", "b")))
    assert parse_options(schema, {}) == {"fast": False, "n": 3, "mode": "a"}
    assert parse_options(schema, {"fast": "yes", "n": "4", "mode": "b"}) == {
        "fast": True, "n": 4, "mode": "b"}
    with pytest.raises(BadOptions, match="Unknown option `speed`"):
        parse_options(schema, {"speed": 1})
    with pytest.raises(BadOptions, match="between 1 and 5"):
        parse_options(schema, {"n": 9})
    with pytest.raises(BadOptions, match="whole number"):
        parse_options(schema, {"n": True})
    with pytest.raises(BadOptions, match="whole number"):
        parse_options(schema, {"n": 2.5})
    with pytest.raises(BadOptions, match="true or false"):
        parse_options(schema, {"fast": "maybe"})
    with pytest.raises(BadOptions, match="one of: a, b"):
        parse_options(schema, {"mode": "c"})


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=60))
def test_rng_is_deterministic_and_in_range(seed: int, n: int) -> None:
    a, b = Rng(seed), Rng(seed)
    xs = [a.randrange(n) for _ in range(20)]
    assert xs == [b.randrange(n) for _ in range(20)]
    assert all(0 <= x < n for x in xs)
    items = list(range(n))
    Rng(seed).shuffle(items)
    assert sorted(items) == list(range(n))


def test_rng_known_sequence_never_changes() -> None:
    # Pinned values: stored matches replay only if the generator never changes.
    rng = Rng(42)
    assert [rng.randrange(100) for _ in range(5)] == [13, 91, 58, 64, 50]
    rng = Rng(2026)
    items = list(range(10))
    rng.shuffle(items)
    assert items == [5, 0, 9, 2, 4, 7, 3, 6, 8, 1]
    assert rng.choice("abcdefg") == "g"
    # A bound just over 2**63 rejects about every other draw: the retries are pinned too.
    rng = Rng(7)
    assert [rng.randrange(2**63 + 1) % 1000 for _ in range(6)] == [487, 804, 674, 305, 798, 182]
    assert rng.state == 17418742259747381423


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_randrange_draws_next_u64_unchanged_over_the_full_range(seed: int) -> None:
    # randrange repeats next_u64's mixing steps inline; the full range shows they agree.
    a, b = Rng(seed), Rng(seed)
    assert [a.randrange(2**64) for _ in range(3)] == [b.next_u64() for _ in range(3)]


def _reference_randrange(rng: Rng, n: int) -> int:
    """The rejection sampling ``randrange`` stands for, over ``next_u64``."""
    limit = 2**64 - 2**64 % n
    while (z := rng.next_u64()) >= limit:
        pass
    return z % n


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_randrange_shortcuts_draw_as_the_plain_rejection_sampling(seed: int) -> None:
    # A bound of 1 only moves the position, and small bounds read their limit from a table:
    # every bound on both sides of the table draws what the plain formula draws.
    for n in (1, 2, 3, 7, 62, 63, 64, 65, 100, 2**63 + 1):
        a, b = Rng(seed), Rng(seed)
        assert [a.randrange(n) for _ in range(4)] == [_reference_randrange(b, n)
                                                      for _ in range(4)]
        assert a.state == b.state


def _seed_drawing(z: int) -> int:
    """The seed whose first ``next_u64`` is ``z`` (splitmix64's mixing is invertible)."""
    m = 2**64 - 1
    z ^= (z >> 31) ^ (z >> 62)
    z = (z * pow(0x94D049BB133111EB, -1, 2**64)) & m
    z ^= (z >> 27) ^ (z >> 54)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 2**64)) & m
    z ^= (z >> 30) ^ (z >> 60)
    return (z - 0x9E3779B97F4A7C15) & m


def test_randrange_rejects_exactly_the_draws_at_or_over_each_bounds_limit() -> None:
    # Draws on either side of every small bound's limit (and of one bound past the table).
    for n in (*range(1, 70), 2**63 + 1):
        limit = 2**64 - 2**64 % n
        for z in {limit - 1, min(limit, 2**64 - 1)}:
            seed = _seed_drawing(z)
            assert Rng(seed).next_u64() == z
            a, b = Rng(seed), Rng(seed)
            assert a.randrange(n) == _reference_randrange(b, n), (n, z)
            assert a.state == b.state


def test_placings_share_ties() -> None:
    assert placings_from_scores([(3,), (5,), (3,), (1,)]) == (2, 1, 2, 4)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_playout_checker_passes_a_correct_game(players: int) -> None:
    for seed in range(30):
        out = run_playout(GAME, players, seed)
        assert out.result is not None
        assert len(out.actions) == 5 * players


def test_playout_checker_catches_a_leaky_view(monkeypatch: pytest.MonkeyPatch) -> None:
    original = GAME.view

    def leaky(state: HCState, viewer: int | None) -> dict[str, object]:
        out = original(state, viewer)
        out["all_hands"] = [list(h) for h in state.hands]
        return out

    monkeypatch.setattr(GAME, "view", leaky)
    with pytest.raises(PlayoutFailure, match="leak"):
        run_playout(GAME, 2, seed=1)


def test_playout_checker_catches_a_broken_invariant(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(state: HCState) -> None:
        assert state.round < 3, "round 3 reached"

    monkeypatch.setattr(GAME, "invariants", broken)
    with pytest.raises(PlayoutFailure, match="round 3 reached"):
        run_playout(GAME, 2, seed=1)


def test_replay_reproduces_the_state_byte_for_byte() -> None:
    out = run_playout(GAME, 3, seed=9)
    again = replay(GAME, 3, opts(), 9, out.actions)
    assert json.dumps(GAME.to_json(again)) == json.dumps(GAME.to_json(out.final))


def test_scenario_fixes_hands_and_applies_actions() -> None:
    run = run_scenario({
        "game": "highcard", "players": 2, "seed": 1,
        "setup": {"hands": [[1, 2, 3, 4, 30], [5, 6, 7, 8, 9]]},
        "actions": [{"player": 0, "choice": ["30"]}, {"player": 1, "choice": ["9"]}],
    })
    assert run.state.won == (1, 0)
    assert [e.kind for e in run.events] == ["sealed", "sealed", "reveal"]


@pytest.mark.parametrize(("doc", "message"), [
    ([], "must be a JSON object"),
    ({"game": "chess"}, "no game called `chess`"),
    ({"game": "highcard", "players": 7}, "takes 2–4 players"),
    ({"game": "highcard", "players": "two"}, "`players` must be int"),
    ({"game": "highcard", "options": {"bogus": 1}}, "Unknown option"),
    ({"game": "highcard", "setup": {"hands": [[1]]}}, "Set-up"),
    ({"game": "highcard", "setup": {"nope": 1}}, "malformed"),
    ({"game": "highcard", "actions": [{"player": 0, "choice": ["99"]}]}, "Action 1 \\(player 0\\)"),
    ({"game": "highcard", "actions": [{"player": 5, "choice": []}]}, "seat number"),
    ({"game": "highcard", "actions": ["x"]}, "must be an object"),
])
def test_malformed_scenarios_name_the_problem(doc: object, message: str) -> None:
    with pytest.raises(BadScenario, match=message):
        run_scenario(doc)


def _reference_shuffle(rng: Rng, items: list[int]) -> None:
    """Fisher–Yates over ``_reference_randrange``: what ``shuffle`` inlines."""
    for i in range(len(items) - 1, 0, -1):
        j = _reference_randrange(rng, i + 1)
        items[i], items[j] = items[j], items[i]


@given(st.integers(min_value=0, max_value=2**64 - 1),
       st.sampled_from((0, 1, 2, 3, 40, 63, 64, 65, 120)))
def test_shuffle_draws_as_fisher_yates_over_randrange(seed: int, size: int) -> None:
    # shuffle repeats randrange's steps inline, for bounds on both sides of the table.
    a, b = Rng(seed), Rng(seed)
    mine, reference = list(range(size)), list(range(size))
    a.shuffle(mine)
    _reference_shuffle(b, reference)
    assert mine == reference
    assert a.state == b.state


def test_shuffle_rejects_exactly_the_draws_at_or_over_each_bounds_limit() -> None:
    # A shuffle's first draw is bounded by the length: put it on either side of the limit.
    for n in range(2, 70):
        limit = 2**64 - 2**64 % n
        for z in {limit - 1, min(limit, 2**64 - 1)}:
            a, b = Rng(_seed_drawing(z)), Rng(_seed_drawing(z))
            mine, reference = list(range(n)), list(range(n))
            a.shuffle(mine)
            _reference_shuffle(b, reference)
            assert (mine, a.state) == (reference, b.state), (n, z)
