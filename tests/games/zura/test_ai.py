"""The normal AI in positions where a blind spot would show: Imps it can avoid, cards it
should keep from an opponent, steals it should decline."""

from __future__ import annotations

from bot.engine import Rng
from bot.engine.playout import run_playout
from bot.games.zura import GAME
from bot.games.zura.ai import choose
from bot.games.zura.state import ZState
from tests.games.zura.helpers import SIX, decision, do, table

HAND = ["forest"] * 3 + ["mountain"] * 2 + ["cave"]
"""Three forests: enough for a search that flips one card."""
IMP_UP = {"card": "imp", "up": True}
"""A lone Imp face up: the next Imp flipped pairs with it."""


def normal(state: ZState) -> tuple[str, ...]:
    d = decision(state)
    return choose("normal", GAME.view(state, d.player), d, Rng(0)).choice


def test_with_a_lone_imp_up_it_flips_a_card_it_knows_rather_than_risk_the_pair() -> None:
    s = table(hands=[HAND, SIX],
              search=[IMP_UP, {"card": "cave-seer", "shown": True}, "forest-seer", "imp",
                      "hermit", "mountain-seer", "cave-trickster", "forest-trickster"])
    s = do(s, "forest:3")
    assert s.phase == "flip"
    # A2 is a known Cave card (nothing to claim, nothing to lose); every other face-down card
    # is unknown to seat 0 and may be one of the three Imps still hidden.
    assert normal(s) == ("A2",)


def test_with_a_lone_imp_up_and_nothing_known_it_keeps_its_cards() -> None:
    s = table(hands=[HAND, SIX],
              search=[IMP_UP, "cave-seer", "forest-seer", "imp", "hermit", "mountain-seer",
                      "cave-trickster", "forest-trickster"])
    # Three forests would force a blind flip: it throws away one or two cards instead.
    count = int(normal(s)[0].split(":")[1])
    assert count <= 2


def test_it_never_flips_a_known_imp_when_another_card_is_left() -> None:
    s = table(hands=[HAND, SIX],
              search=[{"card": "imp", "peeked_by": [0]}, {"card": "cave-seer", "shown": True},
                      "forest-seer", "imp", "hermit", "mountain-seer", "cave-trickster",
                      "forest-trickster"])
    s = do(s, "forest:3")
    assert normal(s) != ("A1",)


def test_it_claims_the_card_that_feeds_the_opponents_colour() -> None:
    # Seat 1 shows a Forest card on a stack of nine: it collects forests, so the Forest Elder
    # (X = 2 + its forests) is worth far more to it than the Forest Trickster (4) is.
    # For seat 0 the Trickster is worth 4 and the Elder 3; keeping the Elder away wins more.
    s = table(hands=[HAND, SIX],
              search=[{"card": "forest-trickster", "shown": True},
                      {"card": "forest-elder", "shown": True},
                      "cave-seer", "imp", "hermit", "mountain-seer", "cave-trickster",
                      "mountain-trickster"],
              stacks=[[], ["forest-wanderer", "forest-gleaner", "forest-wanderer",
                           "forest-gleaner", "mountain-keeper", "forest-dreamer",
                           "cave-keeper", "forest-seer", "forest-keeper"]])
    s = do(s, "forest:3")
    assert normal(s) == ("A2",)


def test_it_steals_the_opponents_elder_over_a_card_worth_more_to_itself() -> None:
    # Three players; seat 1 shows the Cave Elder worth 3 + 4 = 7 to it, seat 2 the Forest
    # Trader (3). Taking the Elder is worth 4 here and costs seat 1 seven points.
    s = table(players=3, hands=[["forest"] * 6, SIX, SIX],
              stacks=[[], ["cave-gleaner", "cave-keeper", "cave-dreamer", "cave-elder"],
                      ["forest-trader"]])
    s = do(s, "forest:6")
    while s.phase != "steal":
        s = do(s, normal(s)[0])
    assert normal(s) == ("p1",)


def test_it_declines_to_steal_an_imp() -> None:
    s = table(hands=[["forest"] * 6, SIX], stacks=[[], ["cave-keeper", "imp", "imp"]])
    s = do(s, "forest:6")
    while s.phase != "steal":
        s = do(s, normal(s)[0])
    assert normal(s) == ("none",)


def test_games_between_normal_players_end() -> None:
    # With a lone Imp up, every cautious seat would keep its cards and the game would never
    # end: without caution fading as a game drags on, some of these 20 games stall.
    for seed in range(20):
        out = run_playout(GAME, 2 + seed % 3, seed, levels=["normal"] * 4, check=False)
        assert out.result is not None
