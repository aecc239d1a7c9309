"""Every sentence of Aura's log, read by its subject and by anyone else, written out in full."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.aura import sentences
from tests.games.told import Row, check_row, made_elsewhere, uncovered

ANN, BO, CY = 0, 1, 2
ROWS: list[Row] = [
    ("TURN", {"player": ANN, "turn": 3}, ANN, "Turn 3: you are the active player."),
    ("TURN", {"player": ANN, "turn": 3}, CY, "Turn 3: Ann is the active player."),
    ("BONUS_TURN", {"player": ANN}, ANN, "You take an additional turn."),
    ("BONUS_TURN", {"player": ANN}, CY, "Ann takes an additional turn."),
    ("PASS", {"player": ANN}, ANN, "You pass the additional turn."),
    ("PASS", {"player": ANN}, CY, "Ann passes the additional turn."),
    ("DRAW", {"player": ANN, "cards": "2 cards"}, ANN, "You draw 2 cards."),
    ("DRAW", {"player": ANN, "cards": "2 cards"}, CY, "Ann draws 2 cards."),
    ("DRAW", {"player": ANN, "cards": "Red 7, Blue 3"}, ANN, "You draw Red 7, Blue 3."),
    ("SHORT", {"player": ANN}, ANN, "You cannot draw enough."),
    ("SHORT", {"player": ANN}, CY, "Ann cannot draw enough."),
    ("SHORT_LAST", {"player": ANN}, ANN, "You cannot draw enough: this is the last turn."),
    ("SHORT_LAST", {"player": ANN}, CY, "Ann cannot draw enough: this is the last turn."),
    ("AURA_BOTTOM", {"player": ANN}, ANN,
     "Your Aura card surfaces and goes back to the bottom."),
    ("AURA_BOTTOM", {"player": ANN}, CY, "Ann's Aura card surfaces and goes back to the bottom."),
    ("AURA_SHUFFLED", {"player": ANN}, ANN,
     "Your Aura card surfaces: your deck is shuffled and the Aura card goes back to the bottom."),
    ("AURA_SHUFFLED", {"player": ANN}, CY,
     "Ann's Aura card surfaces: the deck is shuffled and the Aura card goes back to the bottom."),
    ("AURA_AGAIN", {"player": ANN}, ANN, "Your Aura card surfaces again."),
    ("AURA_AGAIN", {"player": ANN}, CY, "Ann's Aura card surfaces again."),
    ("AURA_AGAIN_LAST", {"player": ANN}, ANN,
     "Your Aura card surfaces again: this is the last turn."),
    ("AURA_AGAIN_LAST", {"player": ANN}, CY,
     "Ann's Aura card surfaces again: this is the last turn."),
    ("SHUFFLE", {}, ANN, ""),
    ("PLAY", {"player": ANN, "cards": "3 cards"}, ANN, "You play 3 cards face down."),
    ("PLAY", {"player": ANN, "cards": "3 cards"}, CY, "Ann plays 3 cards face down."),
    ("PLAYED", {"player": ANN, "cards": "Red 7, Red 2"}, ANN, "You play Red 7, Red 2."),
    ("PLAYED", {"player": ANN, "cards": "Red 7, Red 2"}, CY, "Ann plays Red 7, Red 2."),
    ("BLOCK", {"player": ANN, "active": BO, "position": 2}, ANN,
     "You block Bo's card 2 face down."),
    ("BLOCK", {"player": ANN, "active": BO, "position": 2}, BO,
     "Ann blocks your card 2 face down."),
    ("BLOCK", {"player": ANN, "active": BO, "position": 2}, CY,
     "Ann blocks Bo's card 2 face down."),
    ("BLOCKED_WITH", {"player": ANN, "active": BO, "position": 1, "card": "Red 5"}, ANN,
     "You block Bo's card 1 with Red 5."),
    ("BLOCKED_WITH", {"player": ANN, "active": BO, "position": 1, "card": "Red 5"}, BO,
     "Ann blocks your card 1 with Red 5."),
    ("BLOCKED_WITH", {"player": ANN, "active": BO, "position": 1, "card": "Red 5"}, CY,
     "Ann blocks Bo's card 1 with Red 5."),
    ("BLOCK_DONE", {"player": ANN}, ANN, "You place no more blocks."),
    ("BLOCK_DONE", {"player": ANN}, CY, "Ann places no more blocks."),
    ("REVEAL", {"rows": "Player 1: Red 7; Player 2: Red 5"}, CY,
     "Revealed. Ann: Red 7; Bo: Red 5."),
    ("RETURN", {"player": ANN, "owner": BO, "card": "Red 7"}, ANN,
     "Your Return sends Red 7 back to Bo's hand."),
    ("RETURN", {"player": ANN, "owner": BO, "card": "Red 7"}, BO,
     "Ann's Return sends Red 7 back to your hand."),
    ("RETURN", {"player": ANN, "owner": BO, "card": "Red 7"}, CY,
     "Ann's Return sends Red 7 back to Bo's hand."),
    ("RETURN", {"player": ANN, "owner": ANN, "card": "Red 7"}, ANN,
     "Your Return sends Red 7 back to your hand."),
    ("RETURN_NOTHING", {"player": ANN}, ANN, "Your Return sends nothing back."),
    ("RETURN_NOTHING", {"player": ANN}, CY, "Ann's Return sends nothing back."),
    ("TRADE", {"player": ANN, "card": "Blue 4"}, ANN,
     "You trade the Trade card for Blue 4 from the discard pile."),
    ("TRADE", {"player": ANN, "card": "Blue 4"}, CY,
     "Ann trades the Trade card for Blue 4 from the discard pile."),
    ("TRADE_KEEP", {"player": ANN}, ANN, "You keep the Trade card."),
    ("TRADE_KEEP", {"player": ANN}, CY, "Ann keeps the Trade card."),
    ("TRADE_EMPTY", {"player": ANN}, ANN, "Your Trade finds an empty discard pile."),
    ("TRADE_EMPTY", {"player": ANN}, CY, "Ann's Trade finds an empty discard pile."),
    ("WILD", {"player": ANN, "card": "Purple wild", "value": 8}, ANN,
     "You name the Purple wild 8."),
    ("WILD", {"player": ANN, "card": "Purple wild", "value": 8}, CY,
     "Ann names the Purple wild 8."),
    ("OWES", {"player": ANN, "cards": "2 cards"}, ANN, "You must discard 2 cards."),
    ("OWES", {"player": ANN, "cards": "2 cards"}, CY, "Ann must discard 2 cards."),
    ("BLOCKED_ALL", {"player": ANN}, ANN, "You stopped every card."),
    ("BLOCKED_ALL", {"player": ANN}, CY, "Ann stopped every card."),
    ("DISCARD", {"player": ANN, "cards": "Green 1, Blue 3", "count": "0 cards"}, ANN,
     "You discard Green 1, Blue 3."),
    ("DISCARD", {"player": ANN, "cards": "Green 1, Blue 3", "count": "0 cards"}, CY,
     "Ann discards Green 1, Blue 3."),
    ("DISCARD_TOP", {"player": ANN, "cards": "", "count": "1 card"}, ANN,
     "You discard 1 card from the top of your deck."),
    ("DISCARD_TOP", {"player": ANN, "cards": "", "count": "1 card"}, CY,
     "Ann discards 1 card from the top of their deck."),
    ("DISCARD_BOTH", {"player": ANN, "cards": "Red 5", "count": "2 cards"}, ANN,
     "You discard Red 5 and 2 cards from the top of your deck."),
    ("DISCARD_BOTH", {"player": ANN, "cards": "Red 5", "count": "2 cards"}, CY,
     "Ann discards Red 5 and 2 cards from the top of their deck."),
    ("DISCARDED_TOP", {"player": ANN, "cards": "Red 3"}, ANN, "From your deck you discard Red 3."),
    ("DISCARDED_TOP", {"player": ANN, "cards": "Red 3"}, CY,
     "From the top of their deck Ann discards Red 3."),
    ("CLEANUP", {"player": ANN, "cards": "1 card"}, ANN, "You put 1 card under your deck."),
    ("CLEANUP", {"player": ANN, "cards": "1 card"}, CY, "Ann puts 1 card under their deck."),
    ("OVER", {}, CY, "The game is over; every discard pile is turned face up."),
]


@pytest.mark.parametrize("row", ROWS, ids=[f"{r[0]}-{r[2]}" for r in ROWS])
def test_each_reader_reads_a_sentence_that_agrees_with_them(row: Row) -> None:
    check_row(sentences, row)


def test_every_sentence_has_a_row_for_every_reader() -> None:
    assert uncovered(sentences, ROWS) == {}


def test_every_sentence_of_the_log_is_in_the_table() -> None:
    assert made_elsewhere(Path(sentences.__file__).parent) == []
