"""One test per line of the Zura section of ``shared/rules/house-rules.md``, named after it.

Each docstring quotes the line it pins. Rules the rulebook itself states are tested in the
other modules; these are the readings the house rules fix.
"""

from __future__ import annotations

from collections import Counter

from bot.engine import Event
from bot.games.zura import GAME
from bot.games.zura.cards import CARDS
from bot.games.zura.scoring import score
from tests.games.zura.helpers import SEARCH, SIX, decision, do, keys, stack, table

_TYPE = {t.key: t for t in CARDS.types}
_NO_TRICKSTER = ["forest-seer", "forest-wanderer", "cave-wanderer", "hermit",
                 "mountain-seer", "forest-trickster", "cave-seer", "cave-trickster"]
"""A search area leaving the Mountain Trickster (steal5) free for a stack."""


def _copies(**where: object) -> Counter[str]:
    return Counter(CARDS.types[t].key for t in CARDS.tz
                   if all(getattr(CARDS.types[t], k) == v for k, v in where.items()))


def test_travel_cards_forest_mountain_cave_twenty_of_each() -> None:
    """Travel cards: forest (green), mountain (blue), cave (purple), 20 of each = 60."""
    assert [(land.key, land.colour) for land in CARDS.landscapes] == [
        ("forest", "green"), ("mountain", "blue"), ("cave", "purple")]
    assert Counter(CARDS.travel) == {0: 20, 1: 20, 2: 20}


def test_tzerzurians_35_one_hermit_four_imps_ten_per_landscape() -> None:
    """Tzerzurians: 35 = 1 Hermit + 4 Zuran Imps + 10 per landscape."""
    assert len(CARDS.tz) == 35
    assert sum(_copies(kind="hermit").values()) == 1
    assert sum(_copies(kind="imp").values()) == 4
    for land in range(3):
        assert sum(_copies(kind="tzerzurian", landscape=land).values()) == 10


def test_abilities_the_eight_on_the_rule_sheet() -> None:
    """Abilities (the eight on the rule sheet): peek4, steal5, extra12 (it does not count
    towards flips), restack (once in your turn), hand7, discard2, scry, swap (once in your
    turn before discarding)."""
    assert sorted(CARDS.abilities) == sorted(["peek4", "steal5", "extra12", "restack",
                                               "hand7", "discard2", "scry", "swap"])
    # extra12 does not count towards flips: two forests and the extra cave flip nothing.
    s = table(hands=[["forest"] * 2 + ["cave"] * 4, SIX], stacks=[["mountain-wanderer"], []])
    s = do(s, "forest:2")
    s = do(s, "cave")
    assert s.turn == 1 and not any(s.up)
    # swap: once in the turn, before discarding.
    s = table(hands=[["forest"] * 3 + ["cave"] * 3, ["mountain"] * 6],
              stacks=[["forest-trader"], []])
    s = do(s, "swap:1")
    s = do(s, "cave", player=0)
    s = do(s, "mountain", player=1)
    assert s.phase == "act" and not any(k.startswith("swap") for k in keys(s))


def test_each_landscape_has_its_abilities_points_and_one_variable_card() -> None:
    """Each landscape: peek4 ×1 (3 pts), steal5 ×1 (4), extra12 ×2 (2), restack ×1 (3),
    discard2 ×2 (2), scry ×1 (2), swap ×1 (3), and one variable card worth X = number of
    players + 1 per card of its colour in its owner's collection, itself included, with
    ability peek4."""
    for land in range(3):
        fixed: Counter[tuple[str, int]] = Counter()
        for t in CARDS.tz:
            kind = CARDS.types[t]
            if kind.landscape == land and kind.points is not None:
                fixed[(kind.ability, kind.points)] += 1
        assert fixed == {("peek4", 3): 1, ("steal5", 4): 1, ("extra12", 2): 2,
                         ("restack", 3): 1, ("discard2", 2): 2, ("scry", 2): 1,
                         ("swap", 3): 1}
    elder = _TYPE["cave-elder"]
    assert (elder.points, elder.ability) == (None, "peek4")
    s = table(3, hands=[SIX] * 3, stacks=[["cave-elder", "cave-keeper", "forest-keeper"],
                                          [], []])
    assert GAME.view(s, None)["scores"][0] == (3 + 2) + 3 + 3  # itself and the Cave Keeper


def test_hermit_one_point_hand7_imp_minus_two_scry_collected_only_in_pairs() -> None:
    """Hermit: 1 point, ability hand7. Zuran Imp: −2 points each, ability scry; collected
    only in pairs as printed (a lone revealed Imp stays face up in the search area)."""
    hermit, imp = _TYPE["hermit"], _TYPE["imp"]
    assert (hermit.points, hermit.ability, imp.points, imp.ability) == (1, "hand7", -2, "scry")
    s = table(hands=[["forest"] * 3 + ["cave"] * 3, SIX])
    s = do(s, "forest:3")
    s = do(s, "B1")  # the Imp
    assert stack(s, 0) == [] and s.up[4]
    assert GAME.view(s, None)["search"]["slots"][4]["lone_imp"]
    assert score((s.slots[4], s.slots[4]), 2) == -4


