"""Every sentence Auroria's log can say, each in the form for its subject and for anyone else.

``{player}`` is the seat the sentence is about; ``{card}`` a card's name (its own catalogue
message); ``{cards}`` a counted set ("2 cards"); ``{line}`` a line's name (``LINE_NAMES``).
"""

from __future__ import annotations

from bot.engine import Sentence
from bot.engine.said import said

P = ("player",)

LINE_NAMES = {"front": said("frontline"), "back": said("backline")}
"""A line as ``{line}`` names it, by its key."""
TRIGGERS = {"on_play": said("on play"), "on_death": said("on death"),
            "discarded": said("discarded")}
"""A triggered effect as ``{trigger}`` names it, by its key (the rules' words for it)."""

GAME_START = Sentence("Game {n} begins: {player} starts.", "Game {n} begins: you start.", P)
KEEP = Sentence("{player} keeps {cards}.", "You keep {cards}.", P)
MULLIGAN_FREE = Sentence("{player} mulligans {cards} (free).", "You mulligan {cards} (free).", P)
MULLIGAN = Sentence("{player} mulligans {cards} (now {left}).",
                    "You mulligan {cards} (now {left}).", P)
TURN = Sentence("Turn {turn}: {player}.", "Turn {turn}: your turn.", P)
DRAW = Sentence("{player} draws {cards}.", "You draw {cards}.", P)
DRAW_CARD = Sentence("{player} draws {card}.", "You draw {card}.", P)
DECK_OUT = Sentence("{player} has no cards left to draw.", "You have no cards left to draw.", P)
ENERGY = Sentence("{player} places an Energy.", "You place an Energy.", P)
PLAY = Sentence("{player} plays {card}.", "You play {card}.", P)
ACTIVATE = Sentence("{player} activates {card}.", "You activate {card}.", P)
PAID = Sentence("{player} pays {cost}.", "You pay {cost}.", P)
PAID_WITH = Sentence("{player} pays {cost} ({how}).", "You pay {cost} ({how}).", P)
ENTERED = Sentence("{player}'s {card} enters play.", "Your {card} enters play.", P)
SUMMONED = Sentence("{card} enters the {line}.")
FIZZLED = Sentence("{card} finds no place and is lost.")
TRIGGER = Sentence("{card}: {trigger} effect goes on the chain.")
NEGATED = Sentence("{card} is negated.")
PLANTED = Sentence("{player} plants a card.", "You plant a card.", P)
MOVED = Sentence("{card} moves to the {line}.")
MOVE_BLOCKED = Sentence(
    "{cards} cannot move to {player}'s {line}: it is full and {room} there can be "
    "destroyed to make room ({kept} cannot be destroyed).",
    "{cards} cannot move to your {line}: it is full and {room} there can be destroyed to "
    "make room ({kept} cannot be destroyed).", P)
MOVE_BLOCKED_MOVED = Sentence(
    "{cards} cannot move to {player}'s {line}: it is full and {room} there can be "
    "destroyed to make room (the other cards there cannot be destroyed or are being moved "
    "there by the same effect: {kept}).",
    "{cards} cannot move to your {line}: it is full and {room} there can be destroyed to "
    "make room (the other cards there cannot be destroyed or are being moved there by the "
    "same effect: {kept}).", P)
MANUAL_MOVE_BLOCKED = Sentence(
    "{cards} cannot move to {player}'s {line}: it is full and {room} there can be "
    "destroyed to make room ({kept} cannot be destroyed). {player}'s manual move this turn is "
    "not used.",
    "{cards} cannot move to your {line}: it is full and {room} there can be destroyed to "
    "make room ({kept} cannot be destroyed). Your manual move this turn is not used.", P)
DISCOVER = Sentence("{creature} picks up {item}.")
ATTACK = Sentence("{player}'s {attacker} attacks {defender}'s {target}.",
                  "Your {attacker} attacks {defender}'s {target}.", ("player", "defender"),
                  {"defender": "{player}'s {attacker} attacks your {target}."})
BLOCK = Sentence("{player} blocks {attacker_owner}'s {attacker} with {blocker}.",
                 "You block {attacker_owner}'s {attacker} with {blocker}.",
                 ("player", "attacker_owner"),
                 {"attacker_owner": "{player} blocks your {attacker} with {blocker}."})
DAMAGE = Sentence("{card} takes {n} damage.")
GAIN = Sentence("{player} gains {n} Influence; now {total}.",
                "You gain {n} Influence; now {total}.", P)
LOSE = Sentence("{player} loses {n} Influence; now {total}.",
                "You lose {n} Influence; now {total}.", P)
LOSE_LEADER = Sentence("{player} loses {n} Influence to a leader attack; now {total}.",
                       "You lose {n} Influence to a leader attack; now {total}.", P)
LOSE_PIERCING = Sentence("{player} loses {n} Influence to Piercing; now {total}.",
                         "You lose {n} Influence to Piercing; now {total}.", P)
DESTROYED = Sentence("{player}'s {card} is destroyed.", "Your {card} is destroyed.", P)
PLANTED_DESTROYED = Sentence("One of {player}'s Planted cards is destroyed.",
                             "One of your Planted cards is destroyed.", P)
GEAR_DESTROYED = Sentence("{card} is destroyed.")
"""An item or an Aura: the card says whose it is."""
RETURNED = Sentence("{card} returns to {player}'s hand.", "{card} returns to your hand.", P)
DISCARDED = Sentence("{player} discards {card}.", "You discard {card}.", P)
END = Sentence("{player} ends the turn.", "You end the turn.", P)
WIN_INFLUENCE = Sentence("{player} wins on Influence.", "You win on Influence.", P)
WIN_DECK_OUT = Sentence("{player} wins by deck-out.", "You win by deck-out.", P)
WIN_EFFECT = Sentence("{player} wins by a card's effect.", "You win by a card's effect.", P)
WIN = Sentence("{player} wins the game.", "You win the game.", P)
DRAW_GAME = Sentence("The game is a draw.")
GAME_WON = Sentence("{player} wins game {n}. Games won: {player} {won}, {other} {lost}.",
                    "You win game {n}. Games won: you {won}, {other} {lost}.",
                    ("player", "other"),
                    {"other": "{player} wins game {n}. Games won: {player} {won}, you {lost}."})
GAME_DRAWN = Sentence(
    "Game {n} is drawn and counts for nobody. Games won: {player} {won}, {other} {lost}.",
    "Game {n} is drawn and counts for nobody. Games won: you {won}, {other} {lost}.",
    ("player", "other"),
    {"other": "Game {n} is drawn and counts for nobody. Games won: {player} {won}, you {lost}."})
MATCH_WON = Sentence("{player} wins the match {score}.", "You win the match {score}.", P)
MATCH_DRAWN = Sentence("The match is drawn after {n} games ({score}).")
SIDEBOARD = Sentence("Before game {n}, each player may swap cards with their side deck.")
READY = Sentence("{player} is ready for game {n}.", "You are ready for game {n}.", P)
SWAP = Sentence("{player} takes out {out} and brings in {into}.",
                "You take out {out} and bring in {into}.", P)
