"""Every game's text rendering (``Game.describe``): read like the game, fit alt text, and
tell a viewer nothing their view does not — checked over random states with each game's
``redeal_hidden``, which changes only what that viewer cannot see."""

from __future__ import annotations

import re
from itertools import islice
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import Game, Rng, registry
from bot.engine.autoplay import ai_moves, new_game
from bot.engine.text import ALT_TEXT_MAX, fit
from bot.words import PSEUDO, language
from tests.e2e.untranslated import plain_words

NAMES = ["Ann Lee", "Bo", "Cy Young", "Dee"]
INTERNAL = re.compile(r"[{}\[\]\"]|\b(Seat|Player) \d|\b[a-z]+_[a-z_]+\b|\bNone\b")
"""JSON punctuation, seat numbers, snake_case keys, Python's None: never in player text."""


def _random_state(game: Game[Any, Any], players: int, seed: int, steps: int) -> Any:
    state = new_game(game, players, seed)
    for move in islice(ai_moves(game, state, Rng(seed ^ 0x7E47), any_open=True), steps):
        state = move.after
    return state


@pytest.mark.parametrize("name", registry.packaged())
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**31), steps=st.integers(0, 150),
       salt=st.integers(0, 2**31))
def test_a_viewers_text_does_not_change_with_cards_hidden_from_them(
        name: str, data: st.DataObject, seed: int, steps: int, salt: int) -> None:
    game = registry.get(name)
    players = data.draw(st.integers(game.min_players, game.max_players), label="players")
    state = _random_state(game, players, seed, steps)
    names = NAMES[:players]
    rng = Rng(salt)
    for viewer in [None, *range(players)]:
        view = game.view(state, viewer)
        short, full = game.describe(view, names), game.describe(view, names, full=True)
        assert len(short) <= ALT_TEXT_MAX
        for text in (short, full):
            assert not INTERNAL.search(text), text
        other = game.redeal_hidden(state, viewer, rng)
        if other is None:
            continue
        view = game.view(other, viewer)
        assert game.describe(view, names) == short, f"{viewer}'s text shows hidden cards"
        assert game.describe(view, names, full=True) == full, f"{viewer}'s text leaks"


@pytest.mark.parametrize("name", registry.packaged())
def test_players_are_named_and_the_viewer_sees_their_own_hand(name: str) -> None:
    game = registry.get(name)
    state = _random_state(game, game.min_players, 5, 12)
    names = NAMES[:game.min_players]
    public = game.describe(game.view(state, None), names)
    mine = game.describe(game.view(state, 0), names, full=True)
    assert all(n in public for n in names)
    assert "Your hand" not in public and "Your hand" in mine
    assert all(n in mine for n in names[1:])
    assert names[0] not in mine  # the viewer is "you"


@pytest.mark.parametrize("lang", ["de", "pt_BR", PSEUDO])
@pytest.mark.parametrize("name", registry.packaged())
def test_the_text_is_in_the_readers_language_within_the_alt_text_limit(name: str,
                                                                       lang: str) -> None:
    """Every line a catalogue sentence in ``lang`` (under the pseudo-locale no plain Latin
    word is left but the names), and the short form within Discord's limit however much
    longer the language is, early in a game and late."""
    game = registry.get(name)
    words = language(lang)
    names = NAMES[:game.max_players]
    for seed, steps in ((5, 12), (7, 90), (9, 400)):
        state = _random_state(game, game.max_players, seed, steps)
        for viewer in (None, 0):
            view = game.view(state, viewer)
            short = game.describe(view, names, say=words.say)
            full = game.describe(view, names, full=True, say=words.say)
            assert len(short) <= ALT_TEXT_MAX
            assert short != game.describe(view, names), "nothing was translated"
            if lang == PSEUDO:
                left = [line for line in full.split("\n") if plain_words(line, names)]
                assert left == [], f"English left in {name}'s text: {left}"


def test_a_renaming_changes_only_the_names() -> None:
    game = registry.get("zura")
    view = game.view(_random_state(game, 3, 2, 20), 1)
    assert game.describe(view, ["X", "Y", "Z"]).replace("X", "Ann") == \
        game.describe(view, ["Ann", "Y", "Z"])


@pytest.mark.parametrize(("limit", "expected"), [
    (100, "one\ntwo\nthree"), (10, "one\ntwo\nt…"), (9, "one\ntwo…"), (7, "one\ntw…"),
    (5, "one…"), (2, "o…"),
])
def test_fit_keeps_whole_lines_and_marks_a_cut(limit: int, expected: str) -> None:
    assert fit(["one", "two", "three"], limit) == expected
    assert len(fit(["one", "two", "three"], limit)) <= limit
