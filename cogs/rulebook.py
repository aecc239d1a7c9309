"""Rules summaries per game and topic, written for Discord in our own words.

They orient a player; the rulebooks (and the house rules) stay the authority, and the bot
enforces them whatever these texts say.
"""

from __future__ import annotations

TOPICS: dict[str, dict[str, str]] = {
    "zura": {
        "overview": (
            "Travel through landscapes to free the Tzerzurians sealed in the search area. "
            "Collect them in a stack in front of you: only the top one's power is yours. "
            "Most adventure points at the end wins."),
        "turn": (
            "1. Refill your hand to 6 travel cards (the top discard may be your first card).\n"
            "2. Discard one or more cards of one landscape. 3 cards flip one sealed card, "
            "4 flip two, 5 also let you peek at one first, 6 also let you steal the top card "
            "of an opponent's stack. A flipped Tzerzurian of your landscape is yours."),
        "special": (
            "The Hermit always joins whoever flips him. The Zuran Imps cost points and come "
            "only in pairs: the first one found waits face up until someone flips the second."),
        "end": (
            "When the Tzerzurian deck runs out, everyone but the player who emptied it gets a "
            "last turn. Add up adventure points, subtract the Imps; the highest total wins."),
    },
    "aura": {
        "overview": (
            "Make the others throw cards out of the game, and keep your own. At the end, the "
            "player with the most cards left in deck and hand wins."),
        "turn": (
            "The active player lays 2–5 cards face down: all one colour, or all different "
            "colours. The others may block each card with a card of the trumping colour or a "
            "higher value. Cards are revealed, actions and wilds resolve, and every blocker "
            "discards one card per unblocked card. Cards of equal value chain: one unblocked "
            "card of a chain lets the whole chain through."),
        "trumps": "Red beats purple, purple beats green, green beats beige, beige beats blue, "
                  "blue beats red.",
        "end": (
            "The game ends after the turn in which someone's Aura card shows for the second "
            "time, or someone cannot draw. Ties go to fewer action and wild cards discarded, "
            "then to the lower total value discarded."),
    },
    "auroria": {
        "overview": (
            "A duel of leaders. Bring your opponent's Influence to 0, or make them begin a "
            "Draw Phase with an empty deck."),
        "turn": (
            "Ready your cards, draw one, play up to one Energy card, then in the Main Phase "
            "play cards you can pay for and move one creature; then attack, and end the turn "
            "(temporary effects and damage on non-Structures clear)."),
        "combat": (
            "Attack the enemy leader or an exhausted creature. Attackers and blockers exhaust. "
            "Damage is simultaneous; only unblocked attacks on the leader, Piercing, or card "
            "effects take Influence."),
    },
}
