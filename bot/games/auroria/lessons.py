"""Auroria Codex's first match that teaches (``/learn auroria``): the deal in ``lesson.json``
(a short game from low Influence, with one card of its own: Spark Caller, whose effect on
play needs a target) and the introduction of each kind of decision, said in the prompt the
first time it comes up."""

from __future__ import annotations

from bot.engine.said import said

INTROS = {
    "mulligan": said("Lesson: your opening hand. Keep the cards you want; the others go back "
                     "and you draw new ones."),
    "draw": said("Lesson: the Draw Phase. Draw a card, or skip the draw: a player who must "
                 "draw from an empty deck loses."),
    "energy": said("Lesson: Energy pays for your cards. Once a turn you may place an Energy "
                   "card from your hand; each ready Energy pays 1."),
    "main": said("Lesson: the Main Phase. Play creatures, spells and items that your Energy "
                 "pays for, or go to battle when you are ready."),
    "window": said("Lesson: the chain. Your opponent acted: you may respond now, before it "
                   "resolves, with a Counter or a card of your own, or pass."),
    "battle": said("Lesson: the Battle Phase. Ready creatures in your front line can attack; "
                   "end the turn when you are done."),
    "target": said("Lesson: choose what your attacker hits: a creature, or the enemy leader "
                   "to take away Influence. At 0 Influence a player loses."),
    "block": said("Lesson: you are attacked. A ready creature of yours can block and take the "
                  "hit instead, or let it through."),
    "order": said("Lesson: several effects trigger at once. Choose their order: the first "
                  "you pick resolves first."),
    "ttarget": said("Lesson: a card's triggered effect needs a target. Choose which card it "
                    "acts on."),
    "build": said("Lesson: the lines. Creatures in the front line attack and block; the back "
                  "line keeps them out of reach. Choose where the card goes, or what it "
                  "targets."),
    "op": said("Lesson: the effect asks you to choose. Pick what it does, or which cards it "
               "takes."),
}
"""One introduction per kind of decision (``decisions.KINDS``); the deal and the learner's
line are in ``lesson.json`` beside this module (``bot.engine.lesson.lesson_beside``)."""
