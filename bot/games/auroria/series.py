"""Best-of-three (house rules, "Best-of-three"): the games of one match kept in one state.

The match stays one stored match with one action log, so the store, replays, undo, clocks and
ratings treat it as one. ``State.series`` (plain JSON, None for a single game) holds both
players' current decks and side decks, the games played and the stage between games:

- ``play``: a game is on; when it ends ``game_over`` scores it;
- ``side``: each player, privately and at the same time, swaps cards one for one between
  deck and side deck (only swaps that keep the deck legal are offered), then presses done;
- ``start``: the loser of the last game (after a drawn game, the player who did not start it)
  chooses who starts the next one, which the caller then deals;
- ``over``: two wins, or five games without a match winner (a draw).

A swap is told only to the player who makes it: the opponent learns the new deck only as its
cards show up in the next game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from copy import deepcopy
from typing import Any

from bot.engine import PICK, Action, Decision, Event, Option, OptionSpec, Result, Sentence
from bot.engine.said import Said, said
from bot.games.auroria import sentences as words
from bot.games.auroria.cards import CardDef
from bot.games.auroria.decks import deck_problems
from bot.games.auroria.derived import catalog
from bot.games.auroria.state import State

OPTION = OptionSpec("best_of", "choice", "1",
                    said("best_of=3: first to two game wins; side-deck swaps between games."),
                    ("1", "3"))
WINS = 2
MAX_GAMES = 5
KEEP = "keep"
BACK = "back"

Series = dict[str, Any]
Deck = tuple[str, list[str], list[str]]
"""(leader, deck, side deck) as card ids, one entry per copy."""


def start(best_of: str, decks: Sequence[Deck], first: int) -> Series | None:
    """The series record for a new match (None for a single game)."""
    if best_of == "1":
        return None
    return {"decks": [{"leader": lead, "main": sorted(main), "side": sorted(side)}
                      for lead, main, side in decks],
            "games": [], "starts": [first], "stage": "play",
            "out": [None, None], "done": [False, False], "swaps": [0, 0], "moves": [0, 0]}


def score(series: Series) -> list[int]:
    return [sum(1 for w in series["games"] if w == p) for p in (0, 1)]


def _dash(series: Series) -> str:
    a, b = score(series)
    return f"{max(a, b)}–{min(a, b)}"


def game_over(s: State, ev: list[Event]) -> None:
    """Score the game that just ended and open the break (or close the match)."""
    series = deepcopy(s.series)
    assert series is not None and s.winners is not None
    n = len(series["games"]) + 1
    series["games"].append(s.winners[0] if s.winners else None)
    won = score(series)
    if s.winners:
        w = s.winners[0]
        ev.append(Event("game_won", words.GAME_WON, {"n": n, "player": w, "other": 1 - w,
                                                    "won": won[w], "lost": won[1 - w]}))
    else:
        ev.append(Event("game_drawn", words.GAME_DRAWN, {"n": n, "player": 0, "other": 1,
                                                        "won": won[0], "lost": won[1]}))
    if max(won) >= WINS or n >= MAX_GAMES:
        series["stage"] = "over"
        ev.append(Event("match_over", *_summary(series)))
    else:
        series.update(stage="side", out=[None, None], done=[False, False], swaps=[0, 0])
        ev.append(Event("sideboard", words.SIDEBOARD, {"n": n + 1}))
    s.series = series


def _summary(series: Series) -> tuple[Sentence, dict[str, object]]:
    """The match's end as a sentence and its values."""
    a, b = score(series)
    if a == b or max(a, b) < WINS:
        return words.MATCH_DRAWN, {"n": len(series["games"]), "score": f"{a}–{b}"}
    return words.MATCH_WON, {"player": 0 if a > b else 1, "score": _dash(series)}


def result(series: Series) -> Result | None:
    if series["stage"] != "over":
        return None
    a, b = score(series)
    said, args = _summary(series)
    detail = said.told(args, None)
    if a == b or max(a, b) < WINS:
        return Result((0.5, 0.5), (1, 1), "normal", detail, said, args)
    w = 0 if a > b else 1
    return Result(tuple(1.0 if p == w else 0.0 for p in (0, 1)),
                  tuple(1 if p == w else 2 for p in (0, 1)), "normal", detail, said, args)


# ----- sideboarding -----------------------------------------------------------------------
def _swapped(deck: dict[str, Any], out: str, into: str) -> tuple[list[str], list[str]]:
    main = list(deck["main"])
    side = list(deck["side"])
    main.remove(out)
    side.remove(into)
    return sorted([*main, into]), sorted([*side, out])


def swap_problems(deck: dict[str, Any], out: str, into: str,
                  cards: Mapping[str, CardDef]) -> list[Said]:
    """What swapping ``out`` (deck) for ``into`` (side deck) would break (empty: legal);
    ``cards`` is the deal's catalog (``derived.catalog``), not only the Set 1 pool."""
    main, side = _swapped(deck, out, into)
    return deck_problems(deck["leader"], main, cards, side)


