"""Message components as the fake sees them: parsing for tests, validation like Discord's.

Discord rejects malformed payloads with ``400 {"code": 50035, "message": "Invalid Form Body"}``;
the fake does the same for the limits a card-game bot is most likely to trip over (too many rows,
more than 25 select options, over-long labels/custom ids, duplicate custom ids, empty messages).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]

# Component types (discord.enums.ComponentType)
ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
USER_SELECT = 5
ROLE_SELECT = 6
MENTIONABLE_SELECT = 7
CHANNEL_SELECT = 8
SECTION = 9
TEXT_DISPLAY = 10
THUMBNAIL = 11
MEDIA_GALLERY = 12
FILE = 13
SEPARATOR = 14
CONTAINER = 17
LABEL = 18
SELECT_TYPES = frozenset(
    {STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT}
)
LINK_STYLE = 5
PREMIUM_STYLE = 6

FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_COMPONENTS_V2 = 1 << 15

MENTION_RE = re.compile(r"<@!?(\d+)>")


@dataclass(frozen=True)
class Button:
    custom_id: str | None
    label: str | None
    style: int
    disabled: bool
    url: str | None
    emoji: str | None
    id: int | None


@dataclass(frozen=True)
class SelectOption:
    label: str
    value: str
    description: str | None
    default: bool


@dataclass(frozen=True)
class Select:
    custom_id: str
    type: int
    options: tuple[SelectOption, ...]
    placeholder: str | None
    min_values: int
    max_values: int
    disabled: bool
    id: int | None

    @property
    def values(self) -> list[str]:
        return [o.value for o in self.options]

    @property
    def labels(self) -> list[str]:
        return [o.label for o in self.options]


@dataclass(frozen=True)
class TextInput:
    custom_id: str
    label: str | None
    style: int
    required: bool
    value: str | None
    min_length: int | None
    max_length: int | None
    id: int | None


def walk(components: Sequence[Mapping[str, Any]] | None) -> Iterator[Mapping[str, Any]]:
    """Every component, depth first, through rows, containers, sections and labels."""
    for component in components or ():
        yield component
        yield from walk(component.get("components"))
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, Mapping):
                yield from walk([child])


def _emoji_text(emoji: Any) -> str | None:
    if not isinstance(emoji, Mapping):
        return None
    name = emoji.get("name")
    return str(name) if name is not None else None


def parse_button(c: Mapping[str, Any]) -> Button:
    return Button(
        custom_id=c.get("custom_id"),
        label=c.get("label"),
        style=int(c.get("style", 1)),
        disabled=bool(c.get("disabled", False)),
        url=c.get("url"),
        emoji=_emoji_text(c.get("emoji")),
        id=c.get("id"),
    )


def parse_select(c: Mapping[str, Any]) -> Select:
    options = tuple(
        SelectOption(
            label=str(o.get("label", "")),
            value=str(o.get("value", "")),
            description=o.get("description"),
            default=bool(o.get("default", False)),
        )
        for o in c.get("options", []) or []
    )
    return Select(
        custom_id=str(c.get("custom_id", "")),
        type=int(c["type"]),
        options=options,
        placeholder=c.get("placeholder"),
        min_values=int(c.get("min_values", 1)),
        max_values=int(c.get("max_values", 1)),
        disabled=bool(c.get("disabled", False)),
        id=c.get("id"),
    )


def buttons(components: Sequence[Mapping[str, Any]] | None) -> list[Button]:
    return [parse_button(c) for c in walk(components) if c.get("type") == BUTTON]


def selects(components: Sequence[Mapping[str, Any]] | None) -> list[Select]:
    return [parse_select(c) for c in walk(components) if c.get("type") in SELECT_TYPES]


def text_inputs(components: Sequence[Mapping[str, Any]] | None) -> list[TextInput]:
    """Text inputs of a modal; a ``Label`` wrapper (type 18) lends its label to its input."""
    found: list[TextInput] = []

    def add(c: Mapping[str, Any], label: str | None) -> None:
        found.append(
            TextInput(
                custom_id=str(c.get("custom_id", "")),
                label=c.get("label", label),
                style=int(c.get("style", 1)),
                required=bool(c.get("required", True)),
                value=c.get("value"),
                min_length=c.get("min_length"),
                max_length=c.get("max_length"),
                id=c.get("id"),
            )
        )

    for c in walk(components):
        if c.get("type") == LABEL:
            inner = c.get("component") or {}
            if inner.get("type") == TEXT_INPUT:
                add(inner, c.get("label"))
        elif c.get("type") == TEXT_INPUT and not any(
            t.custom_id == c.get("custom_id") for t in found
        ):
            add(c, None)
    return found


def text_displays(components: Sequence[Mapping[str, Any]] | None) -> list[str]:
    return [str(c.get("content", "")) for c in walk(components) if c.get("type") == TEXT_DISPLAY]


def mentioned_ids(text: str) -> list[int]:
    seen: list[int] = []
    for match in MENTION_RE.finditer(text):
        uid = int(match.group(1))
        if uid not in seen:
            seen.append(uid)
    return seen


# --------------------------------------------------------------------------- validation


class Problems:
    """Collects form errors as ``path: message`` strings."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self.errors: dict[str, JSON] = {}

    def add(self, path: str, message: str) -> None:
        self.items.append(f"{path}: {message}" if path else message)
        entry = self.errors.setdefault(path or "_", {"_errors": []})
        entry["_errors"].append({"code": "INVALID", "message": message})

    def __bool__(self) -> bool:
        return bool(self.items)


