"""A review's moment and a hint in the reader's language (issue 31): the question and the
answers said as the player's own prompt says them, whatever language the moment was kept in."""

from __future__ import annotations

from typing import Any

from bot.discord import menus
from bot.discord.hints import hint_lines
from bot.discord.review import told
from bot.discord.usertext import literals
from bot.engine import Decision, Rng, parse_options, registry
from bot.engine.autoplay import ai_moves
from bot.engine.said import named
from bot.match.hints import Hint, Weighed
from bot.match.review import Moment, Scene
from bot.words import language

DE, EN = language("de"), language("en")
NAMES = ("Ann", "Bo")


def asked_of_seat_0() -> tuple[Any, Decision]:
    """An Aura view and decision of seat 0 with at least two answers said as sentences."""
    game = registry.get("aura")
    state = game.setup(2, parse_options(game.options, None), 4)
    for move in ai_moves(game, state, Rng(4)):
        d = move.decision
        if (d.player == 0 and d.asked is not None and len(d.options) >= 2
                and all(o.said is not None for o in d.options[:2])):
            return game.view(move.before, 0), d
    raise AssertionError("no such decision")


def kept(decision: Decision) -> Moment:
    """The moment as the store keeps it: keys and the game's English words."""
    first, second = decision.options[:2]
    return Moment(7, decision.prompt, (first.key,), (second.key,), (first.label,),
                  (second.label,), 0.25, 0.75)


def test_a_kept_moment_is_said_in_the_readers_language_from_its_decision() -> None:
    view, decision = asked_of_seat_0()
    text = DE.say(told(1, kept(decision), Scene(view, decision), NAMES, DE))
    german = menus.texts(decision, NAMES, DE)
    assert text.startswith(f"**1.** Zug 7: {DE.say(named(decision.asked, literals(NAMES)))}\n")
    assert f"Du hast {german[0]} gewählt" in text and f"Besser war {german[1]}:" in text
    assert "etwa 25 %" in text and "etwa 75 %" in text
    assert decision.prompt not in text and german[0] != decision.options[0].label
    english = EN.say(told(1, kept(decision), Scene(view, decision), NAMES, EN))
    assert english.startswith(f"**1.** Move 7: {decision.prompt}\n")


def test_a_moment_whose_decision_is_not_found_again_says_its_english_words() -> None:
    view, decision = asked_of_seat_0()
    text = DE.say(told(2, kept(decision), Scene(view, None), NAMES, DE))
    first, second = decision.options[:2]
    assert text.startswith(f"**2.** Zug 7: {decision.prompt}\n")
    assert f"Du hast {first.label} gewählt" in text and f"Besser war {second.label}:" in text


def test_a_hint_names_its_answers_in_the_readers_language() -> None:
    _, decision = asked_of_seat_0()
    keys = [o.key for o in decision.options[:2]]
    hint = Hint(1, decision, (Weighed((keys[0],), 0.64), Weighed((keys[1],), 0.41)))
    german = menus.texts(decision, NAMES, DE)
    lines = [DE.say(line) for line in hint_lines(hint, NAMES, DE)]
    assert lines[1].startswith(german[0]) and "64 %" in lines[1]
    assert lines[2].startswith(german[1]) and "41 %" in lines[2]