def _ins(deck: dict[str, Any], out: str, cards: Mapping[str, CardDef]) -> list[str]:
    return [c for c in dict.fromkeys(deck["side"]) if c != out
            and not swap_problems(deck, out, c, cards)]


def chooser(series: Series) -> int:
    """Who picks the next starter: the loser, or after a draw whoever did not start it."""
    last: int | None = series["games"][-1]
    return 1 - (last if last is not None else int(series["starts"][-1]))


def pending(series: Series, cards: Mapping[str, CardDef]) -> list[Decision]:
    """The break's open decisions; ``cards`` (the deal's catalog) names the cards."""
    n = len(series["games"]) + 1
    if series["stage"] == "side":
        return [_side_decision(series, p, n, cards) for p in (0, 1) if not series["done"][p]]
    if series["stage"] == "start":
        p = chooser(series)
        lost = "You lost" if series["games"][-1] is not None else "You did not start"
        return [Decision(f"start{n}", p, PICK, f"{lost} game {n - 1}: who starts game {n}?",
                         (Option("me", "I start"), Option("them", "My opponent starts")),
                         default=("me",))]
    return []


def _side_decision(series: Series, p: int, n: int, cards: Mapping[str, CardDef]) -> Decision:
    deck = series["decks"][p]
    did = f"side{n}.{p}.{series['moves'][p]}"
    out = series["out"][p]
    if out is not None:
        opts = [Option(f"in:{c}", cards[c].name, "side deck") for c in _ins(deck, out, cards)]
        return Decision(did, p, PICK, f"Bring in which side-deck card for {cards[out].name}?",
                        (*opts, Option(BACK, "Back")), default=(BACK,), window=f"side{n}")
    counts = Counter(deck["main"])
    label = "Keep my deck" if series["swaps"][p] == 0 else "Done"
    opts = [Option(f"out:{c}", f"{cards[c].name} ({counts[c]} in deck)", "deck")
            for c in counts if _ins(deck, c, cards)]
    return Decision(did, p, PICK, f"Game {n} is next: pick a deck card to swap with your "
                    "side deck, or keep your deck as it is.",
                    (Option(KEEP, label), *opts), default=(KEEP,), window=f"side{n}")


def answer(state: State, player: int, action: Action) -> tuple[State, int | None, list[Event]]:
    """Apply a between-games answer; returns the state, the next game's starter once chosen
    (the caller deals it), and the events."""
    series = deepcopy(state.series)
    assert series is not None
    s = state.clone()
    s.step += 1
    ev: list[Event] = []
    starter = None
    if series["stage"] == "start":
        starter = player if action.choice == ("me",) else 1 - player
    else:
        _sideboard(series, player, action.choice[0], ev, catalog(state))
    s.series = series
    return s, starter, ev


def _sideboard(series: Series, p: int, key: str, ev: list[Event],
               cards: Mapping[str, CardDef]) -> None:
    """Apply a break answer; ``play`` has checked it is one of the swaps offered."""
    deck = series["decks"][p]
    series["moves"][p] += 1
    if key == KEEP:
        series["done"][p] = True
        ev.append(Event("ready", words.READY, {"player": p, "n": len(series["games"]) + 1}))
        if all(series["done"]):
            series["stage"] = "start"
    elif key == BACK:
        series["out"][p] = None
    elif key.startswith("out:"):
        series["out"][p] = key[4:]
    else:
        out, into = series["out"][p], key.removeprefix("in:")
        deck["main"], deck["side"] = _swapped(deck, out, into)
        series["out"][p] = None
        series["swaps"][p] += 1
        ev.append(Event("swap", words.SWAP,
                        {"player": p, "out": Said(cards[out].name), "into": Said(cards[into].name)},
                        audience=(p,)))


# ----- checks --------------------------------------------------------------------------
def invariants(s: State) -> None:
    series = s.series
    assert series is not None
    assert len(series["games"]) <= MAX_GAMES, "more than five games"
    assert max(score(series)) <= WINS, "a match went on after two wins"
    for p in (0, 1):
        deck = series["decks"][p]
        if series["stage"] == "play":
            mine = sorted(s.kinds[u] for u, o in enumerate(s.owner)
                          if o == p and u not in s.zones[p]["leader"])
            assert mine == deck["main"], "the game is not played with the sideboarded deck"
        # only a deck with a side deck can change (test decks and codes without one are
        # not held to the construction rules)
        if deck["side"]:
            assert not deck_problems(deck["leader"], deck["main"], catalog(s), deck["side"]), \
                "sideboarding made a deck illegal"


def hide(series: Series, viewer: int | None) -> Series:
    """The series with the other players' deck and side deck changed (for the leak check)."""
    out = deepcopy(series)
    for p in (0, 1):
        deck = out["decks"][p]
        # leave the card being swapped out in place, so the state stays consistent
        ins = [c for c in deck["side"] if c != series["out"][p]]
        outs = [c for c in deck["main"] if c != series["out"][p] and c not in ins]
        if p != viewer and ins and outs:
            deck["main"], deck["side"] = _swapped(deck, outs[0], ins[0])
    return out
