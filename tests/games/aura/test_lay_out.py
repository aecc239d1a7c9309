"""How a live match lays each Aura answer out (``Game.lay_out``): a play in an order drawn
from the cards alone, every other answer as given (a stack's order is the player's choice)."""

from __future__ import annotations

from bot.engine import Rng
from bot.engine.autoplay import ai_moves, new_game
from bot.games.aura import GAME


def test_only_plays_are_laid_out_and_from_which_cards_alone() -> None:
    """Every answer of a random advanced game (stacks ordered under the deck, discards,
    blocks, reveals): a play comes back as the same cards in an order that does not depend
    on the order picked; any other answer comes back as given."""
    state = new_game(GAME, 3, 7, {"advanced": True})
    kinds: set[str] = set()
    moved = 0
    for k, move in enumerate(ai_moves(GAME, state, Rng(7), any_open=True)):
        decision, choice = move.decision, move.action.choice
        laid = GAME.lay_out(decision.id, choice, Rng(k))
        if decision.id.endswith(".play"):
            assert sorted(laid) == sorted(choice)
            assert GAME.lay_out(decision.id, choice[::-1], Rng(k)) == laid
            moved += laid != choice
        else:
            assert laid == choice
            if len(choice) > 1:
                kinds.add(decision.id.rsplit(".", 1)[-1])
    assert moved > 5
    assert {"stack", "discard"} <= kinds
