"""Alt text for every image the bot sends: the game's own text rendering of the view drawn.

Discord reads an attachment's ``description`` aloud to screen-reader users, so each board,
hand and summary image carries what it shows, within ``ALT_TEXT_MAX`` characters, in the
language of whoever sees the picture.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Result, View, registry
from bot.engine.said import said
from bot.engine.text import ALT_TEXT_MAX, fit
from bot.render.outcome import describe, seat_label
from bot.words import Language, english

PLACES = {1: said("{player} first with {score}"), 2: said("{player} second with {score}"),
          3: said("{player} third with {score}"), 4: said("{player} fourth with {score}")}
"""A seat's place in the final result, spelled out for a screen reader."""


def alt_text(game: str, view: View, names: Sequence[str], result: Result | None = None,
             words: Language | None = None) -> str:
    """The description of the image drawn from ``view`` of ``game`` (a board, a hand, or with
    ``result`` the final summary, whose placings come first, then how it ended as the result
    post says it), in ``words``."""
    words = words or english()
    text = registry.get(game).describe(view, names, say=words.say)
    if result is None:
        return text
    order = sorted(range(len(result.placings)), key=lambda s: result.placings[s])
    places = tuple(
        PLACES.get(result.placings[s], said("{player} placed {n} with {score}")).with_values(
            player=seat_label(s, names, words), n=result.placings[s], score=_score(score))
        for s in order for score in (result.scores[s],))
    standing = words.say(said("Final result: {standings}.", standings=places))
    outcome = describe(view, result, names, words)
    ended = [line for line in (outcome.ending, *outcome.notes) if line]
    return fit([standing, *ended, *text.split("\n")], ALT_TEXT_MAX)


def _score(score: float) -> int | float:
    return int(score) if float(score).is_integer() else score
