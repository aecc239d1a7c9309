"""Aura's lesson (``/learn aura``) in words: blocking with a trump, the action cards and the
advanced game's cards under the deck, each said once, the first time it comes up."""

from __future__ import annotations

from bot.engine.said import said

INTROS = {
    "play": said("Lesson: on your turn you lay 2 to 5 cards face down, all of one colour or "
                 "all of different colours. Each card nobody blocks makes the others discard "
                 "a card, and whoever keeps the most cards wins."),
    "block": said("Lesson: block a face-down card with one of yours. A card of its trump "
                  "colour stops it whatever the numbers (red trumps purple, purple green, "
                  "green beige, beige blue, blue red); the same colour needs a higher number."),
    "order": said("Lesson: several of your action cards were revealed. Choose the order they "
                  "take effect in."),
    "return": said("Lesson: Return sends one card on the table back to its owner's hand: "
                   "take back a card of yours that was blocked, or undo an opponent's block."),
    "trade": said("Lesson: Trade swaps itself for a card from your discard pile, so a card "
                  "you lost comes back to your hand."),
    "wild": said("Lesson: a wild card counts as the number you name now, from 1 to 8."),
    "discard": said("Lesson: each card of the active player you left unblocked costs you one "
                    "card. Choose which: your own blocks, cards in your hand, or unseen cards "
                    "off the top of your deck."),
    "stack": said("Lesson: in the advanced game your played cards go under your deck in the "
                  "order you choose, so you decide when you will draw them again."),
    "extra": said("Lesson: every card you played was stopped, so you may play once more right "
                  "away, before anyone draws."),
}
"""One introduction per kind of decision (``decisions.KINDS``); the deal and the learner's
line are in ``lesson.json`` beside this module (``bot.engine.lesson.lesson_beside``)."""
