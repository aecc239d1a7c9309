"""The text layer: every word a person reads, from gettext catalogues in the reader's language
(DESIGN §9, docs/words.md). Rules and the match service hand over ``Said`` sentences
(``bot.engine.said``); whoever shows them picks the reader's ``Language`` and says them.
"""

from bot.engine.said import Said, said, said_n
from bot.words.language import Language, english, language
from bot.words.locales import CHOOSABLE, ENGLISH, PSEUDO, SHIPPED, TRANSLATED, chosen, nearest

__all__ = [
    "CHOOSABLE",
    "ENGLISH",
    "PSEUDO",
    "SHIPPED",
    "TRANSLATED",
    "Language",
    "Said",
    "chosen",
    "english",
    "language",
    "nearest",
    "said",
    "said_n",
]
