"""Events (DESIGN §10): pairing, formats and standings as pure functions of entrants and results.

No I/O, no clock and no discord here; ``bot.match`` stores the rows and opens the matches.
"""

from bot.events.elimination import bracket, next_bracket
from bot.events.formats import Format, default_rounds
from bot.events.pods import TABLE_SIZES, pod_games, pod_round_robin
from bot.events.records import Entrant, Game, Round, ai_entrant, ai_parts, is_ai
from bot.events.round_robin import round_robin
from bot.events.standings import Standing, standings
from bot.events.swiss import pair_swiss

__all__ = [
    "TABLE_SIZES",
    "Entrant",
    "Format",
    "Game",
    "Round",
    "Standing",
    "ai_entrant",
    "ai_parts",
    "bracket",
    "default_rounds",
    "is_ai",
    "next_bracket",
    "pair_swiss",
    "pod_games",
    "pod_round_robin",
    "round_robin",
    "standings",
]
