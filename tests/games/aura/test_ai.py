"""The random AI only ever makes legal moves; the normal AI plays sensibly and wins."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import Rng
from bot.engine.autoplay import ai_moves, by_level, new_game
from bot.engine.playout import run_playout
from bot.games.aura import GAME
from bot.games.aura.ai import distinct_numbers, sample_play
from bot.games.aura.cards import BLOCK, COLOUR, EMPTY, RETURN
from tests.games.aura.helpers import Match, card
from tests.games.aura.test_rulebook import _figure


@given(st.lists(st.integers(min_value=0, max_value=49), min_size=2, max_size=8, unique=True),
       st.integers(min_value=0, max_value=2**32))
def test_random_plays_are_sampled_legal_sets(hand: list[int], seed: int) -> None:
    play = sample_play(hand, Rng(seed))
    colours = {COLOUR[c] for c in play}
    assert 2 <= len(play) <= 5 and set(play) <= set(hand) and len(set(play)) == len(play)
    assert len(colours) in (1, len(play))


def test_normal_names_the_wild_that_makes_the_chain() -> None:
    m = _figure()
    decision = m.decision(0)
    action = GAME.ai_choose("normal", m.view(0), decision, Rng(1))
    assert action.choice == ("2",)


def test_normal_blocks_with_its_block_card_first() -> None:
    m = Match([["red 5", "green 6"], ["blue 1", "block", "red 2"]])
    m.do(0, "Red 5", "Green 6")
    action = GAME.ai_choose("normal", m.view(1), m.decision(1), Rng(1))
    assert action.choice == (str(BLOCK),)


def test_normal_discards_its_cheapest_cards() -> None:
    m = Match([["red 5", "green 6", "purple 7"], ["red 1", "return", "beige 8"]],
              decks=[[], ["blue 8"]])
    m.do(0, "Red 5", "Green 6", "Purple 7")
    m.block(1)
    action = GAME.ai_choose("normal", m.view(1), m.decision(1), Rng(1))
    assert len(action.choice) == 3 and str(RETURN) not in action.choice
    assert str(m.state.hands[1][0]) in action.choice   # the red 1 goes first


def test_normal_beats_random_in_most_two_player_games() -> None:
    wins = 0
    for seed in range(30):
        me = seed % 2
        levels = ["random", "random"]
        levels[me] = "normal"
        out = run_playout(GAME, 2, seed, levels=levels, check=False)
        assert out.result is not None
        wins += out.result.placings[me] == 1
    assert wins >= 24


def test_normal_games_keep_every_invariant() -> None:
    for seed in range(8):
        players = 2 + seed % 3
        run_playout(GAME, players, seed, levels=["normal"] * players,
                    options={"simultaneous_blocks": seed % 2 == 0, "advanced": seed % 4 == 1})


def test_normal_counts_an_unnamed_wild_as_unknown_not_zero() -> None:
    # The blocker's green wild is named after the active player's: whatever the active
    # player names below 8, it is beaten. Chaining the wild with the blocked red 3 (the
    # old reading, which counted the unnamed wild as 0) loses both; only 8 goes through.
    m = Match([["red 3", "green wild"], ["red 5", "green wild"]])
    m.do(0, "Red 3", "Green wild")
    m.block(1, "Red 5", "Green wild")
    action = GAME.ai_choose("normal", m.view(0), m.decision(0), Rng(1))
    assert action.choice == ("8",)
    m.do(0, "8")
    blocker = GAME.ai_choose("normal", m.view(1), m.decision(1), Rng(1))
    assert blocker.choice == ("8",)   # as high as it goes: still short of beating an 8


@pytest.mark.parametrize(("players", "seed", "moves", "digest"), [
    (2, 0, 108, "7ba408fd9b6fa084"), (3, 0, 203, "46fb5f340490894b"),
    (4, 0, 247, "7487b48617cd93bf"), (4, 1, 231, "fab7dc09f737ddc8")])
def test_normal_plays_seeded_games_move_for_move(players: int, seed: int, moves: int,
                                                 digest: str) -> None:
    """Speed-ups of the normal AI must not change what it chooses: these games were
    recorded before wild naming skipped numbers that change nothing (every move hashed)."""
    played = hashlib.sha256()
    count = 0
    for move in ai_moves(GAME, new_game(GAME, players, seed), Rng(seed), by_level("normal"),
                         any_open=True):
        played.update(repr((move.decision.id, move.action.choice)).encode())
        count += 1
    assert (count, played.hexdigest()[:16]) == (moves, digest)


def test_a_wild_weighs_one_number_per_side_of_the_card_it_meets() -> None:
    """A blocker's red wild against a red 5 blocks above 5 and not at or below it: 8, 5
    and 4 stand for every number. Played by the active player beside a 3 and a 6, it meets
    both (a chain each) and the 7 that blocks it."""
    red5, red_wild, red3, green6, red7 = (card(n) for n in
                                          ("red 5", "red wild", "red 3", "green 6", "red 7"))
    rows = [[red5, EMPTY], [red_wild, EMPTY]]
    names = [[0] * 5, [0] * 5]
    assert distinct_numbers(rows, names, 0, 1, COLOUR[red_wild], range(8, 0, -1)) == [8, 5, 4]
    rows = [[red3, red_wild, green6], [EMPTY, red7, EMPTY]]
    assert distinct_numbers(rows, names, 0, 0, COLOUR[red_wild], range(8, 0, -1)) == [
        8, 7, 6, 5, 3, 2]
