"""Every sentence Aura's log can say, each in the form for its subject and for anyone else.

``{player}`` is the seat the sentence is about; ``{cards}`` a counted or listed set of cards
("2 cards", "Red 7, Blue 3").
"""

from __future__ import annotations

from bot.engine import Sentence

P = ("player",)

TURN = Sentence("Turn {turn}: {player} is the active player.",
                "Turn {turn}: you are the active player.", P)
BONUS_TURN = Sentence("{player} takes an additional turn.", "You take an additional turn.", P)
PASS = Sentence("{player} passes the additional turn.", "You pass the additional turn.", P)
DRAW = Sentence("{player} draws {cards}.", "You draw {cards}.", P)
SHORT = Sentence("{player} cannot draw enough.", "You cannot draw enough.", P)
SHORT_LAST = Sentence("{player} cannot draw enough: this is the last turn.",
                      "You cannot draw enough: this is the last turn.", P)
AURA_BOTTOM = Sentence("{player}'s Aura card surfaces and goes back to the bottom.",
                       "Your Aura card surfaces and goes back to the bottom.", P)
AURA_SHUFFLED = Sentence(
    "{player}'s Aura card surfaces: the deck is shuffled and the Aura card goes back to the "
    "bottom.",
    "Your Aura card surfaces: your deck is shuffled and the Aura card goes back to the bottom.",
    P)
AURA_AGAIN = Sentence("{player}'s Aura card surfaces again.", "Your Aura card surfaces again.",
                      P)
AURA_AGAIN_LAST = Sentence("{player}'s Aura card surfaces again: this is the last turn.",
                           "Your Aura card surfaces again: this is the last turn.", P)
SHUFFLE = Sentence("")
"""The deck's new order, recorded for replays and told to nobody."""
PLAY = Sentence("{player} plays {cards} face down.", "You play {cards} face down.", P)
PLAYED = Sentence("{player} plays {cards}.", "You play {cards}.", P)
BLOCKS = ("player", "active")
BLOCK = Sentence("{player} blocks {active}'s card {position} face down.",
                 "You block {active}'s card {position} face down.", BLOCKS,
                 {"active": "{player} blocks your card {position} face down."})
BLOCKED_WITH = Sentence("{player} blocks {active}'s card {position} with {card}.",
                        "You block {active}'s card {position} with {card}.", BLOCKS,
                        {"active": "{player} blocks your card {position} with {card}."})
BLOCK_DONE = Sentence("{player} places no more blocks.", "You place no more blocks.", P)
REVEAL = Sentence("Revealed: {player} shows {cards}.", "Revealed: you show {cards}.", P)
RETURN = Sentence("{player}'s Return sends {card} back to {owner}'s hand.",
                  "Your Return sends {card} back to {owner}'s hand.", ("player", "owner"),
                  {"owner": "{player}'s Return sends {card} back to your hand.",
                   "player+owner": "Your Return sends {card} back to your hand."})
RETURN_NOTHING = Sentence("{player}'s Return sends nothing back.",
                          "Your Return sends nothing back.", P)
TRADE = Sentence("{player} trades the Trade card for {card} from the discard pile.",
                 "You trade the Trade card for {card} from the discard pile.", P)
TRADE_KEEP = Sentence("{player} keeps the Trade card.", "You keep the Trade card.", P)
TRADE_EMPTY = Sentence("{player}'s Trade finds an empty discard pile.",
                       "Your Trade finds an empty discard pile.", P)
WILD = Sentence("{player} names the {card} {value}.", "You name the {card} {value}.", P)
OWES = Sentence("{player} must discard {cards}.", "You must discard {cards}.", P)
BLOCKED_ALL = Sentence("{player} stopped every card.", "You stopped every card.", P)
DISCARD = Sentence("{player} discards {cards}.", "You discard {cards}.", P)
DISCARD_TOP = Sentence("{player} discards {count} from the top of their deck.",
                       "You discard {count} from the top of your deck.", P)
DISCARD_BOTH = Sentence("{player} discards {cards} and {count} from the top of their deck.",
                        "You discard {cards} and {count} from the top of your deck.", P)
DISCARDED_TOP = Sentence("From the top of their deck {player} discards {cards}.",
                         "From your deck you discard {cards}.", P)
CLEANUP = Sentence("{player} puts {cards} under their deck.", "You put {cards} under your deck.",
                   P)
OVER = Sentence("The game is over; every discard pile is turned face up.")
