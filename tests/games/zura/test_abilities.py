"""Each of the eight abilities works while its card is on top, and not once it is covered."""

from __future__ import annotations

from typing import Any

from bot.engine import Event
from bot.games.zura import GAME
from bot.games.zura.state import ZState
from tests.games.zura import helpers
from tests.games.zura.helpers import SIX, decision, do, hand, keys, lands, stack

COVER = "cave-seer"
"""A card put on top to cover an ability (its own, peek4, only acts on 4+ cards)."""
SEARCH = ["forest-seer", "forest-wanderer", "cave-wanderer", "forest-elder",
          "imp", "forest-trickster", "cave-gleaner", "cave-trader"]
"""Cards no stack below uses."""


def table(**setup: Any) -> ZState:
    setup.setdefault("search", SEARCH)
    return helpers.table(**setup)


def covered(top: str) -> list[str]:
    return [top, COVER]


def test_peek4_adds_a_peek_to_a_discard_of_four() -> None:
    s = table(hands=[["forest"] * 4 + ["cave"] * 2, SIX], stacks=[["mountain-seer"], []])
    s = do(s, "forest:4")
    assert (s.phase, s.peeks, s.flips) == ("peek", 1, 2)
    s = table(hands=[["forest"] * 5 + ["cave"], SIX], stacks=[["mountain-seer"], []])
    s = do(s, "forest:5")
    assert s.peeks == 2  # the printed peek of five cards, plus the ability's


def test_peek4_covered_gives_no_peek() -> None:
    s = table(hands=[["forest"] * 4 + ["cave"] * 2, SIX],
              stacks=[["mountain-seer", "mountain-keeper"], []])
    s = do(s, "forest:4")
    assert (s.phase, s.peeks) == ("flip", 0)


def test_steal5_steals_with_five_cards() -> None:
    s = table(hands=[["forest"] * 5 + ["cave"], SIX],
              stacks=[["mountain-trickster"], ["cave-keeper"]])
    s = do(s, "forest:5")
    assert s.steals == 1
    for slot in ("A2", "A2", "A3"):
        s = do(s, slot)
    assert keys(s) == ["p1", "none"]
    s = do(s, "p1")
    d = decision(s)
    s = do(s, *d.default or ())
    assert "cave-keeper" in stack(s, 0) and stack(s, 1) == []


def test_steal5_and_six_cards_steal_twice() -> None:
    s = table(hands=[["forest"] * 6, SIX],
              stacks=[["mountain-trickster"], ["cave-keeper", "cave-dreamer"]])
    s = do(s, "forest:6")
    assert s.steals == 2
    for slot in ("A2", "A2", "A3", "p1", "p1"):
        s = do(s, slot)
    assert stack(s, 1) == []
    s = do(s, *decision(s).default or ())
    assert sorted(stack(s, 0)) == ["cave-dreamer", "cave-keeper", "forest-wanderer",
                                   "mountain-trickster"]


def test_steal5_covered_gives_no_steal() -> None:
    s = table(hands=[["forest"] * 5 + ["cave"], SIX],
              stacks=[["mountain-trickster", "mountain-keeper"], ["cave-keeper"]])
    s = do(s, "forest:5")
    assert s.steals == 0


def test_extra12_throws_away_one_card_of_another_landscape() -> None:
    s = table(hands=[["forest"] * 2 + ["mountain"] * 2 + ["cave"] * 2, SIX],
              stacks=[["mountain-wanderer"], []])
    s = do(s, "forest:2")
    assert s.phase == "extra" and keys(s) == ["mountain", "cave", "none"]
    s = do(s, "cave")
    assert lands(s.discard[-3:]) == ["forest", "forest", "cave"]
    assert hand(s, 0) == ["mountain", "mountain", "cave"] and s.turn == 1
    assert stack(s, 0) == ["mountain-wanderer"] and not any(s.up)  # still no flip


def test_extra12_may_be_declined_and_needs_another_landscape() -> None:
    s = table(hands=[["forest"] * 2 + ["cave"] * 4, SIX], stacks=[["mountain-wanderer"], []])
    s = do(s, "forest:1")
    s = do(s, "none")
    assert hand(s, 0) == ["forest"] + ["cave"] * 4 and s.turn == 1
    s = table(hands=[["forest"] * 2, SIX], stacks=[["mountain-wanderer"], []], deck=["forest"] * 4)
    s = do(s, "forest:2")
    assert s.turn == 1  # nothing else to throw away


def test_extra12_does_not_apply_to_bigger_discards_or_when_covered() -> None:
    s = table(hands=[["forest"] * 3 + ["cave"] * 3, SIX], stacks=[["mountain-wanderer"], []])
    s = do(s, "forest:3")
    assert s.phase == "flip"
    s = table(hands=[["forest"] * 2 + ["cave"] * 4, SIX],
              stacks=[covered("mountain-wanderer"), []])
    s = do(s, "forest:2")
    assert s.turn == 1


def test_restack_moves_a_claimed_card_to_the_top_once_per_turn() -> None:
    s = table(hands=[["forest"] * 4 + ["cave"] * 2, SIX],
              stacks=[["mountain-trickster", "cave-dreamer", "cave-keeper"], []])
    assert "restack" in keys(s)
    s = do(s, "restack")
    d = decision(s)
    assert [o.label for o in d.options] == ["Cave Dreamer (2 points)",
                                            "Mountain Trickster (4 points)"]
    s = do(s, d.options[1].key)
    assert stack(s, 0) == ["cave-dreamer", "cave-keeper", "mountain-trickster"]
    assert s.phase == "act" and "restack" not in keys(s)


