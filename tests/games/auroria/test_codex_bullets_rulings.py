"""Codex bullets, sections 52-55: deck construction, the rulings list, exhaustion-based
attack legality and Slow Mode (the map is codex_bullets.json)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import parse_options
from bot.games.auroria import GAME, decks
from bot.games.auroria.cards import parse_cards
from bot.games.auroria.derived import BUILTIN


def deck_problems(*args: Any, **kwargs: Any) -> list[str]:
    """The deck's problems in English, as a log or an English reader gets them."""
    return [str(problem) for problem in decks.deck_problems(*args, **kwargs)]

LEADER = {"id": "lw", "name": "Bandit Chief", "type": "leader", "colour": "white",
          "race": "Human", "traits": ["Bandit"], "front": 2, "influence": 20}


def _creature(cid: str, colour: str, race: str, traits: list[str]) -> dict[str, Any]:
    return {"id": cid, "name": cid, "type": "creature", "colour": colour, "race": race,
            "traits": traits, "front": 1, "back": 1}


POOL = {**BUILTIN, **parse_cards([
    LEADER, _creature("by_colour", "white", "Orc", []), _creature("by_race", "red", "Human", []),
    _creature("by_trait", "blue", "Orc", ["Bandit"]), _creature("stranger", "red", "Orc", []),
    {"id": "red_energy", "name": "Red Energy", "type": "energy", "colour": "red"}])}


# ----- deck construction --------------------------------------------------------------------
@pytest.mark.parametrize("cid", ["by_colour", "by_race", "by_trait"])
def test_the_leader_opens_its_colour_race_and_trait(cid: str) -> None:
    assert deck_problems("lw", ["energy"] * 46 + [cid] * 4, POOL) == []


def test_a_creature_sharing_no_leader_channel_is_illegal() -> None:
    problems = deck_problems("lw", ["energy"] * 46 + ["stranger"] * 4, POOL)
    assert problems and "identity channel" in problems[0]


def test_energy_must_match_the_leaders_colour() -> None:
    assert deck_problems("lw", ["energy"] * 49 + ["red_energy"], POOL) == [
        "Red Energy must be white like the leader."]


@pytest.mark.parametrize(("size", "legal"), [(9, False), (10, True), (11, False)])
def test_a_side_deck_holds_exactly_ten_cards(size: int, legal: bool) -> None:
    problems = deck_problems("lw", ["energy"] * 50, POOL, side=["energy"] * size)
    assert (problems == []) is legal


# ----- Slow Mode ----------------------------------------------------------------------------
def test_slow_mode_is_an_option_fixed_before_the_game_and_off_by_default() -> None:
    spec = {o.name: o for o in GAME.options}["slow_mode"]
    assert spec.default is False
    assert GAME.setup(2, parse_options(GAME.options, {}), 1).slow is False
    assert GAME.setup(2, parse_options(GAME.options, {"slow_mode": True}), 1).slow is True
