"""A hint in words (``bot.match.hints``): each answer as the player's own menu names it, with
its chance to win, said in the reader's language (the game's own sentences where it has
them, its English labels until then)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.discord import menus
from bot.engine.said import Said, said
from bot.match.hints import Hint
from bot.words import Language


def hint_lines(hint: Hint, names: Sequence[str], words: Language) -> list[Said]:
    """The hint's sentences: what it is, then one per answer, best first; seats called by
    ``names`` (cleaned)."""
    decision = hint.decision
    labels = dict(zip((o.key for o in decision.options), menus.texts(decision, names, words),
                      strict=True))
    lines = [said("The strong AI's view of this decision, from what you can see:")]
    for answer in hint.answers:
        percent = round(answer.chance * 100)
        if answer.choice:
            lines.append(said("{answer}: about {percent} % to win.",
                              answer=tuple(labels[key] for key in answer.choice),
                              percent=percent))
        else:
            lines.append(said("Choosing nothing: about {percent} % to win.", percent=percent))
    return lines
