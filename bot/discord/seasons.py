"""What a season's end looks like on Discord: the post in the server's channel naming each
game's best of the season that ended, in the server's language. Texts only; the Seasons cog
sends it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.engine import registry
from bot.engine.said import said
from bot.store import RatingRecord
from bot.store.seasons import SeasonRecord
from bot.words import Language

PODIUM = 3
"""Players named per game in the post; /season show gives the whole table."""


def season_over_text(season: SeasonRecord, tables: Mapping[str, Sequence[RatingRecord]],
                     lang: Language) -> str:
    """``tables``: each game's final table, best first (games nobody was rated in left out)."""
    lines = [lang.say(said("**Season {number} is over.** Every rating here starts again; the "
                           "final tables stay readable with /season show.",
                           number=str(season.number)))]
    for game, rows in sorted(tables.items()):
        if not rows:
            continue
        best = tuple(lang.say(said("{place} {player}", place=lang.ordinal(n),
                                   player=f"<@{row.user_id}>"))
                     for n, row in enumerate(rows[:PODIUM], 1))
        lines.append(lang.say(said("{game}: {players}", game=registry.get(game).title,
                                   players=best)))
    return "\n".join(lines)
