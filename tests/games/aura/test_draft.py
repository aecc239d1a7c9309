"""The working copy of a move carries every state field through, whatever fields there are."""

from __future__ import annotations

import pytest

from bot.engine import Rng
from bot.games.aura.draft import Draft
from bot.games.aura.state import AuraState
from tests.games.aura.helpers import Match


def _mid_game() -> AuraState:
    m = Match([["red 5", "purple 6", "double"], ["blue 1", "purple 2", "block"]])
    m.do(0, "Red 5", "Purple 6", "Double")
    return m.state


def test_the_draft_types_every_state_field_and_nothing_else() -> None:
    assert list(Draft.__annotations__) == list(AuraState._fields)


def test_a_draft_frozen_unchanged_is_the_state_it_copied() -> None:
    state = _mid_game()
    assert Draft(state).freeze() == state


@pytest.mark.parametrize("name", AuraState._fields)
def test_a_change_to_any_field_of_a_draft_reaches_the_frozen_state(name: str) -> None:
    state = _mid_game()
    draft = Draft(state)
    setattr(draft, name, ("changed",))
    frozen = draft.freeze()
    assert getattr(frozen, name) == ("changed",)
    assert {n: v for n, v in frozen._asdict().items() if n != name} == {
        n: v for n, v in state._asdict().items() if n != name}


def test_a_draw_during_a_move_moves_the_frozen_generator_on() -> None:
    state = _mid_game()
    draft = Draft(state)
    drawn = draft.rand.randrange(1000)
    same = Rng(state.rng)
    assert same.randrange(1000) == drawn
    assert draft.freeze().rng == same.state != state.rng


@pytest.mark.parametrize("name", AuraState._fields)
def test_a_draft_holds_each_field_of_its_state_under_that_name(name: str) -> None:
    state = _mid_game()._replace(**{name: ("marked",)})
    value = getattr(Draft(state), name)
    assert (tuple(value) if isinstance(value, list) else value) == ("marked",)
