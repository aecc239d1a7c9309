"""Standings with published tie-breaks, in this order: points, Buchholz cut 1,
Sonneborn–Berger, head-to-head, then rating (a draw counts half; a bye counts as a win).

Unplayed rounds: a bye adds the player's own points to their Buchholz (as if the opponent had
scored what they did, the FIDE 2023 tie-break regulations' rule for unplayed rounds) and
nothing to their Sonneborn–Berger (they beat nobody). Cut 1 drops the lowest contribution.
Dropped players stay in the table with the games they finished. A pod of 3–4 counts as
weighted games between each two of its players (``bot.events.pods``): its Buchholz
contribution is those opponents' points weighted the same, and cut 1 drops the lowest
pod's or game's contribution.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.events.records import WIN, Entrant, Game


@dataclass(frozen=True)
class Standing:
    rank: int
    player: int
    points: float
    buchholz_cut1: float
    sonneborn_berger: float
    head_to_head: float
    """Points scored against the players tied with this one on every earlier tie-break."""
    rating: float
    played: int


def points(games: Iterable[Game]) -> dict[int, float]:
    """Each player's points over the finished games (players with none are absent)."""
    out: dict[int, float] = defaultdict(float)
    for game in games:
        for player in game.players():
            score = game.score_of(player)
            if score is not None:
                out[player] += score
    return out


def standings(entrants: Sequence[Entrant], games: Iterable[Game]) -> list[Standing]:
    """Every entrant, best first."""
    finished = [g for g in games if g.score is not None]
    total = points(finished)
    buchholz: defaultdict[int, defaultdict[tuple[int, int], float]] = defaultdict(
        lambda: defaultdict(float))
    berger: dict[int, float] = defaultdict(float)
    for k, game in enumerate(finished, 1):
        slot = (game.round, 0 if game.weight < WIN else k)  # a pod's games are one slot
        for player in game.players():
            opponent = game.opponent_of(player)
            if opponent is None:
                buchholz[player][slot] += total[player]
                continue
            buchholz[player][slot] += total[opponent] * game.weight
            berger[player] += total[opponent] * (game.score_of(player) or 0.0)
    cut1 = {p: sum(v.values()) - min(v.values()) for p, v in buchholz.items()}
    played = {p: len(v) for p, v in buchholz.items()}
    rating = {e.player: e.rating for e in entrants}

    def key(p: int) -> tuple[float, float, float]:
        return (total.get(p, 0.0), cut1.get(p, 0.0), berger.get(p, 0.0))

    mutual: dict[int, float] = defaultdict(float)
    for game in finished:
        if game.second is None:
            continue
        if key(game.first) == key(game.second):
            for player in game.players():
                mutual[player] += game.score_of(player) or 0.0
    order = sorted(rating, key=lambda p: (*(-v for v in key(p)), -mutual[p], -rating[p], p))
    return [Standing(rank, p, total.get(p, 0.0), cut1.get(p, 0.0), berger.get(p, 0.0),
                     mutual[p], rating[p], played.get(p, 0))
            for rank, p in enumerate(order, 1)]
