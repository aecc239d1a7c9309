"""The turn as the rulebook tells it: drawing, discarding 1–6 cards, flips, claims, steals."""

from __future__ import annotations

import pytest

from bot.engine import Action, Event, IllegalAction, play
from bot.games.zura import GAME
from tests.games.zura.helpers import (
    SEARCH,
    SIX,
    decision,
    do,
    hand,
    keys,
    lands,
    slots,
    stack,
    table,
)


def test_discarding_one_or_two_cards_changes_nothing_in_the_search_area() -> None:
    for n in (1, 2):
        s = table(hands=[["forest"] * 2 + ["cave"] * 4, SIX])
        before = slots(s)
        s = do(s, f"forest:{n}")
        assert (s.turn, s.phase) == (1, "act")
        assert slots(s) == before and not any(s.up) and stack(s, 0) == []
        assert lands(s.discard[-n:]) == ["forest"] * n
        assert hand(s, 0).count("forest") == 2 - n


def test_three_cards_flip_one_and_a_match_is_claimed() -> None:
    s = table(hands=[["forest"] * 3 + ["cave"] * 3, SIX], tz_deck=["cave-keeper"])
    s = do(s, "forest:3")
    assert s.phase == "flip" and s.flips == 1
    assert keys(s) == ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"]
    s = do(s, "A1")  # Forest Seer matches the forest discard
    assert stack(s, 0) == ["forest-seer"]
    assert slots(s)[0] == "cave-keeper"  # refilled from the top of the pile
    assert s.turn == 1 and not any(s.up)


def test_a_card_that_does_not_match_flips_back_and_stays_known_to_all() -> None:
    s = table(hands=[["forest"] * 3 + ["cave"] * 3, SIX])
    s = do(s, "forest:3")
    s = do(s, "A2")  # Mountain Seer: wrong landscape
    assert stack(s, 0) == [] and slots(s)[1] == "mountain-seer"
    assert not s.up[1] and s.shown[1]
    for viewer in (None, 0, 1):
        slot = GAME.view(s, viewer)["search"]["slots"][1]
        assert slot["state"] == "down" and slot["public"]
        assert slot["seen"]["key"] == "mountain-seer"


def test_four_cards_flip_two_and_the_owner_orders_two_claims() -> None:
    s = table(hands=[["forest"] * 4 + ["cave"] * 2, SIX])
    s = do(s, "forest:4")
    assert s.flips == 2 and s.peeks == 0
    s = do(s, "A1")
    assert s.phase == "flip" and "A1" not in keys(s)
    s = do(s, "B2")  # Forest Trickster
    d = decision(s)
    assert d.kind == "order" and {o.label for o in d.options} == {"Forest Seer",
                                                                  "Forest Trickster"}
    trickster = next(o.key for o in d.options if o.label == "Forest Trickster")
    seer = next(o.key for o in d.options if o.label == "Forest Seer")
    s = do(s, trickster, seer)
    assert stack(s, 0) == ["forest-seer", "forest-trickster"]  # first chosen ends on top


def test_five_cards_peek_first_then_flip_two() -> None:
    log: list[Event] = []
    s = table(hands=[["cave"] * 5 + ["forest"], SIX])
    s = do(s, "cave:5")
    assert (s.phase, s.peeks, s.flips, s.steals) == ("peek", 1, 2, 0)
    s = do(s, "A3", log=log)
    assert s.phase == "flip" and s.flips == 2
    assert [e.audience for e in log if e.kind == "peeked"] == [(0,)]
    assert "Cave Seer" in next(e.text for e in log if e.kind == "peeked")
    assert "Cave Seer" not in next(e.text for e in log if e.kind == "peek")


