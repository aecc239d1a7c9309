"""Saying sentences in a language: values filled in with the language's digits, plural forms
by its rules, lists, ordinals and durations from CLDR, and a faulty translation said in
English (logged once) instead of failing."""

from __future__ import annotations

import json
import logging

import discord
import pytest
from babel.messages.catalog import Catalog

from bot.discord.clock import clock_words
from bot.engine.names import seat_said
from bot.engine.said import Said, Seat, said_in
from bot.match.clock import make_clock
from bot.words import ENGLISH, PSEUDO, Language, language, nearest, said, said_n
from bot.words.catalogues import compiled
from bot.words.pseudo import is_pseudo

DE, PT, EN = language("de"), language("pt-BR"), language("en-US")


def test_discord_locales_map_to_the_nearest_shipped_language() -> None:
    assert nearest("pt-BR") == "pt_BR" and nearest("de") == "de"
    assert {nearest(loc.value) for loc in discord.Locale if loc.value.startswith("en")} == {
        ENGLISH}
    assert nearest("fr") == nearest("ja") == nearest("xx-YY") == nearest(None) == ENGLISH
    assert nearest("pt-PT") == "pt_BR" and nearest(PSEUDO) == PSEUDO
    others = {nearest(loc.value) for loc in discord.Locale
              if loc.value not in ("de", "pt-BR") and not loc.value.startswith("en")}
    assert others == {ENGLISH}  # no other language ships yet


def test_sentences_from_the_catalogues_with_their_values() -> None:
    vote = said("Your vote counts.")
    assert EN.say(vote) == "Your vote counts."
    assert DE.say(vote) == "Deine Stimme zählt."
    assert PT.say(vote) == "Seu voto foi contado."
    gone = said("**{match}** is cancelled.", match="Zura #3")
    assert DE.say(gone) == "**Zura #3** ist abgebrochen."


def test_plural_forms_follow_each_languages_rules() -> None:
    few = said_n("{game} seats at most {n} player, you included.",
                 "{game} seats at most {n} players, you included.", 1, game="Zura")
    many = said_n("{game} seats at most {n} player, you included.",
                  "{game} seats at most {n} players, you included.", 4, game="Zura")
    assert EN.say(few) == "Zura seats at most 1 player, you included."
    assert EN.say(many) == "Zura seats at most 4 players, you included."
    assert PT.say(few) == "Zura comporta no máximo 1 jogador, incluindo você."
    assert PT.say(many) == "Zura comporta no máximo 4 jogadores, incluindo você."
    million = said_n("Variants can be at most {n} character long.",
                     "Variants can be at most {n} characters long.", 1_000_000)
    assert PT.say(million) == "As variantes podem ter no máximo 1.000.000 de caracteres."
    assert DE.say(million) == "Varianten dürfen höchstens 1.000.000 Zeichen lang sein."


def test_numbers_lists_ordinals_and_durations_from_cldr() -> None:
    assert EN.number(1234.5) == "1,234.5" and DE.number(1234.5) == "1.234,5"
    assert EN.listing(["a", "b", "c"]) == "a, b, and c"
    assert DE.listing(["a", "b", "c"]) == "a, b und c"
    assert PT.listing(["a", "b"]) == "a e b"
    assert EN.listing(["a", "b"], alternatives=True) == "a or b"
    assert [EN.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]
    assert DE.ordinal(2) == "2." and PT.ordinal(3) == "3º"
    assert EN.duration(3 * 3600, direction=True) == "in 3 hours"
    assert DE.duration(3 * 3600, direction=True) == "in 3 Stunden"
    assert PT.duration(90) == "2 minutos"
    assert [EN.span(s) for s in (5, 120, 3600, 5400, 86400, 2 * 86400 + 7200)] == [
        "5 sec", "2 min", "1 hr", "1 hr, 30 min", "1 day", "2 days, 2 hr"]
    assert DE.span(5400) == "1 Std., 30 Min." and PT.span(5400) == "1 h e 30 min"
    listed = said("I can't run a match in this channel: I'm missing {permissions}. Ask a "
                  "server manager to give my role these permissions here, then try again.",
                  permissions=(said("View Channel"), said("Attach Files")))
    assert "Kanal ansehen und Dateien anhängen" in DE.say(listed)