def _check_len(problems: Problems, path: str, value: Any, maximum: int, minimum: int = 0) -> None:
    if value is None:
        return
    if not isinstance(value, str):
        problems.add(path, f"must be a string, got {type(value).__name__}")
        return
    if len(value) > maximum:
        problems.add(path, f"must be {maximum} or fewer in length (got {len(value)})")
    if len(value) < minimum:
        problems.add(path, f"must be {minimum} or more in length")


def _validate_button(problems: Problems, path: str, c: Mapping[str, Any]) -> None:
    style = c.get("style")
    if style not in (1, 2, 3, 4, 5, 6):
        problems.add(path + ".style", f"invalid button style {style!r}")
    _check_len(problems, path + ".label", c.get("label"), 80)
    if style == LINK_STYLE:
        if not c.get("url"):
            problems.add(path + ".url", "link buttons need a url")
        if c.get("custom_id"):
            problems.add(path + ".custom_id", "link buttons cannot have a custom_id")
    elif style != PREMIUM_STYLE:
        if not c.get("custom_id"):
            problems.add(path + ".custom_id", "this field is required")
        _check_len(problems, path + ".custom_id", c.get("custom_id"), 100, 1)


def _validate_select(problems: Problems, path: str, c: Mapping[str, Any]) -> None:
    _check_len(problems, path + ".custom_id", c.get("custom_id"), 100, 1)
    _check_len(problems, path + ".placeholder", c.get("placeholder"), 150)
    min_values = int(c.get("min_values", 1))
    max_values = int(c.get("max_values", 1))
    if not 0 <= min_values <= 25:
        problems.add(path + ".min_values", "must be between 0 and 25")
    if not 1 <= max_values <= 25:
        problems.add(path + ".max_values", "must be between 1 and 25")
    if min_values > max_values:
        problems.add(path + ".min_values", "must be less than or equal to max_values")
    if c.get("type") == STRING_SELECT:
        options = c.get("options") or []
        if not 1 <= len(options) <= 25:
            problems.add(
                path + ".options", f"must have between 1 and 25 options (got {len(options)})"
            )
        if max_values > len(options):
            problems.add(
                path + ".max_values", "must be less than or equal to the number of options"
            )
        seen: set[str] = set()
        for j, o in enumerate(options):
            opath = f"{path}.options[{j}]"
            _check_len(problems, opath + ".label", o.get("label"), 100, 1)
            _check_len(problems, opath + ".value", o.get("value"), 100, 1)
            _check_len(problems, opath + ".description", o.get("description"), 100)
            value = str(o.get("value"))
            if value in seen:
                problems.add(opath + ".value", f"duplicate option value {value!r}")
            seen.add(value)


def validate_components(
    problems: Problems, components: Sequence[Mapping[str, Any]] | None, *, v2: bool
) -> None:
    components = list(components or [])
    if not v2:
        if len(components) > 5:
            problems.add("components", f"must be 5 or fewer in length (got {len(components)})")
        for i, row in enumerate(components):
            path = f"components[{i}]"
            if row.get("type") != ACTION_ROW:
                problems.add(path + ".type", "top-level components need the IS_COMPONENTS_V2 flag")
                continue
            children = row.get("components") or []
            kinds = {child.get("type") for child in children}
            if not children:
                problems.add(path + ".components", "an action row cannot be empty")
            elif kinds & SELECT_TYPES and len(children) != 1:
                problems.add(path + ".components", "a select must be alone in its action row")
            elif len(children) > 5:
                problems.add(
                    path + ".components", f"must be 5 or fewer in length (got {len(children)})"
                )
    elif sum(1 for _ in walk(components)) > 40:
        problems.add("components", "a message may hold at most 40 components")

    custom_ids: set[str] = set()
    for index, c in enumerate(walk(components)):
        path = f"components<{index}>"
        kind = c.get("type")
        if kind == BUTTON:
            _validate_button(problems, path, c)
        elif kind in SELECT_TYPES:
            _validate_select(problems, path, c)
        elif kind == TEXT_DISPLAY:
            _check_len(problems, path + ".content", c.get("content"), 4000)
        custom_id = c.get("custom_id")
        if custom_id is not None:
            if custom_id in custom_ids:
                problems.add(path + ".custom_id", f"duplicate custom_id {custom_id!r}")
            custom_ids.add(custom_id)


