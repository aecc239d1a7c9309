"""House rules, "Best-of-three": the games of one Auroria match, side decks and who starts.

A game's end is set the way ``rules.advance`` leaves it (winners set, no prompt) and scored by
``series.game_over``, as ``Auroria.apply`` does; the random playouts end games for real.
"""

from __future__ import annotations

from collections import Counter

import pytest

from bot.engine import Action, IllegalAction, Option, Rng, parse_options, play
from bot.engine.errors import BadOptions, BadScenario
from bot.engine.playout import run_playout
from bot.engine.said import Said
from bot.games.auroria import GAME, series
from bot.games.auroria.decklist import encode
from bot.games.auroria.pool import POOL
from bot.games.auroria.state import State
from bot.games.auroria.testset import TEST_SET

CITY = POOL.decks["city"]


def match(seed: int = 1, **options: str) -> State:
    opts = {"best_of": "3", "deck_1": "city", "deck_2": "valley", **options}
    return GAME.setup(2, parse_options(GAME.options, opts), seed)


def finish(s: State, winner: int | None) -> State:
    """The current game ends with ``winner`` (None: drawn)."""
    s = s.clone()
    s.winners = [] if winner is None else [winner]
    s.prompt = None
    series.game_over(s, [])
    return s


def answer(s: State, player: int, *choice: str) -> State:
    d = next(d for d in GAME.pending(s) if d.player == player)
    return play(GAME, s, player, Action(d.id, choice))[0]


def keep_both(s: State) -> State:
    for p in (0, 1):
        s = answer(s, p, series.KEEP)
    return s


def next_game(s: State, winner: int | None, starts: str = "me") -> State:
    s = keep_both(finish(s, winner))
    return answer(s, GAME.pending(s)[0].player, starts)


def main_counts(s: State, p: int) -> Counter[str]:
    return Counter(s.kinds[u] for u, o in enumerate(s.owner)
                   if o == p and u not in s.zones[p]["leader"])


def test_single_games_stay_the_default() -> None:
    s = GAME.setup(2, parse_options(GAME.options, {}), 1)
    assert s.series is None and "match" not in GAME.view(s, None)
    with pytest.raises(BadOptions):
        parse_options(GAME.options, {"best_of": "2"})


def test_best_of_three_the_first_player_to_win_two_games_wins_the_match() -> None:
    s = next_game(match(), 1)
    assert GAME.result(s) is None and s.winners is None and s.phase == "mulligan"
    s = finish(s, 1)
    result = GAME.result(s)
    assert result is not None and result.winners == (1,)
    assert result.detail == "Player 2 wins the match 2–0."
    assert GAME.pending(s) == []


def test_best_of_three_a_drawn_game_counts_for_nobody_and_another_game_is_played() -> None:
    s = next_game(next_game(next_game(match(), 0), None), 1)
    assert GAME.result(s) is None
    assert GAME.view(s, None)["match"] == {"best_of": 3, "score": [1, 1], "games": [0, None, 1],
                                            "game": 4, "stage": "play"}
    s = finish(s, 0)
    result = GAME.result(s)
    assert result is not None and result.winners == (0,)
    assert result.detail == "Player 1 wins the match 2–1."


def test_best_of_three_at_most_five_games_then_the_match_is_a_draw() -> None:
    s = match()
    for winner in (0, None, None, 1):
        s = next_game(s, winner)
    s = finish(s, None)
    result = GAME.result(s)
    assert result is not None and result.placings == (1, 1) and result.scores == (0.5, 0.5)
    assert result.detail == "The match is drawn after 5 games (1–1)."


def test_best_of_three_the_loser_of_the_previous_game_chooses_who_starts_the_next() -> None:
    s = keep_both(finish(match(), 0))
    [d] = GAME.pending(s)
    assert d.player == 1 and [o.label for o in d.options] == ["I start", "My opponent starts"]
    assert answer(s, 1, "me").active == 1
    assert answer(s, 1, "them").active == 0


def test_best_of_three_after_a_drawn_game_the_player_who_did_not_start_it_chooses() -> None:
    s = match()
    s = keep_both(finish(s, None))
    assert GAME.pending(s)[0].player == 1 - s.active


def test_best_of_three_each_player_swaps_cards_one_for_one_with_the_side_deck() -> None:
    s = finish(match(), 0)
    before = Counter(s.series["decks"][0]["main"]) if s.series else Counter()
    out = next(k for k in GAME.pending(s)[0].options if k.key.startswith("out:")).key[4:]
    s = answer(s, 0, f"out:{out}")
    into = next(o for o in GAME.pending(s)[0].options if o.key.startswith("in:")).key[3:]
    s = answer(s, 0, f"in:{into}")
    assert s.series is not None
    deck = s.series["decks"][0]
    assert Counter(deck["main"]) == before - Counter([out]) + Counter([into])
    assert len(deck["main"]) == len(CITY.main) and len(deck["side"]) == len(CITY.side)
    assert GAME.pending(s)[0].options[0].label == "Done"
    s = answer(keep_both(s), 1, "me")
    assert main_counts(s, 0) == Counter(deck["main"])
    assert main_counts(s, 1) == Counter(POOL.decks["valley"].main)


def _off_colour_side() -> str:
    """The city deck with a red spell in its side deck: legal, but it can never come in."""
    return encode(CITY.leader, CITY.main, [*CITY.side[:-1], "r_bolt"])


