"""The worlds a seat's redeal deals (the strong AI searches them) agree with everything that
seat saw: cards taken from the discard pile, its own trades and scrying, the make-up of a
reshuffled deck. Each case plays the moves that teach the seat something, then checks many
redeals from it."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.engine import Rng
from bot.games.zura import GAME
from bot.games.zura.cards import CARDS
from bot.games.zura.state import ZState
from tests.games.zura.helpers import SIX, do, table

WORLDS = 60
FOREST, MOUNTAIN, CAVE = range(3)


def lands(cards: tuple[int, ...]) -> Counter[int]:
    return Counter(CARDS.travel[c] for c in cards)


def worlds(state: ZState, viewer: int) -> list[ZState]:
    rng = Rng(7)
    out = [GAME.redeal_hidden(state, viewer, rng) for _ in range(WORLDS)]
    assert all(w is not None for w in out)
    for world in out:
        assert world is not None
        assert GAME.view(world, viewer) == GAME.view(state, viewer)
        GAME.invariants(world)
    return [w for w in out if w is not None]


def took_a_cave() -> ZState:
    """Seat 1 takes the cave on the discard pile, draws, and discards a forest."""
    state = table(turn=1, hands=[SIX, ["forest"] * 5], discard=["cave"])
    state = do(state, "take")
    return do(state, "forest:1")


def test_a_card_seen_taken_from_the_discard_stays_in_that_hand_in_every_world() -> None:
    state = took_a_cave()
    assert state.turn == 0
    for world in worlds(state, 0):
        assert lands(world.hands[1])[CAVE] >= 1


def test_a_discard_of_that_landscape_may_have_carried_the_known_card_away() -> None:
    state = table(turn=1, hands=[SIX, ["forest"] * 5], discard=["cave"])
    state = do(do(state, "take"), "cave:1")
    assert min(lands(w.hands[1])[CAVE] for w in worlds(state, 0)) == 0


def test_the_tables_redeal_keeps_no_seats_knowledge() -> None:
    """A spectator's redeal need only agree with the table's view (undo's leak check)."""
    state = took_a_cave()
    assert min(lands(w.hands[1])[CAVE] for w in worlds_of_table(state)) == 0


def worlds_of_table(state: ZState) -> list[ZState]:
    rng = Rng(3)
    out = []
    for _ in range(WORLDS):
        world = GAME.redeal_hidden(state, None, rng)
        assert world is not None
        out.append(world)
    return out


def traded() -> ZState:
    """Seat 0 (a trader on top) gives seat 1 a cave for a mountain, then discards."""
    state = table(hands=[["forest"] * 3 + ["cave"] * 2 + ["mountain"], SIX],
                  stacks=[["forest-trader"], []])
    state = do(state, "swap:1")
    state = do(state, "cave", player=0)
    state = do(state, "mountain", player=1)
    return state


def test_a_card_given_in_a_trade_is_in_the_partners_hand_in_every_world() -> None:
    state = do(traded(), "forest:3")
    for world in worlds(state, 0):
        assert lands(world.hands[1])[CAVE] >= 1


def test_a_trade_partner_remembers_what_it_was_given_too() -> None:
    state = do(traded(), "forest:3")
    state = do(state, "A1")  # seat 0's flip ends its turn
    assert state.turn == 1
    for world in worlds(state, 1):
        assert lands(world.hands[0])[MOUNTAIN] >= 1


def test_a_third_seat_knows_only_that_one_card_left_each_traders_hand() -> None:
    """Seat 2 saw seat 1 take a cave; seat 1 then trades a card it does not see (the cave)
    to seat 0: seat 2's worlds may leave seat 1 without a cave, and its knowledge stays
    true (the invariant would catch a cave still counted in seat 1's hand)."""
    state = table(3, turn=1, hands=[["forest"] * 3 + ["cave"] * 2 + ["mountain"],
                                     ["forest"] * 5, SIX],
                  deck=["mountain"], discard=["cave"], stacks=[["forest-trader"], [], []])
    state = do(do(state, "take"), "forest:1")
    state = do(state, "forest:1")  # seat 2's quiet turn
    assert state.turn == 0
    state = do(state, "swap:1")
    state = do(do(state, "forest", player=0), "cave", player=1)
    GAME.invariants(state)
    assert not lands(state.hands[1])[CAVE]
    assert min(lands(w.hands[1])[CAVE] for w in worlds(state, 2)) == 0


def scrying(keep: str) -> ZState:
    """Seat 0 (a dreamer on top) looks at the top travel card, a cave, and keeps or sends it
    to the bottom; the discard pile's question then waits."""
    state = table(hands=[["forest"] * 5, SIX], deck=["cave", "mountain"], discard=["forest"],
                  stacks=[["forest-dreamer"], []])
    assert state.phase == "scry"
    return do(state, keep)


@pytest.mark.parametrize(("keep", "place"), [("top", -1), ("bottom", 0)])
def test_a_scried_card_keeps_its_place_in_every_world(keep: str, place: int) -> None:
    state = scrying(keep)
    assert state.phase == "draw"
    for world in worlds(state, 0):
        assert CARDS.travel[world.deck[place]] == CAVE


def test_the_seat_that_drew_a_scried_card_is_known_to_hold_it() -> None:
    state = do(do(scrying("top"), "take"), "forest:1")  # seat 0 draws nothing from the deck
    assert state.turn == 1 and state.phase == "act"  # seat 1 drew the cave
    for world in worlds(state, 0):
        assert lands(world.hands[1])[CAVE] >= 1


def test_after_a_reshuffle_the_deck_holds_only_what_the_pile_held() -> None:
    """Seat 0's draw empties the deck and reshuffles the pile, whose make-up everyone saw;
    only seat 0 drew from the new deck since, so it knows the deck's make-up and, by
    elimination, seat 1's hand: its six caves, in every world."""
    state = table(hands=[["forest"] * 4, ["cave"] * 6], deck=["mountain"], rest="discard")
    assert state.phase == "draw"
    state = do(state, "deck")
    assert state.phase == "act" and not state.discard
    for world in worlds(state, 0):
        assert lands(world.hands[1]) == {CAVE: 6}


def test_the_invariants_notice_knowledge_the_cards_deny() -> None:
    state = took_a_cave()
    GAME.invariants(state)
    wrong = state.clone()
    wrong.hands = (wrong.hands[0], tuple(c for c in wrong.hands[1] if CARDS.travel[c] != CAVE))
    wrong.deck = wrong.deck + tuple(c for c in state.hands[1] if CARDS.travel[c] == CAVE)
    with pytest.raises(AssertionError, match="known card"):
        GAME.invariants(wrong)
