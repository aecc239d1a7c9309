"""The game protocol: pure data and rules, no I/O (DESIGN §1–2)."""

from bot.engine.errors import (
    BadOptions,
    BadScenario,
    GameError,
    IllegalAction,
    MatchOver,
    NotYourDecision,
    StaleDecision,
)
from bot.engine.game import Game, check_action, find_decision, open_decisions, play
from bot.engine.options import OptionSpec, parse_options
from bot.engine.rng import Rng
from bot.engine.sentences import Sentence
from bot.engine.types import (
    KEEP,
    ORDER,
    PICK,
    Action,
    Decision,
    Event,
    Option,
    Result,
    Turn,
    View,
    placings_from_scores,
)

__all__ = [
    "KEEP",
    "ORDER",
    "PICK",
    "Action",
    "BadOptions",
    "BadScenario",
    "Decision",
    "Event",
    "Game",
    "GameError",
    "IllegalAction",
    "MatchOver",
    "NotYourDecision",
    "Option",
    "OptionSpec",
    "Result",
    "Rng",
    "Sentence",
    "StaleDecision",
    "Turn",
    "View",
    "check_action",
    "find_decision",
    "open_decisions",
    "parse_options",
    "placings_from_scores",
    "play",
]
