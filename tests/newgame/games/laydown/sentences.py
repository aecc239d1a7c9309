"""Every sentence Laydown's log can say, for its subject and for anyone else."""

from __future__ import annotations

from bot.engine import Sentence

LAY = Sentence("{player} lays the {card}.", "You lay the {card}.", ("player",))
