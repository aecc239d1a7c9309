"""Every sentence of Zura's log, read by its subject and by anyone else, written out in full."""

from __future__ import annotations

from bot.games.zura import sentences
from tests.games.told import Row, sentence_checks

ANN, BO, CY = 0, 1, 2
ROWS: list[Row] = [
    ("TURN", {"player": ANN}, ANN, "Your turn."),
    ("TURN", {"player": ANN}, CY, "Ann's turn."),
    ("TAKE", {"player": ANN, "land": "Desert"}, ANN, "You take a Desert from the discard pile."),
    ("TAKE", {"player": ANN, "land": "Desert"}, CY, "Ann takes a Desert from the discard pile."),
    ("RESHUFFLE", {"cards": 12}, ANN,
     "The discard pile (12 cards) is shuffled into a new travel deck."),
    ("DRAW", {"player": ANN, "cards": "2 travel cards"}, ANN, "You draw 2 travel cards."),
    ("DRAW", {"player": ANN, "cards": "1 travel card"}, CY, "Ann draws 1 travel card."),
    ("DREW", {"player": ANN, "lands": "Desert, Forest"}, ANN, "You drew: Desert, Forest."),
    ("DREW", {"player": ANN, "lands": "Desert, Forest"}, CY, "Ann drew: Desert, Forest."),
    ("DISCARD", {"player": ANN, "cards": "3 Forest cards"}, ANN, "You discard 3 Forest cards."),
    ("DISCARD", {"player": ANN, "cards": "3 Forest cards"}, CY, "Ann discards 3 Forest cards."),
    ("DISCARD_EXTRA", {"player": ANN, "land": "Cave"}, ANN, "You also throw away a Cave."),
    ("DISCARD_EXTRA", {"player": ANN, "land": "Cave"}, CY, "Ann also throws away a Cave."),
    ("PEEK", {"player": ANN, "slot": "A2"}, ANN, "You peek at A2."),
    ("PEEK", {"player": ANN, "slot": "A2"}, CY, "Ann peeks at A2."),
    ("PEEKED", {"slot": "A2", "card": "Oasis"}, ANN, "A2 is Oasis."),
    ("FLIP", {"player": ANN, "slot": "B1", "card": "Hermit"}, ANN, "You flip B1: Hermit."),
    ("FLIP", {"player": ANN, "slot": "B1", "card": "Hermit"}, CY, "Ann flips B1: Hermit."),
    ("CLAIM", {"player": ANN, "card": "Hermit"}, ANN, "You claim Hermit."),
    ("CLAIM", {"player": ANN, "card": "Hermit"}, CY, "Ann claims Hermit."),
    ("STEAL", {"player": ANN, "victim": BO, "card": "Oasis"}, ANN, "You take Oasis from Bo."),
    ("STEAL", {"player": ANN, "victim": BO, "card": "Oasis"}, BO, "Ann takes Oasis from you."),
    ("STEAL", {"player": ANN, "victim": BO, "card": "Oasis"}, CY, "Ann takes Oasis from Bo."),
    ("STACK", {"player": ANN, "card": "Oasis"}, ANN, "You now show Oasis on top."),
    ("STACK", {"player": ANN, "card": "Oasis"}, CY, "Ann now shows Oasis on top."),
    ("RESTACK", {"player": ANN, "card": "Oasis"}, ANN, "You put Oasis on top of your stack."),
    ("RESTACK", {"player": ANN, "card": "Oasis"}, CY, "Ann puts Oasis on top of their stack."),
    ("SCRY_TOP", {"player": ANN}, ANN, "You look at the top travel card and put it back on top."),
    ("SCRY_TOP", {"player": ANN}, CY,
     "Ann looks at the top travel card and puts it back on top."),
    ("SCRY_BOTTOM", {"player": ANN}, ANN,
     "You look at the top travel card and put it at the bottom."),
    ("SCRY_BOTTOM", {"player": ANN}, CY,
     "Ann looks at the top travel card and puts it at the bottom."),
    ("SWAP_START", {"player": ANN, "partner": BO}, ANN, "You trade a card with Bo."),
    ("SWAP_START", {"player": ANN, "partner": BO}, BO, "Ann trades a card with you."),
    ("SWAP_START", {"player": ANN, "partner": BO}, CY, "Ann trades a card with Bo."),
    ("SWAP", {"player": ANN, "partner": BO}, ANN, "You and Bo trade one travel card."),
    ("SWAP", {"player": ANN, "partner": BO}, BO, "Ann and you trade one travel card."),
    ("SWAP", {"player": ANN, "partner": BO}, CY, "Ann and Bo trade one travel card."),
    ("SWAPPED", {"player": ANN, "gave": "Cave", "got": "Forest"}, ANN,
     "You gave a Cave and got a Forest."),
    ("SWAPPED", {"player": ANN, "gave": "Cave", "got": "Forest"}, CY,
     "Ann gave a Cave and got a Forest."),
    ("LAST_ROUND", {"player": ANN}, ANN,
     "The Tzerzurian pile is empty: every other player plays one last turn."),
    ("LAST_ROUND", {"player": ANN}, CY,
     "The Tzerzurian pile is empty: every player but Ann plays one last turn."),
    ("OVER", {}, CY, "The search is over."),
]


(test_each_reader_reads_a_sentence_that_agrees_with_them,
 test_every_sentence_has_a_row_for_every_reader,
 test_every_sentence_of_the_log_is_in_the_table) = sentence_checks(sentences, ROWS)
