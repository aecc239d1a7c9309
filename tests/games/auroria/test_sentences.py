"""Every sentence of Auroria's log, read by its subject and by anyone else, written out in
full (two seats: the other reader is the opponent, or a spectator)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.auroria import sentences
from tests.games.told import Row, check_row, made_elsewhere, uncovered

ANN, BO, NOBODY = 0, 1, None
BLOCKED = {"player": ANN, "cards": "Mossback", "line": "front", "room": "no card",
           "kept": "Stone Wall"}
ROWS: list[Row] = [
    ("GAME_START", {"n": 2, "player": ANN}, ANN, "Game 2 begins: you start."),
    ("GAME_START", {"n": 2, "player": ANN}, BO, "Game 2 begins: Ann starts."),
    ("KEEP", {"player": ANN, "cards": "7 cards"}, ANN, "You keep 7 cards."),
    ("KEEP", {"player": ANN, "cards": "7 cards"}, BO, "Ann keeps 7 cards."),
    ("MULLIGAN_FREE", {"player": ANN, "cards": "6 cards"}, ANN, "You mulligan 6 cards (free)."),
    ("MULLIGAN_FREE", {"player": ANN, "cards": "6 cards"}, BO, "Ann mulligans 6 cards (free)."),
    ("MULLIGAN", {"player": ANN, "cards": "1 card", "left": 5}, ANN,
     "You mulligan 1 card (now 5)."),
    ("MULLIGAN", {"player": ANN, "cards": "1 card", "left": 5}, BO,
     "Ann mulligans 1 card (now 5)."),
    ("TURN", {"turn": 4, "player": ANN}, ANN, "Turn 4: your turn."),
    ("TURN", {"turn": 4, "player": ANN}, BO, "Turn 4: Ann."),
    ("DRAW", {"player": ANN, "cards": "2 cards"}, ANN, "You draw 2 cards."),
    ("DRAW", {"player": ANN, "cards": "1 card"}, BO, "Ann draws 1 card."),
    ("DRAW_CARD", {"player": ANN, "card": "Thorn Cloak"}, ANN, "You draw Thorn Cloak."),
    ("DRAW_CARD", {"player": ANN, "card": "Thorn Cloak"}, NOBODY, "Ann draws Thorn Cloak."),
    ("DECK_OUT", {"player": ANN}, ANN, "You have no cards left to draw."),
    ("DECK_OUT", {"player": ANN}, BO, "Ann has no cards left to draw."),
    ("ENERGY", {"player": ANN}, ANN, "You place an Energy."),
    ("ENERGY", {"player": ANN}, BO, "Ann places an Energy."),
    ("PLAY", {"player": ANN, "card": "Mossback"}, ANN, "You play Mossback."),
    ("PLAY", {"player": ANN, "card": "Mossback"}, BO, "Ann plays Mossback."),
    ("ACTIVATE", {"player": ANN, "card": "Stone Wall"}, ANN, "You activate Stone Wall."),
    ("ACTIVATE", {"player": ANN, "card": "Stone Wall"}, BO, "Ann activates Stone Wall."),
    ("PAID", {"player": ANN, "cost": 3, "how": ""}, ANN, "You pay 3."),
    ("PAID", {"player": ANN, "cost": 3, "how": ""}, BO, "Ann pays 3."),
    ("PAID_WITH", {"player": ANN, "cost": 3, "how": "1 by Bloom, 2 by Potions"}, ANN,
     "You pay 3 (1 by Bloom, 2 by Potions)."),
    ("PAID_WITH", {"player": ANN, "cost": 3, "how": "1 by Bloom, 2 by Potions"}, BO,
     "Ann pays 3 (1 by Bloom, 2 by Potions)."),
    ("ENTERED", {"player": ANN, "card": "Mossback"}, ANN, "Your Mossback enters play."),
    ("ENTERED", {"player": ANN, "card": "Mossback"}, BO, "Ann's Mossback enters play."),
    ("SUMMONED", {"card": "Mossback", "line": "back"}, ANN, "Mossback enters the backline."),
    ("FIZZLED", {"card": "Mossback"}, ANN, "Mossback finds no place and is lost."),
    ("TRIGGER", {"card": "Sprouting Seed", "trigger": "on death"}, BO,
     "Sprouting Seed: on death effect goes on the chain."),
    ("NEGATED", {"card": "Fireball"}, BO, "Fireball is negated."),
    ("PLANTED", {"player": ANN}, ANN, "You plant a card."),
    ("PLANTED", {"player": ANN}, BO, "Ann plants a card."),
    ("MOVED", {"card": "Mossback", "line": "front"}, ANN, "Mossback moves to the frontline."),
    ("MOVE_BLOCKED", BLOCKED, ANN,
     "Mossback cannot move to your frontline: it is full and no card there can be destroyed "
     "to make room (Stone Wall cannot be destroyed)."),
    ("MOVE_BLOCKED", BLOCKED, BO,
     "Mossback cannot move to Ann's frontline: it is full and no card there can be destroyed "
     "to make room (Stone Wall cannot be destroyed)."),
    ("MANUAL_MOVE_BLOCKED", BLOCKED, ANN,
     "Mossback cannot move to your frontline: it is full and no card there can be destroyed "
     "to make room (Stone Wall cannot be destroyed). Your manual move this turn is not used."),
    ("MANUAL_MOVE_BLOCKED", BLOCKED, BO,
     "Mossback cannot move to Ann's frontline: it is full and no card there can be destroyed "
     "to make room (Stone Wall cannot be destroyed). Ann's manual move this turn is not used."),
    ("DISCOVER", {"creature": "Mossback", "item": "Thorn Cloak"}, ANN,
     "Mossback picks up Thorn Cloak."),
    ("ATTACK", {"player": ANN, "attacker": "Mossback", "defender": BO, "target": "Thessaly"},
     ANN, "Your Mossback attacks Bo's Thessaly."),
    ("ATTACK", {"player": ANN, "attacker": "Mossback", "defender": BO, "target": "Thessaly"},
     BO, "Ann's Mossback attacks your Thessaly."),
    ("ATTACK", {"player": ANN, "attacker": "Mossback", "defender": BO, "target": "Thessaly"},
     NOBODY, "Ann's Mossback attacks Bo's Thessaly."),
    ("BLOCK", {"player": ANN, "blocker": "Stone Wall", "attacker_owner": BO,
               "attacker": "Red Drake"}, ANN, "You block Bo's Red Drake with Stone Wall."),
    ("BLOCK", {"player": ANN, "blocker": "Stone Wall", "attacker_owner": BO,
               "attacker": "Red Drake"}, BO, "Ann blocks your Red Drake with Stone Wall."),
    ("BLOCK", {"player": ANN, "blocker": "Stone Wall", "attacker_owner": BO,
               "attacker": "Red Drake"}, NOBODY, "Ann blocks Bo's Red Drake with Stone Wall."),
    ("DAMAGE", {"card": "Mossback", "n": 3}, ANN, "Mossback takes 3 damage."),
    ("GAIN", {"player": ANN, "n": 2, "total": 22}, ANN, "You gain 2 Influence; now 22."),
    ("GAIN", {"player": ANN, "n": 2, "total": 22}, BO, "Ann gains 2 Influence; now 22."),
    ("LOSE", {"player": ANN, "n": 2, "total": 18}, ANN, "You lose 2 Influence; now 18."),
    ("LOSE", {"player": ANN, "n": 2, "total": 18}, BO, "Ann loses 2 Influence; now 18."),
    ("LOSE_LEADER", {"player": ANN, "n": 3, "total": 21}, ANN,
     "You lose 3 Influence to a leader attack; now 21."),
    ("LOSE_LEADER", {"player": ANN, "n": 3, "total": 21}, BO,
     "Ann loses 3 Influence to a leader attack; now 21."),
    ("LOSE_PIERCING", {"player": ANN, "n": 1, "total": 20}, ANN,
     "You lose 1 Influence to Piercing; now 20."),
    ("LOSE_PIERCING", {"player": ANN, "n": 1, "total": 20}, BO,
     "Ann loses 1 Influence to Piercing; now 20."),
    ("DESTROYED", {"player": ANN, "card": "Planted card"}, ANN, "Your Planted card is destroyed."),
    ("DESTROYED", {"player": ANN, "card": "Mossback"}, BO, "Ann's Mossback is destroyed."),
    ("GEAR_DESTROYED", {"card": "Thorn Cloak"}, ANN, "Thorn Cloak is destroyed."),
    ("RETURNED", {"player": ANN, "card": "Mossback"}, ANN, "Mossback returns to your hand."),
    ("RETURNED", {"player": ANN, "card": "Mossback"}, BO, "Mossback returns to Ann's hand."),
    ("DISCARDED", {"player": ANN, "card": "Fireball"}, ANN, "You discard Fireball."),
    ("DISCARDED", {"player": ANN, "card": "Fireball"}, BO, "Ann discards Fireball."),
    ("END", {"player": ANN}, ANN, "You end the turn."),
    ("END", {"player": ANN}, BO, "Ann ends the turn."),
    ("WIN_INFLUENCE", {"player": ANN}, ANN, "You win on Influence."),
    ("WIN_INFLUENCE", {"player": ANN}, BO, "Ann wins on Influence."),
    ("WIN_DECK_OUT", {"player": ANN}, ANN, "You win by deck-out."),
    ("WIN_DECK_OUT", {"player": ANN}, BO, "Ann wins by deck-out."),
    ("WIN_EFFECT", {"player": ANN}, ANN, "You win by a card's effect."),
    ("WIN_EFFECT", {"player": ANN}, BO, "Ann wins by a card's effect."),
    ("WIN", {"player": ANN}, ANN, "You win the game."),
    ("WIN", {"player": ANN}, BO, "Ann wins the game."),
    ("DRAW_GAME", {}, ANN, "The game is a draw."),
    ("GAME_WON", {"n": 2, "player": ANN, "other": BO, "won": 2, "lost": 0}, ANN,
     "You win game 2. Games won: you 2, Bo 0."),
    ("GAME_WON", {"n": 2, "player": ANN, "other": BO, "won": 2, "lost": 0}, BO,
     "Ann wins game 2. Games won: Ann 2, you 0."),
    ("GAME_WON", {"n": 2, "player": ANN, "other": BO, "won": 2, "lost": 0}, NOBODY,
     "Ann wins game 2. Games won: Ann 2, Bo 0."),
    ("GAME_DRAWN", {"n": 3, "player": ANN, "other": BO, "won": 1, "lost": 1}, ANN,
     "Game 3 is drawn and counts for nobody. Games won: you 1, Bo 1."),
    ("GAME_DRAWN", {"n": 3, "player": ANN, "other": BO, "won": 1, "lost": 1}, BO,
     "Game 3 is drawn and counts for nobody. Games won: Ann 1, you 1."),
    ("GAME_DRAWN", {"n": 3, "player": ANN, "other": BO, "won": 1, "lost": 1}, NOBODY,
     "Game 3 is drawn and counts for nobody. Games won: Ann 1, Bo 1."),
    ("MATCH_WON", {"player": ANN, "score": "2–1"}, ANN, "You win the match 2–1."),
    ("MATCH_WON", {"player": ANN, "score": "2–1"}, BO, "Ann wins the match 2–1."),
    ("MATCH_DRAWN", {"n": 5, "score": "1–1"}, ANN, "The match is drawn after 5 games (1–1)."),
    ("SIDEBOARD", {"n": 2}, ANN, "Before game 2, each player may swap cards with their side deck."),
    ("READY", {"player": ANN, "n": 2}, ANN, "You are ready for game 2."),
    ("READY", {"player": ANN, "n": 2}, BO, "Ann is ready for game 2."),
    ("SWAP", {"player": ANN, "out": "Fireball", "into": "Stone Wall"}, ANN,
     "You take out Fireball and bring in Stone Wall."),
    ("SWAP", {"player": ANN, "out": "Fireball", "into": "Stone Wall"}, NOBODY,
     "Ann takes out Fireball and brings in Stone Wall."),
]


@pytest.mark.parametrize("row", ROWS, ids=[f"{r[0]}-{r[2]}" for r in ROWS])
def test_each_reader_reads_a_sentence_that_agrees_with_them(row: Row) -> None:
    check_row(sentences, row)


def test_every_sentence_has_a_row_for_every_reader() -> None:
    assert uncovered(sentences, ROWS) == {}


def test_every_sentence_of_the_log_is_in_the_table() -> None:
    assert made_elsewhere(Path(sentences.__file__).parent) == []