def test_best_of_three_sideboarding_is_refused_when_it_breaks_the_deck() -> None:
    s = finish(match(deck_1=_off_colour_side()), 1)
    s = answer(s, 0, f"out:{CITY.main[-1]}")
    [d] = [d for d in GAME.pending(s) if d.player == 0]
    assert "in:r_bolt" not in {o.key for o in d.options}
    with pytest.raises(IllegalAction, match="not one of the choices offered"):
        play(GAME, s, 0, Action(d.id, ("in:r_bolt",)))


def test_best_of_three_keep_my_deck_is_one_press_and_the_default() -> None:
    s = finish(match(), 0)
    for d in GAME.pending(s):
        assert d.options[0].label == "Keep my deck" and d.default == (series.KEEP,)
    s = answer(s, 0, series.KEEP)
    assert [d.player for d in GAME.pending(s)] == [1]
    assert s.series is not None and s.series["decks"][0]["main"] == sorted(CITY.main)


def test_best_of_three_the_four_copy_limit_counts_the_deck_and_side_deck_together() -> None:
    card = next(c for c, n in Counter(CITY.main).items() if n == 4 and POOL.cards[c].type
                != "energy")
    with pytest.raises(BadOptions, match="4"):
        parse_options(GAME.options, {"deck_1": encode(CITY.leader, CITY.main,
                                                      [*CITY.side[:-1], card])})


def test_best_of_three_swaps_stay_private_until_the_next_game() -> None:
    s = finish(match(), 0)
    seen = {v: GAME.view(s, v) for v in (None, 1)}
    out = next(o.key for o in GAME.pending(s)[0].options if o.key.startswith("out:"))
    s, ev = play(GAME, s, 0, Action(GAME.pending(s)[0].id, (out,)))
    d = next(d for d in GAME.pending(s) if d.player == 0)
    s, ev2 = play(GAME, s, 0, Action(d.id, (d.options[0].key,)))
    assert {v: GAME.view(s, v) for v in (None, 1)} == seen
    assert all(e.audience == (0,) for e in ev + ev2)
    assert "deck" not in seen[None]["match"]
    theirs = {c["id"] for c in seen[1]["match"]["deck"] + seen[1]["match"]["side"]}
    assert theirs == set(POOL.decks["valley"].main) | set(POOL.decks["valley"].side)
    assert any(c["name"] == d.options[0].label for c in GAME.view(s, 0)["match"]["deck"])


@pytest.mark.parametrize("seed", range(6))
def test_best_of_three_random_playouts_keep_every_invariant_and_replay(seed: int) -> None:
    levels = (["random", "random"], ["random", "normal"], ["normal", "normal"])[seed % 3]
    out = run_playout(GAME, 2, seed, {"best_of": "3", "deck_1": "random",
                                      "deck_2": "random"}, levels=levels)
    assert out.result is not None and out.final.series["stage"] == "over"
    games = out.final.series["games"]
    assert 2 <= len(games) <= series.MAX_GAMES
    assert out.result.detail.startswith(("Player 1 wins the match", "Player 2 wins the match",
                                         "The match is drawn"))


def test_best_of_three_the_normal_ai_keeps_its_deck_and_starts() -> None:
    s = finish(match(), 0)
    for d in GAME.pending(s):
        got = GAME.ai_choose("normal", GAME.view(s, d.player), d, Rng(1))
        assert got.choice == (series.KEEP,)
    s = keep_both(s)
    [d] = GAME.pending(s)
    assert GAME.ai_choose("normal", GAME.view(s, d.player), d, Rng(1)).choice == ("me",)


def test_a_scenario_sets_up_a_single_game_not_a_best_of_three() -> None:
    opts = parse_options(GAME.options, {"best_of": "3"})
    with pytest.raises(BadScenario, match="single game"):
        GAME.scenario(2, opts, 1, {})


TEST_NAMES = {str(c["id"]): str(c["name"]) for c in TEST_SET}


def test_best_of_three_with_test_decks_plays_through_the_side_deck_break() -> None:
    """Seed 5 reached the break and crashed: the view named the test cards from Set 1."""
    out = run_playout(GAME, 2, 5, {"best_of": "3", "deck_1": "test", "deck_2": "test"})
    assert out.result is not None and out.final.series is not None
    assert len(out.final.series["games"]) >= 2


def test_best_of_three_the_break_names_each_deck_from_its_own_card_set() -> None:
    s = finish(match(deck_1="test", deck_2="city"), 0)
    assert s.series is not None
    test_deck = GAME.view(s, 0)["match"]["deck"]
    assert {c["id"] for c in test_deck} == set(s.series["decks"][0]["main"])
    assert all(c["name"] == TEST_NAMES[c["id"]] for c in test_deck)
    assert GAME.view(s, 0)["match"]["side"] == []
    city = GAME.view(s, 1)["match"]
    assert all(c["name"] == POOL.cards[c["id"]].name for c in city["deck"] + city["side"])
    assert [d.options for d in GAME.pending(s) if d.player == 0] == [
        (Option(series.KEEP, Said("Keep my deck")),)]


def test_best_of_three_a_deck_code_without_a_side_deck_plays_a_match() -> None:
    """Nothing to swap, so the break only offers to keep the deck; no side deck is not
    a construction problem of the deck."""
    code = encode(CITY.leader, CITY.main, [])
    out = run_playout(GAME, 2, 1, {"best_of": "3", "deck_1": code, "deck_2": "valley"})
    assert out.result is not None and out.final.series is not None
    assert out.final.series["decks"][0]["side"] == []