def validate_embeds(problems: Problems, embeds: Sequence[Mapping[str, Any]] | None) -> None:
    embeds = list(embeds or [])
    if len(embeds) > 10:
        problems.add("embeds", "must be 10 or fewer in length")
    total = 0
    for i, embed in enumerate(embeds):
        path = f"embeds[{i}]"
        _check_len(problems, path + ".title", embed.get("title"), 256)
        _check_len(problems, path + ".description", embed.get("description"), 4096)
        fields = embed.get("fields") or []
        if len(fields) > 25:
            problems.add(path + ".fields", "must be 25 or fewer in length")
        for j, f in enumerate(fields):
            _check_len(problems, f"{path}.fields[{j}].name", f.get("name"), 256, 1)
            _check_len(problems, f"{path}.fields[{j}].value", f.get("value"), 1024, 1)
        footer = embed.get("footer") or {}
        _check_len(problems, path + ".footer.text", footer.get("text"), 2048)
        total += sum(
            len(str(x or ""))
            for x in (embed.get("title"), embed.get("description"), footer.get("text"))
        )
        total += sum(len(str(f.get("name", ""))) + len(str(f.get("value", ""))) for f in fields)
    if total > 6000:
        problems.add("embeds", "embeds may hold at most 6000 characters in total")


def validate_message(payload: Mapping[str, Any], *, n_files: int, creating: bool) -> Problems:
    """Check a message create/edit payload the way Discord does (a useful subset)."""
    problems = Problems()
    flags = int(payload.get("flags") or 0)
    v2 = bool(flags & FLAG_COMPONENTS_V2)
    content = payload.get("content")
    _check_len(problems, "content", content, 2000)
    if v2 and content:
        problems.add("content", "cannot be used with the IS_COMPONENTS_V2 flag")
    if v2 and payload.get("embeds"):
        problems.add("embeds", "cannot be used with the IS_COMPONENTS_V2 flag")
    validate_embeds(problems, payload.get("embeds"))
    validate_components(problems, payload.get("components"), v2=v2)
    attachments = payload.get("attachments")
    if n_files > 10 or (attachments is not None and len(attachments) > 10):
        problems.add("attachments", "must be 10 or fewer in length")
    if creating:
        has_body = any(
            payload.get(key) for key in ("content", "embeds", "components", "sticker_ids", "poll")
        )
        if not has_body and n_files == 0 and not attachments:
            problems.add("", "Cannot send an empty message")
    return problems


def validate_modal(data: Mapping[str, Any]) -> Problems:
    problems = Problems()
    _check_len(problems, "data.title", data.get("title"), 45, 1)
    _check_len(problems, "data.custom_id", data.get("custom_id"), 100, 1)
    components = data.get("components") or []
    if not 1 <= len(components) <= 5:
        problems.add(
            "data.components", f"must have between 1 and 5 components (got {len(components)})"
        )
    for c in walk(components):
        if c.get("type") == TEXT_INPUT:
            _check_len(problems, "data.components.custom_id", c.get("custom_id"), 100, 1)
            _check_len(problems, "data.components.label", c.get("label"), 45)
            _check_len(problems, "data.components.value", c.get("value"), 4000)
        if c.get("type") == LABEL:
            _check_len(problems, "data.components.label", c.get("label"), 45, 1)
    return problems


def validate_choices(data: Mapping[str, Any]) -> Problems:
    problems = Problems()
    choices = data.get("choices") or []
    if len(choices) > 25:
        problems.add("data.choices", f"must be 25 or fewer in length (got {len(choices)})")
    for i, choice in enumerate(choices):
        _check_len(problems, f"data.choices[{i}].name", choice.get("name"), 100, 1)
        value = choice.get("value")
        if isinstance(value, str):
            _check_len(problems, f"data.choices[{i}].value", value, 100)
    return problems
