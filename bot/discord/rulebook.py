"""Rules help for every game: the game's own topics (``Game.topics``, each game's
``help.py``) and the topics every game shares (AI levels, ratings, tournaments, undo).

``find_moments`` finds, in seeded AI games, the first public table that shows each topic,
and ``/rules`` (``cogs.rules``) draws that table as the topic's diagram.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

from bot.engine import Game, Rng, View, registry
from bot.engine.autoplay import new_game, states
from bot.engine.help import Topic
from bot.engine.said import Said, said

RATINGS = Topic[Any](
    said("Ratings are per server and per game, computed with openskill's Plackett–Luce model, "
         "which handles any number of players and ties.\n• Only finished matches count; a "
         "cancelled match changes nothing.\n• Only people are rated, and only against each other: "
         "AI seats are left out and the people are ranked by their placings among themselves. "
         "Playing alone against the AI changes no rating.\n• Whoever resigns or forfeits on time "
         "is placed after everyone still playing, and is rated on that place.\n• Ties share a "
         "place and count as draws.\nThe rating shown is μ − 3σ: it starts at 0 and rises as the "
         "system grows sure of a player's strength. See /leaderboard and /stats. A server may "
         "reset its ratings each season (/season); finished seasons' tables stay readable with "
         "/season show."))

UNDO = Topic[Any](
    said("When the host opens the lobby with `undo: True`, a player may use /undo to take back "
         "their latest move (and anything played after it). Every other person at the table must "
         "agree; AI seats are not asked. It is refused once anything was drawn or shuffled, or a "
         "hidden card was shown to anyone since that move: nobody may learn a card and then play "
         "the turn again. The log keeps the move and the undo, and replays show both."))

AI = Topic[Any](
    said("AI players come in three levels, chosen with `ai_level` in /play:\n• random: any legal "
         "move, for testing.\n• normal: plays at once by rules of thumb about its own cards and "
         "the table.\n• strong: thinks before each move (a second unless the bot's host set "
         "longer). It imagines many ways the cards it cannot see might lie, plays each move out in "
         "them (to the end, or a few turns on and judges who is ahead), and picks what wins most "
         "often. It never looks at hidden cards: only at what its seat may see."))

TOURNAMENTS = Topic[Any](
    said("Events (/tournament) are a Swiss, a round robin or a knockout. Standings: points (a "
         "win 1, a draw ½, a bye counts as a win), then Buchholz cut 1, Sonneborn–Berger, "
         "head-to-head and rating.\n• A round robin of Aura or Zura may be played in pods of 3 "
         "or 4 (`table_size`): each pod is one match, and you score the share of the others at "
         "the table you finished ahead of, a tie counting half. The winner of a pod scores 1, "
         "the last 0, the middle of three ½. The tie-breaks read a pod as games of one against "
         "each other worth that share."))


SHARED: Final[dict[str, Topic[Any]]] = {"ai": AI, "ratings": RATINGS, "tournaments": TOURNAMENTS,
                                        "undo": UNDO}


def topics(game: str) -> dict[str, Topic[Any]]:
    """Every topic of ``game`` (``overview`` first), then the shared ones."""
    return topics_of(registry.get(game))


def topics_of(game: Game[Any, Any]) -> dict[str, Topic[Any]]:
    return {**game.topics(), **SHARED}


def title(name: str) -> Said:
    """A topic's name as its reader reads it (``aura-card`` → "aura card", translated); the
    name itself stays what ``/rules`` is given."""
    return Said(name.replace("-", " "))


def titles() -> Iterator[tuple[str, str]]:
    """``(English title, where)`` of every topic of every game, for the catalogues."""
    for game in registry.names():
        for name in topics(game):
            yield str(title(name)), f"/rules {game}"



# -- finding each topic's moment in seeded games ------------------------------------------

SEEDS: Final = range(1, 25)
"""Seeded AI games searched for a topic's moment (every shipped topic is found in these)."""

Moment = tuple[View, Said]


def public_views(game: Game[Any, Any], players: int, seed: int) -> Iterator[View]:
    """The public table after the deal and after each move of a seeded random-AI game."""
    for state in states(game, new_game(game, players, seed), Rng(seed)):
        yield game.view(state, None)


def find_moments(game: Game[Any, Any], wanted: Mapping[str, Topic[Any]]) -> dict[str, Moment]:
    """For each topic with a ``shows`` test, the first public view passing it, and its
    caption; one pass over the seeded games serves every topic."""
    todo = {name: (t.shows, t.players) for name, t in wanted.items() if t.shows is not None}
    found: dict[str, Moment] = {}
    for seed in SEEDS:
        for players in sorted({n for _, n in todo.values()}):
            for view in public_views(game, players, seed):
                for name, (shows, n) in list(todo.items()):
                    caption = shows(view) if n == players else None
                    if caption is not None:
                        found[name] = (view, caption)
                        del todo[name]
                if all(n != players for _, n in todo.values()):
                    break
        if not todo:
            break
    return found


def moments_of(game: Game[Any, Any]) -> dict[str, Moment]:
    """``find_moments`` for every topic of ``game``: what a worker process is sent (topics
    hold functions, which do not cross processes; a game crosses as its class)."""
    return find_moments(game, topics_of(game))
