"""A player's error is a sentence, said in the reader's language wherever it is raised."""

from __future__ import annotations

import pickle

from bot.engine import StaleDecision
from bot.engine.game import STALE
from bot.match import UnknownMatch
from bot.words import language


def test_an_error_raised_in_a_worker_process_keeps_its_sentence() -> None:
    """Errors cross the process pool pickled; the sentence must survive, not only its
    English words."""
    error = pickle.loads(pickle.dumps(StaleDecision(STALE)))
    assert error.said == STALE and str(error) == str(STALE)


def test_an_unknown_match_is_said_in_the_readers_language() -> None:
    error = UnknownMatch(42)
    assert error.said is not None and str(error) == "There is no match #42."
    assert language("de").say(error.said) == "Es gibt keine Partie #42."
