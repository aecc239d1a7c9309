"""Tie-breaks against hand-computed tables.

The first table is the five-player round robin of lichess's open-source tie-break tests
(lichess-org/scalachess, ``TiebreakTest.scala``: player A scores Buchholz 7.5, Buchholz
cut 1 6.0 and Sonneborn–Berger 4.0 there). Its crosstable, rows scoring against columns:

    |   | A | B | C | D | E | pts |
    | A | x | 1 | ½ | 0 | 1 | 2.5 |
    | B | 0 | x | 1 | ½ | 0 | 1.5 |
    | C | ½ | 0 | x | 1 | ½ | 2.0 |
    | D | 1 | ½ | 0 | x | 1 | 2.5 |
    | E | 0 | 1 | ½ | 0 | x | 1.5 |

By hand, Buchholz (sum of the opponents' points) minus the lowest opponent:
A 1.5+2+2.5+1.5 = 7.5 - 1.5 = 6.0; B 2.5+2+2.5+1.5 = 8.5 - 1.5 = 7.0;
C 2.5+1.5+2.5+1.5 = 8.0 - 1.5 = 6.5; D 2.5+1.5+2+1.5 = 7.5 - 1.5 = 6.0;
E 2.5+1.5+2+2.5 = 8.5 - 1.5 = 7.0.
Sonneborn–Berger (beaten opponents' points, half of drawn ones'):
A 1.5+1.5+½·2 = 4.0; B 2+½·2.5 = 3.25; C 2.5+½·2.5+½·1.5 = 4.5; D 2.5+1.5+½·1.5 = 4.75;
E 1.5+½·2 = 2.5.
So D and A (2.5) tie on Buchholz cut 1 and D leads on Sonneborn–Berger; B and E (1.5) tie
on cut 1 and B leads on Sonneborn–Berger (though E beat B: head-to-head comes after).
"""

from __future__ import annotations

from bot.events import Entrant, Game, standings
from bot.events.records import DRAW, LOSS, WIN

A, B, C, D, E = 1, 2, 3, 4, 5

CROSSTABLE = [
    Game(1, A, B, WIN), Game(2, A, C, DRAW), Game(3, D, A, WIN), Game(4, A, E, WIN),
    Game(1, B, C, WIN), Game(2, B, D, DRAW), Game(3, E, B, WIN),
    Game(1, C, D, WIN), Game(2, C, E, DRAW),
    Game(1, D, E, WIN),
]
RATINGS = {A: 1500, B: 1600, C: 1550, D: 1450, E: 1650}


def table(entrants: list[Entrant], games: list[Game]) -> list[tuple[int, float, float, float]]:
    return [(s.player, s.points, s.buchholz_cut1, s.sonneborn_berger)
            for s in standings(entrants, games)]


def test_published_round_robin() -> None:
    entrants = [Entrant(p, r) for p, r in RATINGS.items()]
    assert table(entrants, CROSSTABLE) == [
        (D, 2.5, 6.0, 4.75),
        (A, 2.5, 6.0, 4.0),
        (C, 2.0, 6.5, 4.5),
        (B, 1.5, 7.0, 3.25),
        (E, 1.5, 7.0, 2.5),
    ]
    assert [s.rank for s in standings(entrants, CROSSTABLE)] == [1, 2, 3, 4, 5]


def test_head_to_head_breaks_a_tie_the_others_leave() -> None:
    """Five players, round robin: 1 beats everyone; 2 beats 3 and 5, draws 4; 4 beats 3;
    5 beats 4; 3 and 5 draw. 4 and 5 both have 1.5 points, Buchholz cut 1 8.0
    (4+2.5+1.5+0.5 less 0.5, for either) and Sonneborn–Berger 1.75 (4: ½·2.5 + 0.5;
    5: 1.5 + ½·0.5); 5 beat 4, so 5 ranks above 4 though 4 is rated higher."""
    games = [
        Game(1, 1, 2, WIN), Game(1, 1, 3, WIN), Game(1, 1, 4, WIN), Game(1, 1, 5, WIN),
        Game(1, 2, 3, WIN), Game(1, 2, 4, DRAW), Game(1, 2, 5, WIN),
        Game(1, 3, 4, LOSS), Game(1, 3, 5, DRAW), Game(1, 4, 5, LOSS),
    ]
    entrants = [Entrant(p, 2000 if p == 4 else 1000) for p in range(1, 6)]
    result = standings(entrants, games)
    assert [(s.player, s.points, s.buchholz_cut1, s.sonneborn_berger) for s in result] == [
        (1, 4.0, 5.5, 6.0), (2, 2.5, 7.0, 2.75), (5, 1.5, 8.0, 1.75), (4, 1.5, 8.0, 1.75),
        (3, 0.5, 8.0, 0.75),
    ]
    assert (result[2].head_to_head, result[3].head_to_head) == (1.0, 0.0)


def test_rating_breaks_a_cycle() -> None:
    """1 beats 2, 2 beats 3, 3 beats 1: one point, cut 1 of 1 and SB 1 each, and 1 point of
    head-to-head each; the rating decides."""
    games = [Game(1, 1, 2, WIN), Game(2, 2, 3, WIN), Game(3, 3, 1, WIN)]
    entrants = [Entrant(1, 1500), Entrant(2, 1400), Entrant(3, 1600)]
    result = standings(entrants, games)
    assert [(s.player, s.points, s.buchholz_cut1, s.sonneborn_berger, s.head_to_head)
            for s in result] == [(3, 1.0, 1.0, 1.0, 1.0), (1, 1.0, 1.0, 1.0, 1.0),
                                 (2, 1.0, 1.0, 1.0, 1.0)]


def test_a_bye_is_a_win_against_ones_own_score() -> None:
    """Round 1: 1 beats 2, 3 has the bye. Round 2: 3 beats 1, 2 has the bye.
    3: 2 points, Buchholz [own 2, 1's 1] cut 1 = 2, SB 1 (beat 1). 1: 1 point, [2's 1, 3's 2]
    cut 1 = 2, SB 1 (beat 2). 2: 1 point (the bye), [1's 1, own 1] cut 1 = 1, SB 0."""
    games = [Game(1, 1, 2, WIN), Game(1, 3, None, WIN), Game(2, 3, 1, WIN),
             Game(2, 2, None, WIN)]
    entrants = [Entrant(p, 1500) for p in (1, 2, 3)]
    assert table(entrants, games) == [(3, 2.0, 2.0, 1.0), (1, 1.0, 2.0, 1.0), (2, 1.0, 1.0, 0.0)]


def test_unfinished_games_and_dropped_players() -> None:
    """A game still running counts nothing; a player who dropped keeps the games they
    finished and stays in the table."""
    games = [Game(1, 1, 2, WIN), Game(1, 3, 4, DRAW), Game(2, 1, 3, None)]
    entrants = [Entrant(p, 1500 - p) for p in (1, 2, 3, 4)]  # 2 dropped after round 1
    result = {s.player: s for s in standings(entrants, games)}
    assert result[1].points == 1.0 and result[1].played == 1
    assert result[2].points == 0.0 and result[2].played == 1
    assert result[3].points == result[4].points == 0.5