def test_six_cards_peek_flip_two_and_may_steal() -> None:
    s = table(hands=[["mountain"] * 6, SIX], stacks=[[], ["cave-keeper"]])
    s = do(s, "mountain:6")
    assert (s.peeks, s.flips, s.steals) == (1, 2, 1)
    s = do(s, "A1")
    s = do(s, "A2")  # Mountain Seer: claimed
    s = do(s, "A3")
    assert s.phase == "steal" and keys(s) == ["p1", "none"]
    assert decision(s).default == ("none",)
    s = do(s, "p1")
    assert stack(s, 1) == []
    d = decision(s)
    assert d.kind == "order" and len(d.options) == 2  # stolen cards are ordered too
    keeper = next(o.key for o in d.options if o.label == "Cave Keeper")
    seer = next(o.key for o in d.options if o.label == "Mountain Seer")
    s = do(s, keeper, seer)
    assert stack(s, 0) == ["mountain-seer", "cave-keeper"]


def test_stealing_is_optional_and_needs_a_card_to_steal() -> None:
    s = table(hands=[["mountain"] * 6, SIX], stacks=[[], ["cave-keeper"]])
    s = do(s, "mountain:6")
    for slot in ("A1", "A3", "A4"):  # A4: the Hermit, always claimed
        s = do(s, slot)
    s = do(s, "none")
    assert stack(s, 0) == ["hermit"] and stack(s, 1) == ["cave-keeper"]
    s = table(hands=[["mountain"] * 6, SIX])
    s = do(s, "mountain:6")
    for slot in ("A1", "A1", "A3"):
        s = do(s, slot)
    assert s.turn == 1  # no opponent has a card: no steal question


def test_seven_cards_count_as_six() -> None:
    s = table(hands=[["forest"] * 7, SIX], stacks=[["hermit"], ["cave-keeper"]],
              search=[*SEARCH[:3], "forest-elder", *SEARCH[4:]])
    assert "forest:7" in keys(s)
    s = do(s, "forest:7")
    assert (s.peeks, s.flips, s.steals) == (1, 2, 1)


def test_the_hermit_is_claimed_with_a_matching_card_as_in_the_rulebook() -> None:
    # "if you discard 4 mountain cards ... one of them is the Hermit and the other is a
    # mountain Tzerzurian, you collect them both."
    s = table(hands=[["mountain"] * 4 + ["cave"] * 2, SIX])
    s = do(s, "mountain:4")
    s = do(s, "A4")
    s = do(s, "A2")
    d = decision(s)
    assert d.kind == "order"
    s = do(s, *reversed(d.default or ()))
    assert sorted(stack(s, 0)) == ["hermit", "mountain-seer"]


def test_the_hermit_is_claimed_whatever_was_discarded() -> None:
    s = table(hands=[["cave"] * 3 + ["forest"] * 3, SIX])
    s = do(s, "cave:3")
    s = do(s, "A4")
    assert stack(s, 0) == ["hermit"]


def test_a_first_imp_stays_face_up_and_the_second_finder_takes_both() -> None:
    search = ["imp", "mountain-seer", "cave-seer", "hermit",
              "imp", "forest-trickster", "mountain-trickster", "forest-seer"]
    s = table(hands=[["mountain"] * 4 + ["cave"] * 2, SIX], search=search)
    s = do(s, "mountain:4")
    s = do(s, "A1")  # the first Imp: stays face up, unclaimed
    s = do(s, "A2")  # Mountain Seer: claimed with no Imp
    assert stack(s, 0) == ["mountain-seer"]
    assert slots(s)[0] == "imp" and s.up[0]
    assert GAME.view(s, None)["search"]["slots"][0]["lone_imp"]
    # Seat 1 finds the second Imp with a forest card: it takes both Imps and the match.
    s = table(hands=[SIX, ["forest"] * 4 + ["cave"] * 2], turn=1,
              search=[{"card": "imp", "up": True}, *search[1:]])
    s = do(s, "forest:4")
    s = do(s, "B1")
    assert s.gained and slots(s)[0] is None and slots(s)[4] is None
    s = do(s, "B4")
    d = decision(s)
    assert sorted(o.label for o in d.options) == ["Forest Seer", "Zuran Imp", "Zuran Imp"]
    s = do(s, *d.default or ())
    assert sorted(stack(s, 1)) == ["forest-seer", "imp", "imp"]
    assert GAME.view(s, None)["scores"][1] == 3 - 4


