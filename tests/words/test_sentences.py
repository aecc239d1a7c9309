"""A game's log sentences said per reader and per language: the reader's form as a catalogue
message (``Event.said``), seats named by the front end or "Player N" in the reader's language,
and the English ``told`` text kept for callers that show English."""

from __future__ import annotations

import pytest

from bot.engine import Event, Result, Rng, parse_options, registry
from bot.engine.autoplay import ai_moves
from bot.engine.names import with_names
from bot.engine.said import Said
from bot.engine.said import named as named_seats
from bot.games.zura import sentences as zura
from bot.words import PSEUDO, language
from bot.words.pseudo import is_pseudo
from bot.words.tables import sentence_forms, sentence_modules

DE, PT, EN = language("de"), language("pt-BR"), language("en")
NAMES = ("Ann", "Bo")
STEAL = Event("steal", zura.STEAL, {"player": 0, "victim": 1, "card": Said("Imp")})


def test_each_reader_gets_the_form_about_them_as_a_message() -> None:
    assert STEAL.said(1).msgid == "{player} takes {card} from you."
    assert STEAL.said(0).msgid == "You take {card} from {victim}."
    assert STEAL.said(None).msgid == STEAL.said(2).msgid == "{player} takes {card} from {victim}."
    assert STEAL.told(1) == "Player 1 takes Imp from you."  # English, for callers not converted


def test_seats_are_the_front_ends_names_or_player_n_in_the_readers_language() -> None:
    assert EN.say(STEAL.said(None, ["Ann", "Bo"])) == "Ann takes Imp from Bo."
    assert EN.say(STEAL.said(None)) == "Player 1 takes Imp from Player 2."
    assert DE.say(STEAL.said(1)).startswith("Spieler 1 ")
    assert PT.say(STEAL.said(1)).startswith("Jogador 1 ")


def test_a_result_without_its_sentence_has_nothing_to_say() -> None:
    stored = Result((1.0, 0.0), (1, 2), "normal", "Player 1 wins.")
    assert stored.said(0) is None and stored.told(0) == "Player 1 wins."
    live = Result((1.0, 0.0), (1, 2), "normal", "Player 1 takes Imp from Player 2.",
                  zura.STEAL, STEAL.args)
    said = live.said(1, ["Ann", "Bo"])
    assert said is not None and EN.say(said) == "Ann takes Imp from you."


def test_every_form_of_every_sentence_module_is_walked() -> None:
    modules = set(sentence_modules())
    assert {"bot.match.sentences", "bot.games.zura.sentences", "bot.games.aura.sentences",
            "bot.games.auroria.sentences"} <= modules
    forms = {text for text, _, _ in sentence_forms()}
    assert set(zura.STEAL.parts().values()) <= forms



@pytest.mark.parametrize("name", ["aura", "zura", "auroria"])
def test_a_whole_games_log_is_said_in_each_language(name: str) -> None:
    """Every event of a seeded game, for every reader: in English exactly its ``told`` line
    with names swapped in; in German and in the pseudo-locale a different, complete line."""
    game = registry.get(name)
    state = game.setup(2, parse_options(game.options, None), 3)
    pseudo = language(PSEUDO)
    checked = 0
    for move in ai_moves(game, state, Rng(3)):
        for event in move.events:
            if not event.sentence.they:
                continue  # told to nobody
            for reader in (None, 0, 1):
                english = EN.say(event.said(reader, NAMES))
                if not any(isinstance(v, tuple) for v in event.args.values()):
                    # (a list reads "a, b, and c" in English, "a, b, c" in the stored log)
                    assert english == with_names(event.told(reader), NAMES)
                assert DE.say(event.said(reader, NAMES)) != english, english
                assert is_pseudo(pseudo.say(event.said(reader)))
                checked += 1
    assert checked > 50


@pytest.mark.parametrize("name", ["aura", "zura", "auroria"])
def test_prompts_and_labels_are_sentences_with_seats_named_by_the_front_end(name: str) -> None:
    """Every decision of a seeded game asks a catalogue sentence and every option is one:
    English exactly the prompt and label logs and scenario files read, German and the
    pseudo-locale said from the catalogue (a code or a card's name may read the same in
    German; the pseudo-locale brackets it all the same), a seat in one ("Take Imp from
    Player 2") named as the front end names people."""
    game = registry.get(name)
    state = game.setup(2 if name == "auroria" else 3, parse_options(game.options, None), 4)
    pseudo = language(PSEUDO)
    asked = 0
    for move in ai_moves(game, state, Rng(4)):
        decision = move.decision
        assert EN.say(decision.asked) == decision.prompt
        assert DE.say(decision.asked) != decision.prompt
        for option in decision.options:
            assert is_pseudo(pseudo.say(option.said)), option.label
            if any(isinstance(v, tuple) for v in option.said.values.values()):
                continue  # a list reads "a and b" said, "a, b" in the English label
            assert EN.say(option.said) == option.label
            people = (*NAMES, "Cy")
            assert EN.say(named_seats(option.said, people)) == with_names(option.label, people)
        asked += 1
    assert asked > 20
