"""The untranslated-string detector (issue 36): every string the bot made Discord show, read
back from the fake, and the words in it that did not come through the catalogues.

Under the pseudo-locale (``bot.words.pseudo``) every letter a catalogue gives is accented, so
a plain Latin letter left in what reaches Discord came from somewhere else: a name, a number,
a mention, a ``/command``, inline code, a link — or a string still written in English in the
code. ``findings`` takes out what may stay (names given by the test, Discord markup) and
reports the rest with where it was shown: message content and every earlier version of it,
embeds, component labels, select placeholders and options, Components-v2 text, alt texts,
thread names, modals, autocomplete choices; ``command_findings`` checks the synced slash
commands (every string a catalogue message, localized for each translated language).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.words.catalogues import COMMAND_CHOICE, COMMAND_NAME, read_catalogue
from bot.words.locales import DISCORD, TRANSLATED
from tests.fakediscord import FakeDiscord, FakeMessage
from tests.fakediscord.state import MessageVersion

KEEP = re.compile(
    r"<[^<>\s]+>"                  # mentions, channels, timestamps, custom emoji
    r"|`[^`]*`"                    # inline code
    r"|https?://\S+"               # links
    r"|(?<![\w/])/[a-z][\w-]*"     # slash commands
    r"|:[a-z_]+:"                  # emoji shortcodes
    r"|\b[A-Z][1-9]\b"             # a grid square's code (Zura's A1…B4, drawn so in every language)
    r"|attachment://\S+")          # a picture's own file name
PLAIN = re.compile(r"[A-Za-z][A-Za-z'’-]*")
"""A run of plain Latin letters: the pseudo-locale accents every letter it says."""

SHOWN = ("content", "label", "placeholder", "description", "title", "name", "text", "value")
"""Keys of a payload whose string Discord shows (an option's ``value`` is skipped apart)."""


@dataclass(frozen=True)
class Finding:
    """A line shown on Discord with words that did not come from the catalogues."""

    where: str
    text: str
    words: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.where}: {' '.join(self.words)!r} in {self.text[:160]!r}"

    @property
    def place(self) -> str:
        """Where, without the message id and version: ``DM content``, ``thread alt text``."""
        return re.sub(r" message \d+ v\d+", "", self.where)


def plain_words(text: str, names: Iterable[str] = ()) -> tuple[str, ...]:
    """The words of ``text`` not said through a catalogue under the pseudo-locale: plain Latin
    letters left once ``names`` (longest first) and Discord markup are taken out."""
    rest = KEEP.sub(" ", text)
    for name in sorted(set(names), key=len, reverse=True):
        if name:
            rest = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", rest)
    return tuple(PLAIN.findall(rest))


def shown_strings(payload: Any, where: str) -> Iterator[tuple[str, str]]:
    """Every (where, string) a message or component payload shows a person."""
    if isinstance(payload, Mapping):
        for key, value in payload.items():
            if key == "value" and "label" in payload:  # a select option's value is an id
                continue
            if isinstance(value, str) and key in SHOWN:
                yield f"{where}.{key}", value
            elif isinstance(value, Mapping | list):
                yield from shown_strings(value, f"{where}.{key}")
    elif isinstance(payload, list):
        for i, item in enumerate(payload):
            yield from shown_strings(item, f"{where}[{i}]")


def everything_shown(fake: FakeDiscord) -> Iterator[tuple[str, str]]:
    """(where, string) for all the bot showed: every message version in every channel (DMs and
    ephemerals included), attachments' alt texts, thread names, modals, autocomplete."""
    state = fake.state
    bot = state.bot_user.id
    for message in state.messages.values():
        if message.author_id != bot:
            continue
        channel = state.channels.get(message.channel_id)
        place = ("DM" if channel is not None and channel.is_dm else
                 "thread" if channel is not None and channel.is_thread else "channel")
        if message.ephemeral:
            place += " (ephemeral)"
        versions: list[MessageVersion | FakeMessage] = [*message.history, message]
        for v, version in enumerate(versions):
            at = f"{place} message {message.id} v{v}"
            if version.content:
                yield f"{at} content", version.content
            yield from shown_strings(version.embeds, f"{at} embeds")
            yield from shown_strings(version.components, f"{at} components")
            for attachment in version.attachments:
                if attachment.description:
                    yield f"{at} alt text", attachment.description
    for channel in state.channels.values():
        if channel.is_thread and channel.name and channel.owner_id == bot:
            yield f"thread {channel.id} name", channel.name
    for modal in state.modals:
        yield f"modal {modal.custom_id} title", modal.title
        yield from shown_strings(modal.components, f"modal {modal.custom_id}")
    for record in state.interactions.values():
        for choice in record.choices or ():
            yield f"autocomplete of interaction {record.id}", str(choice.get("name", ""))


def findings(fake: FakeDiscord, names: Iterable[str] = ()) -> list[Finding]:
    """What reached Discord untranslated (under the pseudo-locale), line by line, each
    distinct line once."""
    names = tuple(names)
    out: dict[str, Finding] = {}
    for where, text in everything_shown(fake):
        for line in text.split("\n"):
            words = plain_words(line, names)
            if words and line not in out:
                out[line] = Finding(where, line, words)
    return list(out.values())


def worklist(found: Sequence[Finding]) -> list[tuple[int, str]]:
    """The findings grouped by where they were shown and their first words, most frequent
    first: what to convert next."""
    counts: dict[str, int] = {}
    for f in found:
        key = f"{f.place}: {' '.join(f.words[:4])}"
        counts[key] = counts.get(key, 0) + 1
    return sorted(((n, key) for key, n in counts.items()), reverse=True)


def command_findings(commands: Sequence[Mapping[str, Any]]) -> list[str]:
    """Synced slash-command strings that no catalogue translates, or whose translation did not
    reach Discord as a localization (names in ``command name`` context, choices in
    ``command choice``, descriptions plain)."""
    catalogues = {lang: read_catalogue(lang) for lang in TRANSLATED}
    problems: list[str] = []

    def check(item: Mapping[str, Any], key: str, context: str | None, where: str) -> None:
        text = item.get(key)
        if not text:
            return
        for lang, catalogue in catalogues.items():
            message = catalogue.get(text, context=context)
            translated = message is not None and message.string
            localized = (item.get(f"{key}_localizations") or {}).get(DISCORD[lang])
            if not translated:
                problems.append(f"{where}.{key} {text!r}: no {lang} translation")
            elif message is not None and message.string != text and localized != message.string:
                problems.append(f"{where}.{key} {text!r}: {lang} not synced ({localized!r})")

    def walk(item: Mapping[str, Any], where: str) -> None:
        check(item, "name", COMMAND_NAME, where)
        check(item, "description", None, where)
        for choice in item.get("choices") or ():
            check(choice, "name", COMMAND_CHOICE, f"{where}.choice")
        for option in item.get("options") or ():
            walk(option, f"{where} {option.get('name')}")

    for command in commands:
        walk(command, f"/{command.get('name')}")
    return problems
