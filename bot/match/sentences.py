"""The sentences the match service adds to a game's log, each for its subject and for others."""

from __future__ import annotations

from bot.engine import Sentence
from bot.engine.said import said

P = ("player",)

RESIGNED = Sentence("{player} resigned.", "You resigned.", P)
REMOVED = Sentence("{player} was removed.", "You were removed.", P)
FORFEITS = Sentence("{player} forfeits after {n} missed turns in a row.",
                    "You forfeit after {n} missed turns in a row.", P)
UNDO = Sentence("{player} takes back {moves}.", "You take back {moves}.", P)
UNDONE = Sentence("{player}'s move is taken back, with everyone's consent.",
                  "Your move is taken back, with everyone's consent.", P)
AUTOPILOT = Sentence("⌛ Time ran out, so the AI played this turn for {player}.",
                     "⌛ Time ran out, so the AI played this turn for you.", P)

THE_DEAL = said("The deal.")
"""A replay's first picture when the deal itself said nothing."""
