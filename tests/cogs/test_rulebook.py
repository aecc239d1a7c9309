"""Rules help: every phase, card type and keyword has a topic, and every diagram is found."""

from __future__ import annotations

import pytest

from bot.discord.rulebook import find_moments, topics
from bot.engine import registry
from bot.words import SHIPPED, language

MUST = {
    "zura": {"setup", "turn", "draw", "discard", "flips", "peek", "steal", "stack", "hermit",
             "imps", "variable", "end", "peek4", "steal5", "extra12", "restack", "hand7",
             "discard2", "scry", "swap"},
    "aura": {"setup", "play", "blocking", "trumps", "chains", "reveal", "wilds", "discard",
             "cleanup", "aura-card", "additional-turn", "end", "return", "trade", "double",
             "reverse", "block", "variants"},
    "auroria": {"mulligan", "ready", "draw", "energy", "main", "battle", "end-phase",
                "mirrored", "slow-mode", "lines", "exhausted", "attacking", "blocking",
                "combat", "chain", "creatures", "spells", "aura-spells", "counters", "items",
                "dropped", "gold-coin", "energy-cards", "potions", "planted", "bloom",
                "overgrowth", "on-play", "on-death", "discarded", "activate", "quickness",
                "ranger", "stealth", "structure", "swift", "defender", "dual-attack",
                "piercing", "enhanced", "deck-building"},
}


@pytest.mark.parametrize("game", sorted(MUST))
def test_every_phase_card_type_and_keyword_has_a_topic(game: str) -> None:
    known = topics(game)
    assert MUST[game] | {"overview", "ai", "ratings", "undo"} <= set(known)
    assert next(iter(known)) == "overview"
    title = registry.get(game).title
    for name, topic in known.items():
        assert name == name.lower() and " " not in name
        for lang in map(language, SHIPPED):
            text = lang.say(topic.text)
            assert len(f"**{title} · {name}**\n{text}\n*Diagram: {'x' * 100}*") < 2000


@pytest.mark.parametrize("game", sorted(MUST))
def test_every_diagram_is_a_public_table_showing_its_topic(game: str) -> None:
    known = topics(game)
    found = find_moments(registry.get(game), known)
    assert set(found) == {name for name, t in known.items() if t.shows is not None}
    for name, (view, caption) in found.items():
        shows = known[name].shows
        assert view["viewer"] is None and view["game"] == game
        assert shows is not None and shows(view) == caption
    # ai, ratings, tournaments and undo show no table; at most two game topics may lack one
    assert len([t for t in known.values() if t.shows is not None]) >= len(known) - 6
