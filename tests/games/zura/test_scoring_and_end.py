"""Adventure points, the last round once the Tzerzurian pile is empty, and the result."""

from __future__ import annotations

import pytest

from bot.engine import Event
from bot.games.zura import GAME
from bot.games.zura.scoring import score
from tests.games.zura.helpers import SIX, do, keys, table


@pytest.mark.parametrize(("players", "elder"), [(2, 4), (3, 5), (4, 6)])
def test_a_variable_card_is_worth_players_plus_its_colour(players: int, elder: int) -> None:
    stacks = [["forest-elder", "forest-keeper", "mountain-keeper"]] + [[]] * (players - 1)
    s = table(players, hands=[SIX] * players, stacks=stacks)
    assert GAME.view(s, None)["scores"][0] == elder + 3 + 3
    top = (GAME.view(s, 0)["my_stack"] or [])[0]
    assert (top["points"], top["value"]) == ("X", elder)


def test_the_rulebook_example_three_players_and_green_cards() -> None:
    # "In a 3 player game, this card will be worth 3 points plus one additional point for
    # every green card" — the house rules count the card itself.
    s = table(3, hands=[SIX] * 3,
              stacks=[["forest-keeper", "forest-dreamer", "forest-elder"], [], []])
    top = GAME.view(s, 1)["stacks"][0]["top"]
    assert top is not None and top["value"] == 3 + 3


def test_imps_count_against_and_the_hermit_is_one_point() -> None:
    s = table(hands=[SIX, SIX], stacks=[["imp", "imp", "hermit"], ["cave-trader"]],
              search=["forest-seer", "mountain-seer", "cave-seer", "forest-elder",
                      "imp", "forest-trickster", "mountain-trickster", "cave-trickster"])
    assert GAME.view(s, None)["scores"] == [-3, 3]
    assert score(s.stacks[0], 2) == -3


def test_the_player_who_empties_the_pile_does_not_play_again() -> None:
    log: list[Event] = []
    s = table(3, hands=[["forest"] * 3 + ["cave"] * 3, SIX, SIX], tz_deck=["cave-keeper"],
              tz_rest=2, stacks=[[], [], ["forest-elder"]])
    s = do(s, "forest:3")
    s = do(s, "A1", log=log)  # claims Forest Seer; the refill takes the last card
    assert s.tz_deck == () and (s.ending, s.final_left, s.turn) == (0, 2, 1)
    assert any(e.kind == "last-round" for e in log)
    assert GAME.view(s, None)["final_turns"] == {"emptied_by": 0, "turns_left": 2}
    s = do(s, "forest:1")
    assert s.turn == 2 and GAME.result(s) is None
    s = do(s, "forest:1")
    assert s.phase == "over" and GAME.pending(s) == []
    result = GAME.result(s)
    assert result is not None
    assert list(result.scores) == [float(x) for x in GAME.view(s, None)["scores"]]
    assert result.placings[2] == 1  # seat 2 holds every unnamed card


def test_when_the_pile_cannot_fill_the_area_a_slot_stays_empty() -> None:
    s = table(hands=[["forest"] * 4 + ["cave"] * 2, ["cave"] * 3 + ["mountain"] * 3],
              tz_deck=["cave-keeper"], tz_rest=1, stacks=[[], ["forest-elder"]])
    s = do(s, "forest:4")
    s = do(s, "A1")
    s = do(s, "B2")  # two claims, one card to refill with
    s = do(s, *(GAME.pending(s)[0].default or ()))
    assert s.turn == 1 and s.ending == 0 and s.final_left == 1
    view = GAME.view(s, 1)["search"]["slots"]
    assert [x["state"] for x in view].count("empty") == 1 and view[5]["state"] == "empty"
    s = do(s, "cave:3")
    assert "B2" not in keys(s) and len(keys(s)) == 7
    s = do(s, "A3")  # Cave Seer
    assert s.phase == "over"


def test_no_claim_no_refill_and_the_game_goes_on() -> None:
    s = table(hands=[["forest"] * 3 + ["cave"] * 3, SIX], tz_deck=["cave-keeper"], tz_rest=1,
              stacks=[[], ["forest-elder"]])
    s = do(s, "forest:3")
    s = do(s, "A2")
    assert s.tz_deck != () and s.ending == -1 and s.turn == 1
