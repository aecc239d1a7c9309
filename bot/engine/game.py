"""The game protocol every rules module implements (DESIGN §2), and the checked step."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NoReturn, TypeVar

from bot.engine.decks import DeckBook
from bot.engine.errors import BadScenario, IllegalAction, MatchOver, NotYourDecision, StaleDecision
from bot.engine.help import Topic
from bot.engine.options import OptionSpec
from bot.engine.rng import Rng
from bot.engine.said import Said, said
from bot.engine.text import Say, fit
from bot.engine.types import JSON, ORDER, Action, Decision, Event, Result, Turn

if TYPE_CHECKING:
    from bot.engine.lesson import Lesson

S = TypeVar("S")
V = TypeVar("V")


class Game(ABC, Generic[S, V]):
    """A game's rules as pure functions of plain-data state, seen through views of type ``V``.

    ``apply`` never mutates its input. ``view(state, None)`` is the public view. Hidden
    information is absent from a view, not merely flagged. ``to_json`` keeps the generator's
    position under the top-level key ``"rng"``: undo by consent reads it to tell whether a
    random draw happened since a move.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    ai_levels: ClassVar[tuple[str, ...]] = ("random", "normal", "strong")
    """``strong`` is ``bot.engine.search`` over ``redeal_hidden``; ``ai_choose`` serves the rest."""
    endings: ClassVar[Mapping[str, Said]] = {}
    """The game's own ``Result.reason`` codes in player words ("won on Influence")."""
    schema_version: ClassVar[int] = 1
    rules_version: ClassVar[str] = "1"
    max_steps: ClassVar[int] = 10_000
    """An upper bound on decisions in one game; the playout checker enforces it."""
    kinds: ClassVar[tuple[str, ...]] = ()
    """Every kind of decision the game asks (``kind`` names one); its lesson introduces each."""

    @abstractmethod
    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> S:
        """A new game; ``options`` were already checked by ``parse_options(self.options)``."""

    @abstractmethod
    def pending(self, state: S) -> list[Decision]: ...

    @abstractmethod
    def apply(self, state: S, player: int, action: Action) -> tuple[S, list[Event]]: ...

    @abstractmethod
    def view(self, state: S, viewer: int | None) -> V: ...

    @abstractmethod
    def result(self, state: S) -> Result | None: ...

    @abstractmethod
    def to_json(self, state: S) -> JSON: ...

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> S: ...

    @abstractmethod
    def ai_choose(self, level: str, view: V, decision: Decision, rng: Rng) -> Action:
        """An AI's answer to ``decision`` from the seat's ``view`` only."""

    def decks(self) -> DeckBook | None:
        """How each seat chooses its own deck before the start; None: the game deals from
        one set of cards for everyone."""
        return None

    def kind(self, decision_id: str) -> str:
        """The kind of decision ``decision_id`` is (one of ``kinds``)."""
        return decision_id

    def lesson(self) -> Lesson | None:
        """The game's first match that teaches (``/learn``); None: the game has none."""
        return None

    def turn(self, state: S) -> Turn | None:
        """Whose turn it is, publicly; None for a game without turns (each move its own)."""
        return None

    def scenario(self, players: int, options: Mapping[str, Any], seed: int,
                 setup: Mapping[str, Any]) -> S:
        """A state with hands, decks and board fixed by ``setup`` (documented per game)."""
        raise BadScenario(f"{self.title} does not support scenario set-up yet.")

    # Hooks used by the random-playout checker; games override what applies to them.
    def invariants(self, state: S) -> None:
        """Raise AssertionError when a game-specific invariant (card conservation…) breaks."""

    def redeal_hidden(self, state: S, viewer: int | None, rng: Rng) -> S | None:
        """A state differing from ``state`` only in what ``viewer`` cannot see, or None."""
        return None

    # Hooks of the strong AI's search (``bot.engine.search``); the defaults suit any game.
    def playout_estimate(self, start: S, state: S, seat: int) -> float | None:
        """Where a search's playout from ``start`` may stop short of the end: ``seat``'s
        expected reward at ``state`` on ``placing_reward``'s scale (a chance of first
        place), or None to play on. A game whose turns settle most of what a choice changes
        stops after a few and scores the standing, many times cheaper than playing to the
        end. Default: every playout runs to the end."""
        return None

    def search_candidates(self, view: V, decision: Decision, rng: Rng
                          ) -> list[tuple[str, ...]] | None:
        """Answers worth weighing besides the normal AI's, for a decision too large to
        enumerate (several cards of many) or whose answers are partly alike (two unknown
        cards to flip); None: every single pick, or random ones for larger picks."""
        return None

    def search_world(self, state: S, seat: int, rng: Rng) -> S | None:
        """A world for ``seat``'s search: ``redeal_hidden``, which a game may narrow by what
        its seat can infer from how the others played (an opponent's face-down play is
        one their AI would make). None: no hidden cards."""
        return self.redeal_hidden(state, seat, rng)

    def lay_out(self, decision_id: str, choice: tuple[str, ...], rng: Rng) -> tuple[str, ...]:
        """The order a live match lays ``choice`` in: as picked (the default). Cards laid
        face down in places everyone sees would, in the order picked (hand order, by card),
        tell which card lies where: a game lays such an answer in an order drawn from
        ``rng``, which nobody at the table can predict, that depends only on which keys were
        chosen (``Rng.deal``), so the same keys always lie the same way."""
        return choice

    def describe(self, view: V, names: Sequence[str], *, full: bool = False,
                 say: Say = str) -> str:
        """``view`` as text a person reads like the game, players called by ``names``, in
        the language of ``say`` (``Language.say``; ``str`` reads English).

        The short form fits an image's alt text (``ALT_TEXT_MAX``); ``full`` is for the
        terminal. Games override this with their ``text.py``; the fallback names the table.
        """
        table = (said("{game}: {players}.", game=self.title, players=tuple(names)) if names
                 else said("{game}: no players.", game=self.title))
        return fit([say(table)])

    def topics(self) -> Mapping[str, Topic[V]]:
        """The game's rules help by topic (its ``help.py``), ``overview`` first."""
        return {}