def test_several_cards_claimed_at_once_their_owner_chooses_the_top() -> None:
    """When several cards are claimed at once, their owner chooses which ends on top."""
    s = table(hands=[["forest"] * 4 + ["cave"] * 2, SIX])
    s = do(s, "forest:4")
    s = do(s, "A1")  # Forest Seer
    s = do(s, "A4")  # the Hermit
    d = decision(s)
    assert d.kind == "order" and d.player == 0
    hermit = next(o.key for o in d.options if o.label == "The Hermit")
    seer = next(o.key for o in d.options if o.label == "Forest Seer")
    s = do(s, seer, hermit)
    assert stack(s, 0) == ["hermit", "forest-seer"]


def test_peeks_are_private_everyone_sees_which_slot_was_peeked() -> None:
    """Peeks are private; everyone sees which slot was peeked."""
    log: list[Event] = []
    s = table(hands=[["cave"] * 5 + ["forest"], SIX])
    s = do(s, "cave:5", log=log)
    s = do(s, "B3", log=log)
    private = [e for e in log if e.kind == "peeked"]
    assert [e.audience for e in private] == [(0,)]
    public = [e for e in log if e.kind == "peek"]
    assert public[0].audience is None and "B3" in public[0].text
    assert GAME.view(s, 1)["search"]["slots"][6]["peeked_by"] == [0]
    assert "seen" not in GAME.view(s, 1)["search"]["slots"][6]


def test_the_game_ends_at_the_refill_that_takes_the_last_tzerzurian_card() -> None:
    """The game ends when the Tzerzurian deck is empty (the refill that takes its last card,
    whether or not the search area is then full); the player whose refill emptied it does not
    play again, every other player gets one final turn."""
    # Four players; seat 0 claims one card and its refill takes the last one: area full.
    log: list[Event] = []
    s = table(4, hands=[["forest"] * 3 + ["cave"] * 3, SIX, SIX, SIX],
              tz_deck=["cave-keeper"], tz_rest=3, stacks=[[], [], [], ["forest-elder"]])
    s = do(s, "forest:3")
    s = do(s, "A1", log=log)
    assert s.tz_deck == () and all(c >= 0 for c in s.slots)
    assert [e.kind for e in log].count("last-round") == 1
    turns = []
    while GAME.result(s) is None:
        turns.append(s.turn)
        s = do(s, "forest:1" if "forest:1" in keys(s) else keys(s)[0])
    assert turns == [1, 2, 3]  # each other player once, seat 0 never again
    # Two claims and one card left: the area stays short and the game ends all the same.
    s = table(hands=[["forest"] * 4 + ["cave"] * 2, SIX], tz_deck=["cave-keeper"], tz_rest=1,
              stacks=[[], ["forest-elder"]])
    s = do(s, "forest:4")
    s = do(s, "A1")
    s = do(s, "A4")
    s = do(s, *(decision(s).default or ()))
    assert s.tz_deck == () and -1 in s.slots and (s.ending, s.turn) == (0, 1)
    s = do(s, "forest:1")
    assert GAME.result(s) is not None


def test_every_steal_is_optional_the_steal5_one_too() -> None:
    """Every steal is optional, the steal5 one too (a player may decline to take an Imp)."""
    s = table(hands=[["forest"] * 5 + ["cave"], SIX],
              stacks=[["mountain-trickster"], ["cave-keeper", "imp"]], search=_NO_TRICKSTER)
    s = do(s, "forest:5")  # steal5: one steal, from the five-card discard
    for slot in ("A2", "A2", "A3"):
        s = do(s, slot)
    d = decision(s)
    assert s.phase == "steal" and keys(s) == ["p1", "none"] and d.default == ("none",)
    s = do(s, "none")
    assert stack(s, 1) == ["cave-keeper", "imp"] and s.turn == 1
    # Six cards with steal5 owe two steals: the first taken, the second declined.
    s = table(hands=[["forest"] * 6, SIX],
              stacks=[["mountain-trickster"], ["cave-keeper", "cave-dreamer"]],
              search=_NO_TRICKSTER)
    s = do(s, "forest:6")
    for slot in ("A2", "A2", "A3", "p1"):
        s = do(s, slot)
    assert s.phase == "steal"
    s = do(s, "none")
    assert stack(s, 1) == ["cave-keeper"]


def test_discarding_seven_cards_has_the_effect_of_discarding_six() -> None:
    """Discarding 7 cards (possible with hand7) has the effect of discarding 6."""
    s = table(hands=[["forest"] * 7, SIX], stacks=[["hermit"], ["cave-keeper"]],
              search=[*SEARCH[:3], "forest-elder", *SEARCH[4:]])
    s = do(s, "forest:7")
    assert (s.peeks, s.flips, s.steals) == (1, 2, 1)
