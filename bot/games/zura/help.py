"""Zura rules help by topic, in our own words (``/rules zura``).

The rulebook stays the authority and the engine enforces it whatever these texts say. A
topic may name a moment of play that illustrates it (``shows``): a test on the public view
that returns a caption when the moment is there; ``/rules`` draws that table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.engine.help import Topic, dict_where, first_phase, phase
from bot.engine.types import View


def zura_stacks(test: Callable[[Mapping[str, Any]], bool], caption: str
             ) -> Callable[[View], str | None]:
    return lambda view: caption if any(test(s) for s in view.get("stacks") or []) else None


def zura_stack_top(ability: str) -> Callable[[View], str | None]:
    def shows(view: View) -> str | None:
        for stack in view.get("stacks") or []:
            top = stack.get("top") or {}
            if top.get("ability") == ability:
                return f"A player has {top['name']} on top of their stack."
        return None
    return shows



TOPICS: dict[str, Topic[View]] = {
    "overview": Topic(
        "Travel through three landscapes (forest, mountain, cave) to free the Tzerzurians "
        "sealed in the search area. Freed cards go on a stack in front of you; only the top "
        "one's power works for you. Most adventure points at the end wins.", first_phase),
    "setup": Topic(
        "Each player gets 5 travel cards; one travel card starts the face-up discard pile. "
        "Eight sealed Tzerzurians lie face down in two rows of four (A1–A4, B1–B4): the "
        "search area. The rest of the Tzerzurians wait face down in their own deck.",
        first_phase),
    "turn": Topic(
        "Two steps, both required: draw back up to 6 travel cards (see `draw`), then discard "
        "one or more cards of a single landscape (see `discard`). How many you discard "
        "decides what happens in the search area.",
        phase("draw", "A player is about to draw.")),
    "draw": Topic(
        "Refill your hand to 6. Your first card may be the top of the discard pile; the rest "
        "come from the travel deck. When the deck runs dry, the discard pile is shuffled "
        "into a new deck.", phase("draw", "A player is about to draw.")),
    "discard": Topic(
        "Throw away cards of one landscape: 1–2 cards do nothing (but thin your hand), 3 "
        "flip one search card, 4 flip two, 5 peek at one first and then flip two, 6 also let "
        "you steal the top card of an opponent's stack.",
        dict_where(lambda d: d.get("discarded") is not None and "peeks_left" in d,
                   "A player has just discarded.")),
    "flips": Topic(
        "A flipped Tzerzurian of the landscape you discarded is yours; the Hermit and a pair "
        "of Imps come along whatever you discarded. Unclaimed cards are turned face down "
        "again at the end of the turn and the area is refilled to eight.",
        dict_where(lambda d: d.get("state") == "up", "A search card lies face up.")),
    "peek": Topic(
        "Look at one face-down search card without showing it. Everyone sees which slot you "
        "looked at, not what is there.",
        dict_where(lambda d: bool(d.get("peeked_by")), "Someone has peeked at a slot.")),
    "steal": Topic(
        "Take the top card of an opponent's stack and put it on yours (with a 6-card discard, "
        "or with a steal power). Their next card becomes their top card again.",
        zura_stacks(lambda s: s["size"] >= 2,
                    "A stack with several cards: only the top one counts for powers.")),
    "stack": Topic(
        "Claimed Tzerzurians pile up in front of you, newest on top. Only the top card's "
        "power is yours, but every card scores. When you claim several at once, you choose "
        "which ends on top.",
        zura_stacks(lambda s: s["size"] >= 2, "A stack with several cards.")),
    "hermit": Topic(
        "The Hermit (1 point) is no Tzerzurian, but whoever flips him takes him, whatever "
        "they discarded. His power: draw up to 7 cards instead of 6.",
        dict_where(lambda d: d.get("name") == "The Hermit", "The Hermit is in view.")),
    "imps": Topic(
        "Zuran Imps cost 2 points each and only come in pairs: a lone Imp stays face up in "
        "the search area until someone flips the second; that player takes both, along with "
        "whatever else they found. An Imp's power lets you look at the top travel card.",
        dict_where(lambda d: bool(d.get("lone_imp")), "A lone Imp waits face up.")),
    "variable": Topic(
        "Each landscape has one card worth X: the number of players plus one per card of its "
        "colour in its owner's collection, itself included.",
        dict_where(lambda d: d.get("points") == "X" or d.get("variable") is True,
                   "A variable card is in view.")),
    "abilities": Topic(
        "Eight powers, used only while the card is on top of your stack: `peek4`, `steal5`, "
        "`extra12`, `restack`, `hand7`, `discard2`, `scry`, `swap` (each has its own topic). "
        "They come on top of the normal effects of your discard.",
        zura_stacks(lambda s: s["top"] is not None, "A stack shows its top card's power.")),
    "peek4": Topic("When you discard 4 or more cards, you also peek at one search card.",
                   zura_stack_top("peek4")),
    "steal5": Topic("When you discard 5 or more cards, you may also steal the top card of an "
                    "opponent's stack.", zura_stack_top("steal5")),
    "extra12": Topic("When you discard only 1 or 2 cards, you may throw away one more card "
                     "of another landscape (it does not count towards flips).",
                     zura_stack_top("extra12")),
    "restack": Topic("Once in your turn, before discarding, move any card of your stack to "
                     "its top (and so choose which power you have).",
                     zura_stack_top("restack")),
    "hand7": Topic("You refill your hand to 7 cards instead of 6.", zura_stack_top("hand7")),
    "discard2": Topic("When you draw, up to 2 of your cards may come from the discard pile.",
                      zura_stack_top("discard2")),
    "scry": Topic("At the start of your turn, look at the top travel card and leave it there "
                  "or send it to the bottom of the deck.", zura_stack_top("scry")),
    "swap": Topic("Once in your turn, before discarding: pick an opponent; you each give the "
                  "other one travel card of your choice.", zura_stack_top("swap")),
    "end": Topic(
        "When the Tzerzurian deck can no longer refill the search area, the game is about to "
        "end: the player who emptied it is done, and everyone else plays one last turn. Then "
        "add up your points (Imps count −2 each); the most points wins.",
        lambda view: "The final table." if view.get("over") else None),
}
