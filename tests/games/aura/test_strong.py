"""The strong AI in Aura: worlds that keep face-down cards secret yet obey the colour rule,
playouts that stop a turn on and score the cards left, and candidates near the normal AI's."""

from __future__ import annotations

import hashlib

from bot.engine import Action, Rng, play
from bot.engine.autoplay import ai_moves, by_level, new_game
from bot.engine.search import Budget, search
from bot.games.aura import GAME
from bot.games.aura.cards import BLOCK, COLOUR, DOUBLE, RETURN
from bot.games.aura.scoring import cards_left
from bot.games.aura.strong import HORIZON, playout_estimate, search_candidates
from tests.games.aura.helpers import Match

PLAYED = ["red 5", "green 6", "purple 7"]


def legal_play(cards: tuple[int, ...]) -> bool:
    """The colour rule of a play: one colour, or each card a different one."""
    return len({COLOUR[c] for c in cards}) in (1, len(cards))


def _blocking() -> Match:
    m = Match([[*PLAYED, "red 1", "blue 2"], ["blue 1", "purple 2", "red 8", "beige 3"]])
    m.do(0, "Red 5", "Green 6", "Purple 7")
    return m


def test_a_world_sampled_for_the_blocker_never_holds_the_committed_play_as_known() -> None:
    """The active player's face-down cards are redealt in every world the blocker's search
    plays (its view stays the same), always as a play the colour rule allows."""
    m = _blocking()
    real = m.state.table[0]
    rows = set()
    for seed in range(40):
        world = GAME.redeal_hidden(m.state, 1, Rng(seed))
        assert GAME.view(world, 1) == GAME.view(m.state, 1)
        assert world.hands[1] == m.state.hands[1]
        row = world.table[0]
        assert len(row) == len(real) and legal_play(row)
        rows.add(row)
        GAME.invariants(world)
    assert len(rows) > 30, "the worlds keep the real play (or a few) face down"


def test_the_blockers_search_does_not_depend_on_the_face_down_cards() -> None:
    """Two tables that differ only in which legal play of three lies face down: the blocker
    sees the same, and its search (which plays the blocker's answer against redealt plays
    only) answers the same."""
    m = _blocking()
    other = Match([[*PLAYED, "red 1", "blue 2"], ["blue 1", "purple 2", "red 8", "beige 3"]])
    other.do(0, "Red 1", "Blue 2", "Green 6")
    assert other.state.table[0] != m.state.table[0]
    assert GAME.view(other.state, 1) == GAME.view(m.state, 1)
    decision = m.decision(1)
    assert other.decision(1) == decision
    for seed in range(3):
        answer = search(GAME, m.state, decision, Rng(seed), Budget(40))
        assert search(GAME, other.state, decision, Rng(seed), Budget(40)) == answer


def test_a_playout_stops_once_the_horizon_turn_begins_and_scores_the_lead() -> None:
    m = Match([["red 1", "red 2", "blue 3"], ["blue 1", "purple 2", "red 8", "beige 3"]],
              rest="discard", decks=[["green 1", "green 2"], ["green 1"]])
    start = m.state
    assert [cards_left(start, s) for s in (0, 1)] == [5, 5]
    assert playout_estimate(start, start, 1) is None
    assert playout_estimate(start, start._replace(turn=start.turn + HORIZON[2] - 1), 1) is None
    later = start._replace(turn=start.turn + HORIZON[2])
    assert playout_estimate(start, later, 0) == 0.5
    behind = later._replace(hands=(later.hands[0][2:], later.hands[1]))
    ahead = playout_estimate(start, behind, 1)
    assert ahead is not None and ahead > 0.6
    assert playout_estimate(start, behind, 0) == 1 - ahead