def faulty(translation: str) -> Language:
    catalogue = Catalog(locale="de")
    catalogue.add("{who} drew {n}.", translation)
    catalogue.add("Your vote counts.", "Deine Stimme zählt.")
    return Language("de", compiled(catalogue))


@pytest.mark.parametrize("translation", ["{wer} zog {n}.", "{who} zog.", "{who!x} zog {n}."])
def test_a_faulty_translation_is_said_in_english_and_logged_once(
        translation: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    lang = faulty(translation)
    drew = said("{who} drew {n}.", who="Ann", n=2)
    assert lang.say(drew) == "Ann drew 2." and lang.say(drew) == "Ann drew 2."
    assert lang.say(said("Your vote counts.")) == "Deine Stimme zählt."  # the rest is German
    assert len([r for r in caplog.records if "{who} drew {n}." in r.getMessage()]) == 1


def test_a_plural_lacking_a_form_is_said_in_english(caplog: pytest.LogCaptureFixture) -> None:
    catalogue = Catalog(locale="de")
    catalogue.add(("{n} card", "{n} cards"), ("{n} Karte", ""))
    lang = Language("de", compiled(catalogue))
    assert lang.say(said_n("{n} card", "{n} cards", 3)) == "3 cards"
    assert lang.say(said_n("{n} card", "{n} cards", 1)) == "1 card"
    assert "lacks a plural form" in caplog.text


def test_the_pseudo_locale_is_chosen_like_a_language() -> None:
    text = language(PSEUDO).say(said("**{match}** is cancelled.", match="Zura #3"))
    assert is_pseudo(text) and "**Zura #3**" in text and "çåñçéļļéď" in text


def test_a_clock_is_described_in_the_readers_language() -> None:
    clock = make_clock("standard", absent="forfeit", autopilots=2)
    assert clock_words(clock, EN) == (
        "standard, 1 hr per turn; after 2 missed turns in a row the player forfeits")
    assert clock_words(make_clock("live", autopilots=1), DE) == (
        "live, 2 Min. pro Zug; nach 1 verpasstem Zug in Folge übernimmt die KI den Platz")


def test_a_label_too_long_is_cut_in_its_words_never_inside_a_value() -> None:
    """A German or pseudo label longer than Discord allows loses words at its end; a name or
    card in it is kept whole or left out whole, never cut."""
    sentence = said("{card} attacks {player}, who blocks with everything they have",
                    card="Road Squire", player="Ann")
    en = language("en")
    assert en.within(sentence, 100) == en.say(sentence)
    assert en.within(sentence, 30) == "Road Squire attacks Ann, who…"
    assert en.within(sentence, 22) == "Road Squire attacks…"
    assert en.within(sentence, 10) == "…", "the card is not cut: nothing of it shows"
    cut = language("pseudo").within(sentence, 40)
    assert len(cut) <= 40 and cut.endswith("…") and "Road Squire" in cut


def test_one_english_text_in_two_contexts_is_two_messages() -> None:
    """"Back" on a button goes back; "Back" beside a line on a picture names the line."""
    assert DE.say(said("Back")) == "Zurück" and PT.say(said("Back")) == "Voltar"
    assert DE.say(said_in("line label", "Back")) == "Hinten"
    assert EN.say(said_in("line label", "Back")) == "Back"


def test_a_sentence_kept_as_json_is_said_the_same() -> None:
    """A game state keeps a question as JSON (Auroria's effects): nested sentences, counts,
    lists, seats and a context come back as they were."""
    sentence = said_n("{who} discards {n} card ({cards}).", "{who} discards {n} cards ({cards}).",
                      2, who=seat_said(1), cards=(Said("Imp"), "x"))
    again = Said.from_json(json.loads(json.dumps(sentence.to_json())))
    assert again == sentence and DE.say(again) == DE.say(sentence)
    assert isinstance(again.values["who"], Seat)
    boxed = said_in("line label", "Back")
    assert Said.from_json(boxed.to_json()) == boxed
