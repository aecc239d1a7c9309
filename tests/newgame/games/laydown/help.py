"""The rules help for ``/rules laydown``, each topic with the moment of play that shows it."""

from __future__ import annotations

from bot.engine.help import Topic
from bot.engine.said import Said, said
from bot.games.laydown.view import LaydownView


def _all_laid(view: LaydownView) -> Said | None:
    return said("Every card is down: the higher total wins.") if view["over"] else None


TOPICS: dict[str, Topic[LaydownView]] = {
    "overview": Topic(said("Each player holds three cards numbered 1 to 9. Take turns laying "
                           "one face up; when all are down, the higher total wins."), _all_laid),
}