def test_four_players_score_the_chance_to_stay_ahead_of_every_other_seat() -> None:
    m = Match([["red 1", "red 2"], ["blue 1", "blue 2"], ["green 1"], ["beige 1", "beige 2"]],
              rest="discard", decks=[["green 2"]] * 4)
    assert playout_estimate(m.state, m.state._replace(turn=m.state.turn + 3), 0) is None
    later = m.state._replace(turn=m.state.turn + HORIZON[4])
    even = playout_estimate(m.state, later, 0)
    short = playout_estimate(m.state, later, 2)
    assert even is not None and short is not None
    assert short < 0.5 ** 3 < even < 0.5


def test_a_card_taken_from_the_leader_is_worth_more_than_one_from_a_level_seat() -> None:
    """Only first place wins: seat 0, two cards behind seat 1 and level with seat 2, gains
    more when the leader loses a card than when seat 2 does (an average of the pairwise
    chances preferred seat 2, where the logistic is steepest)."""
    m = Match([["red 1", "red 2", "red 3"], ["blue 1", "blue 2", "blue 3", "blue 4", "blue 5"],
               ["green 1", "green 3", "green 4"], ["beige 1"]],
              rest="discard", decks=[["green 2"]] * 4)
    later = m.state._replace(turn=m.state.turn + HORIZON[4])
    hands = later.hands
    leader_hit = playout_estimate(m.state, later._replace(
        hands=(hands[0], hands[1][1:], hands[2], hands[3])), 0)
    level_hit = playout_estimate(m.state, later._replace(
        hands=(hands[0], hands[1], hands[2][1:], hands[3])), 0)
    assert leader_hit is not None and level_hit is not None and leader_hit > level_hit


def test_two_player_searches_stay_as_recorded() -> None:
    """Forty of a seeded two-player game's decisions (five of them overruling the normal AI)
    searched as recorded before the estimate changed for three and four players."""
    played = hashlib.sha256()
    searched = 0
    for move in ai_moves(GAME, new_game(GAME, 2, 3), Rng(3), by_level("normal"),
                         any_open=True):
        if move.decision.player == 0 and searched < 40:
            searched += 1
            answer = search(GAME, move.before, move.decision, Rng(searched), Budget(40))
            played.update(repr(answer.choice).encode())
    assert played.hexdigest()[:16] == "e9461e84a62067f6"


def test_play_candidates_are_legal_and_include_the_normal_and_a_small_play() -> None:
    m = Match([["red 1", "red 5", "red 8", "green 6", "purple 7", "beige 2", "blue 3",
                "double"], ["blue 1"]])
    decision = m.decision(0)
    normal = GAME.ai_choose("normal", m.view(0), decision, Rng(1)).choice
    found = search_candidates(m.view(0), decision)
    assert found is not None and normal in found and len(set(found)) == len(found) <= 12
    for choice in found:
        assert legal_play(tuple(int(k) for k in choice))
    assert any(len(c) == 2 for c in found) and any(
        len({COLOUR[int(k)] for k in c}) == 1 for c in found)


def test_discard_candidates_never_throw_away_an_action_card_for_a_cheap_one() -> None:
    m = Match([["red 5", "green 6"], ["red 1", "blue 2", "green 3", "block", "double",
                                      "return"]], decks=[[], ["blue 8"]])
    m.do(0, "Red 5", "Green 6")
    m.block(1)
    decision = m.decision(1)
    found = search_candidates(m.view(1), decision)
    assert found is not None and len(found) > 1
    for choice in found:
        assert len(choice) == decision.min
        assert not {str(BLOCK), str(DOUBLE), str(RETURN)} & set(choice)


def test_a_strong_play_is_legal_and_reproducible() -> None:
    m = Match([["red 1", "red 5", "red 8", "green 6", "purple 7", "beige 2", "blue 3",
                "double"], ["blue 1", "purple 2", "red 8", "beige 3", "green 4"]])
    decision = m.decision(0)
    first = search(GAME, m.state, decision, Rng(4), Budget(60))
    assert search(GAME, m.state, decision, Rng(4), Budget(60)) == first
    play(GAME, m.state, 0, Action(decision.id, first.choice))