def test_restack_used_then_back_on_top_is_not_offered_again() -> None:
    s = table(hands=[["forest"] * 4 + ["cave"] * 2, SIX],
              stacks=[["forest-keeper", "mountain-keeper"], []])
    s = do(s, "restack")
    s = do(s, keys(s)[0])
    assert stack(s, 0) == ["mountain-keeper", "forest-keeper"]
    assert "restack" not in keys(s)


def test_restack_covered_is_not_offered() -> None:
    s = table(hands=[["forest"] * 4 + ["cave"] * 2, SIX],
              stacks=[["mountain-trickster", "cave-keeper", "mountain-seer"], []])
    assert "restack" not in keys(s)


def test_hand7_draws_up_to_seven() -> None:
    s = table(hands=[["forest"] * 3, SIX], stacks=[["hermit"], []])
    assert len(hand(s, 0)) == 7 and s.phase == "act"


def test_hand7_covered_draws_up_to_six() -> None:
    s = table(hands=[["forest"] * 3, SIX], stacks=[covered("hermit"), []])
    assert len(hand(s, 0)) == 6


def test_discard2_takes_two_cards_from_the_discard_pile() -> None:
    s = table(hands=[["forest"] * 3, SIX], stacks=[["mountain-gleaner"], []],
              discard=["cave", "mountain", "forest"], deck=["forest"] * 3)
    s = do(s, "take")
    d = decision(s)
    assert d.prompt.startswith("Draw: take the next discard") and "Mountain" in d.options[0].label
    s = do(s, "take")
    assert sorted(hand(s, 0)) == ["cave"] + ["forest"] * 4 + ["mountain"]
    assert lands(s.discard) == ["forest"]


def test_discard2_covered_takes_only_one() -> None:
    s = table(hands=[["forest"] * 3, SIX], stacks=[covered("mountain-gleaner"), []],
              discard=["cave", "mountain", "forest"], deck=["forest"] * 3)
    s = do(s, "take")
    assert s.phase == "act" and lands(s.discard) == ["forest", "mountain"]


def test_scry_shows_the_top_card_to_its_owner_only() -> None:
    log: list[Event] = []
    s = table(hands=[["forest"] * 5, SIX], stacks=[["mountain-dreamer"], []],
              deck=["cave", "mountain"])
    assert s.phase == "scry" and keys(s) == ["top", "bottom"]
    looking = GAME.view(s, 0)["looking_at"]
    assert looking is not None and looking["landscape"] == "cave"
    assert GAME.view(s, 1)["looking_at"] is None and GAME.view(s, None)["looking_at"] is None
    s = do(s, "bottom", log=log)
    assert lands(s.deck[:1]) == ["cave"]  # the bottom of the deck
    assert hand(s, 0) == ["forest"] * 5 + ["mountain"]
    assert "at the bottom" in next(e.text for e in log if e.kind == "scry")


def test_scry_may_leave_the_card_on_top() -> None:
    s = table(hands=[["forest"] * 5, SIX], stacks=[["imp"], []], deck=["cave", "mountain"])
    s = do(s, "top")  # the Imp's ability is scry too
    assert hand(s, 0) == ["forest"] * 5 + ["cave"]


def test_scry_covered_does_not_happen() -> None:
    s = table(hands=[["forest"] * 5, SIX], stacks=[covered("mountain-dreamer"), []],
              deck=["cave"])
    assert s.phase == "act" and hand(s, 0) == ["forest"] * 5 + ["cave"]


def test_swap_trades_one_card_chosen_by_each_side_at_once() -> None:
    s = table(hands=[["forest"] * 4 + ["cave"] * 2, ["mountain"] * 6],
              stacks=[["forest-trader"], []])
    assert "swap:1" in keys(s)
    s = do(s, "swap:1")
    ids = {d.player: d.id for d in GAME.pending(s)}
    assert set(ids) == {0, 1} and keys(s, 1) == ["mountain"]
    s = do(s, "mountain", player=1)
    assert {d.player: d.id for d in GAME.pending(s)} == {0: ids[0]}  # id kept until answered
    s = do(s, "cave", player=0)
    assert hand(s, 0) == ["forest"] * 4 + ["mountain", "cave"]
    assert hand(s, 1) == ["mountain"] * 5 + ["cave"]
    assert s.phase == "act" and not any(k.startswith("swap") for k in keys(s))


def test_swap_covered_is_not_offered() -> None:
    s = table(hands=[["forest"] * 4 + ["cave"] * 2, ["mountain"] * 6],
              stacks=[covered("forest-trader"), []])
    assert not any(k.startswith("swap") for k in keys(s))


def test_a_new_claim_replaces_the_ability() -> None:
    s = table(hands=[["forest"] * 3 + ["cave"] * 3, SIX], stacks=[["mountain-trader"], []])
    assert "swap:1" in keys(s)
    s = do(s, "forest:3")
    s = do(s, "A1")
    top = GAME.view(s, None)["stacks"][0]["top"]
    assert top is not None and top["ability"] == "peek4"
