"""Zura rules help by topic, in our own words (``/rules zura``).

The rulebook stays the authority and the engine enforces it whatever these texts say. A
topic may name a moment of play that illustrates it (``shows``): a test on the public view
that returns a caption when the moment is there; ``/rules`` draws that table. Each
ability's topic is its handler's (``abilities``), so a new ability brings its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from bot.engine.help import Topic, first_phase
from bot.engine.said import Said, said, said_n
from bot.games.zura.abilities import ABILITIES
from bot.games.zura.view import Stack, TzCard, ZView

Shows = Callable[[ZView], Said | None]


def _phase(name: str, caption: Said) -> Shows:
    return lambda view: caption if view["phase"] == name else None


def _cards(view: ZView) -> Iterator[TzCard]:
    """Every Tzerzurian face in view: the search area, stack tops, this turn's claims."""
    for slot in view["search"]["slots"]:
        if "card" in slot:
            yield slot["card"]
        if "seen" in slot:
            yield slot["seen"]
    yield from (stack["top"] for stack in view["stacks"] if stack["top"] is not None)
    yield from view["this_turn"]["gained"]
    yield from view["my_stack"] or []


def _card(test: Callable[[TzCard], bool], caption: Said) -> Shows:
    return lambda view: caption if any(test(c) for c in _cards(view)) else None


def _stacks(test: Callable[[Stack], bool], caption: Said) -> Shows:
    return lambda view: caption if any(test(s) for s in view["stacks"]) else None


def _stack_top(ability: str) -> Shows:
    """A stack with ``ability`` on top; the caption names the card, not who owns it."""
    def shows(view: ZView) -> Said | None:
        for stack in view["stacks"]:
            top = stack["top"]
            if top is not None and top["ability"] == ability:
                return said("{card} is on top of a stack: its power is in play.",
                            card=Said(top["name"]))
        return None
    return shows


def topics() -> dict[str, Topic[ZView]]:
    """The topics, ``overview`` first, one per ability in ``ABILITIES``."""
    return {
        **_BEFORE,
        "abilities": Topic(
            said_n("The cards have {n} power, used only while its card is on top of your stack: "
                   "{powers} (it has its own topic). It comes on top of the normal effects of "
                   "your discard.",
                   "The cards have {n} powers, each used only while its card is on top of your "
                   "stack: {powers} (each has its own topic). They come on top of the normal "
                   "effects of your discard.",
                   len(ABILITIES), powers=tuple(f"`{key}`" for key in ABILITIES)),
            _stacks(lambda s: s["top"] is not None, said("A stack shows its top card's power."))),
        **{key: Topic(ability.topic, _stack_top(key)) for key, ability in ABILITIES.items()},
        "end": Topic(
            said("When the Tzerzurian deck can no longer refill the search area, the game is about "
                 "to end: the player who emptied it is done, and everyone else plays one last "
                 "turn. Then add up your points (Imps count −2 each); the most points wins."),
            lambda view: said("The final table.") if view["over"] else None),
    }


_BEFORE: dict[str, Topic[ZView]] = {
    "overview": Topic(
        said("Travel through three landscapes (forest, mountain, cave) to free the Tzerzurians "
             "sealed in the search area. Freed cards go on a stack in front of you; only the top "
             "one's power works for you. Most adventure points at the end wins."), first_phase),
    "setup": Topic(
        said("Each player gets 5 travel cards; one travel card starts the face-up discard pile. "
             "Eight sealed Tzerzurians lie face down in two rows of four (A1–A4, B1–B4): the "
             "search area. The rest of the Tzerzurians wait face down in their own deck."),
        first_phase),
    "turn": Topic(
        said("Two steps, both required: draw back up to 6 travel cards (see `draw`), then discard "
             "one or more cards of a single landscape (see `discard`). How many you discard "
             "decides what happens in the search area."),
        _phase("draw", said("A player is about to draw."))),
    "draw": Topic(
        said("Refill your hand to 6. Your first card may be the top of the discard pile; the rest "
             "come from the travel deck. When the deck runs dry, the discard pile is shuffled into "
             "a new deck."), _phase("draw", said("A player is about to draw."))),
    "discard": Topic(
        said("Throw away cards of one landscape: 1–2 cards do nothing (but thin your hand), 3 flip "
             "one search card, 4 flip two, 5 peek at one first and then flip two, 6 also let you "
             "steal the top card of an opponent's stack."),
        lambda view: (said("A player has just discarded.")
                      if view["this_turn"]["discarded"] is not None else None)),
    "flips": Topic(
        said("A flipped Tzerzurian of the landscape you discarded is yours; the Hermit and a pair "
             "of Imps come along whatever you discarded. Unclaimed cards are turned face down "
             "again at the end of the turn and the area is refilled to eight."),
        lambda view: (said("A search card lies face up.")
                      if any(s["state"] == "up" for s in view["search"]["slots"]) else None)),
    "peek": Topic(
        said("Look at one face-down search card without showing it. Everyone sees which slot you "
             "looked at, not what is there."),
        lambda view: (said("Someone has peeked at a slot.")
                      if any(s["peeked_by"] for s in view["search"]["slots"]) else None)),
    "steal": Topic(
        said("Take the top card of an opponent's stack and put it on yours (with a 6-card discard, "
             "or with a steal power). Their next card becomes their top card again."),
        _stacks(lambda s: s["size"] >= 2,
                said("A stack with several cards: only the top one counts for powers."))),
    "stack": Topic(
        said("Claimed Tzerzurians pile up in front of you, newest on top. Only the top card's "
             "power is yours, but every card scores. When you claim several at once, you choose "
             "which ends on top."),
        _stacks(lambda s: s["size"] >= 2, said("A stack with several cards."))),
    "hermit": Topic(
        said("The Hermit (1 point) is no Tzerzurian, but whoever flips him takes him, whatever "
             "they discarded. His power: draw up to 7 cards instead of 6."),
        _card(lambda c: c["kind"] == "hermit", said("The Hermit is in view."))),
    "imps": Topic(
        said("Zuran Imps cost 2 points each and only come in pairs: a lone Imp stays face up in "
             "the search area until someone flips the second; that player takes both, along with "
             "whatever else they found. An Imp's power lets you look at the top travel card."),
        lambda view: (said("A lone Imp waits face up.")
                      if any(s["lone_imp"] for s in view["search"]["slots"]) else None)),
    "variable": Topic(
        said("Each landscape has one card worth X: the number of players plus one per card of its "
             "colour in its owner's collection, itself included."),
        _card(lambda c: c["points"] == "X", said("A variable card is in view."))),
}
