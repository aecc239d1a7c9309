"""Every sentence Zura's log can say, each in the form for its subject and for anyone else.

``{player}`` is the seat whose turn it is; ``{cards}`` a counted set ("2 Forest cards").
"""

from __future__ import annotations

from bot.engine import Sentence

P = ("player",)
WITH = ("player", "partner")

TURN = Sentence("{player}'s turn.", "Your turn.", P)
TAKE = Sentence("{player} takes a {land} from the discard pile.",
                "You take a {land} from the discard pile.", P)
RESHUFFLE = Sentence("The discard pile ({cards} cards) is shuffled into a new travel deck.")
DRAW = Sentence("{player} draws {cards}.", "You draw {cards}.", P)
DREW = Sentence("{player} drew: {lands}.", "You drew: {lands}.", P)
DISCARD = Sentence("{player} discards {cards}.", "You discard {cards}.", P)
DISCARD_EXTRA = Sentence("{player} also throws away a {land}.", "You also throw away a {land}.",
                         P)
PEEK = Sentence("{player} peeks at {slot}.", "You peek at {slot}.", P)
PEEKED = Sentence("{slot} is {card}.")
FLIP = Sentence("{player} flips {slot}: {card}.", "You flip {slot}: {card}.", P)
CLAIM = Sentence("{player} claims {card}.", "You claim {card}.", P)
STEAL = Sentence("{player} takes {card} from {victim}.", "You take {card} from {victim}.",
                 ("player", "victim"), {"victim": "{player} takes {card} from you."})
STACK = Sentence("{player} now shows {card} on top.", "You now show {card} on top.", P)
RESTACK = Sentence("{player} puts {card} on top of their stack.",
                   "You put {card} on top of your stack.", P)
SCRY_TOP = Sentence("{player} looks at the top travel card and puts it back on top.",
                    "You look at the top travel card and put it back on top.", P)
SCRY_BOTTOM = Sentence("{player} looks at the top travel card and puts it at the bottom.",
                       "You look at the top travel card and put it at the bottom.", P)
SWAP_START = Sentence("{player} trades a card with {partner}.", "You trade a card with {partner}.",
                      WITH, {"partner": "{player} trades a card with you."})
SWAP = Sentence("{player} and {partner} trade one travel card.",
                "You and {partner} trade one travel card.", WITH,
                {"partner": "{player} and you trade one travel card."})
SWAPPED = Sentence("{player} gave a {gave} and got a {got}.", "You gave a {gave} and got a {got}.",
                   P)
LAST_ROUND = Sentence(
    "The Tzerzurian pile is empty: every player but {player} plays one last turn.",
    "The Tzerzurian pile is empty: every other player plays one last turn.", P)
OVER = Sentence("The search is over.")