STALE = said("That prompt is out of date; nothing was changed.")
"""The answer to a press on a decision that is no longer open."""


def check_action(decision: Decision, action: Action) -> None:
    """Structural checks shared by every game: known keys, counts, no repeats, full orders."""
    choice = action.choice
    if len(choice) == 1 and decision.kind != ORDER:
        # One key (most answers): the same checks without building a set of the options.
        key = choice[0]
        for option in decision.options:
            if option.key == key:
                break
        else:
            raise IllegalAction(said("`{key}` is not one of the choices offered.", key=key))
        if decision.min <= 1 <= decision.max:
            return
        _count_error(decision)
    keys = {o.key for o in decision.options}
    for key in choice:
        if key not in keys:
            raise IllegalAction(said("`{key}` is not one of the choices offered.", key=key))
    if len(set(choice)) != len(choice):
        raise IllegalAction(said("The same choice was picked twice."))
    if decision.kind == ORDER:
        if len(choice) != len(keys):
            raise IllegalAction(said("Put every item in order."))
        return
    if not decision.min <= len(choice) <= decision.max:
        _count_error(decision)


def _count_error(decision: Decision) -> NoReturn:
    if decision.min == decision.max:
        raise IllegalAction(said("Choose exactly {n}.", n=decision.min))
    raise IllegalAction(said("Choose between {least} and {most}.", least=decision.min,
                             most=decision.max))


def find_decision(game: Game[S, Any], state: S, player: int, decision_id: str) -> Decision:
    """The open decision ``decision_id`` for ``player``, or the typed error explaining why not."""
    if game.result(state) is not None:
        raise MatchOver(said("This match is over."))
    others = None
    for decision in game.pending(state):
        if decision.id == decision_id:
            if decision.player == player:
                return decision
            others = decision
    if others is not None:
        raise NotYourDecision(said("That choice belongs to another player."))
    raise StaleDecision(STALE)


def play(game: Game[S, Any], state: S, player: int, action: Action) -> tuple[S, list[Event]]:
    """Apply ``action`` after the checks every game shares; the only way moves are made."""
    return play_decision(game, state, find_decision(game, state, player, action.decision),
                         action)


def play_decision(game: Game[S, Any], state: S, decision: Decision, action: Action
                  ) -> tuple[S, list[Event]]:
    """``play`` for a caller that already holds the open decision ``action`` answers (one of
    ``game.pending(state)`` of a state without a result, as the AI loop does): the same
    checks on the answer, without looking the decision up again."""
    if action.decision != decision.id:
        raise StaleDecision(STALE)
    check_action(decision, action)
    return game.apply(state, decision.player, action)


def open_decisions(game: Game[S, Any], state: S, player: int) -> list[Decision]:
    return [d for d in game.pending(state) if d.player == player]
