"""Zura's lesson (``/learn zura``) in words: the discard, the search area, stealing, the
stack and each ability's own step, each said once, the first time it comes up."""

from __future__ import annotations

from bot.engine.said import said

INTROS = {
    "act": said("Lesson: each turn you discard travel cards of one landscape. Three or more "
                "let you flip cards in the search area, and a flipped Tzerzurian of that "
                "landscape is yours."),
    "draw": said("Lesson: you draw back up to your hand size. The top card of the discard "
                 "pile is open to take first; the deck is a surprise."),
    "peek": said("Lesson: peek at a face-down card of the search area. Only you see it, so "
                 "you know where to search next."),
    "flip": said("Lesson: the search area is the 8 face-down Tzerzurians in the middle. Flip "
                 "one for everyone to see: if its landscape is the one you discarded, you "
                 "claim it."),
    "steal": said("Lesson: a big discard lets you steal the top card of an opponent's stack, "
                  "points and ability with it."),
    "order": said("Lesson: you claimed several cards at once. Choose which goes on top of "
                  "your stack: only the top card's ability works for you."),
    "extra": said("Lesson: the ability on top of your stack lets you throw away one more card "
                  "of another landscape, to shape your hand."),
    "restack": said("Lesson: the ability on top of your stack lets you move one of your cards "
                    "to the top, and with it its ability."),
    "scry": said("Lesson: the ability on top of your stack shows you the top travel card now: "
                 "leave it for you to draw, or send it to the bottom."),
    "swap": said("Lesson: a trade. You and the other player each give one travel card, "
                 "choosing at the same time without seeing the other's."),
}
"""One introduction per kind of decision (``decisions.KINDS``); the deal and the learner's
line are in ``lesson.json`` beside this module (``bot.engine.lesson.lesson_beside``)."""
