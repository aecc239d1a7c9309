"""Rules summaries per game and topic, written for Discord (the rulebooks are the authority)."""

from __future__ import annotations

TOPICS: dict[str, dict[str, str]] = {
    "zura": {
        "overview": "Placeholder.",
    },
}
