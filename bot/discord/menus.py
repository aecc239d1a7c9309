"""Turn any engine ``Decision`` into a plan of buttons and selects (pure: no Discord calls).

The engine's "Player N" becomes each seat's name: as literal text in the prompt (a message's
markdown), as it is in labels and placeholders (which Discord shows as plain text). The plan
obeys Discord's limits (5 rows, 5 buttons a row, 25 select options, 80-character
labels) so that the cog only translates it into ``discord.ui`` items. Its own words (Confirm,
Back, Keep my hand …) are in the reader's ``Language``. Hand cards are numbered
as on the hand image, and only a choice that gives up cards asks for a confirmation first: a
mulligan (``KEEP``) keeps the whole hand in one press and confirms throwing cards back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from bot.discord import customid as cid
from bot.discord.usertext import literals
from bot.engine import KEEP, ORDER, Decision, Option
from bot.engine import said as speech
from bot.engine.names import with_names
from bot.engine.said import named
from bot.words import Language

KEEP_ALL, KEEP_NONE = speech.said("Keep my hand"), speech.said("Keep none")
LABEL_MAX = 80
BUTTONS_MAX = 5
ROWS_MAX = 5
SELECT_MAX = 25


@dataclass(frozen=True, slots=True)
class Button:
    custom_id: str
    label: str
    style: str = "secondary"  # primary, secondary, success, danger
    disabled: bool = False


@dataclass(frozen=True, slots=True)
class SelectOption:
    label: str
    value: str


@dataclass(frozen=True, slots=True)
class Select:
    custom_id: str
    placeholder: str
    options: tuple[SelectOption, ...]
    min: int
    max: int


@dataclass(frozen=True, slots=True)
class Menu:
    prompt: str
    """Message text: the names in it are literal (``bot.discord.usertext.said``)."""
    rows: tuple[tuple[Button, ...] | Select, ...] = field(default_factory=tuple)


def _short(text: str, limit: int = LABEL_MAX) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def labels(decision: Decision, names: Sequence[str] = (),
           lang: Language | None = None) -> list[str]:
    """Option labels for buttons and selects, named by ``names`` (cleaned names), in
    ``lang`` where the game says them as sentences (None: the game's English labels)."""
    return [_short(label) for label in _numbered(decision, names, lang)]


def texts(decision: Decision, names: Sequence[str], lang: Language) -> list[str]:
    """Option labels as message text in ``lang``: whole, numbered as on the hand image,
    ``names`` (cleaned) as literal text."""
    return _numbered(decision, literals(names), lang)


def _said(decision: Decision, names: Sequence[str], indexes: Sequence[int],
          lang: Language) -> str:
    """The options at ``indexes`` as message text."""
    whole = texts(decision, names, lang)
    return ", ".join(whole[i] for i in indexes)


def asked(decision: Decision, names: Sequence[str], lang: Language) -> str:
    """What ``decision`` asks, in ``lang`` where the game says it as a sentence, seats called
    by ``names`` as given (literal ones for message text)."""
    if decision.asked is not None:
        return lang.say(named(decision.asked, names))
    return with_names(decision.prompt, names)


def _numbered(decision: Decision, names: Sequence[str],
              lang: Language | None = None) -> list[str]:
    """Option labels with hand cards numbered like the hand image (1, 2, …) and "Player N"
    replaced by ``names``."""
    out, n = [], 0
    for opt in decision.options:
        label = (lang.say(named(opt.said, names)) if lang is not None and opt.said is not None
                 else with_names(opt.label, names))
        if opt.group == "hand":
            n += 1
            label = f"{n}. {label}"
        out.append(label)
    return out


def costs_cards(decision: Decision, chosen: list[Option]) -> bool:
    """A mis-click here would give up cards: for a ``KEEP`` decision, any card left out;
    otherwise hand cards chosen, or several things at once, unless the game says the cards
    come back (``Decision.spends``). Choosing nothing spends nothing."""
    if decision.kind == KEEP:
        return len(chosen) < len(decision.options)
    return (bool(chosen) and decision.spends
            and (decision.max > 1 or any(o.group == "hand" for o in chosen)))


def plan(match_id: int, decision: Decision, lang: Language, people: Sequence[str] = (),
         order: tuple[int, ...] = ()) -> Menu:
    """The components that let a player answer ``decision``, in ``lang``; ``people``: each
    seat's cleaned name."""
    names = labels(decision, people, lang)
    if decision.kind == ORDER:
        return _plan_order(match_id, decision, lang, people, names, order)
    rows: list[tuple[Button, ...] | Select] = []
    if decision.kind == KEEP:
        everything = tuple(range(len(decision.options)))
        rows.append((Button(cid.CustomId(match_id, decision.id, cid.CONFIRM, everything)
                            .encode(), lang.say(KEEP_ALL), "success"),))
    single = decision.min <= 1 and decision.max == 1
    if single and len(decision.options) <= BUTTONS_MAX * 4:
        buttons = [
            Button(cid.CustomId(match_id, decision.id, cid.PICK, (i,)).encode(), name,
                   "primary" if decision.options[i].group == "hand" else "secondary")
            for i, name in enumerate(names)
        ]
        rows.extend(tuple(buttons[i:i + BUTTONS_MAX]) for i in range(0, len(buttons),
                                                                    BUTTONS_MAX))
    else:
        for start in range(0, len(decision.options), SELECT_MAX):
            chunk = list(enumerate(names))[start:start + SELECT_MAX]
            rows.append(Select(
                cid.CustomId(match_id, decision.id, cid.SELECT, (start,)).encode(),
                _short(asked(decision, people, lang), 150),
                tuple(SelectOption(name, str(i)) for i, name in chunk),
                min=max(1, decision.min) if len(decision.options) <= SELECT_MAX else 1,
                max=min(decision.max, len(chunk)),
            ))
    if decision.min == 0:
        rows.append((Button(cid.CustomId(match_id, decision.id, cid.SKIP).encode(),
                            lang.say(KEEP_NONE if decision.kind == KEEP
                                     else speech.said("Choose nothing")),
                            "secondary"),))
    return Menu(asked(decision, literals(people), lang), tuple(rows[:ROWS_MAX]))


def _plan_order(match_id: int, decision: Decision, lang: Language, people: Sequence[str],
                names: list[str], order: tuple[int, ...]) -> Menu:
    """Orderings are built one click at a time; the partial order rides in the custom id."""
    remaining = [i for i in range(len(decision.options)) if i not in order]
    done = _said(decision, people, order, lang)
    prompt = asked(decision, literals(people), lang) + (
        "\n" + lang.say(speech.said("So far: {cards}", cards=done)) if done else "")
    buttons = [
        Button(cid.CustomId(match_id, decision.id, cid.ORDER, (*order, i)).encode(),
               names[i], "primary")
        for i in remaining
    ]
    rows = tuple(tuple(buttons[i:i + BUTTONS_MAX]) for i in range(0, len(buttons), BUTTONS_MAX))
    return Menu(prompt, rows[:ROWS_MAX])


def plan_confirm(match_id: int, decision: Decision, indexes: tuple[int, ...], lang: Language,
                 people: Sequence[str] = ()) -> Menu:
    """Ask once more before spending cards, in ``lang``: Confirm carries the exact choice in
    its id, Back shows the choices again."""
    chosen = _said(decision, people, indexes, lang)
    if decision.kind == KEEP:
        what = (speech.said("You keep: {cards}; the other cards go back. Confirm?",
                            cards=chosen) if chosen
                else speech.said("You keep none of these cards: they all go back. Confirm?"))
    else:
        what = (speech.said("You chose: {choice}. Confirm?", choice=chosen) if chosen
                else speech.said("You chose nothing. Confirm?"))
    return Menu(
        f"{asked(decision, literals(people), lang)}\n{lang.say(what)}",
        ((Button(cid.CustomId(match_id, decision.id, cid.CONFIRM, indexes).encode(),
                 lang.say(speech.said("Confirm")), "success"),
          Button(cid.CustomId(match_id, decision.id, cid.BACK).encode(),
                 lang.say(speech.said("Back")))),),
    )


def with_hint(menu: Menu, match_id: int, decision_id: str, label: str) -> Menu:
    """``menu`` with a Hint button (``bot.match.hints``): on a row of its own while there
    is room, else beside the last row's buttons, else (five full rows) none."""
    button = Button(cid.CustomId(match_id, decision_id, cid.HINT).encode(), label)
    if len(menu.rows) < ROWS_MAX:
        return replace(menu, rows=(*menu.rows, (button,)))
    last = menu.rows[-1]
    if isinstance(last, tuple) and len(last) < BUTTONS_MAX:
        return replace(menu, rows=(*menu.rows[:-1], (*last, button)))
    return menu


def choice_keys(decision: Decision, indexes: tuple[int, ...]) -> tuple[str, ...]:
    """Option keys for the encoded indexes; an index out of range means a forged id."""
    if any(i < 0 or i >= len(decision.options) for i in indexes):
        raise cid.BadCustomId("choice out of range")
    return tuple(decision.options[i].key for i in indexes)