def test_two_imps_found_together_are_claimed_together() -> None:
    search = ["imp", "imp", "cave-seer", "hermit",
              "mountain-seer", "forest-trickster", "mountain-trickster", "forest-seer"]
    s = table(hands=[["cave"] * 4 + ["forest"] * 2, SIX], search=search)
    s = do(s, "cave:4")
    s = do(s, "A1")
    s = do(s, "A2")
    assert stack(s, 0) == ["imp", "imp"]  # alike: no order question


def test_a_third_imp_stays_face_up_alone() -> None:
    search = [{"card": "imp", "up": True}, "imp", "imp", "hermit",
              "mountain-seer", "forest-trickster", "mountain-trickster", "forest-seer"]
    s = table(hands=[["cave"] * 4 + ["forest"] * 2, SIX], search=search)
    s = do(s, "cave:4")
    s = do(s, "A2")
    s = do(s, "A3")
    assert stack(s, 0) == ["imp", "imp"]
    assert [k for k, up in zip(slots(s), s.up, strict=True) if up] == ["imp"]


def test_a_face_up_imp_cannot_be_flipped_again() -> None:
    s = table(hands=[["cave"] * 3 + ["forest"] * 3, SIX],
              search=[{"card": "imp", "up": True}, *SEARCH[1:4], "forest-seer", *SEARCH[5:]])
    s = do(s, "cave:3")
    assert "A1" not in keys(s) and len(keys(s)) == 7


def test_drawing_may_start_with_the_top_of_the_discard_pile() -> None:
    s = table(hands=[["forest"] * 5, SIX], discard=["cave", "mountain"], deck=["mountain"])
    d = decision(s)
    assert d.prompt.startswith("Draw") and d.default == ("deck",)
    assert "Cave" in d.options[0].label
    s = do(s, "take")
    assert s.phase == "act" and sorted(hand(s, 0)) == ["cave"] + ["forest"] * 5
    assert lands(s.discard) == ["mountain"]


def test_drawing_from_the_deck_fills_the_hand_to_six() -> None:
    s = table(hands=[["forest"] * 2, SIX], discard=["cave"], deck=["mountain"] * 4)
    s = do(s, "deck")
    assert hand(s, 0) == ["forest"] * 2 + ["mountain"] * 4
    assert lands(s.discard) == ["cave"]


def test_an_empty_deck_is_refilled_by_shuffling_the_discard_pile() -> None:
    log: list[Event] = []
    s = table(hands=[["forest"] * 3, SIX], deck=["cave"], rest="discard")
    pile = len(s.discard)
    s = do(s, "deck", log=log)
    assert [e.kind for e in log].count("reshuffle") == 1
    assert len(hand(s, 0)) == 6 and "cave" in hand(s, 0)
    assert s.discard == () and len(s.deck) == pile - 2
    GAME.invariants(s)


def test_the_turn_ends_with_unclaimed_cards_face_down_and_the_area_full() -> None:
    s = table(hands=[["forest"] * 4 + ["cave"] * 2, SIX], tz_deck=["cave-elder"])
    s = do(s, "forest:4")
    s = do(s, "A1")  # claimed
    s = do(s, "A3")  # not claimed
    assert not any(s.up) and all(c >= 0 for c in s.slots)
    assert slots(s)[0] == "cave-elder"


def test_discarding_cards_one_does_not_hold_is_refused() -> None:
    s = table(hands=[["forest"] * 3 + ["cave"] * 3, SIX])
    assert "mountain:1" not in keys(s) and "forest:4" not in keys(s)
    d = decision(s)
    with pytest.raises(IllegalAction):
        play(GAME, s, 0, Action(d.id, ("forest:4",)))
    with pytest.raises(IllegalAction):
        play(GAME, s, 0, Action(d.id, ("forest:1", "cave:1")))
