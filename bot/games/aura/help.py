"""Aura rules help by topic, in our own words (``/rules aura``).

The rulebook stays the authority and the engine enforces it whatever these texts say. A
topic may name a moment of play that illustrates it (``shows``): a test on the public view
that returns a caption when the moment is there; ``/rules`` draws that table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from bot.engine.help import Topic, first_phase, phase
from bot.engine.said import Said, said
from bot.games.aura.view import AuraView, Card, Table

Shows = Callable[[AuraView], Said | None]


def aura_table(test: Callable[[Table], bool], caption: Said) -> Shows:
    """Cards on the table that pass ``test``."""
    return lambda view: caption if view["table"] is not None and test(view["table"]) else None


def _face_up(table: Table) -> Iterator[Card]:
    """The face-up cards on the table: the active player's, then every block."""
    shown = [slot["card"] for slot in table["cards"]]
    shown += [cell["card"] for row in table["blockers"] for cell in row["cells"] if cell]
    return (card for card in shown if card is not None and "back" not in card)


def aura_card(test: Callable[[Card], bool], caption: Said) -> Shows:
    """A card on the table (not among the draws for the starting player)."""
    return aura_table(lambda table: any(map(test, _face_up(table))), caption)


def _blocks_down(table: Table) -> bool:
    return not table["revealed"] and any(cell for row in table["blockers"]
                                         for cell in row["cells"])


def _trumped(table: Table) -> bool:
    return table["revealed"] and any(cell is not None and cell["beats"] == "trump"
                                     for row in table["blockers"] for cell in row["cells"])


TOPICS: dict[str, Topic[AuraView]] = {
    "overview": Topic(
        said("Make the others throw cards out of the game and keep your own. At the end, the "
             "player with the most cards left in deck and hand wins."), first_phase, 3),
    "setup": Topic(
        said("Everyone plays their own deck (40 numbers in five colours, 5 wilds, 5 actions) with "
             "the Aura card at the bottom, and draws 8. The starting player is found by drawing a "
             "card each: highest first (an action counts 9, a wild 8)."), first_phase, 3),
    "turn": Topic(
        said("Five phases: play (the active player), block (everyone else), reveal, discard, and "
             "cleanup with drawing. Each has its own topic."),
        phase("play", said("The active player is choosing cards.")), 3),
    "play": Topic(
        said("The active player lays 2–5 cards face down: either all one colour, or all different "
             "colours. They are laid in a random order, not the order picked, so where a card lies "
             "tells nobody what it is; you are told which card lies where. The backs (and so which "
             "deck they came from) are public."),
        aura_table(lambda t: not t["revealed"], said("Cards lie face down.")), 3),
    "blocking": Topic(
        said("In turn order, each other player may put up to as many cards face down, each in "
             "front of one of the active player's cards. Any cards will do; only some will block. "
             "A block works for its owner alone."),
        aura_table(_blocks_down, said("Blocks lie face down in front of the cards.")), 3),
    "trumps": Topic(
        said("A card is blocked by a higher card of its own colour, or by any card of the colour "
             "that trumps it: red over purple, purple over green, green over beige, beige over "
             "blue, blue over red. Actions count as 9 of their colour: only a trump beats them."),
        aura_table(_trumped, said("A block by trump colour.")), 3),
    "chains": Topic(
        said("Active cards with the same number form a chain. If any card of a chain gets through "
             "a player's blocks, the whole chain counts as unblocked for that player."),
        aura_table(lambda t: t["revealed"] and any(s["chain"] is not None for s in t["cards"]),
                   said("Cards of one number chain.")), 3),
    "reveal": Topic(
        said("All played cards turn face up. In turn order from the active player, each player "
             "resolves their own actions (in the order they like) and names the number of each of "
             "their wilds."),
        phase("reveal", said("Cards are revealed and effects resolve.")), 3),
    "wilds": Topic(
        said("A wild has its colour but no number until its owner names one (1–8) after the "
             "reveal, choosing whatever suits them best: a chain, or a higher block."),
        aura_card(lambda d: d["kind"] == "wild" and d["value"] is not None,
                   said("A wild with its chosen number.")), 3),
    "actions": Topic(
        said("Five action cards, one per colour: Return (red), Trade (purple), Double (green), "
             "Reverse (beige), Block (blue). They work when revealed; each has its own topic. They "
             "are left out in the beginner variant."),
        aura_card(lambda d: d["kind"] == "action",
                   said("An action card is on the table.")), 3),
    "return": Topic(said("Revealed, it lets you send any one card on the table (even itself) back "
                         "to its owner's hand. That can leave an active player fully blocked."),
                    aura_card(lambda d: d["action"] == "return", said("Return in play.")), 3),
    "trade": Topic(said("Revealed, it swaps places with a card from your own discard pile, which "
                        "comes into play where Trade was (its effect happens at once). With an "
                        "empty pile nothing happens. It is the one way around the colour rule."),
                   aura_card(lambda d: d["action"] == "trade", said("Trade in play.")), 3),
    "double": Topic(said("While revealed, every blocking player discards twice as many cards this "
                         "turn. Two Doubles still only double."),
                    aura_card(lambda d: d["action"] == "double", said("Double in play.")), 3),
    "reverse": Topic(said("While revealed, blocked and unblocked swap for everyone: you discard "
                          "for the cards you stopped. Two Reverses cancel out. With a chain, you "
                          "only pay for it if you blocked every card of it."),
                     aura_card(lambda d: d["action"] == "reverse", said("Reverse in play.")),
                     3),
    "block": Topic(said("Revealed by a blocking player, it stops all of the active player's cards "
                        "for that player (under Reverse, that means paying for all of them). "
                        "Played by the active player it is just a blue 9."),
                   aura_card(lambda d: d["action"] == "block", said("Block in play.")), 3),
    "discard": Topic(
        said("Each blocking player discards one card per active card that got through (not its "
             "value): from their blocks on the table, their hand, or the top of their deck (pick "
             "how many first, then see them). Discards leave the game. The active player never "
             "discards."), phase("discard", said("Blocking players discard.")), 3),
    "cleanup": Topic(
        said("Cards still on the table go to the bottom of their owner's deck. Then everyone draws "
             "up to 5 cards, never above 8 in hand, and never fewer than they can.")),
    "aura-card": Topic(
        said("The Aura card starts at the bottom of your deck. The first time it comes to the top, "
             "it goes aside, your deck is shuffled (not in the advanced variant) and it goes back "
             "to the bottom. The second time ends the game after that turn."),
        lambda view: said("An Aura card has surfaced once.") if any(
            seat["aura_surfaced"] == 1 for seat in view["seats"]) else None, 3),
    "additional-turn": Topic(
        said("If some player blocked every one of the active player's cards, the active player "
             "plays again at once (no drawing in between), but never twice in a row."),
        lambda view: said("An additional turn.") if view["additional_turn"] else None, 3),
    "end": Topic(
        said("The game ends after the turn in which an Aura card shows up a second time, or "
             "someone cannot draw. Most cards in deck and hand wins; ties go to fewer action and "
             "wild cards discarded, then to the lower total of discarded numbers (wilds and "
             "actions count 0)."), phase("over", said("The final table.")), 3),
    "variants": Topic(
        said("Match options at /play: `beginner` (no action cards), `advanced` (no shuffle when "
             "the Aura card surfaces, so you can stack your deck), `simultaneous_blocks` (everyone "
             "blocks at once: quicker in play-by-post)."), first_phase, 3),
}
